package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReplayIntoAPipe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	script(t, db, "demo")
	out := ok(t, db, "replay")
	assert.NotContains(t, out, "\x1b", "plain text into a pipe")
	lines := strings.Split(out, "\n")
	assert.Equal(t, "Foster's bidding example · hand 1 · 1 · step 1 of 68", lines[0])
	assert.Contains(t, out, "1.a1     S 1♠\n")
	// Each card with its double-dummy value (EW's tricks in all) and, when
	// it cost its side, the cost.
	assert.Contains(t, out, "1.1.1    S ♥J · dd EW 12 · cost 4 tricks\n")
	assert.Contains(t, out, "1.1      E ♥A: trick 1 to E (NS 0, EW 1) · dd EW 12\n")
	assert.Contains(t, out, "1.5      N ♣A: trick 5 to N (NS 1, EW 4) · dd EW 8\n           ?! North could hold up the ace once to cut East off from the clubs. (Foster)\n")
	assert.Contains(t, out, "1.13     S ♥10: trick 13 to W (NS 3, EW 10) · dd EW 10\n")

	at := ok(t, db, "replay", "--at", "1.8", "--seats", "foster", "--ascii")
	assert.True(t, strings.HasPrefix(at, "Foster's bidding example · hand 1 · 1.8 · step 48 of 68\n> A SA: trick 8 to A (YZ 3, AB 5) · dd AB 10\n"), at)
	assert.Contains(t, at, "Double dummy: AB take 10 tricks in all with best play from here (those won included).\n")
	assert.Contains(t, at, "1.9.1    A SK · dd AB 10\n")
	assert.NotContains(t, at, "1.8.3 ", "nothing before the moment")
	assert.NotContains(t, at, "North could hold up", "a note before the moment is not shown")
}

func TestReplayRefusals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	script(t, db, "demo")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"replay", "--at", "one"}, 2, `"one" is not a moment`},
		{[]string{"replay", "--at", "1.a16"}, 1, "hand 1 has 15 calls"},
		{[]string{"replay", "--at", "@1"}, 1, "before the first deal"},
		{[]string{"replay", "--hand", "3"}, 1, "the session has 1 hand"},
		{[]string{"replay", "--hand", "2", "--at", "1.3"}, 2, "in hand 1, not hand 2"},
		{[]string{"replay", "--seats", "x"}, 2, "seat style"},
	} {
		r := hoyle(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%v: %s", c.args, r.err)
		assert.Contains(t, r.err, c.msg, "%v", c.args)
	}
	empty := filepath.Join(t.TempDir(), "n.db")
	ok(t, empty, "new", "--game", "auction")
	r := hoyle(t, empty, "replay")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "no hand has been dealt")
}

func TestNoteAtAMoment(t *testing.T) {
	db := filepath.Join(t.TempDir(), "n.db")
	script(t, db, "demo")
	// The demo already notes 1.a1 (Foster's words); two more people add theirs.
	ok(t, db, "note", "--at", "1.a1", "--by", "Foster", "He is left to play one spade only if nobody bids.")
	ok(t, db, "note", "--at", "1.a1", "--glyph", "!?", "--by", "Whitfeld", "a second opinion")
	ok(t, db, "note", "--at", "1.5.4", "--glyph", "??", "and a third on the same card")
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(ok(t, db, "log", "--json")), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m))
		lines = append(lines, m)
	}
	firstCall := lines[2]
	require.Equal(t, "auction.call", firstCall["type"])
	n := len(lines)
	assert.Equal(t, firstCall["id"], lines[n-3]["data"].(map[string]any)["target"])
	assert.Equal(t, firstCall["id"], lines[n-2]["data"].(map[string]any)["target"], "several notes on one moment")

	md := ok(t, db, "export", "--labels", "moments")
	assert.Contains(t, md, "| one spade!? (1) | Pass |")
	assert.Contains(t, md, "- (1) S one spade (1.a1): One spade from the dealer simply means: I pass.\n- (1) S one spade (1.a1): He is left to play one spade only if nobody bids. (Foster)\n- (1) S one spade!? (1.a1): a second opinion (Whitfeld)\n")
	assert.Contains(t, md, "**N ♣A**?!/?? (4)")

	out := ok(t, db, "replay")
	assert.Contains(t, out, "1.a1     S 1♠\n           One spade from the dealer simply means: I pass.\n           He is left to play one spade only if nobody bids. (Foster)\n           !? a second opinion (Whitfeld)\n")

	before := fileHash(t, db)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"note", "--at", "1.99", "text"}, 1, "no such moment 1.99"},
		{[]string{"note", "--at", "1.b2", "text"}, 2, "not a moment"},
		{[]string{"note", "--at", "@7", "text"}, 1, "event 7 is a note"},
		{[]string{"note", "--at", "1.a2", "--glyph", "!!!", "text"}, 2, "glyph"},
	} {
		r := hoyle(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%v: %s", c.args, r.err)
		assert.Contains(t, r.err, c.msg)
		assert.Empty(t, r.out)
	}
	assert.Equal(t, before, fileHash(t, db), "a refused note appends nothing")
}

func TestUserTextNeverReachesTheTerminalRaw(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	openHostile(t, db, "auction", nil, "\x1b]0;owned\x07night | <b>x</b>", "Y\u202e", "", "Z\x1b[2J") // as an older hoyle let them be
	ok(t, db, "deal", "--pbn", "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976")
	ok(t, db, "call", "1S")
	ok(t, db, "note", "--by", "\x1b[31mEve", "evil\x1b[2J\nnote | with pipes")
	for _, args := range [][]string{{"show"}, {"export"}, {"replay"}, {"show", "--at", "1"}} {
		out := ok(t, db, args...)
		assert.NotContains(t, out, "\x1b", "%v", args)
		assert.NotContains(t, out, "\u202e", "%v", args)
	}
	r := hoyleEnv(t, db, map[string]string{"GLAMOUR_STYLE": "dark", "TERM": "xterm-256color"}, true, "show")
	require.Equal(t, 0, r.code, r.err)
	assert.NotContains(t, r.out, "\x1b]0;")
	assert.NotContains(t, r.out, "\x1b[2J")
	assert.NotContains(t, r.out, "\x1b[31mEve")
}
