package load_test

import (
	"context"
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// alter rewrites the event at a log position: change edits its payload;
// with reseal the hash is computed again, as a forger would.
func alter(t *testing.T, path string, pos uint64, change func(p events.Payload), reseal bool) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("log"))
		key := binary.BigEndian.AppendUint64(nil, pos)
		e, err := events.UnmarshalRecord(append([]byte(nil), b.Get(key)...), pos, true)
		require.NoError(t, err)
		require.NoError(t, e.Decode())
		change(e.Data)
		_, _, raw, err := events.EncodePayload(e.Data)
		require.NoError(t, err)
		hash := e.Hash
		e.Raw = raw
		e.Seal()
		if !reseal {
			e.Hash = hash
		}
		return b.Put(key, e.MarshalRecord(nil))
	}))
}

// After one event is tampered with, commands that fold the hand refuse to
// read past it: show would otherwise display the altered card, and note
// would append on top of it.
func TestReadsRefuseAnAlteredEvent(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		pos    uint64
		reseal bool
	}{
		{"a card changed", 20, false},
		{"a card changed and its hash recomputed", 20, true},
		{"the latest card changed and its hash recomputed", 21, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.db")
			id := simtest.FosterHand(t, path)
			alter(t, path, c.pos, func(p events.Payload) { p.(*table.Played).Card = cards.MustCard("SA") }, c.reseal)
			st, err := bolt.Open(path, bolt.Options{})
			require.NoError(t, err)
			defer st.Close()
			_, _, err = load.Session(ctx, st, id)
			assert.ErrorIs(t, err, events.ErrTampered, "reading the session")
			_, err = load.Tail(ctx, st, id)
			assert.ErrorIs(t, err, events.ErrTampered, "reading the latest hand")
			_, err = load.Stream(ctx, st, id)
			assert.ErrorIs(t, err, events.ErrTampered, "streaming the session")
			_, err = recorder.New(st).Note(ctx, id, projections.NoteSpec{Text: "on top"})
			assert.ErrorIs(t, err, events.ErrTampered, "recording after it")
			info, err := st.Session(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, uint64(21), info.Version, "nothing was appended")
		})
	}
}
