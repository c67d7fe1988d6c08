package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/load"
)

// refreshCheckpoints writes every session's checkpoint at its head.
func refreshCheckpoints(t *testing.T, db string) {
	t.Helper()
	ctx := context.Background()
	st, err := bolt.Open(db, bolt.Options{})
	require.NoError(t, err)
	defer st.Close()
	list, err := st.Sessions(ctx)
	require.NoError(t, err)
	for _, s := range list {
		require.NoError(t, load.Refresh(ctx, st, s.ID, 0))
	}
}

// hoyleWhole runs hoyle in process on db as hoyle did before it read one
// hand alone: the commands that show a hand read the whole log
// (wholeReads), on db only, so that tests on other databases run beside it.
func hoyleWhole(t *testing.T, db string, args ...string) result {
	t.Helper()
	wholeReads.Store(db, struct{}{})
	defer wholeReads.Delete(db)
	return hoyle(t, db, args...)
}

// sameAsWhole checks that hoyle args on db prints what it prints having
// read the whole log (and is not refused as used wrongly, which would
// print the same both ways).
func sameAsWhole(t *testing.T, db string, args ...string) {
	t.Helper()
	got := hoyle(t, db, args...)
	require.NotEqual(t, exitUsage, got.code, "hoyle %v: %s", args, got.err)
	assert.Equal(t, hoyleWhole(t, db, args...), got, "hoyle %v", args)
}

// TestOneHandShowsWhatTheWholeLogShows: show, show --at, export --hand,
// replay and note --at, reading one hand with the rest from the session's
// checkpoint (or from no checkpoint), print exactly what they print having
// read the whole log, at moments of every kind. go test reads the first,
// a middle and the latest hand of three fixture scripts (every kind of
// moment in the latest) and a hand the session does not have; HOYLE_FULL=1
// (.ci/run) every moment of every hand of seven. That a window read holds
// what the whole fold holds, for every game, whatever the undos, notes and
// checkpoints, is projections/load's TestWindowsAgreeWithTheWholeFold:
// this is the commands' side, that what they print from it is the same.
func TestOneHandShowsWhatTheWholeLogShows(t *testing.T) {
	t.Parallel()
	full := testkit.Rounds(0, 1) == 1
	names := []string{"whist", "five-hundred", "claim"} // honours, discards, claims: moments @N in a hand
	if full {
		names = append(names, "demo", "foster-score-pad", "bridge", "duplicate-whist")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "s.db")
			script(t, db, name)
			ok(t, db, "note", "--at", "1", "a note on the deal, recorded last")
			ok(t, db, "undo") // the note is not undone: the latest entry is
			var v map[string]any
			require.NoError(t, json.Unmarshal([]byte(ok(t, db, "show", "--json")), &v))
			hands := int(v["hand"].(float64))
			events := eventCount(t, db)
			shown := []int{1, (hands + 1) / 2, hands, hands + 1} // hands+1: one the session does not have
			if full {
				shown = nil
				for h := 1; h <= hands+1; h++ {
					shown = append(shown, h)
				}
			}
			shown = slices.Compact(shown)
			// The double-dummy analysis is solved once for each deal and
			// kept: go test shows it both ways in the latest hand of the
			// claim (show and replay below), and leaves it out of the
			// others', where it would only add the solver's time for each
			// deal; HOYLE_FULL=1 shows it in every script's.
			var latestDD []string
			if !full && name != "claim" {
				latestDD = []string{"--no-dd"}
			}
			// What the whole log prints is read once, before the
			// checkpoints are brought to the head: a whole read folds every
			// event and no checkpoint (load.Session), so a second read
			// after them would print the same again. Both passes compare
			// the read of one hand with it.
			wholes := map[string]result{}
			for _, checkpoint := range []bool{false, true} {
				if checkpoint {
					refreshCheckpoints(t, db)
				}
				same := func(args ...string) {
					t.Helper()
					got := hoyle(t, db, args...)
					require.NotEqual(t, exitUsage, got.code, "hoyle %v: %s", args, got.err)
					key := strings.Join(args, "\x00")
					want, read := wholes[key]
					if !read {
						want = hoyleWhole(t, db, args...)
						wholes[key] = want
					}
					assert.Equal(t, want, got, "hoyle %v (checkpoint %v)", args, checkpoint)
				}
				same(append([]string{"show"}, latestDD...)...)
				same("show", "--json") // the JSON has no analysis (--no-dd is refused with it)
				same("export")
				same(append([]string{"replay"}, latestDD...)...)
				// Each hand and moment without the double-dummy analysis:
				// the latest hand's above shows it read alike both ways, and
				// here it would only add the solver's time for each deal.
				moments := []string{"", ".a1", ".a3", ".1", ".2.1", ".13", ".1.4"}
				for _, h := range shown {
					same("export", "--hand", fmt.Sprint(h), "--no-dd")
					same("export", "--from", fmt.Sprint(h)+".1", "--no-dd") // the write-up of the hand of --from
					same("replay", "--hand", fmt.Sprint(h), "--no-dd")
					for i, m := range moments {
						if !full && h != hands && i != 0 && i != h%len(moments) {
							continue // every kind of moment in the latest hand, two in the others
						}
						same("show", "--at", fmt.Sprint(h)+m, "--no-dd")
						same("show", "--json", "--at", fmt.Sprint(h)+m, "--seats", "foster")
						same("export", "--at", fmt.Sprint(h)+m, "--ascii", "--no-dd")
					}
				}
				for n := 1; n <= events+1; n += max(1, events/testkit.Rounds(5, 20)) {
					same("show", "--json", "--at", fmt.Sprintf("@%d", n))
					same("replay", "--at", fmt.Sprintf("@%d", n), "--no-dd")
				}
			}
		})
	}
}

// hasCheckpoint reports whether the database keeps a checkpoint for the
// latest session.
func hasCheckpoint(t *testing.T, db string) bool {
	t.Helper()
	ctx := context.Background()
	st, err := bolt.Open(db, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer st.Close()
	id, err := st.LastSession(ctx)
	require.NoError(t, err)
	found := false
	require.NoError(t, st.ReadSnapshot(ctx, id, nil, func(_, _ []byte) bool { found = true; return false }))
	return found
}

// The writers leave a checkpoint behind them: simulate when it ends, an
// import (a bulk writer) once it is done, a table entry in a session that
// has none; readers never write one.
func TestWritersLeaveCheckpoints(t *testing.T) {
	dir := t.TempDir()
	sim := filepath.Join(dir, "sim.db")
	ok(t, sim, "simulate", "--game", "contract", "--hands", "5", "--seed", "2")
	assert.True(t, hasCheckpoint(t, sim), "simulate")

	backup := filepath.Join(dir, "backup.json")
	ok(t, sim, "export", "--format", "json", "-o", backup)
	imported := filepath.Join(dir, "imported.db")
	ok(t, imported, "import", backup)
	assert.True(t, hasCheckpoint(t, imported), "import")

	table := filepath.Join(dir, "table.db")
	ok(t, table, "new", "--game", "auction")
	before := fileHash(t, table)
	ok(t, table, "show")
	ok(t, table, "score")
	assert.Equal(t, before, fileHash(t, table), "readers do not write")
	ok(t, table, "deal")
	assert.True(t, hasCheckpoint(t, table), "a table entry")
}
