package verify_test

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
)

// metaTxid reads the transaction ID of bbolt meta page i (the layout is
// bbolt's: a 16-byte page header, then 4 uint32 and 5 uint64, the last of
// which is the transaction ID, then the checksum).
func metaTxid(b []byte, pageSize, i int) uint64 {
	return binary.LittleEndian.Uint64(b[i*pageSize+16+48:])
}

// A flipped bit in the newest meta page makes bbolt fall back to the other
// one, silently losing the last commit: here a 16,000-event import in one
// transaction. verify reads both meta pages and says what was lost.
func TestVerifyFindsALostCommit(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "meta.db")
	st, err := bolt.Open(path, bolt.Options{Create: true})
	require.NoError(t, err)
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 260, Seed: 5, Batch: 260})
	require.NoError(t, err)
	require.Greater(t, res.Events, 15000)
	require.NoError(t, st.Close())

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	pageSize := int(binary.LittleEndian.Uint32(b[16+8:]))
	newest := 0
	if metaTxid(b, pageSize, 1) > metaTxid(b, pageSize, 0) {
		newest = 1
	}
	b[newest*pageSize+16+56] ^= 0x10 // one bit of its checksum
	require.NoError(t, os.WriteFile(path, b, 0o600))

	rep, err := runVerify(t, path)
	require.Error(t, err, "verify passed on %+v", rep)
	assert.ErrorIs(t, err, events.ErrVerify)
	assert.ErrorIs(t, err, events.ErrCorrupt)
	assert.Contains(t, err.Error(), "the last commit")
	assert.Contains(t, err.Error(), "is lost")
}

// A damaged older meta page loses nothing, but the file is damaged.
func TestVerifyFindsADamagedOlderMetaPage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	recordHand(t, path)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	pageSize := int(binary.LittleEndian.Uint32(b[16+8:]))
	older := 1
	if metaTxid(b, pageSize, 1) > metaTxid(b, pageSize, 0) {
		older = 0
	}
	b[older*pageSize+16] ^= 1 // its magic number
	require.NoError(t, os.WriteFile(path, b, 0o600))
	_, err = runVerify(t, path)
	require.ErrorIs(t, err, events.ErrCorrupt)
	assert.Contains(t, err.Error(), "is intact, but the file is damaged")
}

// One bit set in the log's counter (2^40) would place the next event far
// past the end: verify says so, and the next append is refused rather than
// written there.
func TestABadLogCounterIsCaughtBeforeAWrite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "seq.db")
	recordHand(t, path)
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("log"))
		return b.SetSequence(b.Sequence() | 1<<40)
	}))
	require.NoError(t, db.Close())

	_, err = runVerify(t, path)
	require.ErrorIs(t, err, events.ErrCorrupt)
	assert.Contains(t, err.Error(), "the log's counter says 1099511627798 events, but the last event is at position 22")

	st, err := bolt.Open(path, bolt.Options{})
	require.NoError(t, err)
	defer st.Close()
	id, err := st.LastSession(ctx)
	require.NoError(t, err)
	_, err = recorder.New(st).Note(ctx, id, projections.NoteSpec{Text: "after the damage"})
	require.ErrorIs(t, err, events.ErrCorrupt)
	var n int
	for range st.ReadAll(ctx, 1, false) {
		n++
	}
	assert.Equal(t, 22, n, "nothing was appended")
}
