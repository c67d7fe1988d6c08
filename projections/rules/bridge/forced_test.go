package bridge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// The forced declaration of Three-handed Bridge: three or four aces, no
// trumps; else the longest suit; of equal length the one with most pips
// (ace 11, king, queen, knave 10, the others their spots); equal in both,
// the suit whose trick is worth most.
func TestForcedDeclaration(t *testing.T) {
	// Checked one by one, with the reason given.
	check := func(hand string, want cards.Strain, why string) {
		t.Helper()
		h, err := cards.ParseHand(hand)
		require.NoError(t, err)
		got, reason := Forced(h)
		assert.Equal(t, want, got, hand)
		assert.Contains(t, reason, why, hand)
	}
	check("A2.A32.A5432.432", cards.NoTrump, "he holds 3 aces")
	check("AKQJT9.K2.Q2.J32", cards.StrainSpades, "his longest suit is spades (6 cards)")
	check("KQJ2.AK32.5432.2", cards.StrainSpades, "spades has the most pips (32)")
	check("9876.2.T987.K432", cards.StrainDiamonds, "diamonds has the most pips (34)")
	check("8765.8765.8765.A", cards.StrainHearts, "hearts is worth most a trick")
	check("QJ32.QJ32.QJ2.32", cards.StrainHearts, "hearts is worth most a trick")
	check("AQ.KJ.T9.8765432", cards.StrainClubs, "his longest suit is clubs (7 cards)")
}

// A declaration left to a partner whose cards were recorded is checked
// against the rule, citing it; without his cards it is taken as made.
func TestForcedMakeIsChecked(t *testing.T) {
	r := NewVariant(Variant{Title: "a test", ForcedMake: LawForcedMake})
	deal := "N:A2.A32.A5432.432 KQJ.KQJ.KQJ.KQJT T98.T98.T98.A987 76543.7654.76.65"
	h := bridgetest.Dealt(t, r, cards.South, deal)
	bridgetest.Calls(t, r, h, "P")
	ill := bridgetest.Refused(t, r, h, "H", LawForcedMake)
	assert.Contains(t, ill.Error(), "he holds 3 aces, so it is no trumps")
	bridgetest.Calls(t, r, h, "NT")
	assert.Equal(t, cards.NoTrump, r.State(h).Strain)

	blind := bridgetest.Dealt(t, r, cards.South, "")
	bridgetest.Calls(t, r, blind, "P", "C")
	assert.Equal(t, game.PhaseAuction, blind.Phase, "doubling follows, as in Bridge")
	assert.Equal(t, cards.StrainClubs, r.State(blind).Strain, "the partner's cards unknown: taken as made")
}
