package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// benchPlay measures one `hoyle play` (open the database, fold the current
// hand, check the card, append with fsync, print the status line) on db.
// Between plays, untimed, the hand is claimed and a new one dealt and bid,
// so that every timed play is the opening lead of a fresh hand, as at a
// table, however many iterations run.
func benchPlay(b *testing.B, db string) {
	quiet := &Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(string) string { return "" }}
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
		quiet := &Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(string) string { return "" }}
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

// promptOut is the record prompt's output, telling when the prompt asks
// for the next line: the entry before it is then recorded, and shown.
type promptOut struct {
	mu    sync.Mutex
	tail  []byte
	ready chan struct{}
}

func (p *promptOut) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tail = append(p.tail, b...)
	if len(p.tail) > 64 {
		p.tail = p.tail[len(p.tail)-64:]
	}
	if bytes.HasSuffix(p.tail, []byte("> ")) {
		p.tail = p.tail[:0]
		p.ready <- struct{}{}
	}
	return len(b), nil
}

// tableLines are entries as a scorer types them at the prompt, forever:
// a deal with no cards recorded, an auction, and the 52 cards a trick of
// one suit at a time (with no hand recorded, any card not yet played may
// be played by whoever's turn it is).
func tableLines() func() string {
	var lines []string
	lines = append(lines, "deal", "1s", "p", "p", "p")
	for _, suit := range "SHDC" {
		for _, rank := range "23456789TJQKA" {
			lines = append(lines, string(suit)+string(rank))
		}
	}
	i := 0
	return func() string {
		l := lines[i%len(lines)]
		i++
		return l
	}
}

// benchPrompt measures one entry at the record prompt of db: the line
// typed, recorded (its fsync included) and the table shown again.
func benchPrompt(b *testing.B, db string) { benchPromptEnv(b, db, func(string) string { return "" }) }

// benchPromptEnv is benchPrompt with the environment getenv gives: a
// user's, whose checkpoint key seals the session's checkpoint.
func benchPromptEnv(b *testing.B, db string, getenv func(string) string) {
	in, feed := io.Pipe()
	out := &promptOut{ready: make(chan struct{}, 1)}
	streams := &Streams{In: in, Out: out, Err: io.Discard, Getenv: getenv}
	done := make(chan int)
	go func() { done <- run([]string{"--db", db, "record"}, streams) }()
	next := tableLines()
	type_ := func() {
		<-out.ready
		if _, err := fmt.Fprintln(feed, next()); err != nil {
			b.Fatal(err)
		}
	}
	for range 60 { // a hand first, untimed: the checkpoint, the caches
		type_()
	}
	for b.Loop() {
		type_()
	}
	<-out.ready
	feed.Close()
	if code := <-done; code != 0 {
		b.Fatalf("record: exit %d", code)
	}
}

// benchFloor runs the floor once an iteration: a Go program, as its own
// process, that opens a bbolt file and commits one fsynced put
// (testdata/floor), built here.
func benchFloor(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "floor")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/floor").CombinedOutput(); err != nil {
		b.Fatalf("building the floor: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "floor.db")
	for b.Loop() {
		if out, err := exec.Command(bin, db).CombinedOutput(); err != nil {
			b.Fatalf("floor: %v\n%s", err, out)
		}
	}
}

// BenchmarkPromptEntry measures an entry at the record prompt, in a new
// session and in one of 10,000 hands (1,000 with -short), against the
// floor: a Go program, as its own process, that opens a bbolt file and
// commits one fsynced put. The three run in the same run of the
// benchmark; the entry should stay within 3 times the floor.
func BenchmarkPromptEntry(b *testing.B) {
	b.Run("floor", benchFloor)
	b.Run("entry", func(b *testing.B) {
		db := filepath.Join(b.TempDir(), "prompt.db")
		quiet := &Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(string) string { return "" }}
		if code := run([]string{"--db", db, "new", "--game", "auction"}, quiet); code != 0 {
			b.Fatal("new failed")
		}
		benchPrompt(b, db)
	})
	b.Run("entry-large", func(b *testing.B) {
		benchPrompt(b, simtest.Copy(b, simtest.DB(b, "auction", simtest.Hands(), 3), b.TempDir()))
	})
	// With a user's checkpoint key, as at a real table: the checkpoint is
	// brought up every MinLag events, and the score at the end of a hand
	// is read from it between two refreshes.
	keyed := func(b *testing.B) func(string) string {
		dir := b.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "hoyle"), 0o700); err != nil {
			b.Fatal(err)
		}
		key := base64.StdEncoding.EncodeToString(simtest.Key[:checkpointKeySize])
		if err := os.WriteFile(filepath.Join(dir, "hoyle", "checkpoint.key"), []byte(key), 0o600); err != nil {
			b.Fatal(err)
		}
		return func(k string) string {
			if k == "XDG_CONFIG_HOME" {
				return dir
			}
			return ""
		}
	}
	b.Run("entry-keyed", func(b *testing.B) {
		db := filepath.Join(b.TempDir(), "prompt.db")
		getenv := keyed(b)
		quiet := &Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: getenv}
		if code := run([]string{"--db", db, "new", "--game", "auction"}, quiet); code != 0 {
			b.Fatal("new failed")
		}
		benchPromptEnv(b, db, getenv)
	})
	b.Run("entry-large-keyed", func(b *testing.B) {
		benchPromptEnv(b, simtest.Copy(b, simtest.DB(b, "auction", simtest.Hands(), 3), b.TempDir()), keyed(b))
	})
}
