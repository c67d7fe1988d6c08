package reversibridge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// Foster's figures: "if the dealer declares no-trumps, and loses two by
// cards, and finds thirty aces against him, he scores 24 and 30 to his own
// credit."
func TestFostersExample(t *testing.T) {
	r := New()
	// South deals and declares no trumps; East and West hold three aces
	// (30, Law 7) and take eight tricks: two by cards at 12.
	deal := "N:KQJ.KQJ.KQJ.KQJ2 A432.A432.A43.43 T98.T98.T98.AT98 765.765.7652.765"
	h := bridgetest.Finished(t, r, 1, cards.South, deal, cards.NoTrump, 0, 5)
	entries, notes := r.HandEntries(h)
	assert.Empty(t, notes)
	require.Len(t, entries, 2)
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.NS, Points: 24, Label: "2 by cards at no trumps, made by EW",
		Law: bridge.LawTrickValue + "; " + r.Reversed}, entries[0])
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.NS, Above: true, Points: 30, Label: "three aces, made by EW",
		Law: bridge.LawAces + "; " + r.Reversed}, entries[1])
	bridgetest.GoldenSheet(t, "testdata/fosters-example.json", r.Score(game.ScoreInput{Hands: []*game.Hand{h}}))
}

// The doubling is Bridge's ("the adversaries can double if they wish to").
func TestTheAdversariesMayDouble(t *testing.T) {
	r := New()
	h := bridgetest.Dealt(t, r, cards.South, "")
	bridgetest.Calls(t, r, h, "S", "X", "P", "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, 1, h.Contract.Doubled)
}

// Every hand: what one side makes, the other scores; the points of a hand
// are Bridge's, each side's being the other's in Bridge.
func TestEachSideScoresWhatTheOtherMakes(t *testing.T) {
	r, plain := New(), bridge.New()
	rapid.Check(t, func(t *rapid.T) {
		strain := rapid.SampledFrom([]cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.NoTrump}).Draw(t, "strain")
		h := game.NewHand(1, cards.South, r.Seating(), nil)
		pack := rapid.Permutation(r.Pack()).Draw(t, "pack")
		copy(h.Dealt, r.Deal(pack, cards.South).Hands)
		ns := rapid.IntRange(0, 13).Draw(t, "ns")
		h.Contract = &game.Contract{Strain: strain, Doubled: rapid.IntRange(0, 2).Draw(t, "doubled"), Declarer: cards.South}
		h.Phase, h.Won = game.PhaseDone, []int{ns, 13 - ns}
		got, _ := r.HandEntries(h)
		want, _ := plain.HandEntries(h)
		if len(got) != len(want) {
			t.Fatalf("%d entries, Bridge has %d", len(got), len(want))
		}
		for i := range got {
			if got[i].Side != 1-want[i].Side || got[i].Points != want[i].Points || got[i].Above != want[i].Above {
				t.Fatalf("entry %d: %+v against Bridge's %+v", i, got[i], want[i])
			}
		}
	})
}
