package natsstore_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/testkit"
)

// One server for the tests that do not restart it; each test opens its own
// stream on it, named afresh, so tests do not see each other's events. It
// runs without fsync (NoSync), as bolt's conformance suite does, and keeps
// its streams in memory (testkit.MemoryTempDir): no test on it restarts it
// or kills it, so what fsync and the disk add is never looked at here,
// while they were most of its system time (a JetStream atomic batch is
// staged in files of its own, made, synced and removed for each append);
// TestDurable, TestCrash and the servers the tests restart keep both. The
// benchmarks have a server of their own, on disk with fsync, so that their
// figures are what a table pays.
var (
	shared      onceServer
	benchShared = onceServer{sync: true}
	streamN     atomic.Int64
)

// onceServer is a server started on first use and stopped by TestMain.
type onceServer struct {
	sync bool // fsync every write, as hoyle serve does
	once sync.Once
	srv  *natsstore.Server
	dir  string
}

// testMaxBatch is the atomic batch limit the shared server and the stores
// on it use: storetest appends 1,100 events at once, more than JetStream's
// default of 1,000.
const testMaxBatch = 2000

func TestMain(m *testing.M) {
	code := m.Run()
	shared.stop()
	benchShared.stop()
	os.Exit(code)
}

func (o *onceServer) get(t testing.TB) *natsstore.Server {
	t.Helper()
	o.once.Do(func() {
		mkdir := testkit.MemoryTempDir
		if o.sync {
			mkdir = func(prefix string) (string, error) { return os.MkdirTemp("", prefix) }
		}
		dir, err := mkdir("natsstore-test-")
		if err != nil {
			t.Fatal(err)
		}
		o.dir = dir
		o.srv, err = natsstore.StartServer(dir, "127.0.0.1:0", natsstore.ServerOptions{NoSync: !o.sync, MaxBatch: testMaxBatch})
		if err != nil {
			t.Fatal(err)
		}
	})
	if o.srv == nil {
		t.Fatal("the shared test server did not start")
	}
	return o.srv
}

func (o *onceServer) stop() {
	if o.srv != nil {
		o.srv.Shutdown()
		os.RemoveAll(o.dir)
	}
}

// sharedServer is the tests' server (without fsync).
func sharedServer(t testing.TB) *natsstore.Server { return shared.get(t) }

// newStream names a stream no test has used.
func newStream() string { return fmt.Sprintf("T%d", streamN.Add(1)) }

func openOn(t testing.TB, url string, opt natsstore.Options) *natsstore.Store {
	t.Helper()
	if opt.MaxBatch == 0 {
		opt.MaxBatch = testMaxBatch
	}
	if opt.Timeout == 0 {
		opt.Timeout = 5 * time.Second
	}
	s, err := natsstore.Open(context.Background(), url, opt)
	require.NoError(t, err)
	return s
}

// TestConformance runs beside the other parallel tests: much of those is
// waiting (for a timeout, a reconnection, a server), which the suite's work
// fills.
func TestConformance(t *testing.T) {
	t.Parallel()
	srv := sharedServer(t)
	storetest.Run(t, func(t *testing.T) events.Store {
		return openOn(t, srv.URL(), natsstore.Options{Stream: newStream()})
	})
}

// startServer runs a server on dir for one test, on a free loopback port
// unless addr names one.
func startServer(t testing.TB, dir, addr string) *natsstore.Server {
	t.Helper()
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	srv, err := natsstore.StartServer(dir, addr, natsstore.ServerOptions{MaxBatch: testMaxBatch})
	require.NoError(t, err)
	return srv
}

// TestDurable closes the store and restarts the server on the same
// directory before each open.
func TestDurable(t *testing.T) {
	t.Parallel()
	var srv *natsstore.Server
	t.Cleanup(func() {
		if srv != nil {
			srv.Shutdown()
		}
	})
	storetest.RunDurable(t, t.TempDir(), func(t *testing.T, dir string) events.Store {
		if srv != nil {
			srv.Shutdown()
		}
		srv = startServer(t, dir, "")
		return openOn(t, srv.URL(), natsstore.Options{})
	})
}
