package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Five Hundred's score as its players keep it: WON, LOST and net columns
// for each player, game by game, and the winner at 500; in JSON, the
// running tally by player and the winner beside the games.
func TestFiveHundredScoreSheet(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "500.db")
	script(t, db, "five-hundred")

	pad := ok(t, db, "score")
	assert.Contains(t, pad, "Game 1, to 500\n")
	assert.Regexp(t, `(?m)^\s+hand │\s+WON │\s+LOST │\s+net │`, pad)
	assert.Regexp(t, `(?m)^\s+1 │\s+│\s+100 │\s+-100 │\s+50 │\s+│\s+50 │\s+│\s+│\s+0$`, pad, "hand 1: Ann set back 100, Bob 50 for five tricks")
	assert.Regexp(t, `(?m)^\s+total │\s+470 │\s+460 │\s+10 │\s+500 │\s+0 │\s+500 │\s+370 │\s+0 │\s+370$`, pad)
	assert.Contains(t, pad, "B wins with 500\n")
	assert.NotContains(t, pad, "below", "no bridge pad for a running total")
	golden(t, "five-hundred-score.golden", pad)

	v := scoreJSON(t, db)
	assert.Equal(t, []string{"notes", "rubbers", "tally", "winner"}, keys(v))
	assert.Equal(t, "B", v["winner"], "Bob reached 500 first")
	tally := v["tally"].([]any)
	require.Len(t, tally, 14)
	first := tally[0].(map[string]any)
	assert.Equal(t, []string{"entries", "game", "hand", "lost", "net", "won"}, keys(first))
	assert.Equal(t, float64(1), first["game"])
	assert.Equal(t, map[string]any{"A": 0.0, "B": 50.0, "C": 0.0}, first["won"])
	assert.Equal(t, map[string]any{"A": 100.0, "B": 0.0, "C": 0.0}, first["lost"])
	assert.Equal(t, map[string]any{"A": -100.0, "B": 50.0, "C": 0.0}, first["net"])
	e := first["entries"].([]any)[0].(map[string]any)
	assert.Equal(t, "A", e["side"])
	assert.Equal(t, "6 hearts bid, 5 tricks: 100 set back", e["label"])
	assert.Equal(t, map[string]any{"A": 10.0, "B": 500.0, "C": 370.0}, tally[13].(map[string]any)["net"])
}

// The bridge games' score JSON keeps its shape: no tally, no winner.
func TestBridgeScoreJSONHasNoTally(t *testing.T) {
	db := filepath.Join(t.TempDir(), "foster.db")
	script(t, db, "foster-score-pad")
	assert.Equal(t, []string{"rubbers"}, keys(scoreJSON(t, db)))
}

// Whist's game of five: each side's running score hand by hand, a line
// under the hand that wins a game with the game's value, the rubber
// points, and the totals.
func TestWhistScoreSheet(t *testing.T) {
	db := filepath.Join(t.TempDir(), "whist.db")
	script(t, db, "whist")
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "Rubber 1 (WE NS, THEY EW), games of 5 points\n")
	assert.Regexp(t, `(?m)^\s+2 │\s+7 │\s+0$`, pad, "hand 2: two by cards and four honours make seven")
	assert.Regexp(t, `(?m)^\s+game 1 │\s+3 │\s+game, a treble \(7 to 0\)$`, pad)
	assert.Regexp(t, `(?m)^\s+game 2 │\s+1 │\s+game, a single \(7 to 3\)$`, pad)
	assert.Regexp(t, `(?m)^\s+rubber │\s+2 │\s+the rubber$`, pad)
	assert.Regexp(t, `(?m)^\s+total │\s+6 │\s+0$`, pad)
	assert.Contains(t, pad, "WE win 6 (games: WE, WE)")
	golden(t, "whist-score.golden", pad)
}

// show --json names the score sheet's sides by the seating: Five
// Hundred's players are A, B and C, never NS, EW or side3; at bridge the
// sheet is as it always was.
func TestShowJSONNamesTheSidesBySeating(t *testing.T) {
	db := filepath.Join(t.TempDir(), "500.db")
	script(t, db, "five-hundred")
	out := ok(t, db, "show", "--json")
	var v struct {
		Score json.RawMessage `json:"score"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	score := string(v.Score)
	for _, wrong := range []string{`"NS"`, `"EW"`, `"side3"`} {
		assert.NotContains(t, score, wrong)
	}
	var sc map[string]any
	require.NoError(t, json.Unmarshal(v.Score, &sc))
	assert.Equal(t, "B", sc["winner"])
	r := sc["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, "B", r["winner"])
	assert.Equal(t, []string{"A", "B", "C"}, keys(r["sides"].(map[string]any)))

	demo := filepath.Join(t.TempDir(), "demo.db")
	script(t, demo, "demo")
	out = ok(t, demo, "show", "--json")
	assert.True(t, strings.Contains(out, `"side": "EW"`) || strings.Contains(out, `"side": "NS"`), "bridge sides as before")
}
