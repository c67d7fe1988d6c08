package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
)

// The frozen databases in fixtures/db: each was written once, by the hoyle
// of its day, from fixtures/scripts/frozen-NAME.hoyle, and is never written
// again. Every later hoyle must open and verify each of them and fold it to
// the same results (testdata/frozen/NAME.golden): the log is the record,
// and no change of code may change what an old record says. An event whose
// schema changed since is read through its upcaster; the file's bytes stay.
//
//	go run ./cmd/hoyle-tools/freeze v6                         writes fixtures/db/v6.db (never over an existing one)
//	go test ./cmd/hoyle -run 'TestFrozenDatabases/v6' -update   writes its golden file
//	go test ./cmd/hoyle -run TestFrozenDatabases -update        rewrites the golden files, for a change of output meant

const frozenDir = "../../fixtures/db"

func TestFrozenDatabases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(frozenDir, "*.db"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no frozen databases in %s", frozenDir)
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".db")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			before := fileHash(t, path)
			got := frozenTranscript(t, path)
			assert.Equal(t, before, fileHash(t, path), "reading %s changed it", path)
			// A difference means the fold of an old log changed. If the
			// change of output is meant (and the log's meaning is not), run
			// go test ./cmd/hoyle -run TestFrozen -update and review the diff.
			testkit.Golden(t, filepath.Join("testdata", "frozen", name+".golden"), got)
		})
	}
}

// frozenTranscript runs the read-only commands on the frozen database
// itself (so that its bytes are checked unchanged afterwards) and returns
// what they print, for the golden file.
func frozenTranscript(t *testing.T, db string) string {
	t.Helper()
	var b strings.Builder
	step := func(args ...string) string {
		t.Helper()
		out := ok(t, db, args...)
		fmt.Fprintf(&b, "$ hoyle %s\n%s", strings.Join(args, " "), out)
		return out
	}
	step("verify")
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(step("sessions")), "\n") {
		ids = append(ids, strings.Fields(line)[0])
	}
	for _, id := range ids {
		step("--session", id, "log", "--json")
		step("--session", id, "show", "--json")
		step("--session", id, "score", "--json")
	}
	fmt.Fprintf(&b, "$ (fold summary)\n%s", foldSummary(t, db, ids))
	return b.String()
}

// foldSummary is what the projections make of each session, in a form that
// does not depend on how any command prints it.
func foldSummary(t *testing.T, db string, ids []string) string {
	t.Helper()
	ctx := context.Background()
	st, err := bolt.Open(db, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer st.Close()
	var b strings.Builder
	for _, id := range ids {
		s, envs, err := load.Session(ctx, st, id)
		require.NoError(t, err)
		fmt.Fprintf(&b, "session %s (%s): %d events, %d steps in force, closed %v, next dealer %s, problems %d\n",
			id, s.Opened.Ruleset, len(envs), len(s.Steps), s.Closed, s.NextDealer, len(s.Problems))
		for _, h := range s.Hands {
			contract := "none"
			if h.Contract != nil {
				contract = fmt.Sprintf("%d%s x%d by %s", h.Contract.Level, h.Contract.Strain, h.Contract.Doubled, h.Contract.Declarer)
			}
			claim := "no claim"
			if h.Claim != nil {
				claim = fmt.Sprintf("claim %d by %s", h.Claim.Tricks, h.Claim.Seat)
			}
			fmt.Fprintf(&b, "  hand %d: dealer %s, board %d, %s, %d calls, %d tricks, won %v, %s, honours claimed %v\n",
				h.Number, h.Dealer, h.Board, contract, len(h.Calls), len(h.Tricks), h.Won, claim, h.HonoursClaimed)
		}
		for _, n := range s.Notes {
			fmt.Fprintf(&b, "  note at event %d: %q %q by %q\n", n.Version, n.Glyph, n.Text, n.By)
		}
		sheet, err := json.Marshal(s.Score())
		require.NoError(t, err)
		fmt.Fprintf(&b, "  score: %s\n", sheet)
	}
	return b.String()
}

// frozenTypes reads a frozen database: the event types it holds, and how
// many of its events are read through an upcaster, by type and schemas.
func frozenTypes(t *testing.T, name string) (have map[string]bool, upcast map[string]int) {
	t.Helper()
	st, err := bolt.Open(filepath.Join(frozenDir, name+".db"), bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer st.Close()
	have, upcast = map[string]bool{}, map[string]int{}
	for e, err := range st.ReadAll(context.Background(), 1, true) {
		require.NoError(t, err)
		have[e.Type] = true
		if info, _ := events.Lookup(e.Type); e.Schema < info.Schema {
			upcast[fmt.Sprintf("%s schema %d to %d", e.Type, e.Schema, info.Schema)]++
		}
	}
	return have, upcast
}

// TestFrozenV1HasEveryEventType: v1 holds every event type hoyle had then
// but play.discard, which no game of the day could record (no widow); its
// claims are schema 1, read through the upcaster.
func TestFrozenV1HasEveryEventType(t *testing.T) {
	t.Parallel()
	have, upcast := frozenTypes(t, "v1")
	var missing []string
	for _, typ := range []string{
		table.TypeSessionOpened, table.TypeSessionClosed, table.TypeCutForDeal, table.TypeShuffled, table.TypeCut,
		table.TypeDealt, table.TypeCalled, table.TypePlayed, table.TypeClaimed, table.TypeHonoursClaimed,
		table.TypeRetracted, table.TypeNoted,
	} {
		if !have[typ] {
			missing = append(missing, typ)
		}
	}
	assert.Empty(t, missing)
	assert.False(t, have[table.TypeDiscarded])
	// play.claim went to schema 2 (the claimer's statement) after v1 was
	// frozen, and to 3 (how the rest fall) after v2: v1's claims are read
	// through the upcaster, without statement.
	assert.Equal(t, 4, upcast["play.claim schema 1 to 3"], "v1's claims are read through the upcaster: %v", upcast)
	t.Logf("v1 events read through upcasters: %v", upcast)
}

// TestFrozenV2HasEveryEventType: v2 holds every event type registered
// when it was frozen (those registered since are in v3); its claims are
// schema 2, read through the upcaster.
func TestFrozenV2HasEveryEventType(t *testing.T) {
	t.Parallel()
	have, upcast := frozenTypes(t, "v2")
	var missing []string
	for _, typ := range []string{
		table.TypeSessionOpened, table.TypeSessionClosed, table.TypeCutForDeal, table.TypeShuffled, table.TypeCut,
		table.TypeDealt, table.TypeCalled, table.TypePlayed, table.TypeDiscarded, table.TypeClaimed,
		table.TypeHonoursClaimed, table.TypeRetracted, table.TypeNoted,
	} {
		if !have[typ] {
			missing = append(missing, typ)
		}
	}
	assert.Empty(t, missing)
	assert.NotZero(t, upcast["play.claim schema 2 to 3"], "v2's claims (schema 2) are read through the upcaster: %v", upcast)
	t.Logf("v2 events read through upcasters: %v", upcast)
}

// TestFrozenV3HasEveryEventType: v3 and the frozen databases since hold
// every event type hoyle registers (v6 the event's record's). A type
// registered since belongs in the next frozen database (see
// fixtures/db/README.md).
func TestFrozenV3HasEveryEventType(t *testing.T) {
	t.Parallel()
	have, upcast := frozenTypes(t, "v3")
	// A type registered since v3 is in the frozen database of its day.
	later, _ := frozenTypes(t, "v6") // ruling.adjusted
	v7, _ := frozenTypes(t, "v7")    // event.roster, event.boards
	for k := range v7 {
		later[k] = true
	}
	var missing []string
	for _, info := range events.Types() {
		if !strings.HasPrefix(info.Name, "test.") && !have[info.Name] && !later[info.Name] {
			missing = append(missing, info.Name)
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "event types in no frozen database: freeze a new one with them (see fixtures/db/README.md)")
	// v3 was frozen with every type at its schema of the day; since then
	// a contract given has kept the seat a file's auction began with, a
	// new deal says whether it was a misdeal, and a deal whether its
	// board was fouled.
	var changed []string
	for k := range upcast {
		changed = append(changed, k)
	}
	sort.Strings(changed)
	assert.Equal(t, []string{"auction.contract schema 1 to 2", "deal.dealt schema 1 to 2", "deal.new_deal schema 1 to 2"}, changed, "v3's events read through upcasters")
}

// TestFrozenV4HoldsTodaysContractGiven: v4 holds a contract given in
// schema 2, with the seat its file's auction began from, and Humbug
// Whist's announced trump; nothing in it is read through an upcaster but
// its deals (a board fouled is marked since, deal.dealt schema 2).
func TestFrozenV4HoldsTodaysContractGiven(t *testing.T) {
	t.Parallel()
	have, upcast := frozenTypes(t, "v4")
	assert.True(t, have[table.TypeContractGiven])
	assert.Equal(t, map[string]int{"deal.dealt schema 1 to 2": 2}, upcast, "v4 was frozen with every type at its schema of the day, but deals")
	db := filepath.Join(frozenDir, "v4.db")
	var sessions []struct{ ID, Name string }
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "sessions", "--json")), &sessions))
	require.NotEmpty(t, sessions)
	log := ok(t, db, "--session", sessions[0].ID, "log", "--json")
	assert.Equal(t, "Frozen v4", sessions[0].Name)
	assert.Contains(t, log, `"type":"auction.contract","schema":2`)
	assert.Contains(t, log, `"first":"E"`)
}

// TestFrozenV5UndoneDealsLeaveSeatings: every session of v5 holds an
// undone deal whose deal.seated stays in the log after it (undo retracts
// the deal alone), in King's Bridge, Draw Bridge, Six-hand Bridge and
// under a pivot and a progressive movement; each verifies (in
// TestFrozenDatabases) and its JSON export imports into an empty database
// that verifies too.
func TestFrozenV5UndoneDealsLeaveSeatings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(frozenDir, "v5.db")
	st, err := bolt.Open(path, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	var envs []events.Envelope
	for e, err := range st.ReadAll(ctx, 1, true) {
		require.NoError(t, err)
		envs = append(envs, e)
	}
	require.NoError(t, st.Close())
	withdrawn := projections.Retracted(envs)
	left := map[string]bool{} // sessions with a seating after a withdrawn deal
	for i, e := range envs {
		if e.Type == table.TypeSeated && i > 0 && envs[i-1].Type == table.TypeDealt && withdrawn[envs[i-1].ID] {
			left[e.Session] = true
		}
	}
	var sessions []struct{ ID string }
	require.NoError(t, json.Unmarshal([]byte(ok(t, path, "sessions", "--json")), &sessions))
	require.Len(t, sessions, 5)
	for _, s := range sessions {
		assert.True(t, left[s.ID], "session %s holds a seating left by an undone deal", s.ID)
		export := filepath.Join(t.TempDir(), s.ID+".json")
		require.NoError(t, os.WriteFile(export, []byte(ok(t, path, "--session", s.ID, "export", "--format", "json")), 0o600))
		db := filepath.Join(t.TempDir(), "restored.db")
		ok(t, db, "import", export)
		assert.Contains(t, ok(t, db, "verify"), "ok: ")
	}
}

// TestFrozenDatabaseTakesNewEntries: a copy of the oldest frozen database
// takes today's entries beside its old ones, and verifies; the old events
// read as before.
func TestFrozenDatabaseTakesNewEntries(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join(frozenDir, "v1.db"))
	require.NoError(t, err)
	db := filepath.Join(t.TempDir(), "v1-copy.db")
	require.NoError(t, os.WriteFile(db, b, 0o600))
	sessions := strings.Split(strings.TrimSpace(ok(t, db, "sessions")), "\n")
	first := strings.Fields(sessions[0])[0]
	oldLog := ok(t, db, "--session", first, "log", "--json")

	ok(t, db, "new", "--game", "contract", "--name", "today's")
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, "call", "1NT", "P", "3NT", "P", "P", "P")
	ok(t, db, "claim", "9", "--statement", "nine on top: four spades, two hearts, three clubs")
	out := ok(t, db, "verify")
	assert.Contains(t, out, "in 4 sessions")
	lines := strings.Split(strings.TrimSpace(ok(t, db, "log", "--json")), "\n")
	var claim struct {
		Type   string
		Schema int
		Data   struct {
			Tricks    int
			Statement string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &claim))
	assert.Equal(t, "play.claim", claim.Type)
	assert.Equal(t, 3, claim.Schema, "today's claims are stored in schema 3")
	assert.Equal(t, "nine on top: four spades, two hearts, three clubs", claim.Data.Statement)
	assert.Contains(t, oldLog, `"type":"play.claim","schema":1`, "v1's claims stay in schema 1")
	assert.Equal(t, oldLog, ok(t, db, "--session", first, "log", "--json"), "the old session reads as before")
}

// TestFrozenV6HoldsRulings: v6 holds a director's rulings (ruling.adjusted):
// a weighted score superseded by an artificial one at table 2, a
// procedural penalty at table 1 and an assigned score there withdrawn
// again. compare scores board 1 by them: table 2 avg+ (60% of the top of
// 2: 1.2) and avg- (0.8); table 1 (420), compared with nothing, is
// factored to an average, 1, and East-West's 1 loses 10% of 2: 0.8.
func TestFrozenV6HoldsRulings(t *testing.T) {
	t.Parallel()
	have, upcast := frozenTypes(t, "v6")
	assert.True(t, have[table.TypeRulingAdjusted])
	assert.Equal(t, map[string]int{"deal.dealt schema 1 to 2": 2}, upcast, "v6 was frozen with every type at its schema of the day, but deals (a board fouled is marked since)")
	var rep struct {
		Events []struct {
			Boards []struct {
				Results []struct {
					Adjusted    *string  `json:"adjusted"`
					Matchpoints *float64 `json:"matchpoints"`
					Penalty     string   `json:"penalty"`
				} `json:"results"`
			} `json:"boards"`
			Totals []struct {
				Name        string   `json:"name"`
				Matchpoints *float64 `json:"matchpoints"`
			} `json:"totals"`
		} `json:"events"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, filepath.Join(frozenDir, "v6.db"), "compare", "--json")), &rep))
	require.Len(t, rep.Events, 1)
	res := rep.Events[0].Boards[0].Results
	require.Len(t, res, 2)
	assert.Nil(t, res[0].Adjusted, "the assigned score at table 1 was withdrawn")
	assert.Equal(t, 1.0, *res[0].Matchpoints)
	assert.Equal(t, "EW loses 10% of the top", res[0].Penalty)
	require.NotNil(t, res[1].Adjusted)
	assert.Equal(t, "avg+", *res[1].Adjusted, "the latest ruling on the board stands")
	assert.Equal(t, 1.2, *res[1].Matchpoints)
	totals := map[string]float64{}
	for _, tot := range rep.Events[0].Totals {
		totals[tot.Name] = *tot.Matchpoints
	}
	assert.Equal(t, map[string]float64{"Ed & Flo": 1.2, "Ann & Bob": 1, "Cy & Di": 0.8, "Gus & Hal": 0.8}, totals)
}

// TestFrozenV7HoldsAnEventsRecord: v7 holds an event's own record (its
// roster, one entry withdrawn, and its hand record) beside two tables, one
// of which recorded a fouled board; it verifies, and the roster still
// names the players who sat at table 1.
func TestFrozenV7HoldsAnEventsRecord(t *testing.T) {
	t.Parallel()
	have, upcast := frozenTypes(t, "v7")
	assert.True(t, have[eventrec.TypeRoster] && have[eventrec.TypeBoards] && have[table.TypeRetracted])
	assert.Empty(t, upcast, "v7 was frozen with every type at its schema of the day")
	db := filepath.Join(frozenDir, "v7.db")
	before := fileHash(t, db)
	// The file is the repository's: nothing here may write to it, and a
	// show that analysed a hand would keep its analysis beside the log
	// (hoyle help double-dummy), so show leaves the analysis out.
	defer func() { assert.Equal(t, before, fileHash(t, db), "reading v7 changed it") }()
	assert.Contains(t, ok(t, db, "roster", "--event", "Frozen v7"), "1 NS     Ann Ames & Bob Birch")
	assert.NotContains(t, ok(t, db, "roster", "--event", "Frozen v7"), "Ed Eyre", "the withdrawn entry")
	assert.Contains(t, ok(t, db, "--event", "Frozen v7", "--table", "2", "log", "--json"), `"fouled":true`)
	assert.Contains(t, ok(t, db, "--event", "Frozen v7", "--table", "1", "show", "--no-dd"), "North: Ann Ames")
}
