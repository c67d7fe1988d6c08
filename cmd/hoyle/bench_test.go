package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// benchPlay measures one `hoyle play` (open the database, fold the current
// hand, check the card, append with fsync, print the status line) on db.
// Between plays, untimed, the hand is claimed and a new one dealt and bid,
// so that every timed play is the opening lead of a fresh hand, as at a
// table, however many iterations run.
func benchPlay(b *testing.B, db string) {
	quiet := &IO{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(string) string { return "" }}
	mustRun := func(args ...string) {
		if code := run(append([]string{"--db", db}, args...), quiet); code != 0 {
			b.Fatalf("hoyle %v: exit %d", args, code)
		}
	}
	// The deal passes to the left, so the hands are left unrecorded: the
	// same lead is then legal whoever is on lead.
	newHand := func() {
		mustRun("deal")
		mustRun("call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	}
	newHand()
	for b.Loop() {
		mustRun("play", "HJ")
		b.StopTimer()
		mustRun("claim", "6")
		newHand()
		b.StartTimer()
	}
}

// BenchmarkPlayCommand compares `hoyle play` in a database holding one new
// session with the same in a session of 10,000 recorded hands (1,000 with
// -short): the command reads only the current hand, so the two should cost
// the same.
func BenchmarkPlayCommand(b *testing.B) {
	b.Run("empty", func(b *testing.B) {
		db := filepath.Join(b.TempDir(), "empty.db")
		quiet := &IO{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(string) string { return "" }}
		if code := run([]string{"--db", db, "new", "--game", "auction"}, quiet); code != 0 {
			b.Fatal("new failed")
		}
		benchPlay(b, db)
	})
	b.Run("large", func(b *testing.B) {
		db := simtest.Copy(b, simtest.DB(b, "auction", simtest.Hands(), 3), b.TempDir())
		benchPlay(b, db)
	})
}
