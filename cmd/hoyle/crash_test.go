package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
)

// The crash harness runs hoyle as separate processes (hoyleProcess: this
// test binary, which TestMain turns into the hoyle command), each recording
// one entry, and kills them with SIGKILL at random moments: no deferred
// cleanup, no flush, the lock dropped by the kernel. After each entry it
// reads the log: an entry acknowledged (exit 0) must be in it whole, an
// entry killed must be in it whole or not at all, and whatever was in the
// log before must still be there. After each kill, `hoyle verify` must pass.
//
// SIGKILL tests the program, not the disk: the kernel still writes out what
// the process had written. That bbolt's fsync makes an acknowledged commit
// survive power loss is bbolt's guarantee, not something a test on one
// machine can show.

// outcome is how one hoyle process ended.
type outcome struct {
	killed bool // SIGKILL ended it
	code   int  // its exit code, when it exited
	took   time.Duration
	stderr string
}

// runKilledAfter runs hoyle and sends it SIGKILL after delay, unless it has
// exited by then.
func runKilledAfter(t *testing.T, db string, delay time.Duration, args ...string) outcome {
	t.Helper()
	cmd := hoyleProcess(t, db, args...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	start := time.Now()
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	timer := time.NewTimer(delay)
	select {
	case err = <-done:
		timer.Stop()
	case <-timer.C:
		// It may exit just before the signal lands: then Wait says so, and
		// the entry counts as acknowledged.
		_ = cmd.Process.Signal(syscall.SIGKILL)
		err = <-done
	}
	o := outcome{took: time.Since(start), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			o.killed = true
		} else {
			o.code = ee.ExitCode()
		}
	default:
		t.Fatalf("hoyle %v: %v", args, err)
	}
	return o
}

// entry is one hoyle command of the workload and the event types it appends.
type entry struct {
	args  []string
	types []string
}

// stored is an event the harness has seen in the log.
type stored struct {
	id      events.ID
	session string
	typ     string
}

// logState reads the database in this process: the events after the first
// `after` positions, and the latest session folded (nil if none).
func logState(t *testing.T, db string, after int) ([]stored, *projections.Session) {
	t.Helper()
	ctx := context.Background()
	st, err := bolt.Open(db, bolt.Options{ReadOnly: true})
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	require.NoError(t, err)
	defer st.Close()
	var out []stored
	for e, err := range st.ReadAll(ctx, uint64(after)+1, false) {
		require.NoError(t, err)
		out = append(out, stored{id: e.ID, session: e.Session, typ: e.Type})
	}
	id, err := st.LastSession(ctx)
	if errors.Is(err, events.ErrNoSession) {
		return out, nil
	}
	require.NoError(t, err)
	s, _, err := load.Session(ctx, st, id)
	require.NoError(t, err)
	return out, s
}

// nextEntry picks a legal entry for the session as it stands: a new
// session, a seeded deal (sometimes cut), one to four calls or cards chosen
// among the legal ones, a claim, an undo (of a card, a call, or a deal: the
// deal/undo cycle) or a note.
func nextEntry(rng *rand.Rand, s *projections.Session) entry {
	if s == nil || (len(s.Hands) >= 3 && s.Current().Phase == game.PhaseDone) {
		g := []string{"auction", "contract"}[rng.IntN(2)]
		return entry{[]string{"new", "--game", g, "--north", "Ann", "--south", "Cy"}, []string{table.TypeSessionOpened}}
	}
	h := s.Current()
	undo := entry{[]string{"undo"}, []string{table.TypeRetracted}}
	note := entry{[]string{"note", "--glyph", "!?", "--by", "Ann", "entry " + strconv.Itoa(rng.IntN(1000))}, []string{table.TypeNoted}}
	r := rng.Float64()
	switch {
	case h == nil || h.Phase == game.PhaseDone:
		if h != nil && r < 0.15 {
			return undo
		}
		e := entry{[]string{"deal", "--seed", strconv.FormatUint(rng.Uint64(), 10)}, []string{table.TypeShuffled}}
		if rng.IntN(2) == 0 {
			e.args = append(e.args, "--cut", strconv.Itoa(4+rng.IntN(45)))
			e.types = append(e.types, table.TypeCut)
		}
		e.types = append(e.types, table.TypeDealt)
		return e
	case r < 0.08:
		return undo // in the auction with no calls yet, this undoes the deal
	case r < 0.12:
		return note
	case h.Phase == game.PhasePlay && r < 0.16:
		return entry{[]string{"claim", strconv.Itoa(rng.IntN(s.Rules.Tricks() - h.CompletedTricks() + 1))}, []string{table.TypeClaimed}}
	}
	c := h.Clone()
	e := entry{}
	for n := 1 + rng.IntN(4); n > 0; n-- {
		switch c.Phase {
		case game.PhaseAuction:
			legal := c.LegalCalls(s.Rules)
			call := legal[rng.IntN(len(legal))]
			for _, l := range legal {
				if l.Kind == cards.Pass && rng.Float64() < 0.6 {
					call = l // mostly pass, so that auctions end
				}
			}
			if err := s.Rules.Call(c, call, events.ID{}); err != nil {
				panic(err) // LegalCalls said it was legal
			}
			if len(e.args) == 0 {
				e.args = []string{"call"}
			}
			if e.args[0] != "call" {
				return e
			}
			e.args = append(e.args, call.String())
			e.types = append(e.types, table.TypeCalled)
		case game.PhasePlay:
			legal := c.LegalCards(s.Rules)
			card := legal[rng.IntN(len(legal))]
			if err := c.Play(s.Rules, card, events.ID{}); err != nil {
				panic(err)
			}
			if len(e.args) == 0 {
				e.args = []string{"play"}
			}
			if e.args[0] != "play" {
				return e
			}
			e.args = append(e.args, card.String())
			e.types = append(e.types, table.TypePlayed)
		default:
			return e
		}
	}
	return e
}

// killMoment is when to kill a process that takes about typical: spread
// over its life from a third of the way (before that it is still starting
// up, and has not touched the file) to past its end (so that some entries
// are acknowledged and some are killed after their commit).
func killMoment(rng *rand.Rand, typical time.Duration) time.Duration {
	return time.Duration((0.3 + 0.9*rng.Float64()) * float64(typical))
}

// calibrate is how long an entry takes, from a few run to the end.
func calibrate(t *testing.T, db string, args ...string) time.Duration {
	t.Helper()
	var total time.Duration
	for range 5 {
		start := time.Now()
		r := hoyleRun(t, db, args...)
		require.Equal(t, 0, r.code, r.err)
		total += time.Since(start)
	}
	return total / 5
}

// crashFigures are what a run of the harness counts.
type crashFigures struct {
	entries, acked, ackedEvents, killed, killedCommitted, lost int
}

func TestCrashKilledEntries(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	rounds := testkit.Rounds(10, 300) // HOYLE_FULL=1 runs all 300
	seed := testkit.Seed(t)
	rng := rand.New(rand.NewPCG(seed, 6))
	t.Logf("seed %d", seed)
	db := filepath.Join(t.TempDir(), "crash.db")

	var ledger []stored // every event seen in the log, in log order
	var f crashFigures
	// How long an entry takes, updated as they run.
	typical := calibrate(t, filepath.Join(t.TempDir(), "calibrate.db"), "new", "--game", "contract")
	start := time.Now()
	_, s := logState(t, db, 0)
	for f.killed < rounds {
		e := nextEntry(rng, s)
		// Half the entries run to their end, so that acknowledged entries
		// pile up between the kills.
		delay := time.Minute
		if rng.IntN(2) == 0 {
			delay = killMoment(rng, typical)
		}
		o := runKilledAfter(t, db, delay, e.args...)
		f.entries++
		if !o.killed && o.code != 0 {
			t.Fatalf("hoyle %s: exit %d: %s", strings.Join(e.args, " "), o.code, o.stderr)
		}
		got, next := logState(t, db, len(ledger))
		for i, g := range got {
			if i >= len(e.types) || g.typ != e.types[i] {
				t.Fatalf("hoyle %s appended %v, not %v", strings.Join(e.args, " "), types(got), e.types)
			}
		}
		switch {
		case !o.killed:
			f.acked++
			f.ackedEvents += len(e.types)
			typical = (typical*7 + o.took) / 8
			if len(got) != len(e.types) {
				f.lost += len(e.types) - len(got)
				t.Errorf("hoyle %s was acknowledged, but %d of its %d events are in the log", strings.Join(e.args, " "), len(got), len(e.types))
			}
		case len(got) == 0:
			f.killed++
		case len(got) == len(e.types):
			f.killed++
			f.killedCommitted++
		default:
			t.Fatalf("hoyle %s, killed, left %d of its %d events: an entry is all or nothing", strings.Join(e.args, " "), len(got), len(e.types))
		}
		ledger = append(ledger, got...)
		s = next
		if o.killed {
			if _, err := os.Stat(db); err == nil {
				r := hoyleRun(t, db, "verify")
				require.Equal(t, 0, r.code, "verify after the kill of hoyle %s: %s", strings.Join(e.args, " "), r.err)
			}
			if f.killed%50 == 0 {
				f.lost += checkLedger(t, db, ledger)
			}
		}
	}
	f.lost += checkLedger(t, db, ledger)
	t.Logf("crash harness: %d rounds killed (%d of them after the commit), %d entries run, %d acknowledged with %d events, %d events lost; %d events in %d sessions; entries took ~%v; %v in all",
		f.killed, f.killedCommitted, f.entries, f.acked, f.ackedEvents, f.lost, len(ledger), len(sessionsOf(ledger)), typical.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	assert.Zero(t, f.lost, "acknowledged events lost")
}

func types(got []stored) []string {
	var out []string
	for _, g := range got {
		out = append(out, g.typ)
	}
	return out
}

func sessionsOf(ledger []stored) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range ledger {
		if !seen[e.session] {
			seen[e.session] = true
			out = append(out, e.session)
		}
	}
	return out
}

// checkLedger compares every session's `hoyle log --json`, run as its own
// process, with the events the harness saw appended, and returns how many
// are missing.
func checkLedger(t *testing.T, db string, ledger []stored) int {
	t.Helper()
	lost := 0
	for _, session := range sessionsOf(ledger) {
		r := hoyleRun(t, db, "--session", session, "log", "--json")
		require.Equal(t, 0, r.code, r.err)
		have := map[string]bool{}
		var ids []string
		for _, line := range strings.Split(strings.TrimSpace(r.out), "\n") {
			var l struct{ ID string }
			require.NoError(t, json.Unmarshal([]byte(line), &l))
			have[l.ID] = true
			ids = append(ids, l.ID)
		}
		var want []string
		for _, e := range ledger {
			if e.session == session {
				want = append(want, e.id.String())
				if !have[e.id.String()] {
					lost++
				}
			}
		}
		assert.Equal(t, want, ids, "session %s: the log holds exactly the events seen appended, in order", session)
	}
	return lost
}

// TestCrashCreatingTheDatabase kills `hoyle new` while it creates the
// database file: afterwards there is no file, or one that opens and
// verifies (holding the session if new was acknowledged), and new works.
func TestCrashCreatingTheDatabase(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	rounds := testkit.Rounds(10, 100) // HOYLE_FULL=1 runs all 100
	seed := testkit.Seed(t)
	rng := rand.New(rand.NewPCG(seed, 7))
	dir := t.TempDir()
	typical := calibrate(t, filepath.Join(dir, "calibrate.db"), "new", "--game", "contract")
	var killed, acked, noFile, opened int
	for i := 0; killed < rounds; i++ {
		db := filepath.Join(dir, fmt.Sprintf("new-%d", i), "hoyle.db")
		o := runKilledAfter(t, db, killMoment(rng, typical), "new", "--game", "contract")
		if !o.killed {
			require.Equal(t, 0, o.code, o.stderr)
			acked++
			typical = (typical*7 + o.took) / 8
		} else {
			killed++
		}
		if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
			require.True(t, o.killed, "new was acknowledged, but there is no database")
			noFile++
		} else {
			opened++
			r := hoyleRun(t, db, "verify")
			require.Equal(t, 0, r.code, "after new was killed, the file it left does not verify: %s", r.err)
			r = hoyleRun(t, db, "sessions")
			require.Equal(t, 0, r.code, r.err)
			if !o.killed {
				assert.Contains(t, r.out, "contract", "the acknowledged session is there")
			}
		}
		r := hoyleRun(t, db, "new", "--game", "auction")
		require.Equal(t, 0, r.code, "new after the kill: %s", r.err)
	}
	t.Logf("creating the database: seed %d, %d rounds killed, %d acknowledged; %d left no file, %d left a database that opened and verified",
		seed, killed, acked, noFile, opened)
}

// TestCrashKilledImport kills `hoyle import` of a real tournament file (one
// transaction of thousands of events) at random moments: afterwards the
// database holds all of the import or none of it, beside what it held, and
// verifies.
func TestCrashKilledImport(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	rounds := testkit.Rounds(4, 40)                                    // HOYLE_FULL=1 runs all 40
	const file = "../../export/pbn/testdata/realbridge-2021-teams.pbn" // a real tournament, in the repository
	dir := t.TempDir()
	base := filepath.Join(dir, "base.db")
	script(t, base, "demo")
	baseBytes, err := os.ReadFile(base)
	require.NoError(t, err)
	count := func(db string) (evs, sessions int) {
		t.Helper()
		st, err := bolt.Open(db, bolt.Options{ReadOnly: true})
		require.NoError(t, err)
		defer st.Close()
		for _, err := range st.ReadAll(context.Background(), 1, false) {
			require.NoError(t, err)
			evs++
		}
		list, err := st.Sessions(context.Background())
		require.NoError(t, err)
		return evs, len(list)
	}
	baseEvents, baseSessions := count(base)
	full := filepath.Join(dir, "full.db")
	require.NoError(t, os.WriteFile(full, baseBytes, 0o600))
	start := time.Now()
	r := hoyleRun(t, full, "import", file)
	require.Equal(t, 0, r.code, r.err)
	typical := time.Since(start)
	fullEvents, fullSessions := count(full)
	require.Greater(t, fullEvents, baseEvents)

	seed := testkit.Seed(t)
	rng := rand.New(rand.NewPCG(seed, 8))
	var killed, none, all, acked int
	for i := 0; killed < rounds; i++ {
		db := filepath.Join(dir, fmt.Sprintf("import-%d.db", i))
		require.NoError(t, os.WriteFile(db, baseBytes, 0o600))
		o := runKilledAfter(t, db, killMoment(rng, typical), "import", file)
		if !o.killed {
			require.Equal(t, 0, o.code, o.stderr)
			acked++
			// The import finished before the kill: aim at what it takes
			// now (a machine less loaded than at the first import
			// would otherwise see round after round run to the end).
			typical = (typical + o.took) / 2
		} else {
			killed++
		}
		evs, sessions := count(db)
		switch {
		case evs == baseEvents && sessions == baseSessions:
			require.True(t, o.killed, "import was acknowledged, but none of it is in the database")
			none++
		case evs == fullEvents && sessions == fullSessions:
			all++
		default:
			t.Fatalf("round %d: %d events in %d sessions: neither the %d before the import nor the %d after it", i, evs, sessions, baseEvents, fullEvents)
		}
		r := hoyleRun(t, db, "verify")
		require.Equal(t, 0, r.code, "verify after the import was killed: %s", r.err)
		require.NoError(t, os.Remove(db))
	}
	t.Logf("import killed: seed %d, %d rounds killed, %d acknowledged; %d left none of it, %d all of it (%d events in %d sessions); an import takes ~%v",
		seed, killed, acked, none, all, fullEvents-baseEvents, fullSessions-baseSessions, typical.Round(time.Millisecond))
}

// TestCrashKilledBatchedImport kills `hoyle import` of a file too large for
// one transaction (a LIN file of 500 simulated boards, about 30,000
// events, appended some 10,000 at a time) at random moments. Each commit
// holds whole records and names them (session.source): the database
// verifies, holds one session or none, and importing the file again
// completes it, to exactly what an import that was never killed makes.
func TestCrashKilledBatchedImport(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	rounds := testkit.Rounds(1, 20) // HOYLE_FULL=1 runs all 20
	dir := t.TempDir()
	sim := filepath.Join(dir, "sim.db")
	r := hoyleRun(t, sim, "simulate", "--game", "contract", "--hands", "500", "--seed", "3", "--batch", "500")
	require.Equal(t, 0, r.code, r.err)
	file := filepath.Join(dir, "boards.lin")
	r = hoyleRun(t, sim, "export", "--format", "lin", "-o", file)
	require.Equal(t, 0, r.code, r.err)
	full := filepath.Join(dir, "full.db")
	start := time.Now()
	r = hoyleRun(t, full, "import", file)
	require.Equal(t, 0, r.code, r.err)
	typical := time.Since(start)
	want := hoyleRun(t, full, "export", "--format", "lin").out
	require.NotEmpty(t, want)

	seed := testkit.Seed(t)
	rng := rand.New(rand.NewPCG(seed, 9))
	var killed, none, part, all int
	for i := 0; killed < rounds; i++ {
		db := filepath.Join(dir, fmt.Sprintf("import-%d.db", i))
		o := runKilledAfter(t, db, killMoment(rng, typical), "import", file)
		if o.killed {
			killed++
		} else {
			typical = (typical + o.took) / 2 // aim at what an import takes now
		}
		if _, err := os.Stat(db); err != nil {
			none++ // killed before it wrote
		} else {
			r := hoyleRun(t, db, "verify")
			require.Equal(t, 0, r.code, "verify after the import was killed: %s", r.err)
			switch {
			case strings.Contains(r.out, "500 hands"):
				all++
			case strings.Contains(r.out, "in 1 session "):
				part++
			default:
				require.Contains(t, r.out, "0 events", "round %d: %s", i, r.out)
			}
		}
		r := hoyleRun(t, db, "import", file)
		require.Equal(t, 0, r.code, r.err)
		r = hoyleRun(t, db, "verify")
		require.Equal(t, 0, r.code, r.err)
		assert.Contains(t, r.out, "in 1 session (500 hands)", "round %d: completed, not imported twice", i)
		assert.Equal(t, want, hoyleRun(t, db, "export", "--format", "lin").out, "round %d", i)
		require.NoError(t, os.Remove(db))
	}
	t.Logf("batched import killed: seed %d, %d rounds killed; %d before it wrote, %d part-way, %d whole; completed by importing again each time; an import takes ~%v",
		seed, killed, none, part, all, typical.Round(time.Millisecond))
}
