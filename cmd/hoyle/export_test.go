package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExportMarkdown(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "e.db")
	script(t, db, "claim")
	// The CLI writes what the library's golden files hold.
	assert.Equal(t, writeUp(t, "claim"), ok(t, db, "export", "--dd", "--format", "md"))
	assert.Equal(t, writeUp(t, "claim"), ok(t, db, "export", "--dd"), "md is the default format")
	assert.Equal(t, writeUp(t, "claim-foster"), ok(t, db, "export", "--dd", "--seats", "foster"))
	assert.Equal(t, writeUp(t, "claim-at-3.2"), ok(t, db, "export", "--dd", "--at", "1.3.2"))
	assert.Equal(t, writeUp(t, "claim-at-3.2"), ok(t, db, "export", "--dd", "--at", "1.3.2", "--hand", "1"))

	demo := filepath.Join(t.TempDir(), "d.db")
	script(t, demo, "demo")
	assert.Equal(t, writeUp(t, "demo-ascii"), ok(t, demo, "export", "--dd", "--ascii"))
	assert.Equal(t, writeUp(t, "demo-after-trick-8"), ok(t, demo, "export", "--dd", "--at", "1.8", "--labels", "moments"))
}

func TestExportToAFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	script(t, db, "demo")
	out := filepath.Join(dir, "hand.md")
	assert.Empty(t, ok(t, db, "export", "--dd", "-o", out))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, writeUp(t, "demo"), string(b))

	// A second export to the same file is refused and leaves it alone.
	require.NoError(t, os.WriteFile(out, []byte("my own notes\n"), 0o644))
	r := hoyle(t, db, "export", "--ascii", "-o", out)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "file exists; give --force to replace it")
	b, _ = os.ReadFile(out)
	assert.Equal(t, "my own notes\n", string(b))

	ok(t, db, "export", "--dd", "--ascii", "-o", out, "--force")
	b, _ = os.ReadFile(out)
	assert.Equal(t, writeUp(t, "demo-ascii"), string(b))
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), ".hand.md"), "no temporary file left: %s", e.Name())
	}

	// A failed export writes no file at all.
	missing := filepath.Join(dir, "never.md")
	r = hoyle(t, db, "export", "--at", "1.99", "-o", missing)
	assert.Equal(t, 1, r.code)
	assert.NoFileExists(t, missing)
}

func TestExportRefusals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e.db")
	script(t, db, "demo")
	before := fileHash(t, db)
	cases := []struct {
		args []string
		code int
		msg  []string
	}{
		{[]string{"export", "--format", "docx"}, 2, []string{`"docx"`, "md"}},
		{[]string{"export", "--seats", "east"}, 2, []string{`"east"`, "compass", "foster"}},
		{[]string{"export", "--at", "1.x"}, 2, []string{`"1.x" is not a moment`, "H.aK"}},
		{[]string{"export", "--at", "1.14"}, 1, []string{"no such moment 1.14", "13 tricks"}},
		{[]string{"export", "--at", "2"}, 1, []string{"no such moment 2", "1 hand"}},
		{[]string{"export", "--hand", "2"}, 1, []string{"hand 2", "hands 1 to 1"}},
		{[]string{"export", "--hand", "0"}, 2, []string{"numbered from 1"}},
		{[]string{"export", "--force"}, 2, []string{"-o FILE"}},
		{[]string{"export", "extra"}, 2, []string{"no arguments"}},
	}
	for _, c := range cases {
		r := hoyle(t, db, c.args...)
		assert.Equal(t, c.code, r.code, "%v: %s", c.args, r.err)
		for _, m := range c.msg {
			assert.Contains(t, r.err, m, "%v", c.args)
		}
		assert.Empty(t, r.out)
	}
	assert.Equal(t, before, fileHash(t, db), "export never writes to the database")

	empty := filepath.Join(t.TempDir(), "n.db")
	ok(t, empty, "new", "--game", "auction")
	r := hoyle(t, empty, "export")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "no hand has been dealt")
}

func TestExportFormatTable(t *testing.T) {
	// A format in the table is listed in the help and used, with nothing
	// else to change.
	exportFormats["test-moments"] = exportFormat{summary: "the moment asked for, for this test", write: func(w io.Writer, req exportRequest) error {
		_, err := io.WriteString(w, req.At.String()+" of "+req.Session.Opened.Name+"\n")
		return err
	}}
	t.Cleanup(func() { delete(exportFormats, "test-moments") })
	assert.Contains(t, formatNames(), "test-moments")

	db := filepath.Join(t.TempDir(), "e.db")
	script(t, db, "demo")
	assert.Equal(t, "1.a3 of Foster's bidding example\n", ok(t, db, "export", "--format", "test-moments", "--at", "1.a3"))
	r := hoyle(t, db, "export", "--help")
	assert.Contains(t, r.out, "test-moments")
}

func TestShowRendersTheWriteUp(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	script(t, db, "demo")
	// Into a pipe, show prints the write-up's Markdown.
	assert.Equal(t, writeUp(t, "demo-moments"), ok(t, db, "show"), "show is for reviewing: notes with their moments")
	assert.Equal(t, writeUp(t, "demo"), ok(t, db, "show", "--labels", "none"))
	assert.Equal(t, writeUp(t, "demo-after-trick-8"), ok(t, db, "show", "--at", "1.8"))

	// NO_COLOR in a terminal: laid out by glamour, no colour.
	r := hoyleEnv(t, db, map[string]string{"NO_COLOR": "1"}, true, "show")
	require.Equal(t, 0, r.code, r.err)
	assert.NotContains(t, r.out, "\x1b")
	assert.NotContains(t, r.out, "| --- |", "tables are drawn, not left as Markdown")
	assert.Contains(t, r.out, "♠ A K Q J 9 2")
	assert.Contains(t, r.out, "Auction")

	// A colour terminal with a style named.
	r = hoyleEnv(t, db, map[string]string{"GLAMOUR_STYLE": "dark", "TERM": "xterm-256color"}, true, "show", "--at", "1.5")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "\x1b[")
	assert.Contains(t, r.out, "North could hold up the ace")
}

func TestShowInProgressShowsTheCardsHeld(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	ok(t, db, "new", "--game", "auction", "--name", "in progress")
	ok(t, db, "deal", "--pbn", "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976")
	ok(t, db, "call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	ok(t, db, "play", "HJ", "H3")
	out := ok(t, db, "show")
	assert.Contains(t, out, "# in progress: hand 1, after card 2 of trick 1")
	assert.Contains(t, out, "♥ 10 7 6", "South has played the jack")
	assert.Contains(t, out, "On the table, trick 1: S ♥J, W ♥3.")
	assert.NotContains(t, out, "## Result")

	fresh := filepath.Join(t.TempDir(), "f.db")
	ok(t, fresh, "new", "--game", "auction")
	assert.Equal(t, "no hand dealt yet; S deals first\n", ok(t, fresh, "show"))
}

func TestShowJSONAtAMoment(t *testing.T) {
	db := filepath.Join(t.TempDir(), "j.db")
	script(t, db, "demo")
	now := showJSON(t, db)
	for _, k := range []string{"session", "game", "hand", "dealer", "phase", "turn", "calls", "contract", "dummy", "tricks", "hands", "trick", "played", "claim", "vulnerable", "closed", "score"} {
		assert.Contains(t, now, k)
	}
	assert.NotContains(t, now, "at")

	var v map[string]any
	require.NoError(t, jsonUnmarshal(ok(t, db, "show", "--at", "1.2.2", "--json"), &v))
	assert.Equal(t, "1.2.2", v["at"])
	assert.Equal(t, "play", v["phase"])
	assert.Equal(t, []any{map[string]any{"seat": "E", "card": "DA"}, map[string]any{"seat": "S", "card": "D5"}}, v["trick"], "the trick on the table")
	assert.Equal(t, "AKQJ92.4.82.976", v["hands"].(map[string]any)["W"], "cards remaining")
	assert.Len(t, v["calls"], 15)
	assert.Equal(t, float64(6), v["played"])

	require.NoError(t, jsonUnmarshal(ok(t, db, "show", "--at", "1.a3", "--json"), &v))
	assert.Equal(t, []any{"1S", "Pass", "1C"}, v["calls"], "the auction so far")
	assert.Equal(t, "E", v["turn"])
	assert.Nil(t, v["contract"])

	require.NoError(t, jsonUnmarshal(ok(t, db, "show", "--json"), &v))
	rubbers := v["score"].(map[string]any)["rubbers"].([]any)
	require.NotEmpty(t, rubbers, "the score so far after the hand")

	r := hoyle(t, db, "show", "--at", "@999", "--json")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "the session has")
}
