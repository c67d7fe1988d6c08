package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The event's record: hoyle roster and hoyle boards, and the tables that
// read them. The folds and checks are tested in projections/eventbook.

// handRecordPBN is a dealing machine's file of two boards.
const handRecordPBN = `[Board "1"]
[Deal "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"]

[Board "3"]
[Deal "N:87.T763.8765.T96 AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8"]
`

// board3Other is board 3 dealt otherwise: North holds the hand record's
// East hand.
const board3Other = "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"

// writeFile writes a test file and returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// clubEvening opens the three tables of a Mitchell of three on db, each
// naming its starting pairs N1, E1... by table.
func clubEvening(t *testing.T, db string) {
	t.Helper()
	clubTables(t, db)
}

// clubTables is clubEvening, returning the tables' session IDs.
func clubTables(t *testing.T, db string) []string {
	t.Helper()
	var ids []string
	for _, tb := range []string{"1", "2", "3"} {
		ids = append(ids, strings.TrimSpace(ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Club", "--table", tb, "--movement", "mitchell:3x2",
			"--north", "N"+tb, "--east", "E"+tb, "--south", "S"+tb, "--west", "W"+tb)))
	}
	return ids
}

// TestAnEveningFromTheRosterAndTheHandRecord: table 1 takes board 1 from
// the hand record with no cards typed; in round 2 (board 3) it has pair 1
// North-South, named by the roster, and pair 3 East-West, named by the
// table it started at; every view names them so; cards that differ are
// refused with the difference named, unless the board is fouled.
func TestAnEveningFromTheRosterAndTheHandRecord(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	ids := clubTables(t, db)
	ok(t, db, "roster", "--event", "Club", `1NS=Ann Ames & Bob Birch`)
	assert.Contains(t, ok(t, db, "boards", "--event", "Club", writeFile(t, "hr.pbn", handRecordPBN)), "loaded 2 boards")
	assert.Len(t, strings.Split(strings.TrimSpace(ok(t, db, "sessions")), "\n"), 3, "the event's record is no table")

	// The record was opened last: a command that names no session is for
	// the table opened last, not the record.
	assert.Contains(t, ok(t, db, "show"), "N (N3) deals first", "table 3, opened last")

	t1 := []string{"--session", ids[0]}
	at := func(args ...string) []string { return append(append([]string{}, t1...), args...) }
	assert.Contains(t, ok(t, db, at("deal", "--board", "1")...), "N (Ann Ames) to call")
	assert.Contains(t, ok(t, db, at("export", "--format", "pbn")...), `[Deal "N:AKQ2.K2.A3.AQ432`)
	ok(t, db, at("call", "1NT", "P", "P", "P")...)
	ok(t, db, at("claim", "7")...)

	before := eventCount(t, db, t1...)
	r := hoyle(t, db, at("deal", "--board", "3", "--pbn", board3Other)...)
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "board 3: the hand record gives North ♠87 ♥10763 ♦8765 ♣1096, you gave ♠AKQ2 ♥K2 ♦A3 ♣AQ432")
	assert.Equal(t, before, eventCount(t, db, t1...), "nothing appended")

	ok(t, db, at("deal", "--board", "3", "--fouled", "--pbn", board3Other)...)
	assert.Contains(t, ok(t, db, at("log", "--json")...), `"fouled":true`)
	ok(t, db, at("undo")...)
	ok(t, db, at("deal", "--board", "3")...)

	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, at("show", "--json")...)), &v))
	assert.Equal(t, map[string]any{"N": "Ann Ames", "S": "Bob Birch", "E": "E3", "W": "W3"}, v["seated"])
	assert.Contains(t, ok(t, db, at("show")...), "North: Ann Ames")
	pbnOut := ok(t, db, at("export", "--format", "pbn")...)
	assert.Contains(t, pbnOut, `[North "Ann Ames"]`)
	assert.Contains(t, pbnOut, `[East "E3"]`, "round 2: pair 3 East-West, named by table 3")
	assert.Contains(t, pbnOut, `[East "E1"]`, "round 1: pair 1 East-West")
	assert.Contains(t, ok(t, db, at("export", "--format", "lin")...), "Ann Ames")
	ok(t, db, at("call", "1NT", "P", "P", "P")...)
	ok(t, db, at("claim", "7")...)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json", "--event", "Club")), &rep))
	row := rep["events"].([]any)[0].(map[string]any)["boards"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)
	assert.Equal(t, "1 NS Ann Ames & Bob Birch", row["ns_pair"])
	assert.Contains(t, ok(t, db, "verify"), "every hash chain is unbroken")

	// A board not in the hand record is dealt as before.
	id := strings.TrimSpace(ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Club", "--table", "2", "--movement", "mitchell:3x2"))
	assert.Contains(t, ok(t, db, "--session", id, "deal", "--board", "4", "--pbn", board3Other), "board 4")

	// Withdrawn, the roster names the pair by its table again.
	ok(t, db, "roster", "--event", "Club", "--undo")
	assert.Contains(t, ok(t, db, at("show")...), "North: N1")
}

// TestEventRecordBadInput: each refused with its reason, nothing appended.
func TestEventRecordBadInput(t *testing.T) {
	t.Parallel()
	pbnFile := func(deal1, deal2 string) string {
		return writeFile(t, "hr.pbn", "[Board \"1\"]\n[Deal \""+deal1+"\"]\n\n[Board \"2\"]\n[Deal \""+deal2+"\"]\n")
	}
	good := "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	other := "N:J93.QJ9.KQJ2.J75 AKQ2.K2.A3.AQ432 T654.A854.T94.K8 87.T763.8765.T96"
	refused(t, []badInput{
		{"a pair named twice", clubEvening, []string{"roster", "--event", "Club", "1NS=Ann & Bob", "1ns=Ann & Bob"}, exitUsage,
			[]string{"the roster names a pair twice: 1 NS is named twice"}},
		{"one pair, two lists", clubEvening, []string{"roster", "--event", "Club", "1NS=Ann & Bob", "1 NS=Cy & Di"}, exitUsage,
			[]string{`as "Ann & Bob" and as "Cy & Di"`}},
		{"a pair the movement lacks", clubEvening, []string{"roster", "--event", "Club", "4NS=Ann & Bob"}, exitUsage,
			[]string{"the movement mitchell:3x2 has no pair 4 NS"}},
		{"a Mitchell pair without its direction", clubEvening, []string{"roster", "--event", "Club", "2=Ann & Bob"}, exitUsage,
			[]string{"write 2NS or 2EW"}},
		{"a card dealt twice", clubEvening, []string{"boards", "--event", "Club", pbnFile(good, strings.Replace(good, "J93", "A93", 1))}, exitUsage,
			[]string{"board 2", "dealt twice", "nothing was loaded"}},
		{"a card missing", clubEvening, []string{"boards", "--event", "Club", pbnFile(good, strings.Replace(good, "J93", "93", 1))}, exitUsage,
			[]string{"board 2: East has 12 cards, not 13", "nothing was loaded"}},
		{"a board twice with two deals", clubEvening, []string{"boards", "--event", "Club",
			writeFile(t, "twice.pbn", "[Board \"1\"]\n[Deal \""+good+"\"]\n\n[Board \"1\"]\n[Deal \""+other+"\"]\n")}, exitUsage,
			[]string{"board 1 is given twice", "the first gives North"}},
		{"fouled without a hand record", clubEvening, []string{"--event", "Club", "--table", "1", "deal", "--board", "1", "--fouled", "--pbn", good}, exitUsage,
			[]string{"board 1 is not in the event's hand record"}},
	})
}

// TestEventRecordOnTheSharedLog: the roster and the hand record on hoyle
// serve's shared log (an embedded server), as on a file: loaded once, read
// by a table, listed apart from the tables, verified.
func TestEventRecordOnTheSharedLog(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	ids := clubTables(t, url)
	ok(t, url, "roster", "--event", "club", `1NS=Ann Ames & Bob Birch`, `3EW=Cy Cole & Di Dunn`)
	ok(t, url, "boards", "--event", "Club", writeFile(t, "hr.pbn", handRecordPBN))
	r := hoyle(t, url, "roster", "--event", "Club", "1NS=X & Y", "1NS=Z & W")
	assert.Equal(t, exitUsage, r.code, "refused on the shared log too")

	assert.Contains(t, ok(t, url, "--event", "Club", "--table", "1", "deal", "--board", "1"), "N (Ann Ames) to call")
	ok(t, url, "--event", "Club", "--table", "1", "call", "3NT", "P", "P", "P")
	ok(t, url, "--event", "Club", "--table", "1", "claim", "9")
	ok(t, url, "--event", "Club", "--table", "1", "deal", "--board", "3")
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, url, "--session", ids[0], "show", "--json")), &v))
	assert.Equal(t, map[string]any{"N": "Ann Ames", "S": "Bob Birch", "E": "Cy Cole", "W": "Di Dunn"}, v["seated"])

	// Three tables open and the record beside them: a command that names
	// no table is refused with the list of tables, the record not among them.
	r = hoyle(t, url, "show")
	assert.NotEqual(t, 0, r.code)
	assert.Equal(t, 3, strings.Count(r.err, "Club · table"), r.err)
	assert.Len(t, strings.Split(strings.TrimSpace(ok(t, url, "sessions")), "\n"), 3)
	assert.Contains(t, ok(t, url, "verify"), "every hash chain is unbroken")
	assert.Contains(t, ok(t, url, "boards", "--event", "CLUB"), "board 3")
}

// TestImportTakesTheHandRecord: a PBN file of an event's results gives
// the event its hand record (each board once, a board dealt two ways
// left out); a table of the event then deals from it.
func TestImportTakesTheHandRecord(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "imp.db")
	game := func(table, board, deal string) string {
		return `[Event "Imported"]
[Site ""]
[Date "2026.12.01"]
[Board "` + board + `"]
[Table "` + table + `"]
[West "w"]
[North "n"]
[East "e"]
[South "s"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "` + deal + `"]
[Scoring "MP"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]

`
	}
	file := writeFile(t, "results.pbn", game("1", "1", board3Other)+game("2", "1", board3Other)+
		game("1", "2", board3Other)+game("2", "2", "N:J93.QJ9.KQJ2.J75 AKQ2.K2.A3.AQ432 T654.A854.T94.K8 87.T763.8765.T96"))
	r := hoyle(t, db, "import", file)
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.err, "board 2 of \"Imported\" is dealt two ways")
	out := ok(t, db, "boards", "--event", "Imported")
	assert.Contains(t, out, "board 1   "+board3Other)
	assert.NotContains(t, out, "board 2")
	assert.Contains(t, ok(t, db, "verify"), "in 2 sessions (4 hands) and 1 event's record verified")
	// Imported again: nothing new to take.
	r = hoyle(t, db, "import", file)
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, out, ok(t, db, "boards", "--event", "Imported"))
}

// TestThePromptNamesWhoSitsThere: the record prompt at a table of the
// event names the roster's players on the board in hand.
func TestThePromptNamesWhoSitsThere(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "prompt.db")
	ids := clubTables(t, db)
	ok(t, db, "roster", "--event", "Club", `1NS=Ann Ames & Bob Birch`)
	ok(t, db, "boards", "--event", "Club", writeFile(t, "hr.pbn", handRecordPBN))
	r := recordPiped(t, db, "deal --board 1\n", "--session", ids[0])
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "N (Ann Ames) to call")
}
