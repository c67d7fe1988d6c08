package bolt_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/testkit"
)

// TestConformance runs the store's contract without fsync (NoSync), on a
// file in memory (testkit.MemoryTempDir): it is about what a store
// returns, not what survives a crash (TestDurable and TestCrash keep the
// fsync and the disk). It runs beside TestCrash, whose rounds
// mostly wait for a child process to start.
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) events.Store {
		dir, err := testkit.MemoryTempDir("bolt-conformance-")
		require.NoError(t, err)
		t.Cleanup(func() { os.RemoveAll(dir) })
		s, err := bolt.Open(filepath.Join(dir, "hoyle.db"), bolt.Options{Create: true, NoSync: true})
		require.NoError(t, err)
		return s
	})
}

func TestDurable(t *testing.T) {
	storetest.RunDurable(t, filepath.Join(t.TempDir(), "hoyle.db"), func(t *testing.T, path string) events.Store {
		s, err := bolt.Open(path, bolt.Options{Create: true})
		require.NoError(t, err)
		return s
	})
}

// A small database stays small: one event takes a file of kilobytes, not
// the 16 MiB bbolt grows a file by once 64 MiB are mapped up front (which
// only bulk writers ask for).
func TestASmallFileStaysSmall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.db")
	s, err := bolt.Open(path, bolt.Options{Create: true})
	require.NoError(t, err)
	_, err = s.Append(context.Background(), events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 1)})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Less(t, fi.Size(), int64(256<<10), "a database of one event is %d bytes", fi.Size())
}

// ScanLog gives each record as stored, in log order, across the
// transactions of a long read, from any position, and stops when asked:
// each record is what ReadAll decodes there.
func TestScanLogGivesTheRecordsReadAllReads(t *testing.T) {
	ctx := context.Background()
	s, err := bolt.Open(filepath.Join(t.TempDir(), "scan.db"), bolt.Options{Create: true, NoSync: true})
	require.NoError(t, err)
	defer s.Close()
	const n = 5000 // more than two transactions' worth
	_, err = s.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, n)})
	require.NoError(t, err)
	want, err := storetest.Collect(s.ReadAll(ctx, 1, false))
	require.NoError(t, err)
	require.Len(t, want, n)
	for _, from := range []uint64{1, 2047, 2049, n} {
		var got []events.Envelope
		require.NoError(t, s.ScanLog(ctx, from, func(pos uint64, rec []byte) bool {
			e, err := events.UnmarshalRecord(rec, pos, true)
			require.NoError(t, err)
			got = append(got, e)
			return true
		}))
		assert.Equal(t, want[from-1:], got, "from %d", from)
	}
	seen := 0
	require.NoError(t, s.ScanLog(ctx, 1, func(uint64, []byte) bool { seen++; return seen < 3000 }))
	assert.Equal(t, 3000, seen, "it stops when asked, in its second transaction")
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	assert.ErrorIs(t, s.ScanLog(cancelled, 1, func(uint64, []byte) bool { return true }), context.Canceled)
}
