package natsstore_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/testkit"
)

// The crash test runs this test binary again as a child (TestHelperServer)
// that runs the server on the directory named in crashDirEnv, and kills it
// with SIGKILL while the test appends to it.
const (
	crashDirEnv    = "HOYLE_NATS_CRASH_DIR"
	crashRoundsEnv = "HOYLE_NATS_CRASH_ROUNDS" // rounds of TestCrash; if unset, 1 (20 with HOYLE_FULL)
	seedEnv        = "HOYLE_NATS_SEED"         // the seed of every randomized test; random if unset
)

// seed returns the seed of a randomized test, from seedEnv or made afresh,
// and has the test print it if it fails.
func seed(t *testing.T) uint64 {
	t.Helper()
	s := rand.Uint64()
	if v := os.Getenv(seedEnv); v != "" {
		var err error
		s, err = strconv.ParseUint(v, 10, 64)
		require.NoError(t, err, "%s", seedEnv)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("seed %d: run again with %s=%d", s, seedEnv, s)
		}
	})
	return s
}

// TestHelperServer is the child of TestCrash; run on its own it does
// nothing. It runs the server, prints its URL, and waits to be killed.
func TestHelperServer(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("the child process of TestCrash")
	}
	srv, err := natsstore.StartServer(dir, "127.0.0.1:0", natsstore.ServerOptions{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(3)
	}
	fmt.Println(srv.URL())
	time.Sleep(60 * time.Second) // never outlive a lost parent for long
	os.Exit(4)
}

// child is a server running in a child process.
type child struct {
	cmd *exec.Cmd
	url string
}

func startChild(t *testing.T, dir string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperServer$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDirEnv+"="+dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case url := <-line:
		if !strings.HasPrefix(url, "nats://") {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the server child said %q; stderr: %s", url, stderr.String())
		}
		return &child{cmd: cmd, url: url}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the server child did not start; stderr: %s", stderr.String())
	}
	return nil
}

func (c *child) kill() {
	c.cmd.Process.Signal(os.Kill) // SIGKILL: no deferred cleanup, no flush
	c.cmd.Wait()
}

// appendRecord is one append the appender made, and whether it was
// acknowledged.
type appendRecord struct {
	batches []events.Batch
	acked   bool
}

// TestCrash kills the server with SIGKILL at a random moment while a store
// appends to it, single events and atomic batches over several sessions,
// then restarts it on its directory: every acknowledged append is there, the
// one in flight is there whole or not at all, storetest.Verify passes, and
// retrying the one in flight stores nothing twice.
func TestCrash(t *testing.T) {
	t.Parallel()
	rounds := testkit.Rounds(1, 20)
	if v := os.Getenv(crashRoundsEnv); v != "" {
		var err error
		rounds, err = strconv.Atoi(v)
		require.NoError(t, err, "%s", crashRoundsEnv)
	}
	rng := rand.New(rand.NewPCG(seed(t), 1))
	dir := t.TempDir()
	ctx := context.Background()
	opt := natsstore.Options{Timeout: time.Second, IndexEvery: 1 + rng.IntN(64)}
	var logLen, acked, landed int
	for round := range rounds {
		srv := startChild(t, dir)
		st := openOn(t, srv.url, opt)
		done := make(chan []appendRecord)
		appenderSeed := rng.Uint64()
		go func() { done <- appender(ctx, st, appenderSeed, round) }()
		delay := time.Duration(rng.IntN(300)) * time.Millisecond
		time.Sleep(delay)
		srv.kill()
		records := <-done
		st.Close()

		srv = startChild(t, dir)
		st = openOn(t, srv.url, opt)
		require.NoError(t, storetest.Verify(ctx, st), "round %d", round)
		stored := map[events.ID]bool{}
		for e, err := range st.ReadAll(ctx, 1, false) {
			require.NoError(t, err)
			stored[e.ID] = true
		}
		grew, roundAcked := 0, 0
		for i, r := range records {
			var in, out int
			for _, b := range r.batches {
				for _, ev := range b.Events {
					if stored[ev.ID] {
						in++
					} else {
						out++
					}
				}
			}
			switch {
			case r.acked && out > 0:
				t.Errorf("round %d: append %d was acknowledged but %d of its %d events are not in the log", round, i, out, in+out)
			case in > 0 && out > 0:
				t.Errorf("round %d: append %d is in the log in part: %d events of %d", round, i, in, in+out)
			}
			grew += in
			if r.acked {
				roundAcked++
			}
		}
		require.Equal(t, logLen+grew, len(stored), "round %d: the log holds what was appended, once", round)
		// Retry the append in flight: it is recognised, or stored now.
		if n := len(records); n > 0 && !records[n-1].acked {
			_, err := st.Append(ctx, records[n-1].batches...)
			require.NoError(t, err, "round %d: retrying the append in flight", round)
			require.NoError(t, storetest.Verify(ctx, st), "round %d", round)
		}
		got, err := storetest.Collect(st.ReadAll(ctx, 1, false))
		require.NoError(t, err)
		logLen = len(got)
		acked += roundAcked
		if n := len(records); n > 0 && !records[n-1].acked {
			for _, b := range records[n-1].batches {
				if len(b.Events) > 0 && stored[b.Events[0].ID] {
					landed++
					break
				}
			}
		}
		t.Logf("round %d: killed %v after opening: %d appends acknowledged; log now %d events", round, delay, roundAcked, logLen)
		st.Close()
		srv.kill()
	}
	t.Logf("crash test: %d rounds, %d appends acknowledged, all there; %d in flight at the kill were stored", rounds, acked, landed)
}

// appender appends until the server goes away: each round's own session
// and a shared one, alone or together, one event or several at once.
func appender(ctx context.Context, st *natsstore.Store, seed uint64, round int) []appendRecord {
	rng := rand.New(rand.NewPCG(seed, 2))
	own := fmt.Sprintf("round-%02d", round)
	var records []appendRecord
	ownExists := false
	sharedExists := false
	// Whether the shared session exists decides the append's expectation:
	// a look-up that fails because the server is going down says nothing
	// about it, and an append made on that guess would expect a new
	// session where one exists (a refusal, not an append in flight).
	switch _, err := st.Session(ctx, "shared"); {
	case err == nil:
		sharedExists = true
	case !errors.Is(err, events.ErrNoSession):
		return nil
	}
	expect := func(exists bool) uint64 {
		if exists {
			return events.AnyVersion
		}
		return events.NewSession
	}
	for i := 0; ; i++ {
		var batches []events.Batch
		n := 1
		if rng.IntN(2) == 0 {
			n = 2 + rng.IntN(30)
		}
		evs := storetest.Events(100000*round+100*i, n)
		switch rng.IntN(3) {
		case 0:
			batches = []events.Batch{{Session: own, Expected: expect(ownExists), Events: evs}}
		case 1:
			batches = []events.Batch{{Session: "shared", Expected: expect(sharedExists), Events: evs}}
		default:
			k := rng.IntN(n + 1)
			batches = []events.Batch{{Session: own, Expected: expect(ownExists), Events: evs[:k]},
				{Session: "shared", Expected: expect(sharedExists), Events: evs[k:]}}
		}
		_, err := st.Append(ctx, batches...)
		records = append(records, appendRecord{batches: batches, acked: err == nil})
		if err != nil {
			if !errors.Is(err, natsstore.ErrUnavailable) {
				records[len(records)-1].batches = nil // refused, so not in flight
				fmt.Fprintln(os.Stderr, "appender:", err)
			}
			return records
		}
		for _, b := range batches {
			if len(b.Events) > 0 {
				ownExists = ownExists || b.Session == own
				sharedExists = sharedExists || b.Session == "shared"
			}
		}
	}
}
