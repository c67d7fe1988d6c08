package verify_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
	"github.com/hoyle/hoyle/projections/verify"
)

// recordHand writes a short auction hand, with a note, into a new
// database at path.
func recordHand(t *testing.T, path string) {
	t.Helper()
	id := simtest.FosterHand(t, path)
	st, err := bolt.Open(path, bolt.Options{})
	require.NoError(t, err)
	defer st.Close()
	_, err = recorder.New(st).Note(context.Background(), id, projections.NoteSpec{Text: "a fine lead"})
	require.NoError(t, err)
}

func runVerify(t *testing.T, path string) (verify.Report, error) {
	t.Helper()
	st, err := bolt.Open(path, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer st.Close()
	return verify.Run(context.Background(), st)
}

// rewrite changes the stored record at a log position.
func rewrite(t *testing.T, path string, pos uint64, change func([]byte) []byte) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte("log"))
		key := binary.BigEndian.AppendUint64(nil, pos)
		v := append([]byte(nil), b.Get(key)...)
		return b.Put(key, change(v))
	}))
}

func TestVerifyPassesOnAnHonestLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ok.db")
	recordHand(t, path)
	rep, err := runVerify(t, path)
	require.NoError(t, err)
	assert.Equal(t, uint64(1+1+15+4+1), rep.Events)
	assert.Equal(t, 1, rep.Sessions)
	assert.Equal(t, 1, rep.Hands)
}

// TestEveryChangedByteIsFound flips each byte of a stored event in turn:
// verify must report it, at that event, every time.
func TestEveryChangedByteIsFound(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.db")
	recordHand(t, clean)
	const pos = 5 // a call in the middle of the auction
	var size int
	db, err := bbolt.Open(clean, 0o600, &bbolt.Options{ReadOnly: true})
	require.NoError(t, err)
	require.NoError(t, db.View(func(tx *bbolt.Tx) error {
		size = len(tx.Bucket([]byte("log")).Get(binary.BigEndian.AppendUint64(nil, pos)))
		return nil
	}))
	require.NoError(t, db.Close())
	require.Greater(t, size, 60)
	for i := 0; i < size; i++ {
		path := filepath.Join(dir, "t.db")
		copyFile(t, clean, path)
		rewrite(t, path, pos, func(v []byte) []byte { v[i] ^= 0x01; return v })
		_, err := runVerify(t, path)
		require.Error(t, err, "byte %d changed but verify passed", i)
		assert.True(t, errors.Is(err, events.ErrVerify))
		var p *events.VerifyError
		require.True(t, errors.As(err, &p))
		// A change to the session ID moves the event to another "session";
		// every other change is reported at the event itself.
		assert.True(t, p.Position == pos || p.Position == pos+1 || p.Session == "", "byte %d: reported at %d: %v", i, p.Position, err)
	}
}

func TestReorderedOrDroppedEventsAreFound(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.db")
	recordHand(t, path)
	// Replace event 6 with a copy of event 7: versions and chain break.
	var seven []byte
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.View(func(tx *bbolt.Tx) error {
		seven = append([]byte(nil), tx.Bucket([]byte("log")).Get(binary.BigEndian.AppendUint64(nil, 7))...)
		return nil
	}))
	require.NoError(t, db.Close())
	rewrite(t, path, 6, func([]byte) []byte { return seven })
	_, err = runVerify(t, path)
	require.Error(t, err)
	assert.ErrorIs(t, err, events.ErrTampered)
	assert.Contains(t, err.Error(), "log position 6")
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := bbolt.Open(from, 0o600, &bbolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer src.Close()
	require.NoError(t, src.View(func(tx *bbolt.Tx) error { return tx.CopyFile(to, 0o600) }))
}

// TestTheFirstProblemInTheLogIsReported: the log's content (each event's
// hash and payload) is checked on every core while the chain is followed
// in log order; of a changed payload and a broken link, verify reports
// whichever comes first in the log, in one batch of the read or apart.
func TestTheFirstProblemInTheLogIsReported(t *testing.T) {
	clean := simtest.DB(t, "auction", 40, 1) // about 2,500 events: several batches
	for _, c := range []struct {
		name          string
		changed, link uint64 // a payload byte changed; the event replaced by the next
		want          uint64
	}{
		{"a change, then a broken link batches later", 1300, 2100, 1300},
		{"a broken link, then a change batches later", 2100, 1300, 1300},
		{"a change, then a broken link next to it", 1030, 1031, 1030},
		{"a broken link, then a change next to it", 1031, 1030, 1030},
		{"a change in the last batch", 2400, 0, 2400},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.db")
			copyFile(t, clean, path)
			rewrite(t, path, c.changed, func(v []byte) []byte { v[len(v)-1] ^= 0x01; return v })
			if c.link > 0 {
				var next []byte
				rewrite(t, path, c.link+1, func(v []byte) []byte { next = bytes.Clone(v); return v })
				rewrite(t, path, c.link, func([]byte) []byte { return next })
			}
			_, err := runVerify(t, path)
			require.ErrorIs(t, err, events.ErrTampered)
			var p *events.VerifyError
			require.ErrorAs(t, err, &p)
			assert.Equal(t, c.want, p.Position, "%v", err)
		})
	}
}
