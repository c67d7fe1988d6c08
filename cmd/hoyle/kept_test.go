package main

import (
	"context"
	"encoding/binary"
	"hash/crc32"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
)

// TestVerifyFindsAForgedCheckpoint: a checkpoint's hand rewritten with
// hoyle's own codec, its CRC sealed anew, five tricks more to NS, changed
// the score every reader showed, and verify said ok. verify now folds the
// log again and finds the record, by session and the event the checkpoint
// was folded to; verify --repair writes it again from the log, and the
// score is the log's once more.
func TestVerifyFindsAForgedCheckpoint(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "forged.db")
	id := ok(t, db, "new", "--game", "auction", "--name", "forged")
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, "call", "1NT", "P", "P", "P")
	ok(t, db, "claim", "7")
	ok(t, db, "deal", "--seed", "3")
	truth := ok(t, db, "score")

	st, err := bolt.Open(db, bolt.Options{})
	require.NoError(t, err)
	require.NoError(t, load.Refresh(ctx, st, trim(id), 0))
	full, _, err := load.Session(ctx, st, trim(id))
	require.NoError(t, err)
	forged := full.Hands[0].Clone()
	forged.Won[0] += 5
	body := projections.AppendHand(nil, forged)
	rec := binary.BigEndian.AppendUint32(body, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	key := binary.BigEndian.AppendUint64([]byte{0x01}, 1)
	require.NoError(t, st.WriteSnapshot(ctx, trim(id), events.SnapshotWrite{Put: []events.SnapshotRecord{{Key: key, Value: rec}}}))
	require.NoError(t, st.Close())

	t.Logf("score as the forged checkpoint has it:\n%s", ok(t, db, "score"))
	r := hoyle(t, db, "verify")
	assert.Equal(t, 1, r.code, r.out)
	assert.Contains(t, r.err, "session "+trim(id)+", the checkpoint folded to event ")
	assert.Contains(t, r.err, "hand 1 differs from the log")
	assert.Contains(t, r.err, "hoyle verify --repair")

	r = hoyle(t, db, "verify", "--repair")
	assert.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "repaired")
	assert.Contains(t, ok(t, db, "verify"), "ok: ")
	assert.Equal(t, truth, ok(t, db, "score"))
}

func trim(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == ' ') {
		s = s[:len(s)-1]
	}
	return s
}
