package drawbridge_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
	"github.com/hoyle/hoyle/projections/rules/drawbridge"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// Two players: the first dealer at South, his adversary on his left; each
// plays his partner's hand from a holder opposite him, where nobody sits.
// "The dealer always deals for himself": they deal in turn.
func TestTwoPlayersDealInTurn(t *testing.T) {
	ctx := context.Background()
	rec := recorder.New(memstore.New())
	id, err := rec.Open(ctx, projections.SessionSpec{Game: drawbridge.ID, PlayerList: []string{"Ann", "Bob"}})
	require.NoError(t, err)
	for range 3 {
		_, err = rec.Deal(ctx, id, projections.DealSpec{})
		require.NoError(t, err)
		_, err = rec.Calls(ctx, id, []string{"H"})
		require.NoError(t, err)
		_, err = rec.Claim(ctx, id, projections.ClaimSpec{Tricks: 7})
		require.NoError(t, err)
	}
	s, _, err := load.Session(ctx, rec.Store, id)
	require.NoError(t, err)
	for n, dealer := range []cards.Seat{cards.South, cards.West, cards.South} {
		h := s.Hands[n]
		assert.Equal(t, dealer, h.Dealer, "hand %d", n+1)
		assert.Equal(t, cards.NoSeat, h.Dummy, "no hand is laid down")
		assert.Equal(t, "Ann", s.PlayerAt(n+1, cards.South))
		assert.Equal(t, "Bob", s.PlayerAt(n+1, cards.West))
		assert.Equal(t, "", s.PlayerAt(n+1, cards.North), "Ann's partner's hand, in her holder")
		assert.Equal(t, "", s.PlayerAt(n+1, cards.East))
	}
	assert.Equal(t, cards.North, s.Hands[1].Tricks[0].Leader, "on Bob's deal Ann leads from her partner's hand")

	_, err = rec.Open(ctx, projections.SessionSpec{Game: drawbridge.ID, PlayerList: []string{"Ann", "Bob", "Cy"}})
	assert.ErrorIs(t, err, game.ErrBadPlayers, "two players")
	_, err = rec.Open(ctx, projections.SessionSpec{Game: drawbridge.ID, PlayerList: []string{"Ann", "Bob"}, Dealer: "N"})
	assert.ErrorIs(t, err, game.ErrBadPlayers, "nobody sits at North to deal")
	bob, err := rec.Open(ctx, projections.SessionSpec{Game: drawbridge.ID, PlayerList: []string{"Ann", "Bob"}, Dealer: "Bob"})
	require.NoError(t, err)
	s, _, err = load.Session(ctx, rec.Store, bob)
	require.NoError(t, err)
	assert.Equal(t, cards.West, s.Opened.Dealer)
}

// Double Dummy Bridge's rules, which Draw Bridge is: no doubling, and the
// declaration passed to the partner's hand made by rule.
func TestNoDoublingAndAForcedMake(t *testing.T) {
	r := drawbridge.New()
	deal := "N:A2.A32.A5432.432 KQJ.KQJ.KQJ.KQJT T98.T98.T98.A987 76543.7654.76.65"
	h := bridgetest.Dealt(t, r, cards.South, deal)
	bridgetest.Refused(t, r, h, "X", r.NoDoubling)
	bridgetest.Calls(t, r, h, "P")
	ill := bridgetest.Refused(t, r, h, "D", r.ForcedMake)
	assert.Contains(t, ill.Error(), "Bridge for Three")
	bridgetest.Calls(t, r, h, "NT")
	require.NotNil(t, h.Contract)
	assert.Equal(t, cards.South, h.Contract.Declarer)
	assert.Equal(t, cards.West, h.Turn)
}

// The cut: the two players cut and the lower deals; nobody cuts for a
// holder.
func TestTheTwoPlayersCut(t *testing.T) {
	r := drawbridge.New()
	dealer, err := r.CutDealer([]game.CutCard{{Seat: cards.South, Card: cards.MustCard("H9")}, {Seat: cards.West, Card: cards.MustCard("SA")}}, nil)
	require.NoError(t, err)
	assert.Equal(t, cards.West, dealer, "the ace is low")
	_, err = r.CutDealer([]game.CutCard{{Seat: cards.South, Card: cards.MustCard("H9")}, {Seat: cards.North, Card: cards.MustCard("SA")}}, nil)
	assert.ErrorIs(t, err, game.ErrIllegal)
	_, err = r.CutDealer([]game.CutCard{{Seat: cards.South, Card: cards.MustCard("H9")}, {Seat: cards.West, Card: cards.MustCard("S9")}}, nil)
	assert.ErrorIs(t, err, game.ErrIllegal, "equal cards cut again")
}

// Random legal hands recorded as a scorer would: the two players deal in
// turn (a void hand dealt again by the same), nobody sits at the holders,
// no hand is laid down, and nothing is ever doubled.
func TestRandomSessionsOfTwo(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s, _, err := simtest.Memory(context.Background(), simulate.Options{Game: drawbridge.ID, Hands: rapid.IntRange(1, 12).Draw(rt, "hands"),
			Seed: rapid.Uint64().Draw(rt, "seed"), ClaimEvery: 3})
		if err != nil {
			rt.Fatal(err)
		}
		want := cards.South
		for _, h := range s.Hands {
			if h.Dealer != want {
				rt.Fatalf("hand %d dealt by %s, not %s", h.Number, h.Dealer, want)
			}
			if h.Sitting.Player(cards.North) != game.NoPlayer || h.Sitting.Player(cards.East) != game.NoPlayer {
				rt.Fatalf("hand %d: somebody sits at a holder: %v", h.Number, h.Sitting)
			}
			if h.Contract != nil && (h.Dummy != cards.NoSeat || h.Contract.Doubled != 0) {
				rt.Fatalf("hand %d: dummy %s, doubled %d", h.Number, h.Dummy, h.Contract.Doubled)
			}
			if !h.Annulled {
				want = drawbridge.New().NextDealer(h)
			}
		}
	})
}
