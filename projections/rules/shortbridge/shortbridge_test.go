package shortbridge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// "Bridge without any doubling": a double is refused whenever it is made,
// citing the text; the eldest hand leads as soon as the trump is declared.
func TestADoubleIsRefused(t *testing.T) {
	r := New()
	h := bridgetest.Dealt(t, r, cards.South, "")
	ill := bridgetest.Refused(t, r, h, "X", r.NoDoubling)
	assert.Contains(t, ill.Error(), "there is no doubling in Short Bridge")
	assert.Contains(t, ill.Law, "Foster's Complete Hoyle (1914), Short Bridge")
	bridgetest.Calls(t, r, h, "P", "H")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Strain: cards.StrainHearts, Declarer: cards.South}, *h.Contract)
	assert.Equal(t, game.PhasePlay, h.Phase, "no \"May I lead?\": the play begins")
	assert.Equal(t, cards.West, h.Turn)
	bridgetest.Refused(t, r, h, "X", r.NoDoubling)
	bridgetest.Refused(t, r, h, "XX", r.NoDoubling)
	for _, c := range r.CallSpace() {
		assert.NotEqual(t, cards.Double, c.Kind)
		assert.NotEqual(t, cards.Redouble, c.Kind)
	}
	given := game.NewHand(2, cards.South, r.Seating(), nil)
	r.Start(given, nil)
	assert.ErrorIs(t, r.GiveContract(given, cards.NewBid(0, cards.NoTrump), 1, cards.South), game.ErrIllegal, "a declaration given doubled")
	require.NoError(t, r.GiveContract(given, cards.NewBid(0, cards.NoTrump), 0, cards.South))
}

// A game ends when either side reaches thirty below the line, and goes to
// the higher score for tricks and honours combined: North-South's 36 in
// tricks lose to East-West's four aces; the next hand begins a new game.
func TestTheHigherScoreWinsTheGame(t *testing.T) {
	r := New()
	// South declares no trumps; East and West hold the four aces between
	// them (40, Law 7); North-South make three by cards (36).
	aces := "N:KQJ.KQJ.KQJ.KQJ2 A432.A432.A43.43 T98.T98.T98.T987 765.765.7652.A65"
	hands := []*game.Hand{
		bridgetest.Finished(t, r, 1, cards.South, aces, cards.NoTrump, 0, 9),
		bridgetest.Finished(t, r, 2, cards.West, "", cards.StrainHearts, 0, 4),
	}
	sheet := r.Score(game.ScoreInput{Hands: hands})
	bridgetest.GoldenSheet(t, "testdata/higher-score.json", sheet)
	require.Len(t, sheet.Rubbers, 2)
	g := sheet.Rubbers[0]
	assert.Equal(t, "Game", g.Name)
	assert.True(t, g.Complete)
	require.NotNil(t, g.Winner)
	assert.Equal(t, cards.EW, *g.Winner, "40 above beats 36 below")
	assert.Equal(t, 4, g.Points)
	assert.Equal(t, []cards.Side{cards.EW}, g.Games)
	assert.Equal(t, game.SideTotal{Below: 36, Total: 36}, *g.Sides[cards.NS])
	for _, e := range g.Entries {
		assert.NotContains(t, e.Label, "rubber", "no rubbers")
	}
	next := sheet.Rubbers[1]
	assert.False(t, next.Complete, "EW's 24 is short of thirty")
	assert.Nil(t, next.Winner)
	closed := r.Score(game.ScoreInput{Hands: hands, Closed: true})
	assert.Nil(t, closed.Rubbers[1].Winner, "a game left unfinished is won by nobody")
	assert.Contains(t, closed.Rubbers[1].Note, "nobody wins it")
}

// Random legal declarations: never a double, the dealer always plays.
func TestRandomDeclarationsNeverDouble(t *testing.T) {
	r := New()
	rapid.Check(t, func(t *rapid.T) {
		dealer := cards.Seat(rapid.IntRange(0, 3).Draw(t, "dealer"))
		h := game.NewHand(1, dealer, r.Seating(), nil)
		r.Start(h, nil)
		for h.Phase == game.PhaseAuction {
			legal := h.LegalCalls(r)
			if len(legal) == 0 || len(h.Calls) > 2 {
				t.Fatalf("stuck after %d calls", len(h.Calls))
			}
			if err := r.Call(h, rapid.SampledFrom(legal).Draw(t, "call"), events.ID{}); err != nil {
				t.Fatal(err)
			}
		}
		if h.Contract.Doubled != 0 || h.Contract.Declarer != dealer || len(h.Calls) > 2 {
			t.Fatalf("contract %+v after %d calls", h.Contract, len(h.Calls))
		}
	})
}
