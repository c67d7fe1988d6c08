package natsstore_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
)

// The shared log's hardening (issue 30): one server per directory, the
// two credentials, tokens that are never shown, messages that are not
// hoyle's, and a log deleted or replaced.

// TestOneServerPerDirectory: a second server on a directory in use is
// refused, naming the directory and the first server; once the first has
// stopped, the directory is free again.
func TestOneServerPerDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := startServer(t, dir, "")
	_, err := natsstore.StartServer(dir, "127.0.0.1:0", natsstore.ServerOptions{})
	require.ErrorIs(t, err, natsstore.ErrDirInUse)
	assert.Contains(t, err.Error(), dir)
	assert.Contains(t, err.Error(), "pid "+strconv.Itoa(os.Getpid()))
	first.Shutdown()
	again := startServer(t, dir, "")
	again.Shutdown()
}

// tokenServer runs a server with both credentials; the director opens the
// streams, as hoyle serve does.
func tokenServer(t *testing.T) *natsstore.Server {
	t.Helper()
	srv, err := natsstore.StartServer(t.TempDir(), "127.0.0.1:0", natsstore.ServerOptions{
		NoSync: true, MaxBatch: testMaxBatch, Token: "table-tok", DirectorToken: "director-tok"})
	require.NoError(t, err)
	t.Cleanup(srv.Shutdown)
	director := openOn(t, srv.DirectorURL(), natsstore.Options{})
	director.Close()
	return srv
}

// TestTableCredential: a table's token reads and appends, and is refused
// what only the director may do (a summary, the stream itself), with
// ErrNotPermitted and at once, not after a timeout.
func TestTableCredential(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := tokenServer(t)
	require.Contains(t, srv.URL(), "table-tok@")
	table := openOn(t, srv.URL(), natsstore.Options{Timeout: 5 * time.Second})
	defer table.Close()
	_, err := table.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 3)})
	require.NoError(t, err)
	n := 0
	for _, err := range table.ReadAll(ctx, 1, true) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 3, n)

	start := time.Now()
	err = table.SaveCheckpoint(ctx, "compare", events.ProjectionCheckpoint{Position: 3, Parts: map[string][]byte{"s": []byte("forged")}})
	require.ErrorIs(t, err, natsstore.ErrNotPermitted)
	t.Logf("a summary refused to the table's token in %v", time.Since(start))
	assert.Less(t, time.Since(start), 4*time.Second, "a refusal is reported at once")
	assert.Contains(t, err.Error(), "not permitted")

	// A log the director has not made: the table may not make it.
	_, err = natsstore.Open(ctx, srv.URL(), natsstore.Options{Stream: "ELSEWHERE", Timeout: 5 * time.Second})
	require.ErrorIs(t, err, natsstore.ErrNotPermitted)
	assert.NotErrorIs(t, err, natsstore.ErrUnavailable)

	// The stream's own API, through a plain client with the table's token.
	// The server answers a request it refuses with an error on the
	// connection, not a reply: the request is given up as soon as that
	// error arrives, rather than waiting out a timeout for a reply that
	// never comes.
	refused := make(chan struct{})
	var once sync.Once
	nc, err := nats.Connect(srv.URL(), nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {
		once.Do(func() { close(refused) })
	}))
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	go func() {
		select {
		case <-refused:
			cancel()
		case <-dctx.Done():
		}
	}()
	err = js.DeleteStream(dctx, natsstore.DefaultStream)
	cancel()
	require.Error(t, err)
	require.ErrorIs(t, nc.LastError(), nats.ErrPermissionViolation)

	// The director's token may; the log is still there for it.
	director := openOn(t, srv.DirectorURL(), natsstore.Options{})
	defer director.Close()
	info, err := director.Session(ctx, "s")
	require.NoError(t, err)
	assert.EqualValues(t, 3, info.Version)
	require.NoError(t, director.SaveCheckpoint(ctx, "compare", events.ProjectionCheckpoint{Position: 3}))
}

// TestTokenRefusedAndHidden: a wrong token is ErrAuth (not "unavailable"),
// and no error shows a token, a malformed address's included.
func TestTokenRefusedAndHidden(t *testing.T) {
	t.Parallel()
	srv := tokenServer(t)
	wrong := strings.Replace(srv.URL(), "table-tok", "guess-tok", 1)
	_, err := natsstore.Open(context.Background(), wrong, natsstore.Options{Timeout: time.Second})
	require.ErrorIs(t, err, natsstore.ErrAuth)
	assert.NotErrorIs(t, err, natsstore.ErrUnavailable)
	assert.Contains(t, err.Error(), "the NATS server refused the token")
	assert.NotContains(t, err.Error(), "guess-tok")

	none := strings.Replace(srv.URL(), "table-tok@", "", 1)
	_, err = natsstore.Open(context.Background(), none, natsstore.Options{Timeout: time.Second})
	require.ErrorIs(t, err, natsstore.ErrAuth)

	for _, bad := range []string{"nats://s3cret@127.0.0.1:abc", "nats://user:s3cret@127.0.0.1:abc", "nats://s3cret@[::1"} {
		_, err = natsstore.Open(context.Background(), bad, natsstore.Options{Timeout: time.Second})
		require.Error(t, err, bad)
		assert.NotContains(t, err.Error(), "s3cret", bad)
	}
}

// warnings collects a store's warnings.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) warn(msg string) { w.mu.Lock(); w.msgs = append(w.msgs, msg); w.mu.Unlock() }

func (w *warnings) all() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.msgs, "\n")
}

// rawPublish publishes a message as any client could.
func rawPublish(t *testing.T, url, subject string, data []byte) uint64 {
	t.Helper()
	nc, err := nats.Connect(url)
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ack, err := js.Publish(context.Background(), subject, data)
	require.NoError(t, err)
	return ack.Sequence
}

// TestForeignMessageSkipped: "hello" under hoyle.log.NOTASESSION, and under
// a real session's subject, is skipped by every read with a warning naming
// its subject and position, never "a newer version"; appends go on, and
// the chain verifies. A fake index entry is skipped too.
func TestForeignMessageSkipped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := startServer(t, t.TempDir(), "")
	defer srv.Shutdown()
	var w warnings
	st := openOn(t, srv.URL(), natsstore.Options{Warn: w.warn, IndexEvery: 4})
	defer st.Close()
	_, err := st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 2)})
	require.NoError(t, err)
	bad := rawPublish(t, srv.URL(), "hoyle.log.NOTASESSION", []byte("hello"))
	inSession := rawPublish(t, srv.URL(), "hoyle.log.s", []byte("hello again"))
	rawPublish(t, srv.URL(), "hoyle.index.session.01J0000000000000000000FAKE", []byte{0, 0, 0, 0, 0, 0, 0, 1})
	rawPublish(t, srv.URL(), "hoyle.index.session.01J0000000000000000000JUNK", []byte("x"))

	// A new store, as every command is: Open reads the tail.
	var w2 warnings
	st2 := openOn(t, srv.URL(), natsstore.Options{Warn: w2.warn, IndexEvery: 4})
	defer st2.Close()
	out, err := st2.Append(ctx, events.Batch{Session: "s", Expected: 2, Events: storetest.Events(2, 1)})
	require.NoError(t, err, "an append follows a foreign message in its session")
	assert.EqualValues(t, 3, out[0].Version)
	_, err = st2.Append(ctx, events.Batch{Session: "t", Expected: events.NewSession, Events: storetest.Events(5, 1)})
	require.NoError(t, err)

	var versions []uint64
	for e, err := range st2.ReadSession(ctx, "s", 1) {
		require.NoError(t, err)
		versions = append(versions, e.Version)
	}
	assert.Equal(t, []uint64{1, 2, 3}, versions)
	back := 0
	for _, err := range st2.ReadSessionBackward(ctx, "s") {
		require.NoError(t, err)
		back++
	}
	assert.Equal(t, 3, back)
	info, err := st2.Session(ctx, "s")
	require.NoError(t, err)
	assert.EqualValues(t, 3, info.Version)
	list, err := st2.Sessions(ctx)
	require.NoError(t, err, "a fake index entry does not break the list")
	require.Len(t, list, 2)
	assert.Equal(t, "s", list[0].ID)
	last, err := st2.LastSession(ctx)
	require.NoError(t, err)
	assert.Equal(t, "t", last)
	_, err = st2.Session(ctx, "NOTASESSION")
	require.ErrorIs(t, err, events.ErrNoSession)

	rep, err := events.VerifyChain(ctx, st2, nil)
	require.NoError(t, err, "verify accepts the gaps it was warned of")
	assert.EqualValues(t, 4, rep.Events)

	all := w2.all()
	assert.NotContains(t, all, "newer version")
	assert.Contains(t, all, `message `+strconv.FormatUint(bad, 10)+`, under subject "hoyle.log.NOTASESSION"`)
	assert.Contains(t, all, `message `+strconv.FormatUint(inSession, 10)+`, under subject "hoyle.log.s"`)
	assert.Contains(t, all, "01J0000000000000000000FAKE")

	// The follower passes over it too.
	fctx, cancel := context.WithCancel(ctx)
	defer cancel()
	got := 0
	done := make(chan error, 1)
	go func() {
		done <- st2.Follow(fctx, "t", func(_ context.Context, batch []events.Envelope) error {
			got += len(batch)
			if got >= 4 {
				cancel()
			}
			return nil
		})
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the follower stopped at the foreign message")
	}
	assert.Equal(t, 4, got)
}

// TestLogIdentity: a store that knows the log's identity refuses the log
// deleted, or deleted and made again, and does not make it again itself.
func TestLogIdentity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := startServer(t, t.TempDir(), "")
	defer srv.Shutdown()
	served, err := natsstore.OpenServed(ctx, srv, natsstore.Options{})
	require.NoError(t, err)
	id := served.Identity()
	require.NotEmpty(t, id.LogID)
	require.NotEmpty(t, id.Signer)
	served.Close()

	known := &natsstore.Expectation{Identity: id, Where: "the test"}
	st := openOn(t, srv.URL(), natsstore.Options{Expect: known})
	st.Close()

	nc, err := nats.Connect(srv.URL())
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	require.NoError(t, js.DeleteStream(ctx, natsstore.DefaultStream))

	_, err = natsstore.Open(ctx, srv.URL(), natsstore.Options{Expect: known})
	require.ErrorIs(t, err, natsstore.ErrLogReplaced)
	_, err = js.Stream(ctx, natsstore.DefaultStream)
	require.ErrorIs(t, err, jetstream.ErrStreamNotFound, "a store that expects a log does not make it again")

	// Someone else makes it again, empty: refused as well, by a client
	// that knew it and by the server, whose directory kept its identity.
	fresh := openOn(t, srv.URL(), natsstore.Options{})
	fresh.Close()
	_, err = natsstore.Open(ctx, srv.URL(), natsstore.Options{Expect: known})
	require.ErrorIs(t, err, natsstore.ErrLogReplaced)
	assert.Contains(t, err.Error(), id.LogID)
	_, err = natsstore.OpenServed(ctx, srv, natsstore.Options{})
	require.ErrorIs(t, err, natsstore.ErrLogReplaced)
	assert.Contains(t, err.Error(), srv.Dir())
}

// TestSignedCheckpoint: on a log its server signs for, a checkpoint part
// published by anyone else is ignored with a warning, and a store without
// the key does not save.
func TestSignedCheckpoint(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := startServer(t, t.TempDir(), "")
	defer srv.Shutdown()
	// A log made before its server signed for it: the server names its key.
	plain := openOn(t, srv.URL(), natsstore.Options{})
	before := plain.Identity()
	require.NotEmpty(t, before.LogID)
	require.Empty(t, before.Signer)
	plain.Close()
	served, err := natsstore.OpenServed(ctx, srv, natsstore.Options{})
	require.NoError(t, err)
	defer served.Close()
	assert.Equal(t, before.LogID, served.Identity().LogID)
	require.NotEmpty(t, served.Identity().Signer)
	require.NoError(t, served.SaveCheckpoint(ctx, "compare", events.ProjectionCheckpoint{Position: 4, Parts: map[string][]byte{"a": []byte("true"), "b": []byte("B")}}))

	var w warnings
	reader := openOn(t, srv.URL(), natsstore.Options{Warn: w.warn})
	defer reader.Close()
	cp, err := reader.LoadCheckpoint(ctx, "compare")
	require.NoError(t, err)
	assert.Equal(t, events.ProjectionCheckpoint{Position: 4, Parts: map[string][]byte{"a": []byte("true"), "b": []byte("B")}}, cp)

	forged := rawPublish(t, srv.URL(), "hoyle.index.proj.compare.part.a", []byte("forged"))
	cp, err = reader.LoadCheckpoint(ctx, "compare")
	require.NoError(t, err)
	assert.Equal(t, map[string][]byte{"b": []byte("B")}, cp.Parts, "the forged part is dropped, to be computed again")
	assert.Contains(t, w.all(), "index message "+strconv.FormatUint(forged, 10))

	err = reader.SaveCheckpoint(ctx, "compare", events.ProjectionCheckpoint{Position: 5, Parts: map[string][]byte{"a": []byte("mine")}})
	require.ErrorIs(t, err, natsstore.ErrNotPermitted)
}
