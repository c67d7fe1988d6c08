package kingsbridge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// Foster's figures: "Suppose the dealer wins 16 and 16. He is put down as
// 32 plus. If he should lose 12 and 30, his score would not be touched,
// but each of the others would be put down 42 plus."
//
// Hand 1: North deals and declares hearts; his side takes eight tricks (2
// by cards at 8, 16) and holds three honours (twice the trick, 16). Hand
// 2: East deals and declares no trumps; North-South take seven tricks (1
// by cards at 12) and hold three aces (30).
func fostersHands(t *testing.T) []*game.Hand {
	r := New()
	hearts := "N:AK2.AK2.5432.432 QJ3.QJ3.QJT.QJT5 T54.T54.AK9.AK98 9876.9876.876.76"
	one := bridgetest.Finished(t, r, 1, cards.North, hearts, cards.StrainHearts, 0, 8)
	aces := "N:A32.A32.A543.432 KQJ.KQJ.KQJ.AKQJ T98.T98.T98.T987 7654.7654.762.65"
	two := bridgetest.Finished(t, r, 2, cards.East, aces, cards.NoTrump, 0, 7)
	for _, h := range []*game.Hand{one, two} {
		h.Sitting = r.Sitting(nil, cards.North, nil) // the first four deals: everyone as he sat down
	}
	return []*game.Hand{one, two}
}

func TestFostersFigures(t *testing.T) {
	r := New()
	hands := fostersHands(t)
	for i, want := range []string{"the dealer won 16 and 16", "the dealer lost 12 and 30"} {
		es, _ := r.HandEntries(hands[i])
		lump, what := Lump(hands[i], es)
		assert.Equal(t, what, want)
		assert.Equal(t, []int{32, -42}[i], lump)
	}
	sheet := r.Score(game.ScoreInput{Hands: hands})
	bridgetest.GoldenSheet(t, "testdata/fosters-figures.json", sheet)
	require.Len(t, sheet.Tally, 2)
	assert.Equal(t, []int{32, 0, 0, 0}, sheet.Tally[0].Won, "32 plus to North, the dealer")
	assert.Equal(t, []int{42, 0, 42, 42}, sheet.Tally[1].Won, "East untouched; 42 plus to each of the others")
	assert.Equal(t, []int{74, 0, 42, 42}, sheet.Tally[1].Net)

	lump := r.Score(game.ScoreInput{Hands: hands, Opts: game.Options{"score": "lump"}})
	assert.Equal(t, []int{32, -42, 0, 0}, lump.Tally[1].Net, "the lump, plus or minus, to the dealer alone")
	assert.False(t, lump.Rubbers[0].Complete, "twelve deals make a game")
}

// Foster's balance at Skat, his own example for four players: the scores
// 186, 42, 344 and 116 balance to +56, -520, +688 and -224.
func TestSkatBalance(t *testing.T) {
	assert.Equal(t, []int{56, -520, 688, -224}, Balance([]int{186, 42, 344, 116}))
}

// Whichever way the score is kept, plus scores only or the dealer's lump
// plus or minus, the balance comes out the same.
func TestBothWaysBalanceAlike(t *testing.T) {
	r := New()
	rapid.Check(t, func(t *rapid.T) {
		var hands []*game.Hand
		for n := 1; n <= DealsAGame; n++ {
			h := game.NewHand(n, cards.Seat((n-1)%4), r.Seating(), nil)
			h.Contract = &game.Contract{Strain: rapid.SampledFrom([]cards.Strain{cards.StrainSpades, cards.StrainHearts, cards.NoTrump}).Draw(t, "strain"), Declarer: h.Dealer}
			ns := rapid.IntRange(0, 13).Draw(t, "ns")
			h.Phase, h.Won = game.PhaseDone, []int{ns, 13 - ns}
			h.HonoursClaimed = map[cards.Side]string{cards.Side(rapid.IntRange(0, 1).Draw(t, "holder")): game.Holding3}
			h.Sitting = r.Sitting(hands, cards.South, nil)
			hands = append(hands, h)
		}
		plus := r.Score(game.ScoreInput{Hands: hands})
		lump := r.Score(game.ScoreInput{Hands: hands, Opts: game.Options{"score": "lump"}})
		if len(plus.Rubbers) != 1 || !plus.Rubbers[0].Complete {
			t.Fatalf("twelve deals are one game: %d", len(plus.Rubbers))
		}
		if a, b := plus.Rubbers[0].Balance, lump.Rubbers[0].Balance; !equal(a, b) {
			t.Fatalf("balances differ: %v and %v", a, b)
		}
	})
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The pivot: the first dealer sits still, and after every four deals the
// others move round her, so that in twelve deals each has partnered each
// other for four.
func TestPartnersChangeByThePivot(t *testing.T) {
	r := New()
	var hands []*game.Hand
	partners := map[[2]int]int{}
	for n := 1; n <= DealsAGame; n++ {
		sit := r.Sitting(hands, cards.South, nil)
		assert.Equal(t, 2, sit.Player(cards.South), "the first dealer sits still")
		assert.Equal(t, (n-1)/DealsAPartner+1, sit.Round)
		for seat := range cards.Seat(2) {
			a, b := sit.Player(seat), sit.Player(seat+2)
			partners[[2]int{min(a, b), max(a, b)}]++
		}
		h := game.NewHand(n, cards.Seat((n-1)%4), r.Seating(), nil)
		h.Phase = game.PhaseDone
		hands = append(hands, h)
	}
	assert.Len(t, partners, 6, "every two players partners once")
	for k, n := range partners {
		assert.Equal(t, DealsAPartner, n, "players %v partnered for four deals", k)
	}
	annulled := game.NewHand(13, cards.North, r.Seating(), nil)
	annulled.Annulled = true
	withVoid := append(append([]*game.Hand(nil), hands[:DealsAPartner-1]...), annulled)
	assert.Equal(t, 1, r.Sitting(withVoid, cards.South, nil).Round, "a new deal demanded does not count: three deals and a void one are still the first round")
}

// No doubling; the declaration left to the player opposite is made by
// rule when his cards are known.
func TestNoDoublingAndAForcedMake(t *testing.T) {
	r := New()
	deal := "N:A2.A32.A5432.432 KQJ.KQJ.KQJ.KQJT T98.T98.T98.A987 76543.7654.76.65"
	h := bridgetest.Dealt(t, r, cards.South, deal)
	bridgetest.Refused(t, r, h, "X", r.NoDoubling)
	bridgetest.Calls(t, r, h, "P")
	bridgetest.Refused(t, r, h, "S", r.ForcedMake)
	bridgetest.Calls(t, r, h, "NT")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Strain: cards.NoTrump, Declarer: cards.South}, *h.Contract, "the dealer plays it; the play begins")
}
