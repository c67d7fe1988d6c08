package recorder_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

func newAuction(t *testing.T) (*recorder.Recorder, string) {
	t.Helper()
	r := recorder.New(memstore.New())
	id, err := r.Open(context.Background(), projections.SessionSpec{Game: "auction", Dealer: "S"})
	require.NoError(t, err)
	return r, id
}

// Foster, "Auction Bridge" (seeds 003): Z one spade, A pass, Y one club,
// B no trump, Z two clubs, A two royals, Y pass, B pass, Z three clubs,
// A doubles, Y pass, B two no trumps, and three passes: B declares two no
// trumps, A is dummy, Z leads. Z = South, A = West, Y = North, B = East.
var fosterAuction = strings.Fields("1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P")

func TestFosterBiddingExample(t *testing.T) {
	ctx := context.Background()
	r, id := newAuction(t)
	_, err := r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, id, fosterAuction)
	require.NoError(t, err)
	s, _, err := load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	h := s.Current()
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, 2, h.Contract.Level)
	assert.Equal(t, cards.NoTrump, h.Contract.Strain)
	assert.Equal(t, 0, h.Contract.Doubled, "an overcall cancels the double")
	assert.Equal(t, cards.East, h.Contract.Declarer, "B declares")
	assert.Equal(t, cards.West, h.Dummy, "A is dummy")
	assert.Equal(t, cards.South, h.Turn, "Z leads")
}

func TestFosterAuctionLeftAtThreeClubsDoubled(t *testing.T) {
	ctx := context.Background()
	r, id := newAuction(t)
	_, err := r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, id, append(append([]string{}, fosterAuction[:10]...), "P", "P", "P"))
	require.NoError(t, err)
	s, _, err := load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	h := s.Current()
	require.NotNil(t, h.Contract)
	assert.Equal(t, "3C", cards.NewBid(h.Contract.Level, h.Contract.Strain).String())
	assert.Equal(t, 1, h.Contract.Doubled)
	assert.Equal(t, cards.North, h.Contract.Declarer, "Y named clubs first for his side (Law 46)")
	assert.Equal(t, cards.South, h.Dummy)
	assert.Equal(t, cards.East, h.Turn)
}

func TestIllegalCallsAppendNothing(t *testing.T) {
	ctx := context.Background()
	r, id := newAuction(t)
	_, err := r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	before, _ := r.Store.Session(ctx, id)
	cases := map[string][]string{
		"dealer passes (Law 42)":  {"P"},
		"insufficient (Law 44)":   {"1H", "1C"},
		"double partner (Law 54)": {"1H", "P", "X"},
		"redouble undoubled":      {"1H", "XX"},
		"double twice":            {"1H", "X", "P", "X"},
		"eighth level":            {"8H"},
		"not a call":              {"1Z"},
		"legal then illegal":      {"1H", "2H", "1S"},
	}
	for name, calls := range cases {
		_, err := r.Calls(ctx, id, calls)
		assert.Error(t, err, name)
		after, _ := r.Store.Session(ctx, id)
		assert.Equal(t, before.Version, after.Version, name+": nothing appended")
	}
}

func TestLegalCallsAfterFosterOpening(t *testing.T) {
	ctx := context.Background()
	r, id := newAuction(t)
	_, err := r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, id, []string{"1H"})
	require.NoError(t, err)
	s, _, err := load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	legal := s.Current().LegalCalls(s.Rules)
	var names []string
	for _, c := range legal {
		names = append(names, c.String())
	}
	// After one heart (8): pass, double, and bids worth more than 8, or
	// worth 8 with more tricks (Law 44): 1R (9) and 1NT (10) are the
	// lowest; 2S (4) and 3S (6) are below; 4S (8) ties on value with more
	// tricks and so overcalls.
	assert.Equal(t, []string{"Pass", "X"}, names[:2])
	assert.Contains(t, names, "1R")
	assert.Contains(t, names, "1NT")
	assert.Contains(t, names, "4S")
	assert.NotContains(t, names, "3S")
	assert.NotContains(t, names, "XX")
	assert.NotContains(t, names, "1H")
}
