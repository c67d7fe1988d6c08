package bolt_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/testkit"
)

// The crash test runs this test binary again as a child (TestHelperAppender)
// that appends to the database named in crashDBEnv until it is killed.
const (
	crashDBEnv    = "HOYLE_CRASH_TEST_DB"
	crashRoundEnv = "HOYLE_CRASH_TEST_ROUND"
	crashReady    = "ready"
)

// TestHelperAppender is the child of TestCrash; run on its own it does
// nothing. It opens the database and appends events one at a time, printing
// each event's ID once Append has returned: an acknowledged event.
func TestHelperAppender(t *testing.T) {
	path := os.Getenv(crashDBEnv)
	if path == "" {
		t.Skip("the child process of TestCrash")
	}
	round, _ := strconv.Atoi(os.Getenv(crashRoundEnv))
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "appender:", err)
		os.Exit(3)
	}
	s, err := bolt.Open(path, bolt.Options{Create: true})
	if err != nil {
		fail(err)
	}
	ctx := context.Background()
	// Each round opens a session of its own and adds to one that all the
	// rounds share, taking turns.
	own := fmt.Sprintf("round-%02d", round)
	_, err = s.Session(ctx, "shared")
	sharedExists := err == nil
	fmt.Println(crashReady)
	deadline := time.Now().Add(30 * time.Second) // never outlive a lost parent for long
	for i := 0; time.Now().Before(deadline); i++ {
		ev := storetest.Event(1000*round + i)
		b := events.Batch{Session: own, Expected: events.AnyVersion, Events: []events.Event{ev}}
		switch {
		case i == 0:
			b.Expected = events.NewSession
		case i%2 == 1:
			b.Session = "shared"
			if !sharedExists {
				b.Expected = events.NewSession
			}
		}
		if _, err := s.Append(ctx, b); err != nil {
			fail(err)
		}
		if b.Session == "shared" {
			sharedExists = true
		}
		if _, err := fmt.Println(ev.ID); err != nil {
			fail(err)
		}
	}
	fail(fmt.Errorf("not killed within 30 s"))
}

// TestCrash kills a process appending to the database at random moments,
// with SIGKILL, and checks that every event it acknowledged is in the file,
// that the file opens and its hash chains hold.
func TestCrash(t *testing.T) {
	// Each round mostly waits for its child to start: other tests fill it.
	t.Parallel()
	rounds := testkit.Rounds(5, 20) // HOYLE_FULL=1 runs all 20
	path := filepath.Join(t.TempDir(), "crash.db")
	ctx := context.Background()
	var acked, lost, unacked, logLen int
	for round := range rounds {
		delay := time.Duration(rand.IntN(150)) * time.Millisecond
		ids, stderr := runAppender(t, path, round, delay)

		s, err := bolt.Open(path, bolt.Options{})
		require.NoError(t, err, "round %d: the store does not open after the kill (child said: %s)", round, stderr)
		require.NoError(t, storetest.Verify(ctx, s), "round %d", round)
		stored := map[events.ID]uint64{}
		for e, err := range s.ReadAll(ctx, 1, false) {
			require.NoError(t, err)
			stored[e.ID] = e.Position
		}
		var prev uint64
		roundLost := 0
		for _, id := range ids {
			pos, ok := stored[id]
			if !ok {
				roundLost++
				t.Errorf("round %d: event %s was acknowledged but is not in the log", round, id)
				continue
			}
			if pos <= prev {
				t.Errorf("round %d: event %s at position %d, after %d", round, id, pos, prev)
			}
			prev = pos
		}
		// The round added the events it acknowledged, and perhaps one more
		// that was committed when the kill came before the acknowledgement.
		extra := len(stored) - logLen - (len(ids) - roundLost)
		if extra < 0 || extra > 1 {
			t.Errorf("round %d: %d events acknowledged but the log grew by %d", round, len(ids), len(stored)-logLen)
		}
		logLen = len(stored)
		require.NoError(t, s.Close())
		acked += len(ids)
		lost += roundLost
		unacked += extra
		t.Logf("round %2d: killed %3v after opening: %4d events acknowledged, %d lost, %d committed unacknowledged",
			round, delay, len(ids), roundLost, extra)
	}
	t.Logf("crash test: %d rounds, %d events acknowledged, %d lost; %d in the log (%d committed, killed before acknowledged)",
		rounds, acked, lost, logLen, unacked)
	require.Zero(t, lost, "acknowledged events lost")
}

// runAppender runs the child until delay after it is ready, kills it with
// SIGKILL, and returns the IDs it acknowledged and what it wrote to stderr.
func runAppender(t *testing.T, path string, round int, delay time.Duration) ([]events.ID, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperAppender$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDBEnv+"="+path, crashRoundEnv+"="+strconv.Itoa(round))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())

	ready := make(chan struct{})
	type result struct {
		ids []events.ID
		err error
	}
	done := make(chan result, 1)
	go func() {
		var res result
		r := bufio.NewReader(stdout)
		for {
			line, err := r.ReadString('\n')
			if err == io.EOF {
				break // a line cut short by the kill was never acknowledged
			}
			if err != nil {
				res.err = err
				break
			}
			line = strings.TrimSuffix(line, "\n")
			if line == crashReady {
				close(ready)
				continue
			}
			id, err := events.ParseID(line)
			if err != nil {
				res.err = fmt.Errorf("child printed %q", line)
				continue
			}
			res.ids = append(res.ids, id)
		}
		done <- res
	}()

	select {
	case <-ready:
		time.Sleep(delay)
	case <-time.After(30 * time.Second):
		t.Errorf("round %d: the child did not open the store; it said: %s", round, stderr.String())
	case res := <-done:
		cmd.Wait()
		t.Fatalf("round %d: the child ended before it was ready: %v; it said: %s", round, res.err, stderr.String())
	}
	require.NoError(t, cmd.Process.Signal(os.Kill)) // SIGKILL: no deferred cleanup, no flush
	res := <-done
	err = cmd.Wait()
	require.Error(t, err, "round %d: the child exited by itself; it said: %s", round, stderr.String())
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
		t.Fatalf("round %d: the child failed before the kill (%v); it said: %s", round, err, stderr.String())
	}
	require.NoError(t, res.err, "round %d", round)
	return res.ids, stderr.String()
}
