package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/testkit"
)

// Two hoyle processes on one database. bbolt locks the file: a writer
// exclusively, readers shared, each for as long as it has the file open.
// hoyle opens it for one command (or, at the record prompt, one entry) and
// waits up to a second for the lock, then says the database is in use.
//
// The bounds on waits below are hang detectors, not speed assertions: the
// measured times are logged.

// TestSecondWriterIsToldInUse: while another process holds the database
// open for writing, a writer (and, as bbolt locks, a reader) is told the
// database is in use after its wait for the writer (a second in hoyle;
// set short here, asHoyleWriterWait, but in the full rounds), and nothing
// is appended. That the wait
// is bounded, and by which bound, is TestWriterWaitIsBounded.
func TestSecondWriterIsToldInUse(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "busy.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal", "--pbn", demoPBN)
	before := eventCount(t, db)
	hash := fileHash(t, db)

	holder, err := bolt.Open(db, bolt.Options{}) // this process: the first writer, in the middle of its work
	require.NoError(t, err)
	var wait []string // HOYLE_FULL: hoyle's own second
	if testkit.Rounds(0, 1) == 0 {
		wait = []string{asHoyleWriterWait + "=100ms"}
	}
	for _, args := range [][]string{
		{"call", "1S"},
		{"note", "a remark"},
		{"new", "--game", "contract"},
		{"undo"},
		{"show"},
		{"verify"},
	} {
		r, took := timedRunEnv(t, db, wait, args...)
		assert.Equal(t, 1, r.code, "hoyle %v: %s", args, r.err)
		assert.Contains(t, r.err, "the database is in use by another hoyle process", args)
		assert.Contains(t, r.err, "wait for it to finish and try again", args)
		assert.Empty(t, r.out, args)
		t.Logf("hoyle %s while another process writes: exit %d after %v", strings.Join(args, " "), r.code, took.Round(time.Millisecond))
	}
	require.NoError(t, holder.Close())
	assert.Equal(t, hash, fileHash(t, db), "the refused writers changed nothing")
	assert.Equal(t, before, eventCount(t, db))
	ok(t, db, "call", "1S")
	assert.Equal(t, before+1, eventCount(t, db), "once the first writer has let go, the second writes")
}

// TestTwoWritersLoseNothing: two processes record notes into one session
// as fast as they can, each entry its own hoyle process. Every note
// acknowledged is in the log once; a note refused as "in use" is not.
func TestTwoWritersLoseNothing(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	per := testkit.Rounds(15, 60)
	db := filepath.Join(t.TempDir(), "two.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal")
	type tally struct {
		acked   []string
		inUse   int
		slowest time.Duration
	}
	tallies := make([]tally, 2)
	var wg sync.WaitGroup
	for w := range tallies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range per {
				text := fmt.Sprintf("writer %d note %d", w, i)
				r, took := timedRun(t, db, "note", text)
				tallies[w].slowest = max(tallies[w].slowest, took)
				switch {
				case r.code == 0:
					tallies[w].acked = append(tallies[w].acked, text)
				case strings.Contains(r.err, "in use by another hoyle process"):
					tallies[w].inUse++
				default:
					t.Errorf("writer %d: %s: exit %d: %s", w, text, r.code, r.err)
				}
			}
		}()
	}
	wg.Wait()

	counts := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(ok(t, db, "log", "--json")), "\n") {
		var l struct {
			Type string
			Data struct{ Text string }
		}
		require.NoError(t, json.Unmarshal([]byte(line), &l))
		if l.Type == "note.added" {
			counts[l.Data.Text]++
		}
	}
	acked := 0
	for w, tl := range tallies {
		for _, text := range tl.acked {
			assert.Equal(t, 1, counts[text], "acknowledged %q is in the log once", text)
			delete(counts, text)
		}
		acked += len(tl.acked)
		t.Logf("writer %d: %d notes acknowledged, %d refused as in use; slowest entry %v", w, len(tl.acked), tl.inUse, tl.slowest.Round(time.Millisecond))
	}
	assert.Empty(t, counts, "notes in the log that no writer had acknowledged")
	t.Logf("two writers: %d entries, %d acknowledged, %d lost", 2*per, acked, 0+len(counts))
	r := hoyleRun(t, db, "verify")
	assert.Equal(t, 0, r.code, r.err)
}

// readers are the read-only commands, as a second terminal would run them.
var readers = [][]string{
	{"show"},
	{"show", "--json"},
	{"log"},
	{"log", "--json"},
	{"score"},
	{"sessions"},
	{"verify"},
}

// readerTally counts the runs of read-only commands beside a writer.
type readerTally struct {
	mu                 sync.Mutex
	runs, worked, busy int
	other              []string // failures other than "in use"
	slowest            time.Duration
}

// read runs one read-only command and counts how it ended.
func (rt *readerTally) read(t *testing.T, db string, i int) {
	args := readers[i%len(readers)]
	r, took := timedRun(t, db, args...)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	rt.runs++
	rt.slowest = max(rt.slowest, took)
	switch {
	case r.code == 0:
		rt.worked++
	case r.code == 1 && strings.Contains(r.err, "the database is in use by another hoyle process"):
		rt.busy++
	default:
		rt.other = append(rt.other, fmt.Sprintf("hoyle %s: exit %d: %s", strings.Join(args, " "), r.code, r.err))
	}
}

// check: readers worked beside the writer, and failed in no other way than
// "in use". A reader that waited out its second while one entry was being
// written (the writer in the middle of a write, on a loaded machine) is
// told so, which is right; how many were is logged, not asserted, since it
// depends on the machine's speed.
func (rt *readerTally) check(t *testing.T, what string) {
	t.Helper()
	assert.Empty(t, rt.other, "read-only commands failed beside %s", what)
	assert.Positive(t, rt.worked, "no read-only command got in beside %s", what)
	t.Logf("readers beside %s: %d runs, %d worked, %d told in use; slowest %v", what, rt.runs, rt.worked, rt.busy, rt.slowest.Round(time.Millisecond))
}

// TestReadersWhileRecording: while `hoyle record` takes a hand at its
// prompt (a separate process, fed a line at a time), the read-only
// commands work from another process: the prompt holds the database only
// while it records an entry, and a reader waits out an entry in progress.
func TestReadersWhileRecording(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "table.db")
	ok(t, db, "new", "--game", "auction", "--dealer", "S")

	rec := hoyleProcess(t, db, "record")
	in, err := rec.StdinPipe()
	require.NoError(t, err)
	rec.Stdout, rec.Stderr = io.Discard, io.Discard
	require.NoError(t, rec.Start())
	lines := []string{`deal --pbn "` + demoPBN + `"`, "1s p 1c 1nt 2c 2r p p 3c x p 2nt p p p"}
	for _, l := range []string{"HJ H3 H5 HA", "DA D5 D2 D3", "HK H6 H4 H8", "DK D6 D8 D7", "CJ C5 C6 CA", "CK C3 CT C7",
		"CQ C4 D9 C9", "S8 S3 S6 SA", "SK S4 S5 S7", "SQ C2 D4 ST", "SJ C8 DQ DT", "S9 DJ H2 H7", "S2 H9 HQ HT"} {
		for _, c := range strings.Fields(l) {
			lines = append(lines, c) // one card an entry: many short writes
		}
	}
	stop := make(chan struct{})
	var rt readerTally
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				rt.read(t, db, i)
			}
		}()
	}
	for _, l := range lines {
		_, err := io.WriteString(in, l+"\n")
		require.NoError(t, err)
		time.Sleep(5 * time.Millisecond) // a fast scorer
	}
	require.NoError(t, in.Close())
	waited := make(chan error, 1)
	go func() { waited <- rec.Wait() }()
	select {
	case err := <-waited:
		require.NoError(t, err)
	case <-time.After(hangBound):
		t.Fatal("hoyle record did not finish")
	}
	close(stop)
	wg.Wait()
	rt.check(t, "hoyle record")
	v := showJSON(t, db)
	assert.Equal(t, "done", v["phase"], "every entry of the hand was recorded")
	assert.Equal(t, float64(52), v["played"])
}

// TestReadersBesideAWriterLoop: a script recording entries back to back,
// one hoyle process each, does not shut the readers out: each writer holds
// the file for one entry, and a reader looks for the moment between.
func TestReadersBesideAWriterLoop(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	n := testkit.Rounds(30, 120)
	db := filepath.Join(t.TempDir(), "loop.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal")
	done := make(chan struct{})
	var writerFails []string
	go func() {
		defer close(done)
		for i := range n {
			if r := hoyleRun(t, db, "note", fmt.Sprintf("note %d", i)); r.code != 0 {
				writerFails = append(writerFails, r.err)
			}
		}
	}()
	var rt readerTally
	for i := 0; ; i++ {
		select {
		case <-done:
			rt.check(t, fmt.Sprintf("a writer loop of %d entries", n))
			assert.Empty(t, writerFails, "the writer beside the readers")
			assert.Equal(t, 2+n, eventCount(t, db))
			return
		default:
		}
		rt.read(t, db, i)
	}
}

// TestWriterBesideSimulate: `hoyle simulate` is one hoyle process that
// holds the database for writing through its whole run. A second writer
// meanwhile is told "in use" after about a second, never hangs, and loses
// nothing; the simulated hands are all there.
func TestWriterBesideSimulate(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	hands := testkit.Rounds(500, 1500)
	db := filepath.Join(t.TempDir(), "sim.db")
	first := strings.TrimSpace(ok(t, db, "new", "--game", "auction"))
	ok(t, db, "--session", first, "deal")

	sim := hoyleProcess(t, db, "simulate", "--game", "contract", "--hands", fmt.Sprint(hands), "--seed", "3")
	var simOut strings.Builder
	sim.Stdout = &simOut
	require.NoError(t, sim.Start())
	simDone := make(chan error, 1)
	go func() { simDone <- sim.Wait() }()

	var acked, inUse int
	var inUseAfter []time.Duration
	for running := true; running; {
		select {
		case err := <-simDone:
			require.NoError(t, err)
			running = false
			continue
		default:
		}
		r, took := timedRun(t, db, "--session", first, "note", fmt.Sprintf("beside the simulation %d", acked+inUse))
		switch {
		case r.code == 0:
			acked++
		case strings.Contains(r.err, "in use by another hoyle process"):
			inUse++
			inUseAfter = append(inUseAfter, took.Round(time.Millisecond))
		default:
			t.Fatalf("note beside simulate: exit %d: %s", r.code, r.err)
		}
	}
	t.Logf("beside simulate (%d hands): %d notes acknowledged, %d refused as in use, after %v", hands, acked, inUse, inUseAfter)
	assert.Equal(t, 2+acked, eventCount(t, db, "--session", first), "the session holds every acknowledged note and no other")
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "--session", strings.TrimSpace(simOut.String()), "show", "--json")), &v))
	assert.Equal(t, float64(hands), v["hand"], "every simulated hand is there")
	r := hoyleRun(t, db, "verify")
	assert.Equal(t, 0, r.code, r.err)
}
