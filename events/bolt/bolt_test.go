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
)

// TestConformance runs the store's contract without fsync (NoSync): it
// is about what a store returns, not what survives a crash (TestDurable
// and TestCrash keep the fsync).
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) events.Store {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "hoyle.db"), bolt.Options{Create: true, NoSync: true})
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
