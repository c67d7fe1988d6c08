package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
)

// TestVerifyFindsAForgedCheckpoint: a checkpoint's hand rewritten with
// hoyle's own codec, its CRC sealed anew, five tricks more to NS, changed
// the score every reader showed (5100 where the log gives 100), and verify
// said ok. The checkpoint is sealed with a key kept in the user's data
// directory now: the forger, who can write the file but has not the key,
// changes nothing that score or show print. verify folds the log again and
// finds the record, by session and the event the checkpoint was folded
// to; verify --repair writes it again from the log.
func TestVerifyFindsAForgedCheckpoint(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "forged.db")
	id := ok(t, db, "new", "--game", "auction", "--name", "forged")
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, "call", "1NT", "P", "P", "P")
	ok(t, db, "claim", "7")
	ok(t, db, "deal", "--seed", "3")
	truth := ok(t, db, "score")
	shown := ok(t, db, "show", "--json")

	st, err := bolt.Open(db, bolt.Options{SnapshotKey: userCheckpointKey(t)})
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

	assert.Equal(t, truth, ok(t, db, "score"), "the log's score, not the forged checkpoint's")
	assert.Equal(t, shown, ok(t, db, "show", "--json"), "the log's hand, not the forged checkpoint's")
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

// userCheckpointKey is the key hoyle keeps in the test's home to seal the
// checkpoints (made by the first entry).
func userCheckpointKey(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testHome(t), ".config", "hoyle", "checkpoint.key"))
	require.NoError(t, err)
	key, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	return key
}

// TestNoEntryOnABrokenChain: with an event of hand 5 altered in the file
// (its time moved and its hash computed again, as a forger would), deal
// and call still appended: an entry read the log back to its hand's deal
// only (issue 30, finding 9). An entry now checks the chain down to the
// event its sealed checkpoint was folded to: deal and call are refused,
// naming the session and the event, and nothing is appended; show and
// score say the log is damaged; verify names where.
func TestNoEntryOnABrokenChain(t *testing.T) {
	db := filepath.Join(t.TempDir(), "broken.db")
	id := trim(ok(t, db, "new", "--game", "auction", "--name", "broken"))
	for seed := 1; seed <= 7; seed++ {
		ok(t, db, "deal", "--seed", strconv.Itoa(seed))
		ok(t, db, "call", "1NT", "P", "P", "P")
		ok(t, db, "claim", "7")
	}
	ok(t, db, "deal", "--seed", "8")
	ok(t, db, "call", "1NT")

	// The deal of hand 5, altered behind hoyle's back.
	var altered uint64
	bdb, err := bbolt.Open(db, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bbolt.Tx) error {
		logB := tx.Bucket([]byte("log"))
		deals := 0
		c := logB.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			e, err := events.UnmarshalRecord(v, binary.BigEndian.Uint64(k), true)
			require.NoError(t, err)
			if e.Type != table.TypeDealt {
				continue
			}
			if deals++; deals == 5 {
				e.At = e.At.Add(time.Second)
				e.Seal()
				altered = e.Version
				return logB.Put(bytes.Clone(k), e.MarshalRecord(nil))
			}
		}
		return nil
	}))
	require.NoError(t, bdb.Close())
	require.NotZero(t, altered)
	before := fileHash(t, db)
	where := fmt.Sprintf("event %d", altered+1) // the event that no longer links to it

	for _, args := range [][]string{{"deal", "--seed", "9"}, {"call", "P"}} {
		r := hoyle(t, db, args...)
		assert.Equal(t, 1, r.code, "hoyle %v appended on a broken chain: %s", args, r.out)
		assert.Contains(t, r.err, id, args)
		assert.Contains(t, r.err, "hash chain broken", args)
		t.Logf("hoyle %s: %s", strings.Join(args, " "), strings.TrimSpace(r.err))
	}
	assert.Equal(t, before, fileHash(t, db), "nothing appended")
	for _, args := range [][]string{{"show"}, {"score"}} {
		r := hoyle(t, db, args...)
		assert.Equal(t, 1, r.code, "hoyle %v read over a broken chain: %s", args, r.out)
		assert.Contains(t, r.err, "hash chain broken", args)
	}
	r := hoyle(t, db, "verify")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, id)
	assert.Contains(t, r.err, where)
}

// TestCheckpointKeyIsTheUsers: the key that seals checkpoints is made by
// the first writer in the user's configuration directory, readable by the
// user only, and never in the database's directory; a reader makes none.
// With no configuration directory (no $HOME, no $XDG_CONFIG_HOME, as in
// some CI runners)
// no checkpoint is kept, and every reader folds the log, which gives the
// same figures.
func TestCheckpointKeyIsTheUsers(t *testing.T) {
	config := t.TempDir()
	dir := t.TempDir()
	db := filepath.Join(dir, "sealed.db")
	env := map[string]string{"XDG_CONFIG_HOME": config}
	keyFile := filepath.Join(config, "hoyle", "checkpoint.key")

	other := filepath.Join(dir, "other.db")
	r := hoyleEnv(t, other, nil, false, "new", "--game", "auction", "--name", "nokey")
	require.Equal(t, 0, r.code, r.err)
	ok(t, other, "deal", "--seed", "1") // hoyle's own helpers keep checkpoints: it has one
	r = hoyleEnv(t, other, env, false, "score")
	require.Equal(t, 0, r.code, r.err)
	_, err := os.Stat(keyFile)
	assert.ErrorIs(t, err, os.ErrNotExist, "a reader makes no key")

	r = hoyleEnv(t, db, env, false, "new", "--game", "auction", "--name", "keyed")
	require.Equal(t, 0, r.code, r.err)
	fi, err := os.Stat(keyFile)
	require.NoError(t, err, "the first writer makes the key")
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.NotContains(t, e.Name(), "key", "nothing of the key beside the database")
	}

	// Without a data directory: no checkpoint written, the same score.
	bare := filepath.Join(dir, "bare.db")
	for _, args := range [][]string{{"new", "--game", "auction", "--name", "bare"}, {"deal", "--pbn", demoPBN}, {"call", "1NT", "P", "P", "P"}, {"claim", "7"}} {
		r := hoyleIn(t, bare, "", args...)
		require.Equal(t, 0, r.code, r.err)
	}
	st, err := bolt.Open(bare, bolt.Options{ReadOnly: true, SnapshotKey: []byte("any key at all, to read with....")})
	require.NoError(t, err)
	id, err := st.LastSession(context.Background())
	require.NoError(t, err)
	kept := 0
	require.NoError(t, st.ReadSnapshot(context.Background(), id, nil, func(k, v []byte) bool { kept++; return true }))
	require.NoError(t, st.Close())
	assert.Zero(t, kept, "no key, no checkpoint")
	r = hoyleIn(t, bare, "", "score")
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, r.out, ok(t, bare, "score"))
}
