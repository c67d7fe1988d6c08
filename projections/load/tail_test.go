package load_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
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
		assert.True(t, tail.Partial)
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
