package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hoyle/hoyle/events/simulate/simtest"
)

// benchPlay measures one `hoyle play` (open the database, fold the current
// hand, check the card, append with fsync, print the status line) on db,
// whose latest session has a hand in play. Each play is undone, untimed,
// so every iteration plays the same card.
func benchPlay(b *testing.B, db string) {
	quiet := &IO{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(string) string { return "" }}
	mustRun := func(args ...string) {
		if code := run(append([]string{"--db", db}, args...), quiet); code != 0 {
			b.Fatalf("hoyle %v: exit %d", args, code)
		}
	}
	mustRun("deal", "--pbn", "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976")
	mustRun("call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	for b.Loop() {
		mustRun("play", "HJ")
		b.StopTimer()
		mustRun("undo")
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
