package main

import (
	"context"
	"encoding/binary"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

// TestDDKeptBesideTheLog: a hand's analysis is solved by the first command
// that shows it, kept in the database's derived data, and read from there
// by the next (show, export, replay, dd), as a new process would find it:
// the process's own memory is emptied first. verify does not read it, a
// damaged record is solved again, and verify --repair drops it all.
//
// Not parallel: it counts the solves of the process's keeper, which no
// other test uses while a test that is not parallel runs.
func TestDDKeptBesideTheLog(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "kept.db")
	script(t, db, "demo")
	k := ddkeep.Shared()
	solved := func(args ...string) (string, int64) {
		t.Helper()
		k.Reset() // as a new process: nothing in memory
		before := k.Solves()
		out := ok(t, db, args...)
		return out, k.Solves() - before
	}

	first, n := solved("show")
	require.Contains(t, first, "Double dummy")
	assert.Equal(t, int64(2), n, "the table and the play's trace solved")
	again, n := solved("show")
	assert.Equal(t, first, again)
	assert.Equal(t, int64(0), n, "a second show finds both beside the log")
	for _, args := range [][]string{{"export", "--format", "md"}, {"replay"}, {"dd"}, {"dd", "--json"}} {
		_, n := solved(args...)
		assert.Equal(t, int64(0), n, "%v reads the kept analysis", args)
	}
	_, n = solved("show", "--no-dd")
	assert.Equal(t, int64(0), n)

	// A damaged record is not believed: solved again, and the output is
	// the solver's.
	st, err := bolt.Open(db, bolt.Options{LockTimeout: time.Second})
	require.NoError(t, err)
	id, err := st.LastSession(ctx)
	require.NoError(t, err)
	s, err := load.Tail(ctx, st, id)
	require.NoError(t, err)
	key := []byte{0x01} // the deal's table (see projections/ddkeep)
	for _, h := range s.Hands[0].Dealt {
		key = binary.BigEndian.AppendUint64(key, uint64(h))
	}
	v, err := st.ReadDerived(ctx, ddkeep.Name, key)
	require.NoError(t, err)
	require.NotNil(t, v, "the table is kept under its deal")
	v[0] ^= 0x0f
	require.NoError(t, st.WriteDerived(ctx, ddkeep.Name, events.SnapshotWrite{Put: []events.SnapshotRecord{{Key: key, Value: v}}}))
	require.NoError(t, st.Close())
	damaged, n := solved("show")
	assert.Equal(t, first, damaged)
	assert.Equal(t, int64(1), n, "the damaged table solved again")

	// verify does not read it: a damaged record is no fault of the log.
	st, err = bolt.Open(db, bolt.Options{LockTimeout: time.Second})
	require.NoError(t, err)
	require.NoError(t, st.WriteDerived(ctx, ddkeep.Name, events.SnapshotWrite{Put: []events.SnapshotRecord{{Key: key, Value: []byte("garbage")}}}))
	require.NoError(t, st.Close())
	assert.Contains(t, ok(t, db, "verify"), "ok: 73 events")

	// Dropped, and solved again as it is asked for.
	assert.Contains(t, ok(t, db, "verify", "--repair"), "dropped the kept double-dummy analysis")
	st, err = bolt.Open(db, bolt.Options{ReadOnly: true, LockTimeout: time.Second})
	require.NoError(t, err)
	v, err = st.ReadDerived(ctx, ddkeep.Name, key)
	require.NoError(t, err)
	assert.Nil(t, v)
	require.NoError(t, st.Close())
	rebuilt, n := solved("show")
	assert.Equal(t, first, rebuilt)
	assert.Equal(t, int64(2), n)
	_, n = solved("show")
	assert.Equal(t, int64(0), n, "kept again")
}

// TestPromptNeverWaitsForTheSolver: show at the record prompt shows the
// hand at once, saying the analysis is being solved; dd, asked for it,
// waits; the next show has it.
//
// Not parallel: it empties the process's keeper, so that the demo's deal
// is not known yet.
func TestPromptNeverWaitsForTheSolver(t *testing.T) {
	db := filepath.Join(t.TempDir(), "prompt.db")
	script(t, db, "demo")
	ddkeep.Shared().Reset()
	r := recordPiped(t, db, "show\ndd\nshow\n")
	require.Equal(t, 0, r.code, r.err)
	pending := strings.Index(r.out, replay.DDPendingText)
	table := strings.Index(r.out, "Double dummy: the tricks each hand takes as declarer")
	analysed := strings.LastIndex(r.out, "## Double dummy")
	require.NotEqual(t, -1, pending, "the first show does not wait: %s", r.out)
	require.NotEqual(t, -1, table, "dd waits for the analysis")
	require.NotEqual(t, -1, analysed, "the second show has it")
	assert.Less(t, pending, table)
	assert.Less(t, table, analysed)
	assert.Equal(t, 1, strings.Count(r.out, replay.DDPendingText))
}
