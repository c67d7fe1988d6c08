package load_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
)

// sameCurrentHand checks that the tail fold and the full fold agree on
// everything a recording command looks at.
func sameCurrentHand(t *testing.T, full, tail *projections.Session) {
	t.Helper()
	assert.Equal(t, full.Version, tail.Version)
	assert.Equal(t, full.NextDealer, tail.NextDealer)
	assert.Equal(t, full.Closed, tail.Closed)
	assert.Equal(t, full.Current(), tail.Current())
}

func TestLoadTailAgreesWithTheFullFold(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 6, Seed: 3, ClaimEvery: 2})
	require.NoError(t, err)
	r := recorder.New(st)
	check := func() {
		t.Helper()
		full, _, err := load.Session(ctx, st, res.Session)
		require.NoError(t, err)
		tail, err := load.Tail(ctx, st, res.Session)
		require.NoError(t, err)
		assert.True(t, tail.Partial())
		sameCurrentHand(t, full, tail)
	}
	check()
	// A new hand, part-way through its auction.
	_, err = r.Deal(ctx, res.Session, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, res.Session, []string{"1H", "P"})
	require.NoError(t, err)
	check()
	// Undo back through the calls and the deal, into the previous hand.
	for range 4 {
		_, err = r.Undo(ctx, res.Session)
		require.NoError(t, err)
		check()
	}
	full, _, err := load.Session(ctx, st, res.Session)
	require.NoError(t, err)
	assert.Equal(t, 6, full.Current().Number, "the undone deal is gone; hand 6 is current again")
}

// A board played again at duplicate whist: hoyle now writes the board's
// cards into its later deals, and a log from before, whose later deal of a
// board names no cards, still folds from the latest hand: the tail reads
// back to the board's first deal, whose cards the fold takes.
func TestLoadTailOfABoardPlayedAgain(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	r := recorder.New(st)
	id, err := r.Open(ctx, projections.SessionSpec{Game: "duplicate-whist"})
	require.NoError(t, err)
	seed := uint64(41)
	_, err = r.Deal(ctx, id, projections.DealSpec{Board: 1, Seed: &seed})
	require.NoError(t, err)
	_, err = r.Claim(ctx, id, projections.ClaimSpec{Tricks: 7, By: "NS"})
	require.NoError(t, err)
	_, err = r.Deal(ctx, id, projections.DealSpec{Board: 2, Seed: &seed})
	require.NoError(t, err)
	_, err = r.Claim(ctx, id, projections.ClaimSpec{Tricks: 6, By: "NS"})
	require.NoError(t, err)

	// Board 1 again, given no cards: the deal carries the board's cards.
	envs, err := r.Deal(ctx, id, projections.DealSpec{Board: 1})
	require.NoError(t, err)
	d := envs[len(envs)-1].Data.(*table.Dealt)
	full, _, err := load.Session(ctx, st, id)
	require.NoError(t, err)
	assert.Equal(t, full.Hands[0].Dealt, d.Hands)
	assert.Equal(t, full.Hands[0].TurnUp, d.TurnUp)

	// As an older hoyle recorded it: the deal of board 1 without cards.
	old := memstore.New()
	all, err := load.Events(ctx, st, id)
	require.NoError(t, err)
	var evs []events.Event
	for _, e := range all[:len(all)-1] {
		evs = append(evs, events.Event{ID: e.ID, At: e.At, Data: e.Data})
	}
	bare := *d
	bare.Hands, bare.TurnUp = nil, cards.NoCard
	evs = append(evs, events.Event{ID: events.NewID(), At: all[0].At, Data: &bare})
	_, err = old.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: evs})
	require.NoError(t, err)
	full, _, err = load.Session(ctx, old, id)
	require.NoError(t, err)
	tail, err := load.Tail(ctx, old, id)
	require.NoError(t, err)
	sameCurrentHand(t, full, tail)
	assert.Equal(t, full.Hands[0].Dealt, tail.Current().Dealt)
	_, err = recorder.New(old).Plays(ctx, id, []string{tail.Current().LegalCards(tail.Rules)[0].String()})
	require.NoError(t, err, "recording goes on from the tail")
}
