package main

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/testkit"
)

// Damaged and foreign files through the CLI: each command, run as its own
// process (so that a panic or a fault on the mapped file would show as a
// crash, not a test failure in this process), must say clearly what is
// wrong, exit 1, and leave the file as it was, byte for byte.

// goodDB is a database holding the demo hand.
func goodDB(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "hoyle.db")
	script(t, db, "demo")
	return db
}

// cutTo makes a copy of the demo database cut to n bytes (n < 0: that many
// short of the size its meta page counts on, which may be less than the
// file's: bbolt grows a file ahead of its data; n == 0: half that size).
func cutTo(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		t.Helper()
		db := goodDB(t)
		b, err := os.ReadFile(db)
		require.NoError(t, err)
		bdb, err := bbolt.Open(db, 0o600, &bbolt.Options{ReadOnly: true})
		require.NoError(t, err)
		var size int
		require.NoError(t, bdb.View(func(tx *bbolt.Tx) error { size = int(tx.Size()); return nil }))
		require.NoError(t, bdb.Close())
		switch {
		case n < 0:
			n += size
		case n == 0:
			n = size / 2
		}
		require.NoError(t, os.WriteFile(db, b[:n], 0o600))
		return db
	}
}

// fileOf writes b as the database.
func fileOf(b []byte) func(t *testing.T) string {
	return func(t *testing.T) string {
		t.Helper()
		db := filepath.Join(t.TempDir(), "hoyle.db")
		require.NoError(t, os.WriteFile(db, b, 0o600))
		return db
	}
}

// doctor changes the demo database behind hoyle's back, in bbolt, by the
// store's documented layout (events/bolt, format 1).
func doctor(change func(t *testing.T, tx *bbolt.Tx)) func(t *testing.T) string {
	return func(t *testing.T) string {
		t.Helper()
		db := goodDB(t)
		bdb, err := bbolt.Open(db, 0o600, nil)
		require.NoError(t, err)
		require.NoError(t, bdb.Update(func(tx *bbolt.Tx) error { change(t, tx); return nil }))
		require.NoError(t, bdb.Close())
		return db
	}
}

// newerEvent rewrites the log's last event as a newer hoyle would have
// written it: change edits the envelope, which is then sealed again and the
// session's head moved to its new hash, so the chain is whole and only the
// content is new.
func newerEvent(change func(e *events.Envelope)) func(t *testing.T) string {
	return doctor(func(t *testing.T, tx *bbolt.Tx) {
		logB := tx.Bucket([]byte("log"))
		k, v := logB.Cursor().Last()
		e, err := events.UnmarshalRecord(v, binary.BigEndian.Uint64(k), true)
		require.NoError(t, err)
		change(&e)
		e.Seal()
		rec := e.MarshalRecord(nil)
		if e.Schema == 0xfffe {
			rec[0] = 2 // a newer record format
		}
		require.NoError(t, logB.Put(k, rec))
		heads := tx.Bucket([]byte("heads"))
		h := bytes.Clone(heads.Get([]byte(e.Session)))
		copy(h[8:40], e.Hash[:])
		require.NoError(t, heads.Put([]byte(e.Session), h))
	})
}

func TestDamagedAndForeignFiles(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	random := make([]byte, 64<<10)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	current := func(typ string) uint16 {
		info, ok := events.Lookup(typ)
		require.True(t, ok)
		return info.Schema
	}
	cases := []struct {
		name string
		make func(t *testing.T) string
		msg  []string // in what every command says
		// opens: the store itself is one this hoyle reads; only an event
		// in it is not. Then new may start a session of its own beside it.
		opens bool
	}{
		{"empty file", fileOf(nil), []string{"not a hoyle database", "empty file"}, false},
		{"random bytes", fileOf(random), []string{"not a hoyle database"}, false},
		{"a few random bytes", fileOf(random[:100]), []string{"not a hoyle database"}, false},
		{"a text file", fileOf([]byte("[Event \"Tuesday rubber\"]\n[Deal \"N:AKQ2.K2.A3.AQ432 ...\"]\n")), []string{"not a hoyle database"}, false},
		{"cut to 100 bytes", cutTo(100), []string{"not a hoyle database"}, false},
		{"cut to its first page", cutTo(4096), []string{"not a hoyle database"}, false},
		{"cut after its meta pages", cutTo(8192), []string{"not a hoyle database", "cut short"}, false},
		{"cut to half", cutTo(0), []string{"not a hoyle database", "cut short"}, false},
		{"a byte short", cutTo(-1), []string{"not a hoyle database", "cut short"}, false},
		{"a page short", cutTo(-4096), []string{"not a hoyle database", "cut short"}, false},
		{"a newer store format", doctor(func(t *testing.T, tx *bbolt.Tx) {
			require.NoError(t, tx.Bucket([]byte("meta")).Put([]byte("format"), binary.AppendUvarint(nil, bolt.Format+1)))
		}), []string{"written by a newer version of hoyle", "upgrade hoyle"}, false},
		{"a newer event schema", newerEvent(func(e *events.Envelope) {
			e.Schema = current(e.Type) + 1
			e.Raw = append(e.Raw, 0x05, 'l', 'a', 't', 'e', 'r') // and a field this hoyle does not know
		}), []string{"schema newer than this version of hoyle knows", "upgrade hoyle"}, true},
		{"an event type from a newer hoyle", newerEvent(func(e *events.Envelope) {
			e.Type = "play.revoke_established"
		}), []string{"unknown event type", "play.revoke_established", "upgrade hoyle"}, true},
		{"a newer record format", newerEvent(func(e *events.Envelope) {
			e.Schema = 0xfffe // marks the record for newerEvent to write in format 2
		}), []string{"written by a newer version of hoyle"}, true},
	}
	commands := [][]string{
		{"show"}, {"show", "--json"}, {"log"}, {"log", "--json"}, {"verify"}, {"sessions"}, {"score"},
		{"note", "a remark"}, {"undo"}, {"call", "P"},
	}
	// In the full rounds (HOYLE_FULL) every command runs as its own
	// process. In the short run the first does, in the first case of
	// each kind of damage (each set of messages), for what a damaged file
	// does to a process (its exit code, one line on stderr, no panic),
	// and the rest run in process, where the same code says the same,
	// as do the new, sessions and verify that follow them: some 170
	// processes fewer, each paying the binary's start. (The cases of a
	// kind are read by the same code, which says the same of each.)
	full := testkit.Rounds(0, 1) == 1
	kinds := map[string]bool{}
	for _, c := range cases {
		processes := len(commands)
		if !full {
			kind := strings.Join(c.msg, "\n")
			processes = 0
			if !kinds[kind] {
				kinds[kind], processes = true, 1
			}
		}
		t.Run(c.name, func(t *testing.T) {
			db := c.make(t)
			before := fileHash(t, db)
			for i, args := range commands {
				run := hoyleRun
				if i >= processes {
					run = hoyle
				}
				r := run(t, db, args...)
				what := c.name + ": hoyle " + strings.Join(args, " ")
				assert.Equal(t, 1, r.code, "%s: exit code; it said: %s", what, r.err)
				assert.True(t, strings.HasPrefix(r.err, "hoyle: "), "%s: %q", what, r.err)
				assert.Equal(t, 1, strings.Count(r.err, "\n"), "%s: one line: %q", what, r.err)
				for _, m := range c.msg {
					assert.Contains(t, r.err, m, what)
				}
				assert.NotContains(t, r.err, "panic", what)
				assert.NotContains(t, r.err, "goroutine", what)
				assert.Empty(t, r.out, what)
				require.Equal(t, before, fileHash(t, db), "%s changed the file", what)
				t.Logf("%-40s %s", "hoyle "+strings.Join(args, " "), strings.TrimSpace(r.err))
			}
			run := hoyle // what follows, as the commands after the first
			if processes > 1 {
				run = hoyleRun
			}
			if !c.opens {
				r := run(t, db, "new", "--game", "auction")
				assert.Equal(t, 1, r.code, r.err)
				require.Equal(t, before, fileHash(t, db), "new changed the file")
				return
			}
			// A session of its own beside the one this hoyle cannot read,
			// which stays as the newer hoyle wrote it.
			sessions := run(t, db, "sessions")
			old := strings.TrimSpace(ok(t, db, "new", "--game", "auction"))
			require.NotEqual(t, old, "")
			ok(t, db, "deal")
			r := run(t, db, "verify")
			assert.Equal(t, 1, r.code)
			for _, m := range c.msg {
				assert.Contains(t, r.err, m, "verify after new")
			}
			assert.Equal(t, sessions.err, run(t, db, "sessions").err, "the unreadable session is untouched")
		})
	}
}

// TestDamagedEventIsPlaced: a byte changed inside an event's payload is
// reported by verify, and by the commands that read it, with its session,
// event number and log position.
func TestDamagedEventIsPlaced(t *testing.T) {
	t.Parallel()
	db := doctor(func(t *testing.T, tx *bbolt.Tx) {
		logB := tx.Bucket([]byte("log"))
		k := binary.BigEndian.AppendUint64(nil, 7)
		v := bytes.Clone(logB.Get(k))
		v[len(v)-1] ^= 0x01 // the last byte of the seventh event's payload
		require.NoError(t, logB.Put(k, v))
	})(t)
	before := fileHash(t, db)
	for _, args := range [][]string{{"verify"}, {"show"}, {"log"}} {
		r := hoyleRun(t, db, args...)
		assert.Equal(t, 1, r.code, r.err)
		assert.Contains(t, r.err, "log position 7", args)
		assert.NotContains(t, r.err, "panic")
		t.Logf("hoyle %s: %s", strings.Join(args, " "), strings.TrimSpace(r.err))
	}
	r := hoyleRun(t, db, "verify")
	assert.Contains(t, r.err, "event 7")
	assert.Equal(t, before, fileHash(t, db))
}
