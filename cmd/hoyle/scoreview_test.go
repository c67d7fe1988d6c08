package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/replay"
)

// A Chicago is headed by its cycle of four deals, not as a rubber; the
// split pad's premium column is named for what it holds.
func TestChicagoPadIsHeadedByItsDeals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "chicago.db")
	ok(t, db, "simulate", "--game", "contract", "--scoring", "chicago", "--hands", "6", "--seed", "3")
	pad := ok(t, db, "score")
	assert.NotContains(t, pad, "Rubber")
	assert.Contains(t, pad, "Chicago 1, hands 1 to 4 (WE NS, THEY EW)\n")
	assert.Contains(t, pad, "Chicago 2, hands 5 to 6, 2 of 4 deals (WE NS, THEY EW)\n")
	split := ok(t, db, "score", "--style", "split")
	assert.Contains(t, split, "  tricks │ premiums │   tricks │ premiums\n", "contract bridge's premiums, not honours")
	assert.NotContains(t, split, "honours")
	explain := ok(t, db, "score", "--explain")
	assert.Contains(t, explain, "\nChicago 1, hands 1 to 4\n")

	// The older codes keep the honour score (1913 Law 2).
	foster := filepath.Join(t.TempDir(), "foster.db")
	script(t, foster, "foster-score-pad")
	assert.Contains(t, ok(t, foster, "score", "--style", "split"), "  tricks │ honours │  tricks │ honours\n")
}

// Every total says which game it belongs to: after a game is won, the
// score below the line toward the next is its own, not the game's won.
func TestScoreLinesSayWhichGame(t *testing.T) {
	db := filepath.Join(t.TempDir(), "foster.db")
	script(t, db, "foster-score-pad")
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "      │   40   game 1 to THEY\n")
	assert.Contains(t, pad, "      │   36   game 2 to THEY\n")

	demo := filepath.Join(t.TempDir(), "demo.db")
	script(t, demo, "demo")
	md := ok(t, demo, "export")
	assert.Contains(t, md, "Score after the hand: rubber 1: NS 0, EW 70 in all; game 1 to EW; game 2 below the line: NS 0, EW 0.")
	assert.NotContains(t, md, "(40 below the line)", "the 40 won game 1; it counts toward no game now")
}

// In a terminal 60 columns wide every view fits: the write-up (its play
// table folded into a list: the EW column was cut off), the score pads of
// both styles, the explanation of the score, and Five Hundred's tally of
// three players (drawn a player at a time).
func TestViewsFoldToSixtyColumns(t *testing.T) {
	dir := t.TempDir()
	demo := filepath.Join(dir, "demo.db")
	script(t, demo, "demo")
	chicago := filepath.Join(dir, "chicago.db")
	ok(t, chicago, "simulate", "--game", "contract", "--scoring", "chicago", "--hands", "6", "--seed", "3")
	fiveHundred := filepath.Join(dir, "500.db")
	ok(t, fiveHundred, "simulate", "--game", "five-hundred", "--hands", "8", "--seed", "2")
	column := filepath.Join(dir, "column.db")
	script(t, column, "column")
	env := map[string]string{"COLUMNS": "60", "NO_COLOR": "1"}
	for _, c := range []struct {
		db   string
		args []string
		want []string
	}{
		{demo, []string{"show"}, []string{"Trick 13:", "NS 3, EW 10"}},
		{demo, []string{"show", "--seats", "foster"}, []string{"YZ 3, AB 10"}},
		{column, []string{"show", "--seats", "foster", "--style", "dark"}, []string{"Z: Abe", "Commentary"}},
		{demo, []string{"score", "--explain"}, []string{"Laws 3 and 47"}},
		{chicago, []string{"score", "--style", "split", "--explain"}, []string{"premiums", "Chicago 2"}},
		{fiveHundred, []string{"score"}, []string{"WON", "net"}},
	} {
		r := hoyleEnv(t, c.db, env, true, c.args...)
		require.Equal(t, 0, r.code, "%v: %s", c.args, r.err)
		text := stripSGR(r.out)
		for _, line := range strings.Split(text, "\n") {
			assert.LessOrEqual(t, replay.Width(line), 60, "%v: %q", c.args, line)
		}
		for _, w := range c.want {
			assert.Contains(t, strings.ReplaceAll(text, "*", ""), w, "%v", c.args)
		}
	}
	// Into a pipe the views are whole: a script reads them as they are.
	assert.Contains(t, ok(t, demo, "show"), "| Trick | 1st | 2nd |")
}
