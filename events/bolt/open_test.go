package bolt_test

import (
	"context"
	"encoding/binary"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/storetest"
)

// newDB makes a hoyle database at a new path holding n events in one session
// (with NoSync: these tests are about opening, not durability), and closes it.
func newDB(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hoyle.db")
	s, err := bolt.Open(path, bolt.Options{Create: true, NoSync: true})
	require.NoError(t, err)
	ctx := context.Background()
	for i := 0; i < n; i += 500 {
		k := min(500, n-i)
		expected := uint64(i)
		_, err := s.Append(ctx, events.Batch{Session: "s", Expected: expected, Events: storetest.Events(i, k)})
		require.NoError(t, err)
	}
	require.NoError(t, s.Close())
	return path
}

func TestLocked(t *testing.T) {
	t.Parallel() // it waits on locks and sleeps more than it works
	path := newDB(t, 3)
	s, err := bolt.Open(path, bolt.Options{})
	require.NoError(t, err)
	defer s.Close()

	// The three opens wait for the lock side by side: each waits its own
	// second, and the test one second, not three.
	opts := []bolt.Options{{}, {Create: true}, {ReadOnly: true}}
	errs := make([]error, len(opts))
	took := make([]time.Duration, len(opts))
	var wg sync.WaitGroup
	for i, opt := range opts {
		wg.Go(func() {
			start := time.Now()
			other, err := bolt.Open(path, opt)
			took[i], errs[i] = time.Since(start), err
			if other != nil {
				other.Close()
			}
		})
	}
	start := time.Now()
	_, err = bolt.Open(path, bolt.Options{LockTimeout: 100 * time.Millisecond})
	require.ErrorIs(t, err, events.ErrLocked)
	assert.Less(t, time.Since(start), 600*time.Millisecond, "LockTimeout is honoured")
	wg.Wait()
	for i, opt := range opts {
		require.ErrorIs(t, errs[i], events.ErrLocked, "%+v", opt)
		assert.Less(t, took[i], 1500*time.Millisecond, "%+v: a locked database must not make Open hang", opt)
		assert.GreaterOrEqual(t, took[i], 900*time.Millisecond, "%+v: Open waits about LockTimeout (1 s) for the lock", opt)
		t.Logf("%+v: ErrLocked after %v", opt, took[i].Round(time.Millisecond))
	}

	// The writer is unaffected, and once it lets go the file opens.
	_, err = s.Append(context.Background(), events.Batch{Session: "s", Expected: 3, Events: storetest.Events(3, 1)})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	s2, err := bolt.Open(path, bolt.Options{})
	require.NoError(t, err)
	info, err := s2.Session(context.Background(), "s")
	require.NoError(t, err)
	assert.Equal(t, uint64(4), info.Version)
	require.NoError(t, s2.Close())
}

// writeFile writes b at a new path and returns the path.
func writeFile(t *testing.T, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "file.db")
	require.NoError(t, os.WriteFile(path, b, 0o600))
	return path
}

// plainBolt makes a bbolt file that hoyle did not write; fill puts what it
// likes in it.
func plainBolt(t *testing.T, fill func(tx *bbolt.Tx) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(fill))
	require.NoError(t, db.Close())
	return path
}

// doctored is a hoyle database changed behind hoyle's back.
func doctored(t *testing.T, change func(tx *bbolt.Tx) error) string {
	t.Helper()
	path := newDB(t, 2)
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(change))
	require.NoError(t, db.Close())
	return path
}

func TestNotDatabase(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 64<<10)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	cases := []struct {
		name string
		path func(t *testing.T) string
		err  error
	}{
		{"random bytes", func(t *testing.T) string { return writeFile(t, random) }, events.ErrNotDatabase},
		{"a few random bytes", func(t *testing.T) string { return writeFile(t, random[:100]) }, events.ErrNotDatabase},
		{"text", func(t *testing.T) string { return writeFile(t, []byte("[Event \"rubber\"]\n[Deal \"N:AKQJ...\"]\n")) }, events.ErrNotDatabase},
		{"empty file", func(t *testing.T) string { return writeFile(t, nil) }, events.ErrNotDatabase},
		{"directory", func(t *testing.T) string { return t.TempDir() }, events.ErrNotDatabase},
		{"bbolt file, no meta", func(t *testing.T) string {
			return plainBolt(t, func(tx *bbolt.Tx) error {
				b, err := tx.CreateBucket([]byte("stuff"))
				if err != nil {
					return err
				}
				return b.Put([]byte("k"), []byte("v"))
			})
		}, events.ErrNotDatabase},
		{"empty bbolt file", func(t *testing.T) string {
			return plainBolt(t, func(tx *bbolt.Tx) error { return nil })
		}, events.ErrNotDatabase},
		{"bbolt file, another app's meta", func(t *testing.T) string {
			return plainBolt(t, func(tx *bbolt.Tx) error {
				b, err := tx.CreateBucket([]byte("meta"))
				if err != nil {
					return err
				}
				if err := b.Put([]byte("app"), []byte("other")); err != nil {
					return err
				}
				return b.Put([]byte("format"), binary.AppendUvarint(nil, 1))
			})
		}, events.ErrNotDatabase},
		{"hoyle meta, no format", func(t *testing.T) string {
			return doctored(t, func(tx *bbolt.Tx) error { return tx.Bucket([]byte("meta")).Delete([]byte("format")) })
		}, events.ErrNotDatabase},
		{"hoyle meta, an index missing", func(t *testing.T) string {
			return doctored(t, func(tx *bbolt.Tx) error { return tx.DeleteBucket([]byte("ids")) })
		}, events.ErrNotDatabase},
		{"format from the future", func(t *testing.T) string {
			return doctored(t, func(tx *bbolt.Tx) error {
				return tx.Bucket([]byte("meta")).Put([]byte("format"), binary.AppendUvarint(nil, bolt.Format+1))
			})
		}, events.ErrFutureFormat},
		{"format from the far future", func(t *testing.T) string {
			return doctored(t, func(tx *bbolt.Tx) error {
				return tx.Bucket([]byte("meta")).Put([]byte("format"), binary.AppendUvarint(nil, 1<<40))
			})
		}, events.ErrFutureFormat},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := c.path(t)
			for _, opt := range []bolt.Options{{}, {Create: true}, {ReadOnly: true}} {
				before := snapshotFile(t, path)
				s, err := bolt.Open(path, opt)
				if s != nil {
					s.Close()
				}
				require.ErrorIs(t, err, c.err, "%+v", opt)
				assert.NotErrorIs(t, err, events.ErrLocked)
				assert.Equal(t, before, snapshotFile(t, path), "%+v: Open changed the file", opt)
			}
		})
	}
}

// snapshotFile is a file's bytes (nil for a directory) and mode.
func snapshotFile(t *testing.T, path string) struct {
	data []byte
	mode fs.FileMode
} {
	t.Helper()
	st, err := os.Stat(path)
	require.NoError(t, err)
	var data []byte
	if !st.IsDir() {
		data, err = os.ReadFile(path)
		require.NoError(t, err)
	}
	return struct {
		data []byte
		mode fs.FileMode
	}{data, st.Mode()}
}

func TestMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nothing.db")
	for _, opt := range []bolt.Options{{}, {ReadOnly: true}, {ReadOnly: true, Create: true}} {
		_, err := bolt.Open(path, opt)
		require.ErrorIs(t, err, fs.ErrNotExist, "%+v", opt)
		_, err = os.Stat(path)
		require.ErrorIs(t, err, fs.ErrNotExist, "%+v: Open made the file", opt)
	}
	_, err := bolt.Open(filepath.Join(t.TempDir(), "no", "such", "dir", "x.db"), bolt.Options{Create: true})
	require.Error(t, err)

	s, err := bolt.Open(path, bolt.Options{Create: true})
	require.NoError(t, err)
	assert.Equal(t, path, s.Path())
	require.NoError(t, storetest.Verify(context.Background(), s))
	require.NoError(t, s.Close())
	// Created once, it opens without Create.
	s, err = bolt.Open(path, bolt.Options{})
	require.NoError(t, err)
	require.NoError(t, s.Close())
}

func TestReadOnly(t *testing.T) {
	path := newDB(t, 10)
	ctx := context.Background()
	before := snapshotFile(t, path)

	r1, err := bolt.Open(path, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer r1.Close()
	// Readers share the file.
	r2, err := bolt.Open(path, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer r2.Close()

	for _, s := range []*bolt.Store{r1, r2} {
		envs, err := storetest.Collect(s.ReadSession(ctx, "s", 1))
		require.NoError(t, err)
		require.Len(t, envs, 10)
		require.NoError(t, storetest.Verify(ctx, s))
		id, err := s.LastSession(ctx)
		require.NoError(t, err)
		assert.Equal(t, "s", id)

		for _, b := range []events.Batch{
			{Session: "s", Expected: 10, Events: storetest.Events(10, 1)},
			{Session: "s", Expected: events.AnyVersion, Events: storetest.Events(10, 1)},
			{Session: "new", Expected: events.NewSession, Events: storetest.Events(10, 1)},
			// Even a retry of stored events: a read-only store takes no appends.
			{Session: "s", Expected: events.NewSession, Events: eventsOf(envs[:2])},
		} {
			_, err := s.Append(ctx, b)
			require.ErrorIs(t, err, events.ErrReadOnly)
		}
		info, err := s.Session(ctx, "s")
		require.NoError(t, err)
		assert.Equal(t, uint64(10), info.Version)
	}
	require.NoError(t, r1.Close())
	require.NoError(t, r2.Close())
	assert.Equal(t, before, snapshotFile(t, path), "read-only opens changed the file")
}

func eventsOf(envs []events.Envelope) []events.Event {
	out := make([]events.Event, len(envs))
	for i, e := range envs {
		out[i] = events.Event{ID: e.ID, At: e.At, Data: e.Data}
	}
	return out
}

// highWater is how many bytes of the file the database uses.
func highWater(t *testing.T, path string) int64 {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	var size int64
	require.NoError(t, db.View(func(tx *bbolt.Tx) error { size = tx.Size(); return nil }))
	return size
}

// TestTruncated opens files cut short: an error, never a crash. (Before the
// fix bbolt read the missing pages through its memory map and the process
// died of SIGBUS, which no recover catches.)
func TestTruncated(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{1, 40, 600, 5000} {
		orig := newDB(t, n)
		data, err := os.ReadFile(orig)
		require.NoError(t, err)
		used := highWater(t, orig)
		require.LessOrEqual(t, used, int64(len(data)))
		cuts := map[string]int64{
			"half the file": int64(len(data)) / 2, "half the data": used / 2,
			"a page short": used - 4096, "a byte short": used - 1,
			"one page": 4096, "one and a half pages": 6144, "a few bytes": 100,
		}
		for name, cut := range cuts {
			if cut <= 0 {
				continue
			}
			path := writeFile(t, data[:cut])
			before := snapshotFile(t, path)
			for _, opt := range []bolt.Options{{}, {ReadOnly: true}} {
				for try := range 2 { // the failed open lets go of the file
					s, err := bolt.Open(path, opt)
					if cut >= used {
						// Only unused space was cut off: all is there.
						require.NoError(t, err, "%d events, cut to %d of %d bytes (%s)", n, cut, len(data), name)
						envs, err := storetest.Collect(s.ReadAll(ctx, 1, true))
						require.NoError(t, err)
						assert.Len(t, envs, n)
						require.NoError(t, storetest.Verify(ctx, s))
						require.NoError(t, s.Close())
						continue
					}
					if err == nil {
						s.Close()
					}
					require.Error(t, err, "%d events, cut to %d of %d bytes (%s)", n, cut, len(data), name)
					require.ErrorIs(t, err, events.ErrNotDatabase, "%d events, cut to %d bytes (%s), try %d, %+v", n, cut, name, try+1, opt)
					if n == 600 && try == 0 {
						t.Logf("cut to %d of %d bytes (%s), %+v: %v", cut, len(data), name, opt, err)
					}
					assert.Equal(t, before, snapshotFile(t, path), "Open changed the file")
				}
			}
		}
	}
}

// TestTruncatedWhileOpen cuts the file short under an open store: reads
// fail with ErrCorrupt rather than crash the process.
func TestTruncatedWhileOpen(t *testing.T) {
	ctx := context.Background()
	path := newDB(t, 3000)
	used := highWater(t, path)
	for _, opt := range []bolt.Options{{ReadOnly: true}, {}} {
		s, err := bolt.Open(path, opt)
		require.NoError(t, err)
		require.NoError(t, os.Truncate(path, used/2))
		_, err = storetest.Collect(s.ReadAll(ctx, 1, true))
		require.ErrorIs(t, err, events.ErrCorrupt, "%+v", opt)
		_, err = storetest.Collect(s.ReadSessionBackward(ctx, "s"))
		require.ErrorIs(t, err, events.ErrCorrupt, "%+v", opt)
		t.Logf("%+v: %v", opt, err)
		require.NoError(t, s.Close())
		_, err = bolt.Open(path, opt)
		require.ErrorIs(t, err, events.ErrNotDatabase)
		path = newDB(t, 3000)
	}
}
