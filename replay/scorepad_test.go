package replay

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

func TestWeSide(t *testing.T) {
	assert.Equal(t, cards.NS, WeSide(game.Options{}))
	assert.Equal(t, cards.NS, WeSide(game.Options{"we": "NS"}))
	assert.Equal(t, cards.EW, WeSide(game.Options{"we": "EW"}))
}

// rubberOf is a small rubber: NS 30 below (a game), EW 50 above.
func rubberOf(settled bool) game.Rubber {
	r := game.Rubber{Number: 1, Entries: []game.Entry{
		{Hand: 1, Side: cards.NS, Points: 30, Label: "tricks", Law: "Law 47", GameLine: true},
		{Hand: 2, Side: cards.EW, Above: true, Points: 50, Label: "1 under-trick", Law: "Law 47a"},
	}, Games: []cards.Side{cards.NS}, Hands: []int{1, 2}}
	r.AddUp([]cards.Side{cards.NS, cards.EW}, settled)
	return r
}

func TestDrawScoreSheet(t *testing.T) {
	in := DrawScoreSheet(game.ScoreSheet{Rubbers: []game.Rubber{rubberOf(false)}}, game.Compass, cards.NS, PadColumn)
	assert.Equal(t, `Rubber 1 (WE NS, THEY EW)
   WE │ THEY
      │   50
══════╪══════
   30 │        game 1 to WE
──────┼──────
   30 │   50
in play (games: WE)
`, in)
	settled := DrawScoreSheet(game.ScoreSheet{Rubbers: []game.Rubber{rubberOf(true)}}, game.Compass, cards.EW, PadColumn)
	assert.Contains(t, settled, "WE EW, THEY NS")
	assert.Contains(t, settled, "WE win 20 (games: THEY)")
	assert.Equal(t, "nothing scored yet: no hand is finished\n", DrawScoreSheet(game.ScoreSheet{}, game.Compass, cards.NS, PadSplit))
}

func TestRubberNameAndSummary(t *testing.T) {
	names := Names{Sides: []string{"NS", "EW"}}
	side := func(s cards.Side) string { return names.Sides[s] }
	r := rubberOf(false)
	assert.Equal(t, "Rubber 1", RubberName(r))
	assert.Equal(t, "rubber 1: NS 30, EW 50 in all; game 1 to NS; game 2 below the line: NS 0, EW 0", rubberSummary(r, 2, side),
		"the 30 that won game 1 counts toward no game now")
	r.Entries = append(r.Entries, game.Entry{Hand: 3, Side: cards.EW, Points: 20, Label: "tricks"})
	r.AddUp([]cards.Side{cards.NS, cards.EW}, false)
	assert.Equal(t, "rubber 1: NS 30, EW 70 in all; game 1 to NS; game 2 below the line: NS 0, EW 20", rubberSummary(r, 2, side))
	settled := rubberOf(true)
	settled.Complete = true
	assert.Equal(t, "rubber 1: NS 30, EW 50 in all; game 1 to NS; won by EW, by 20 points", rubberSummary(settled, 2, side))

	chicago := game.Rubber{Number: 2, Deals: 4, Hands: []int{5, 6}}
	assert.Equal(t, "Chicago 2, hands 5 to 6, 2 of 4 deals", RubberName(chicago))
	chicago.Hands, chicago.Complete = []int{5, 6, 7, 8}, true
	assert.Equal(t, "Chicago 2, hands 5 to 8", RubberName(chicago))
	chicago.AddUp([]cards.Side{cards.NS, cards.EW}, true)
	assert.True(t, strings.HasPrefix(rubberSummary(chicago, 2, side), "Chicago 2, hands 5 to 8: NS 0, EW 0 in all"))
}

func TestSplitPadNamesItsPremiumColumn(t *testing.T) {
	r := rubberOf(false)
	r.Above = "premiums"
	pad := DrawScoreSheet(game.ScoreSheet{Rubbers: []game.Rubber{r}}, game.Compass, cards.NS, PadSplit)
	assert.Contains(t, pad, "tricks │ premiums")
	assert.Contains(t, pad, "game 1 to WE")
}
