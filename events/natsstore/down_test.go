package natsstore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
)

// proxy forwards loopback connections to a server, and can hold the
// server's answers back (a server that stores an append but whose
// acknowledgement is lost) or cut every connection.
type proxy struct {
	l      net.Listener
	target string
	mu     sync.Mutex
	held   bool
	arm    []byte // hold the answers once the client sends this
	resume *sync.Cond
	conns  []net.Conn
}

func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &proxy{l: l, target: target}
	p.resume = sync.NewCond(&p.mu)
	go p.serve()
	t.Cleanup(func() { l.Close(); p.cut() })
	return p
}

func (p *proxy) url() string { return "nats://" + p.l.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		go p.requests(c, s)
		go p.answers(c, s)
	}
}

// requests copies the client's bytes to the server, holding the answers
// back once it has passed on what hold armed it for.
func (p *proxy) requests(c, s net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := c.Read(buf)
		if n > 0 {
			// Armed before the bytes go on: the server may answer them
			// before this goroutine runs again, and that answer must be
			// held back too.
			p.mu.Lock()
			if p.arm != nil && bytes.Contains(buf[:n], p.arm) {
				p.held, p.arm = true, nil
			}
			p.mu.Unlock()
			if _, werr := s.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			s.Close()
			return
		}
	}
}

// answers copies the server's bytes to the client, waiting while held.
func (p *proxy) answers(c, s net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := s.Read(buf)
		p.mu.Lock()
		for p.held {
			p.resume.Wait()
		}
		p.mu.Unlock()
		if n > 0 {
			if _, werr := c.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			c.Close()
			return
		}
	}
}

func (p *proxy) hold() { p.mu.Lock(); p.held = true; p.mu.Unlock() }

// holdAfter holds the answers back from the moment the client sends
// something containing what.
func (p *proxy) holdAfter(what string) { p.mu.Lock(); p.arm = []byte(what); p.mu.Unlock() }

// cut closes every connection (dropping what was held) and lets new ones
// through again.
func (p *proxy) cut() {
	p.mu.Lock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
	p.held = false
	p.resume.Broadcast()
	p.mu.Unlock()
}

// waitUp waits for a store to be connected again after its server came back.
func waitUp(t *testing.T, st *natsstore.Store) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := st.Sessions(context.Background())
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the store did not reconnect: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

const downTimeout = 400 * time.Millisecond

// quickTimeout is the Timeout of a store that is only asked what must fail
// (a silent server): each such call waits all of it, and nothing it must
// do in time under a loaded machine's delays, as downTimeout's stores do.
const quickTimeout = 100 * time.Millisecond

// openQuick opens a store with quickTimeout on an existing stream, trying
// again while the server is too slow to answer within it: how long the
// open takes is not what its tests look at.
func openQuick(t *testing.T, url, stream string) *natsstore.Store {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, err := natsstore.Open(context.Background(), url, natsstore.Options{Stream: stream, Timeout: quickTimeout, MaxBatch: testMaxBatch})
		if err == nil {
			return st
		}
		if !errors.Is(err, natsstore.ErrUnavailable) || time.Now().After(deadline) {
			require.NoError(t, err)
		}
	}
}

// failsFast checks that a call failed with ErrUnavailable within a few
// seconds.
func failsFast(t *testing.T, what string, start time.Time, err error) {
	t.Helper()
	require.ErrorIs(t, err, natsstore.ErrUnavailable, what)
	assert.Less(t, time.Since(start), downTimeout+2*time.Second, "%s took %v", what, time.Since(start))
	t.Logf("%s: %v after %v", what, err, time.Since(start).Round(time.Millisecond))
}

// TestServerDown stops the server under an open store: appends and reads
// fail within the timeout with ErrUnavailable, so does opening a store, and
// once the server is back nothing of the failed appends is in the log and
// the store works again.
func TestServerDown(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	srv := startServer(t, dir, "")
	addr := srv.URL()[len("nats://"):]
	st := openOn(t, srv.URL(), natsstore.Options{Timeout: downTimeout})
	defer st.Close()
	ctx := context.Background()
	before, err := st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 3)})
	require.NoError(t, err)
	srv.Shutdown()

	start := time.Now()
	_, err = st.Append(ctx, events.Batch{Session: "s", Expected: 3, Events: storetest.Events(10, 1)})
	failsFast(t, "Append of one event", start, err)
	start = time.Now()
	_, err = st.Append(ctx, events.Batch{Session: "s", Expected: 3, Events: storetest.Events(20, 5)},
		events.Batch{Session: "t", Expected: events.NewSession, Events: storetest.Events(30, 1)})
	failsFast(t, "Append of an atomic batch", start, err)
	start = time.Now()
	_, err = storetest.Collect(st.ReadAll(ctx, 1, true))
	failsFast(t, "ReadAll", start, err)
	start = time.Now()
	_, err = st.Session(ctx, "s")
	failsFast(t, "Session", start, err)
	start = time.Now()
	_, err = natsstore.Open(ctx, "nats://"+addr, natsstore.Options{Timeout: downTimeout})
	failsFast(t, "Open", start, err)

	srv = startServer(t, dir, addr)
	defer srv.Shutdown()
	waitUp(t, st)
	got, err := storetest.Collect(st.ReadAll(ctx, 1, true))
	require.NoError(t, err)
	require.Len(t, got, len(before), "the failed appends are not in the log")
	_, err = st.Append(ctx, events.Batch{Session: "s", Expected: 3, Events: storetest.Events(40, 2)})
	require.NoError(t, err)
	require.NoError(t, storetest.Verify(ctx, st))
}

// TestSilentServer talks to a server through a proxy that stops passing
// its answers on: a server that hangs. Calls still fail within the timeout.
// A listener that accepts connections and never speaks makes Open fail
// within the timeout too.
func TestSilentServer(t *testing.T) {
	t.Parallel()
	srv := sharedServer(t)
	p := newProxy(t, srv.URL()[len("nats://"):])
	stream := newStream()
	st := openOn(t, p.url(), natsstore.Options{Stream: stream})
	defer st.Close()
	ctx := context.Background()
	_, err := st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 1)})
	require.NoError(t, err)
	// The calls that must fail are a store's of the shortest timeout: each
	// waits it out.
	quick := openQuick(t, p.url(), stream)
	defer quick.Close()
	p.hold()
	start := time.Now()
	_, err = quick.LastSession(ctx)
	failsFast(t, "LastSession from a silent server", start, err)
	start = time.Now()
	_, err = quick.Append(ctx, events.Batch{Session: "s", Expected: 1, Events: storetest.Events(1, 2)})
	failsFast(t, "Append to a silent server", start, err)
	p.cut()

	mute, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer mute.Close()
	go func() {
		for {
			c, err := mute.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	start = time.Now()
	_, err = natsstore.Open(ctx, "nats://"+mute.Addr().String(), natsstore.Options{Timeout: quickTimeout})
	failsFast(t, "Open on a listener that never answers", start, err)
}

// TestLostAcknowledgement has the server store an append whose
// acknowledgement never reaches the store: the append fails with
// ErrUnavailable, and appending the same events again returns the
// envelopes as stored, without storing them twice; for one event and for
// an atomic batch. The two run side by side, each on a proxy and a stream
// of its own: each mostly waits, for the timeout and the reconnection.
func TestLostAcknowledgement(t *testing.T) {
	t.Parallel()
	srv := sharedServer(t)
	for _, n := range []int{1, 7} {
		t.Run(fmt.Sprintf("%d events", n), func(t *testing.T) {
			t.Parallel()
			p := newProxy(t, srv.URL()[len("nats://"):])
			st := openOn(t, p.url(), natsstore.Options{Stream: newStream(), Timeout: downTimeout})
			defer st.Close()
			ctx := context.Background()
			_, err := st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 1)})
			require.NoError(t, err)
			batches := []events.Batch{{Session: "s", Expected: events.AnyVersion, Events: storetest.Events(100*n, n)}}
			if n > 1 {
				batches = append(batches, events.Batch{Session: "new", Expected: events.NewSession, Events: storetest.Events(100*n+50, 2)})
			}
			before, err := storetest.Collect(st.ReadAll(ctx, 1, false))
			require.NoError(t, err)
			// Hold the answers once the append's messages are on their way.
			p.holdAfter("PUB " + strings.ToLower(st.StreamName()) + ".log.")
			_, err = st.Append(ctx, batches...)
			require.ErrorIs(t, err, natsstore.ErrUnavailable, "%d events: the acknowledgement was lost", n)
			p.cut()
			waitUp(t, st)
			stored, err := storetest.Collect(st.ReadAll(ctx, uint64(len(before))+1, true))
			require.NoError(t, err)
			want := n
			if n > 1 {
				want += 2
			}
			require.Len(t, stored, want, "%d events: the server stored the append", n)

			again, err := st.Append(ctx, batches...)
			require.NoError(t, err, "%d events: the retry", n)
			require.Equal(t, len(stored), len(again))
			for i := range stored {
				assert.Equal(t, stored[i].ID, again[i].ID)
				assert.Equal(t, stored[i].Position, again[i].Position)
				assert.Equal(t, stored[i].Hash, again[i].Hash)
			}
			after, err := storetest.Collect(st.ReadAll(ctx, 1, false))
			require.NoError(t, err)
			require.Len(t, after, len(before)+want, "%d events: nothing stored twice", n)
			require.NoError(t, storetest.Verify(ctx, st))
		})
	}
}
