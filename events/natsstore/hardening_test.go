package natsstore_test

import (
	"context"
	"os"
	"strconv"
	"strings"
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
	err = table.SaveCheckpoint(ctx, "compare", events.Checkpoint{Position: 3, Parts: map[string][]byte{"s": []byte("forged")}})
	require.ErrorIs(t, err, natsstore.ErrNotPermitted)
	assert.Less(t, time.Since(start), 4*time.Second, "a refusal is reported at once")
	assert.Contains(t, err.Error(), "not permitted")

	// The stream's own API, through a plain client with the table's token.
	nc, err := nats.Connect(srv.URL(), nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	dctx, cancel := context.WithTimeout(ctx, time.Second)
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
	require.NoError(t, director.SaveCheckpoint(ctx, "compare", events.Checkpoint{Position: 3}))
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
