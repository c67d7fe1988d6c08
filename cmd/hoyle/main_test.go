package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemoRuns(t *testing.T) {
	r := hoyle(t, filepath.Join(t.TempDir(), "unused.db"), "demo")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "$ hoyle call 1S P 1C 1NT")
	assert.Contains(t, r.out, "done · 2NT by E · NS 3 EW 10")
}

// TestDemoRunsAsAProcess: the README's demo as its own process, whose
// commands are typed when the process started (Streams.Typed): each step
// of the demo is typed after the one before it, so none is refused as
// racing another scorer.
func TestDemoRunsAsAProcess(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "out"))
	require.NoError(t, err)
	errf, err := os.Create(filepath.Join(dir, "err"))
	require.NoError(t, err)
	code := binaryRun(t, filepath.Join(dir, "unused.db"), out, errf, "demo")
	require.NoError(t, out.Close())
	require.NoError(t, errf.Close())
	stderr, err := os.ReadFile(errf.Name())
	require.NoError(t, err)
	require.Equal(t, 0, code, string(stderr))
	stdout, err := os.ReadFile(out.Name())
	require.NoError(t, err)
	assert.Contains(t, string(stdout), "done · 2NT by E · NS 3 EW 10")
}

func TestHandPlayedToTheLastCard(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	script(t, db, "demo")
	v := showJSON(t, db)
	assert.Equal(t, float64(1), v["hand"])
	assert.Equal(t, "S", v["dealer"])
	assert.Equal(t, "done", v["phase"])
	assert.Nil(t, v["turn"])
	assert.Equal(t, map[string]any{"level": float64(2), "strain": "NT", "doubled": float64(0), "declarer": "E", "text": "2NT"}, v["contract"])
	assert.Equal(t, "W", v["dummy"])
	assert.Equal(t, map[string]any{"NS": float64(3), "EW": float64(10)}, v["tricks"])
	assert.Equal(t, float64(52), v["played"])
	calls := v["calls"].([]any)
	assert.Len(t, calls, 15)
	assert.Equal(t, "2NT", calls[11])
}

func TestClaimEndsTheHand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal", "--pbn", "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976")
	ok(t, db, "call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	ok(t, db, "play", "HJ", "H3", "H5", "HA", "DA", "d5")
	v := showJSON(t, db)
	assert.Equal(t, []any{map[string]any{"seat": "E", "card": "DA"}, map[string]any{"seat": "S", "card": "D5"}}, v["trick"])
	assert.Equal(t, "AKQJ92.4.82.976", v["hands"].(map[string]any)["W"], "dummy's remaining cards")
	ok(t, db, "claim", "9")
	v = showJSON(t, db)
	assert.Equal(t, "done", v["phase"])
	assert.Equal(t, float64(9), v["claim"])
	// One trick was complete (EW); of the twelve left EW take nine, NS three.
	assert.Equal(t, map[string]any{"NS": float64(3), "EW": float64(10)}, v["tricks"])
}

func TestFosterAuctionFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "f.db")
	ok(t, db, "new", "--game", "auction", "--dealer", "S")
	ok(t, db, "deal")
	ok(t, db, "call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	v := showJSON(t, db)
	assert.Equal(t, "E", v["contract"].(map[string]any)["declarer"])
	assert.Equal(t, "W", v["dummy"])
	assert.Equal(t, "S", v["turn"])
	assert.Equal(t, "play", v["phase"])
}

func TestUndoAndNote(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal")
	ok(t, db, "call", "1H", "2C")
	ok(t, db, "undo")
	assert.Equal(t, []any{"1H"}, showJSON(t, db)["calls"])
	ok(t, db, "call", "P")
	ok(t, db, "note", "--glyph", "?", "--by", "Ann", "a timid pass")
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(ok(t, db, "log", "--json")), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m))
		lines = append(lines, m)
	}
	types := []string{}
	for _, l := range lines {
		types = append(types, l["type"].(string))
		for _, k := range []string{"seq", "pos", "type", "at", "data"} {
			assert.Contains(t, l, k)
		}
	}
	assert.Equal(t, []string{"session.opened", "deal.dealt", "auction.call", "auction.call", "log.retraction", "auction.call", "note.added"}, types)
	assert.Equal(t, "?", lines[6]["data"].(map[string]any)["glyph"])
	assert.Equal(t, lines[5]["id"], lines[6]["data"].(map[string]any)["target"], "the note is on the latest call")
}

func TestNewPrintsOnlyTheID(t *testing.T) {
	db := filepath.Join(t.TempDir(), "n.db")
	out := ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--north", "Ann")
	assert.Regexp(t, `^[0-9A-Z]{26}\n$`, out)
	assert.Contains(t, ok(t, db, "games"), "1913")
}

// TestBadInputIsRefused checks, for each bad input, the message, the exit
// code, and that the database file did not change by a single byte.
func TestBadInputIsRefused(t *testing.T) {
	const deal = "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"
	auction := []string{"call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P"}
	opened := func(t *testing.T, db string) { ok(t, db, "new", "--game", "auction") }
	dealt := func(t *testing.T, db string) { opened(t, db); ok(t, db, "deal", "--pbn", deal) }
	inPlay := func(t *testing.T, db string) { dealt(t, db); ok(t, db, auction...) }
	cases := []badInput{
		{"card not held", inPlay, []string{"play", "SA"}, 1, []string{"SA", "does not hold"}},
		{"card already played", inPlay, []string{"play", "HJ", "H3", "H5", "HA", "HJ"}, 1, []string{"HJ", "already been played"}},
		{"card during the auction", dealt, []string{"play", "HJ"}, 1, []string{"HJ", "auction is not over"}},
		{"not following suit", inPlay, []string{"play", "HJ", "C9"}, 1, []string{"C9", "must follow suit"}},
		{"not a card", inPlay, []string{"play", "ZZ"}, 2, []string{`"ZZ"`, "not a card"}},
		{"insufficient call", dealt, []string{"call", "1H", "1C"}, 1, []string{"1C", "insufficient", "Law 44"}},
		{"impossible call", dealt, []string{"call", "8S"}, 1, []string{"8S", "1 to 7"}},
		{"not a call", dealt, []string{"call", "1Q"}, 2, []string{`"1Q"`, "not a call"}},
		{"doubling partner", dealt, []string{"call", "1H", "P", "X"}, 1, []string{"X", "partner", "Law 54"}},
		{"dealer passes", dealt, []string{"call", "P"}, 1, []string{"dealer", "Law 42"}},
		{"call after the auction", inPlay, []string{"call", "P"}, 1, []string{"cannot be made"}},
		{"a 14th card", func(t *testing.T, db string) {
			t.Helper()
			script(t, db, "demo")
		}, []string{"play", "SA"}, 1, []string{"hand is over"}},
		{"PBN deal with 51 cards", opened, []string{"deal", "--pbn", "N:84.985.J73.AKQ8 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"}, 1, []string{"51 cards", "52"}},
		{"PBN deal with a card twice", opened, []string{"deal", "--pbn", "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.97A"}, 2, []string{"CA", "twice"}},
		{"deal while a hand is in progress", inPlay, []string{"deal"}, 1, []string{"in progress"}},
		{"cut of three", opened, []string{"deal", "--seed", "1", "--cut", "3"}, 1, []string{"four cards in each packet", "Law 32"}},
		{"claim more than remain", inPlay, []string{"claim", "14"}, 1, []string{"13 tricks remain"}},
		{"claim not a number", inPlay, []string{"claim", "nine"}, 2, []string{"nine"}},
		{"bad glyph", dealt, []string{"note", "--glyph", "!!!", "text"}, 2, []string{"!!!", "glyph"}},
		{"unknown session", dealt, []string{"--session", "01HZZZZZZZZZZZZZZZZZZZZZZZ", "show"}, 1, []string{"no such session"}},
		{"unknown game", opened, []string{"new", "--game", "poker"}, 2, []string{"poker", "hoyle games"}},
		{"unknown flag", opened, []string{"deal", "--hands", "x"}, 2, []string{"--hands"}},
		{"undo with nothing", opened, []string{"undo"}, 1, []string{"nothing to undo"}},
		{"bad seat", opened, []string{"new", "--game", "auction", "--dealer", "Q"}, 2, []string{`"Q"`, "seat"}},
	}
	refused(t, cases)
}

func TestNotADatabase(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.db")
	require.NoError(t, os.WriteFile(junk, bytes.Repeat([]byte("not a database "), 1000), 0o600))
	before := fileHash(t, junk)
	r := hoyle(t, junk, "show")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "not a hoyle database")
	assert.Equal(t, before, fileHash(t, junk))

	r = hoyle(t, filepath.Join(dir, "missing.db"), "show")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "no database at")
	assert.NoFileExists(t, filepath.Join(dir, "missing.db"))
}

func TestNoteRetraction(t *testing.T) {
	db := filepath.Join(t.TempDir(), "n.db")
	script(t, db, "demo")
	before := strings.Count(ok(t, db, "export"), "North could hold up")
	require.Equal(t, 1, before)
	ok(t, db, "note", "--retract", "--by", "Foster")
	assert.NotContains(t, ok(t, db, "export"), "North could hold up")
	assert.Contains(t, ok(t, db, "log"), "log.retraction", "the note stays in the log, withdrawn")
	r := hoyle(t, db, "note", "--retract", "--by", "Foster")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "no such note by Foster")
	ok(t, db, "note", "--retract", "--at", "1.a1")
	assert.NotContains(t, ok(t, db, "export"), "One spade from the dealer")
	r = hoyle(t, db, "note", "--retract", "some text")
	assert.Equal(t, 2, r.code)
}
