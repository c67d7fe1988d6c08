package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The write-up shaped for a column, from the command line: the CLI writes
// what the library's golden files hold.
func TestExportShapesAWriteUp(t *testing.T) {
	claim := filepath.Join(t.TempDir(), "c.db")
	script(t, claim, "claim")
	assert.Equal(t, writeUp(t, "problem"), ok(t, claim, "export", "--dd", "--at", "1.a6", "--title", "You are North, at three no trumps: plan the play",
		"--hide", "E,W", "--no-play"))
	demo := filepath.Join(t.TempDir(), "d.db")
	script(t, demo, "demo")
	assert.Equal(t, writeUp(t, "demo-from-8"), ok(t, demo, "export", "--dd", "--from", "1.8"))
	assert.Equal(t, writeUp(t, "demo-from-4-to-9"), ok(t, demo, "export", "--dd", "--from", "1.4", "--at", "1.9", "--labels", "moments"))
	column := filepath.Join(t.TempDir(), "col.db")
	script(t, column, "column")
	assert.Equal(t, writeUp(t, "column-2-foster"), ok(t, column, "export", "--dd", "--seats", "foster"))
	assert.Equal(t, writeUp(t, "column-1-foster"), ok(t, column, "export", "--dd", "--seats", "foster", "--hand", "1"))

	// show takes the same flags; its notes carry their moments unless
	// told otherwise.
	assert.Equal(t, writeUp(t, "demo-from-8"), ok(t, demo, "show", "--from", "1.8", "--labels", "none"))
	assert.Equal(t, writeUp(t, "problem"), ok(t, claim, "show", "--at", "1.a6", "--title", "You are North, at three no trumps: plan the play",
		"--hide", "EW", "--no-play", "--labels", "none"))

	// The HTML page: one self-contained document of the same write-up.
	page := ok(t, demo, "export", "--format", "html", "--title", "Foster's example")
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>\n"))
	assert.Contains(t, page, "<title>Foster&#39;s example</title>")
	assert.Contains(t, page, `<figure class="diagram compass"`)
	out := filepath.Join(t.TempDir(), "hand.html")
	assert.Empty(t, ok(t, demo, "export", "--format", "html", "-o", out))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(b), `<span class="suit-h">♥</span>`)
}

func TestWriteUpFlagsRefused(t *testing.T) {
	t.Parallel()
	db := func(t *testing.T, db string) { script(t, db, "demo") }
	refused(t, []badInput{
		{"hide a seat the hand does not have", db, []string{"export", "--hide", "Q"}, 2, []string{`"Q"`, "not a seat of the hand", "N, E, S, W", "NS, EW"}},
		{"hide by compass with Foster's letters", db, []string{"export", "--seats", "foster", "--hide", "N"}, 2, []string{`"N"`, "Z, A, Y, B"}},
		{"labels", db, []string{"export", "--labels", "all"}, 2, []string{`"all"`, "none", "moments"}},
		{"from a moment the hand lacks", db, []string{"export", "--from", "1.14"}, 1, []string{"no such moment 1.14"}},
		{"from after at", db, []string{"export", "--from", "1.9", "--at", "1.4"}, 1, []string{"1.9 comes after 1.4"}},
		{"from not a moment", db, []string{"show", "--from", "x"}, 2, []string{`"x"`}},
		{"shaping an interchange format", db, []string{"export", "--format", "pbn", "--title", "x"}, 2, []string{"--title", "give --format md or html"}},
		{"shaping JSON", db, []string{"show", "--json", "--no-play"}, 2, []string{"--no-play", "--json"}},
	})
}

// --notes inline writes the notes as prose after the trick they belong
// to; a style that is neither is refused.
func TestExportNotesInline(t *testing.T) {
	t.Parallel()
	column := filepath.Join(t.TempDir(), "col.db")
	script(t, column, "column")
	assert.Equal(t, writeUp(t, "column-1-inline"), ok(t, column, "export", "--seats", "foster", "--hand", "1", "--notes", "inline"))
	r := hoyle(t, column, "export", "--notes", "margin")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, `"margin"`)
	assert.Contains(t, r.err, "inline")
}

// export --format html writes the hand viewer of the hand asked for, the
// session read for that hand alone; shaped to tell part of the hand, the
// write-up page alone.
func TestExportViewer(t *testing.T) {
	t.Parallel()
	column := filepath.Join(t.TempDir(), "col.db")
	script(t, column, "column")
	for _, hand := range []string{"1", "2"} {
		page := ok(t, column, "export", "--format", "html", "--hand", hand)
		assert.Contains(t, page, `<section id="viewer"`)
		assert.Contains(t, page, `data-seat="3"`)
		assert.Contains(t, page, `"states":[{"m":"`+hand+`","names":["`+hand+`"`, "hand %s's states start at its deal", hand)
	}
	problem := ok(t, column, "export", "--format", "html", "--hand", "1", "--hide", "AB", "--seats", "foster")
	assert.NotContains(t, problem, `id="viewer"`, "a problem's page does not show the hands it hides")
}
