package bolt_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
)

// Derived data is kept by name beside the log: put, read back, replaced,
// reset; a read-only store reads it and writes none; the log is not
// touched.
func TestDerivedData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "hoyle.db")
	st, err := bolt.Open(path, bolt.Options{Create: true})
	require.NoError(t, err)
	v, err := st.ReadDerived(ctx, "dd", []byte("k"))
	require.NoError(t, err)
	assert.Nil(t, v, "nothing kept in a new file")

	put := func(k, v string) events.SnapshotRecord {
		return events.SnapshotRecord{Key: []byte(k), Value: []byte(v)}
	}
	require.NoError(t, st.WriteDerived(ctx, "dd", events.SnapshotWrite{Put: []events.SnapshotRecord{put("a", "1"), put("b", "2")}}))
	require.NoError(t, st.WriteDerived(ctx, "other", events.SnapshotWrite{Put: []events.SnapshotRecord{put("a", "x")}}))
	require.NoError(t, st.WriteDerived(ctx, "dd", events.SnapshotWrite{Put: []events.SnapshotRecord{put("a", "3")}}))
	for k, want := range map[string]string{"a": "3", "b": "2"} {
		v, err := st.ReadDerived(ctx, "dd", []byte(k))
		require.NoError(t, err)
		assert.Equal(t, want, string(v))
	}
	require.NoError(t, st.WriteDerived(ctx, "dd", events.SnapshotWrite{Reset: true, Put: []events.SnapshotRecord{put("c", "4")}}))
	v, err = st.ReadDerived(ctx, "dd", []byte("a"))
	require.NoError(t, err)
	assert.Nil(t, v, "reset")
	v, err = st.ReadDerived(ctx, "other", []byte("a"))
	require.NoError(t, err)
	assert.Equal(t, "x", string(v), "another set is not reset")
	list, err := st.Sessions(ctx)
	require.NoError(t, err)
	assert.Empty(t, list, "no log written")
	require.NoError(t, st.Close())

	ro, err := bolt.Open(path, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer ro.Close()
	v, err = ro.ReadDerived(ctx, "dd", []byte("c"))
	require.NoError(t, err)
	assert.Equal(t, "4", string(v))
	assert.ErrorIs(t, ro.WriteDerived(ctx, "dd", events.SnapshotWrite{Reset: true}), events.ErrReadOnly)
}
