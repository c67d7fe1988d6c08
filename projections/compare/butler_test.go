package compare_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
)

// TestButlerDatum: Hemel Hempstead BC's worked example: seven results, East-West
// making 4H (620) four times and 3H+1 (170) three times. One top and one
// bottom dropped, the datum is -440 (their "440" for East-West); the 620s
// are 180 better for East-West, 5 IMPs, the 170s 270 worse, 7 IMPs.
func TestButlerDatum(t *testing.T) {
	scores := []int{-620, -620, -620, -620, -170, -170, -170}
	assert.Equal(t, -440, compare.ButlerDatum(scores))
	for _, c := range []struct{ n, drop int }{{2, 0}, {4, 0}, {5, 1}, {7, 1}, {14, 1}, {15, 2}, {22, 2}, {30, 3}} {
		assert.Equal(t, c.drop, compare.ButlerDrop(c.n), "%d results", c.n)
	}
	// Rounded to 10, a 5 away from zero: 475 is 480, -475 is -480.
	assert.Equal(t, 480, compare.ButlerDatum([]int{450, 500}))
	assert.Equal(t, -480, compare.ButlerDatum([]int{-450, -500}))
	// Four results: none dropped.
	assert.Equal(t, 230, compare.ButlerDatum([]int{-100, 420, 450, 140}))
}

// TestCrossIMPs: bridge55.fi's worked example: +420 against 450, -100,
// -200, 400 and 590 is -1, +11, +12, +1 and -5 IMPs: +18 over five, 3.6.
func TestCrossIMPs(t *testing.T) {
	got := compare.CrossIMPs([]int{420, 450, -100, -200, 400, 590})
	assert.InDelta(t, 3.6, got[0], 1e-9)
	sum := 0.0
	for _, x := range got {
		sum += x
	}
	assert.InDelta(t, 0, sum, 1e-9, "what one gains another loses")
	assert.True(t, math.IsNaN(compare.CrossIMPs([]int{420})[0]))
}

// butlerEvening is seven tables playing one board, as in Hemel Hempstead's
// example, each pair named by its players.
func butlerEvening() []compare.Table {
	var tables []compare.Table
	for i, ns := range []int{-620, -620, -620, -620, -170, -170, -170} {
		tb := compare.Table{Session: fmt.Sprint(i), Game: "contract",
			Players: []string{fmt.Sprintf("N%d", i+1), fmt.Sprintf("E%d", i+1), fmt.Sprintf("S%d", i+1), fmt.Sprintf("W%d", i+1)},
			Place:   projections.Placement{Event: "Butler", Table: fmt.Sprint(i + 1)}}
		// 4H making ten tricks, or 3H with one over: ten tricks either way.
		tb.Plays = []compare.Play{{Hand: 1, Board: 1, Contract: "4H", Declarer: cards.East, Tricks: 10, NS: ns}}
		if ns == -170 {
			tb.Plays[0].Contract = "3H"
		}
		tables = append(tables, tb)
	}
	return tables
}

// TestButlerPairsEvent: the event scored by Butler IMPs and by cross-IMPs
// when asked, by matchpoints otherwise.
func TestButlerPairsEvent(t *testing.T) {
	ev := compare.CompareWith(butlerEvening(), compare.Options{Pairs: compare.ScoringButler}).Events[0]
	assert.Equal(t, compare.ScoringButler, ev.Scoring)
	require.NotNil(t, ev.Boards[0].Datum)
	assert.Equal(t, -440, *ev.Boards[0].Datum)
	assert.Equal(t, f(-5), result(t, ev, 1, "1").IMPs)
	assert.Equal(t, f(7), result(t, ev, 1, "5").IMPs)
	byName := map[string]compare.Total{}
	for _, tot := range ev.Totals {
		byName[tot.Name] = tot
	}
	assert.Equal(t, f(5), byName["E1 & W1"].IMPs)
	assert.Equal(t, f(-7), byName["E5 & W5"].IMPs)
	assert.Equal(t, f(7), byName["N5 & S5"].IMPs)
	assert.Equal(t, 1, byName["N5 & S5"].Rank, "one field without a movement")
	_, grids := ev.Ranking()
	assert.Equal(t, "=1", grids[0].Rows[0][0], "N5 & S5, N6 & S6 and N7 & S7 tie")
	assert.Equal(t, []string{"rank", "pair", "boards", "IMPs"}, grids[0].Head)
	assert.Equal(t, "Board 1 (datum -440)", ev.BoardTitle(ev.Boards[0]))

	ev = compare.CompareWith(butlerEvening(), compare.Options{Pairs: compare.ScoringCrossIMPs}).Events[0]
	assert.Equal(t, compare.ScoringCrossIMPs, ev.Scoring)
	assert.Nil(t, ev.Boards[0].Datum)
	// -620 against three other -620s (0) and three -170s (-10 each): -30/6.
	assert.Equal(t, f(-5), result(t, ev, 1, "1").IMPs)
	// -170 against four -620s (+10 each) and two -170s: 40/6.
	assert.Equal(t, f(6.67), result(t, ev, 1, "5").IMPs)

	ev = compare.Compare(butlerEvening(), "").Events[0]
	assert.Equal(t, compare.ScoringMatchpoints, ev.Scoring)
	assert.Nil(t, result(t, ev, 1, "1").IMPs)
	assert.Error(t, compare.CheckPairsScoring("board-a-match"))
	assert.NoError(t, compare.CheckPairsScoring(compare.ScoringCrossIMPs))
}
