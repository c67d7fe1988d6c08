package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/testkit"
)

// The shared log: every command against a JetStream server (--db
// nats://...), the server killed and started again, the server down or
// silent, two tables and two racing processes, and sync. The servers run
// in this test process (natsstore.StartServer) unless the test kills
// them, when they run as hoyle serve processes. No external service.

// sharedServer starts an embedded server for one test and returns its URL.
func sharedLog(t *testing.T) string {
	t.Helper()
	srv, err := natsstore.StartServer(t.TempDir(), "127.0.0.1:0", natsstore.ServerOptions{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(srv.Shutdown)
	return srv.URL()
}

// serveProc is hoyle serve running as its own process.
type serveProc struct {
	cmd   *exec.Cmd
	url   string
	addr  string
	dir   string
	done  chan error
	found chan string // the URL it serves at, once it says so
	once  sync.Once
	// web is, with --http, where the sites are ("http://HOST:PORT/"),
	// once it says so on sites.
	web   string
	sites chan string
}

var (
	servingAt = regexp.MustCompile(`the shared log is at (nats://\S+), kept in`)
	sitesAt   = regexp.MustCompile(`the events' sites are at (http://\S+/)`)
)

// startServe runs hoyle serve on dir, listening on addr ("127.0.0.1:0"
// the first time, then the address it took, to start it again), and
// waits until it says where it serves.
func startServe(t *testing.T, dir, addr string) *serveProc {
	t.Helper()
	return startServeWith(t, dir, addr, nil)
}

// startServeWith is startServe with more environment and flags.
func startServeWith(t *testing.T, dir, addr string, env []string, flags ...string) *serveProc {
	t.Helper()
	p := launchServe(t, dir, addr, env, flags...)
	if err := p.await(); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(flags, "--http") {
		select {
		case p.web = <-p.sites:
		case <-time.After(hangBound):
			t.Fatalf("hoyle serve did not say where the sites are within %v", hangBound)
		}
	}
	return p
}

// launchServe starts hoyle serve and returns at once: await waits until
// it serves (the servers of a cluster serve once the others are up).
func launchServe(t *testing.T, dir, addr string, env []string, flags ...string) *serveProc {
	t.Helper()
	cmd := hoyleProcess(t, filepath.Join(dir, "unused.db"), append([]string{"serve", "--listen", addr, "--dir", dir, "--verbose"}, flags...)...)
	cmd.Env = append(cmd.Env, env...)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	p := &serveProc{cmd: cmd, dir: dir, done: make(chan error, 1), found: make(chan string, 1), sites: make(chan string, 1)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := servingAt.FindStringSubmatch(sc.Text()); m != nil {
				p.found <- m[1]
			}
			if m := sitesAt.FindStringSubmatch(sc.Text()); m != nil {
				p.sites <- m[1]
			}
		}
	}()
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		p.kill() // first: the log is read once the process is gone
		if t.Failed() {
			t.Logf("hoyle serve's log:\n%s", stderr.String())
		}
	})
	return p
}

// await waits until the server says where it serves, and takes its URL.
func (p *serveProc) await() error {
	select {
	case p.url = <-p.found:
	case err := <-p.done:
		p.done <- err // for kill
		return fmt.Errorf("hoyle serve exited: %v", err)
	case <-time.After(hangBound):
		return fmt.Errorf("hoyle serve did not start within %v", hangBound)
	}
	p.addr = strings.TrimPrefix(p.url, "nats://")
	return nil
}

// kill sends SIGKILL, once, and waits for the process to go.
func (p *serveProc) kill() {
	p.once.Do(func() {
		_ = p.cmd.Process.Signal(syscall.SIGKILL)
		select {
		case <-p.done:
		case <-time.After(hangBound):
		}
	})
}

// openLocal opens a local database read-only.
func openLocal(path string) (events.Store, error) {
	return bolt.Open(path, bolt.Options{ReadOnly: true})
}

// openShared reads the shared log in this process, to check what is in it.
func openSharedLog(t *testing.T, url string) *natsstore.Store {
	t.Helper()
	st, err := natsstore.Open(context.Background(), url, natsstore.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// logIDs reads every event ID of the shared log, in order.
func logIDs(t *testing.T, st events.Store) []events.ID {
	t.Helper()
	var out []events.ID
	for e, err := range st.ReadAll(context.Background(), 1, false) {
		require.NoError(t, err)
		out = append(out, e.ID)
	}
	return out
}

// TestEveryCommandOnTheSharedLog: the commands of a table and of a director
// work against the shared log as against a file.
func TestEveryCommandOnTheSharedLog(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	session := strings.TrimSpace(ok(t, url, "new", "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B", "--dealer", "S"))
	ok(t, url, "deal", "--pbn", demoPBN)
	ok(t, url, "call", "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	ok(t, url, "play", "HJ", "H3", "H5", "HA")
	ok(t, url, "note", "--glyph", "!", "the only heart")
	ok(t, url, "play", "DA")
	assert.Contains(t, ok(t, url, "undo"), "undid")
	ok(t, url, "claim", "8")
	assert.Equal(t, "done", showJSONOf(t, url)["phase"])
	assert.Contains(t, ok(t, url, "score"), "THEY")
	assert.Contains(t, ok(t, url, "log"), "auction.call")
	assert.Contains(t, ok(t, url, "export"), "## Auction")
	backup := filepath.Join(t.TempDir(), "backup.json")
	ok(t, url, "export", "--format", "json", "-o", backup)
	assert.Contains(t, ok(t, url, "verify"), "every hash chain is unbroken")

	// The record prompt, its lines from standard input.
	r := hoyleIn(t, url, "deal\n1s p p p\n", "record")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "hand 2")

	// Import: a JSON backup (already there: nothing added), and three
	// tables of the real PBN file (HOYLE_FULL: all thirty), larger than
	// one atomic batch (1,400 events; 14,000), which land in parts cut at
	// deals.
	before := len(logIDs(t, openSharedLog(t, url)))
	r = hoyle(t, url, "import", backup)
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.err, "already in the database")
	assert.Equal(t, before, len(logIDs(t, openSharedLog(t, url))))
	real, tables := realPBN, 30
	if testkit.Rounds(0, 1) == 0 {
		real, tables = filepath.Join(t.TempDir(), "three.pbn"), 3
		recs := recordsOfTables(pbnRecords(t, realPBN), "11", "4", "13")
		require.NoError(t, os.WriteFile(real, []byte(strings.Join(recs, "\n\n")+"\n"), 0o644))
	}
	r = hoyle(t, url, "import", real)
	require.Equal(t, 0, r.code, r.err)
	assert.Len(t, ids(r.out), tables, "a session a table")
	sim := strings.TrimSpace(ok(t, url, "simulate", "--game", "contract", "--hands", "30", "--batch", "30"))
	assert.Contains(t, ok(t, url, "--session", sim, "score"), "Rubber")
	assert.Contains(t, ok(t, url, "verify"), "every hash chain is unbroken")

	// A director's commands: the sessions, an event compared.
	var list []map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, url, "sessions", "--json")), &list))
	assert.Equal(t, session, list[0]["id"])
	for i := range 2 {
		id := strings.TrimSpace(ok(t, url, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Club night", "--table", itoa(i+1)))
		ok(t, url, "--session", id, "deal", "--board", "1")
		ok(t, url, "--session", id, "call", "4S", "P", "P", "P")
		ok(t, url, "--session", id, "claim", itoa(10+i))
		assert.Contains(t, ok(t, url, "--session", id, "export", "--format", "pbn"), `[Contract "4S"]`)
	}
	out := ok(t, url, "compare", "--event", "Club night")
	assert.Contains(t, out, "Board 1 (top 2)")
	assert.Contains(t, ok(t, url, "export", "--event", "Club night"), "## Ranking")
}

func showJSONOf(t *testing.T, db string) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "show", "--json")), &v))
	return v
}

// TestSharedLogDown: with the server down, or not answering, every command
// fails within a few seconds, says what to check, and writes nothing
// anywhere else: no file, no directory.
func TestSharedLogDown(t *testing.T) {
	t.Parallel()
	// A port nothing listens on: connections are refused at once.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	down := "nats://" + l.Addr().String()
	l.Close()
	// A server that takes the connection and never answers.
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer silent.Close()
	go func() {
		var held []net.Conn
		for {
			c, err := silent.Accept()
			if err != nil {
				for _, c := range held {
					c.Close()
				}
				return
			}
			held = append(held, c)
		}
	}()
	home := t.TempDir()
	cwd, err := os.Getwd()
	require.NoError(t, err)
	before := dirState(t, cwd)
	env := map[string]string{"HOME": home, "XDG_DATA_HOME": home}
	// How soon each fails is logged, a figure, not asserted: hung is
	// what fails the test (hangGuard), not slow on a loaded machine.
	const hangGuard = 20 * time.Second
	for _, c := range []struct {
		url string
		one bool // one command shows the timeout; each costs it
		env map[string]string
	}{
		{down, false, env},
		{"nats://" + silent.Addr().String(), true, env}, // the default timeout, 3 s
	} {
		for _, args := range [][]string{{"new", "--game", "auction"}, {"call", "1S"}, {"show"}, {"compare"}, {"verify"}} {
			start := time.Now()
			r := hoyleEnv(t, c.url, c.env, false, args...)
			took := time.Since(start)
			assert.Equal(t, exitError, r.code, "%v", args)
			assert.Contains(t, r.err, "the NATS server is unavailable", args)
			assert.Contains(t, r.err, "nothing was recorded (is hoyle serve running there? check --db)", args)
			assert.Less(t, took, hangGuard, "%v failed after %v", args, took)
			t.Logf("hoyle %s against %s: exit %d after %v", strings.Join(args, " "), c.url, r.code, took.Round(time.Millisecond))
			if c.one {
				break
			}
		}
	}
	entries, err := os.ReadDir(home)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing was written in the user's data directory")
	assert.Equal(t, before, dirState(t, cwd), "nor beside the tests")
}

// TestServeKilledLosesNothing: hoyle serve is killed with SIGKILL while a
// table records, and started again on its directory: every entry it
// acknowledged is in the log, verify passes, and recording goes on.
func TestServeKilledLosesNothing(t *testing.T) {
	testkit.Full(t)
	t.Parallel()
	rounds := testkit.Rounds(2, 15)
	rng := rand.New(rand.NewPCG(testkit.Seed(t), 15))
	dir := t.TempDir()
	srv := startServe(t, dir, "127.0.0.1:0")
	url := srv.url
	session := strings.TrimSpace(ok(t, url, "new", "--game", "contract"))
	acked := 1 // the session's opening
	for round := range rounds {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var mu sync.Mutex
		inFlight := 0
		// A table passing hands out: a deal (1 event), four passes (4),
		// from where the last round left the hand (read before the server
		// can be killed).
		next := 0
		if showJSONOf(t, url)["phase"] == "auction" {
			next = 1
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ; ; next = 1 - next {
				args, n := []string{"deal"}, 1
				if next == 1 {
					args, n = []string{"call", "P", "P", "P", "P"}, 4
				}
				select {
				case <-stop:
					return
				default:
				}
				mu.Lock()
				inFlight = n
				mu.Unlock()
				r := hoyle(t, url, append([]string{"--session", session}, args...)...)
				mu.Lock()
				inFlight = 0
				if r.code == 0 {
					acked += n
				} else {
					inFlight = n // it may have landed: the server went away while it was being recorded
				}
				mu.Unlock()
				if r.code != 0 {
					<-stop
					return
				}
			}
		}()
		time.Sleep(time.Duration(50+rng.IntN(400)) * time.Millisecond)
		srv.kill()
		close(stop)
		wg.Wait()
		start := time.Now()
		srv = startServe(t, dir, srv.addr)
		t.Logf("round %d: hoyle serve started again in %v", round, time.Since(start).Round(time.Millisecond))
		st := openSharedLog(t, url)
		info, err := st.Session(context.Background(), session)
		require.NoError(t, err)
		got := int(info.Version)
		assert.GreaterOrEqual(t, got, acked, "round %d: every acknowledged event is there", round)
		assert.LessOrEqual(t, got, acked+inFlight, "round %d: and at most the entry in flight besides", round)
		t.Logf("round %d: %d events acknowledged, %d in the log", round, acked, got)
		acked = got // an entry in flight that landed counts from now on
		assert.Contains(t, ok(t, url, "verify"), "every hash chain is unbroken", "round %d", round)
	}
	// Recording goes on after the last restart.
	show := showJSONOf(t, url)
	if show["phase"] == "auction" {
		ok(t, url, "call", "P", "P", "P", "P")
	}
	ok(t, url, "deal")
}

// TestTwoTablesAtOnce: two tables record into the shared log at once, each
// in its own session, and every entry of both is there.
func TestTwoTablesAtOnce(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	const hands = 6
	var wg sync.WaitGroup
	sessions := make([]string, 2)
	for i := range sessions {
		sessions[i] = strings.TrimSpace(ok(t, url, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Club night", "--table", itoa(i+1)))
	}
	for _, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for board := 1; board <= hands; board++ {
				ok(t, url, "--session", s, "deal", "--board", itoa(board))
				ok(t, url, "--session", s, "call", "1NT", "P", "P", "P")
				ok(t, url, "--session", s, "claim", "7")
			}
		}()
	}
	wg.Wait()
	st := openSharedLog(t, url)
	for _, s := range sessions {
		info, err := st.Session(context.Background(), s)
		require.NoError(t, err)
		assert.Equal(t, uint64(1+hands*6), info.Version)
	}
	assert.Contains(t, ok(t, url, "compare"), fmt.Sprintf("Board %d", hands))
	assert.Contains(t, ok(t, url, "verify"), "every hash chain is unbroken")
}

// TestRacingOnOneSession: two hoyle processes deal the same board of one
// session at the same moment: exactly one wins; the other is refused (the
// hand is in progress) and nothing of it is in the log.
func TestRacingOnOneSession(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	for round := range testkit.Rounds(3, 20) {
		session := strings.TrimSpace(ok(t, url, "new", "--game", "contract", "--scoring", "duplicate"))
		cmds := make([]*exec.Cmd, 2)
		for i := range cmds {
			cmds[i] = hoyleProcess(t, url, "--session", session, "deal", "--board", "1", "--pbn", demoPBN)
		}
		codes := make([]int, 2)
		var wg sync.WaitGroup
		for i, c := range cmds {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := c.CombinedOutput()
				if ee, isExit := err.(*exec.ExitError); isExit {
					codes[i] = ee.ExitCode()
				} else if err != nil {
					codes[i] = -1
					t.Log(string(out), err)
				}
			}()
		}
		wg.Wait()
		winners := 0
		for _, c := range codes {
			if c == 0 {
				winners++
			}
		}
		assert.Equal(t, 1, winners, "round %d: exit codes %v", round, codes)
		var log []string
		for _, line := range strings.Split(strings.TrimSpace(ok(t, url, "--session", session, "log", "--json")), "\n") {
			var e struct{ Type string }
			require.NoError(t, json.Unmarshal([]byte(line), &e))
			log = append(log, e.Type)
		}
		assert.Equal(t, []string{"session.opened", "deal.dealt"}, log, "round %d", round)
	}
}

// TestSyncCopiesOnce: a table that recorded offline syncs into the shared
// log: its sessions arrive whole, chains and all; a sync killed part-way
// and run again finishes without a duplicate; a third copies nothing.
func TestSyncCopiesOnce(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	local := filepath.Join(t.TempDir(), "table3.db")
	// Enough hands that the sync is still copying when it is killed, 20
	// to 170 ms after it started: some 4,500 events in the short run
	// (their copy takes longer than that), 13,000 in the full rounds
	// (HOYLE_FULL, .ci/run), where the kill lands deeper in the log.
	ok(t, local, "simulate", "--game", "contract", "--hands", fmt.Sprint(testkit.Rounds(50, 150)), "--seed", "3")
	ok(t, local, "simulate", "--game", "auction", "--hands", fmt.Sprint(testkit.Rounds(20, 60)), "--seed", "4")
	script(t, local, "demo")
	// Another table has recorded in the shared log meanwhile.
	ok(t, url, "new", "--game", "whist", "--players", "Ann,Bob,Cy,Di")

	rng := rand.New(rand.NewPCG(testkit.Seed(t), 16))
	killed := runKilledAfter(t, local, time.Duration(20+rng.IntN(150))*time.Millisecond, "sync", "--to", url)
	t.Logf("first sync: killed %v, exit %d, after %v", killed.killed, killed.code, killed.took.Round(time.Millisecond))
	out := ok(t, local, "sync", "--to", url)
	t.Logf("second sync:\n%s", out)
	out = ok(t, local, "sync", "--to", url)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		assert.Contains(t, line, "up to date", "a third sync copies nothing")
	}

	shared := openSharedLog(t, url)
	ids := logIDs(t, shared)
	seen := map[events.ID]bool{}
	for _, id := range ids {
		assert.False(t, seen[id], "event %s is in the shared log twice", id)
		seen[id] = true
	}
	lst, err := openLocal(local)
	require.NoError(t, err)
	defer lst.Close()
	infos, err := lst.Sessions(context.Background())
	require.NoError(t, err)
	total := 0
	for _, info := range infos {
		s, err := shared.Session(context.Background(), info.ID)
		require.NoError(t, err)
		assert.Equal(t, info.Head, s.Head, "session %s has the same chain", info.ID)
		total += int(info.Version)
	}
	assert.Equal(t, total+1, len(ids), "the local sessions and the other table's opening, nothing twice")
	assert.Contains(t, ok(t, url, "verify"), "every hash chain is unbroken")

	r := hoyle(t, url, "sync", "--to", url)
	assert.Equal(t, exitUsage, r.code, "sync copies from a file")
	r = hoyle(t, local, "sync", "--to", "club.db")
	assert.Equal(t, exitUsage, r.code)
}
