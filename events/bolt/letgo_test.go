package bolt_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/storetest"
)

// A long read that lets go of the file (Options.LetGo) lets a writer in
// between its transactions, and goes on where it was, reading what the
// writer appended too; a read that does not let go keeps the writer out
// until it is done.
func TestALongReadLetsAWriterIn(t *testing.T) {
	t.Parallel() // it waits on locks and sleeps more than it works
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "long.db")
	w, err := bolt.Open(path, bolt.Options{Create: true, NoSync: true})
	require.NoError(t, err)
	_, err = w.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 5000)})
	require.NoError(t, err)
	require.NoError(t, w.Close())

	for _, letGo := range []time.Duration{time.Millisecond, 0} {
		r, err := bolt.Open(path, bolt.Options{ReadOnly: true, LetGo: letGo})
		require.NoError(t, err)
		info, err := r.Session(ctx, "s")
		require.NoError(t, err)
		appended := make(chan error, 1)
		var settled atomic.Bool // the writer got in, or gave up
		read := 0
		for _, err := range r.ReadSession(ctx, "s", 1) {
			require.NoError(t, err)
			read++
			if read == 100 {
				go func() {
					w, err := bolt.Open(path, bolt.Options{LockTimeout: 300 * time.Millisecond, NoSync: true})
					if err == nil {
						_, err = w.Append(ctx, events.Batch{Session: "s", Expected: events.AnyVersion, Events: storetest.Events(10000, 1)})
						w.Close()
					}
					settled.Store(true)
					appended <- err
				}()
			}
			if read > 100 && read < 1000 && !settled.Load() {
				// A slow reader (a pager, a slow terminal), as long as the
				// writer waits: past its LockTimeout the outcome is known.
				time.Sleep(time.Millisecond)
			}
		}
		require.NoError(t, r.Close())
		err = <-appended
		if letGo > 0 {
			assert.NoError(t, err, "the writer got in while the reader let go")
			assert.Equal(t, int(info.Version)+1, read, "the read went on, and saw the event appended meanwhile")
		} else {
			assert.ErrorIs(t, err, events.ErrLocked, "the reader held the file")
			assert.Equal(t, int(info.Version), read)
		}
	}
}
