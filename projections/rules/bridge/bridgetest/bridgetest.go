// Package bridgetest builds hands of Bridge and of the games played as
// Bridge for their tests: a hand finished with a declaration and the
// tricks each side took, calls made in turn, a call refused, and a score
// sheet written to a golden file.
package bridgetest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/game"
)

// Finished is hand n of rs, dealt by dealer and played out: its deal (PBN
// from North, or "" when not recorded), the dealer's declaration doubled
// so many times, and the tricks North-South took.
func Finished(t testing.TB, rs game.Ruleset, n int, dealer cards.Seat, pbn string, strain cards.Strain, doubled, nsTricks int) *game.Hand {
	t.Helper()
	h := game.NewHand(n, dealer, rs.Seating(), nil)
	if pbn != "" {
		d, err := cards.ParseDeal(pbn)
		require.NoError(t, err)
		copy(h.Dealt, d)
	}
	h.Contract = &game.Contract{Strain: strain, Doubled: doubled, Declarer: dealer}
	h.Dummy = h.Seating.Partner(dealer)
	h.Phase = game.PhaseDone
	h.Won = []int{nsTricks, 13 - nsTricks}
	return h
}

// Dealt is hand 1 of rs just dealt by dealer, its cards as pbn gives them
// ("" for none recorded).
func Dealt(t testing.TB, rs game.Ruleset, dealer cards.Seat, pbn string) *game.Hand {
	t.Helper()
	h := game.NewHand(1, dealer, rs.Seating(), nil)
	if pbn != "" {
		d, err := cards.ParseDeal(pbn)
		require.NoError(t, err)
		copy(h.Dealt, d)
		copy(h.Held, d)
	}
	rs.Start(h, nil)
	return h
}

// Calls makes each call in turn, each of which must be legal.
func Calls(t testing.TB, rs game.Ruleset, h *game.Hand, toks ...string) {
	t.Helper()
	for _, tok := range toks {
		c, err := rs.ParseCall(tok)
		require.NoError(t, err, tok)
		require.NoError(t, rs.Call(h, c, events.ID{}), tok)
	}
}

// Refused makes a call that the laws must refuse, citing law, and leave
// the hand as it was.
func Refused(t testing.TB, rs game.Ruleset, h *game.Hand, tok, law string) *game.IllegalError {
	t.Helper()
	c, err := rs.ParseCall(tok)
	require.NoError(t, err)
	before := len(h.Calls)
	err = rs.Call(h, c, events.ID{})
	var ill *game.IllegalError
	require.True(t, errors.As(err, &ill), "%s should be refused, got %v", tok, err)
	assert.True(t, errors.Is(err, game.ErrIllegal))
	assert.Equal(t, law, ill.Law, ill.Error())
	assert.Len(t, h.Calls, before, "a refused call changes nothing")
	return ill
}

// GoldenSheet compares a score sheet, as indented JSON, with a golden file
// (go test -update rewrites it).
func GoldenSheet(t testing.TB, path string, sheet game.ScoreSheet) {
	t.Helper()
	b, err := json.MarshalIndent(sheet, "", "  ")
	require.NoError(t, err)
	testkit.Golden(t, path, string(b)+"\n")
}
