package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/projections/ledger"
)

// The shared log's hardening (issue 30): one server per directory, the
// forged summary, the tables' and the director's tokens, a message that is
// not a hoyle event, and the log deleted.

// TestServeTwoOnOneDirectory: a second hoyle serve on a directory in use is
// refused, naming the directory, and exits non-zero; the first serves on.
func TestServeTwoOnOneDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := startServe(t, dir, "127.0.0.1:0")
	second := hoyleProcess(t, filepath.Join(dir, "unused.db"), "serve", "--listen", "127.0.0.1:0", "--dir", dir)
	var stderr bytes.Buffer
	second.Stderr = &stderr
	done := make(chan error, 1)
	require.NoError(t, second.Start())
	go func() { done <- second.Wait() }()
	select {
	case err := <-done:
		require.Error(t, err, "the second server exits non-zero")
	case <-time.After(hangBound):
		_ = second.Process.Kill()
		t.Fatal("the second server started on a directory in use")
	}
	assert.Contains(t, stderr.String(), "another server is using the directory "+dir)
	assert.Contains(t, stderr.String(), "pid ")
	assert.Contains(t, ok(t, first.url, "new", "--game", "auction"), "")
}

// duplicateEvent records board 1 at two tables of "Club night": 3NT by
// North making 9 (400), and 4S by North making 10 (420).
func duplicateEvent(t *testing.T, url string, env map[string]string) []string {
	t.Helper()
	var ids []string
	for i, play := range [][]string{{"3NT", "9"}, {"4S", "10"}} {
		r := hoyleEnv(t, url, env, false, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Club night", "--table", itoa(i+1))
		require.Equal(t, 0, r.code, r.err)
		id := strings.TrimSpace(r.out)
		for _, args := range [][]string{{"deal", "--board", "1"}, {"call", play[0], "P", "P", "P"}, {"claim", play[1]}} {
			r := hoyleEnv(t, url, env, false, append([]string{"--session", id}, args...)...)
			require.Equal(t, 0, r.code, r.err)
		}
		ids = append(ids, id)
	}
	return ids
}

// plainJS is a client of the server as anyone could write one.
func plainJS(t *testing.T, url string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url, nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	return js
}

// TestSharedForgedSummary: a summary republished by someone other than the
// server's follower (3NT 9 400 made 7NTXX 13 2980) is detected, warned of,
// and computed again from the log: compare and export --event give the
// true figures.
func TestSharedForgedSummary(t *testing.T) {
	t.Parallel()
	srv := startServe(t, t.TempDir(), "127.0.0.1:0")
	url := srv.url
	ids := duplicateEvent(t, url, nil)
	st := openSharedLog(t, url)
	info, err := st.Session(context.Background(), ids[0])
	require.NoError(t, err)
	// The follower has summarized both tables.
	require.Eventually(t, func() bool {
		cp, err := st.LoadCheckpoint(context.Background(), ledger.Name)
		return err == nil && cp.Parts[ids[0]] != nil && cp.Parts[ids[1]] != nil && cp.Position >= info.Last
	}, hangBound, 20*time.Millisecond)
	compared := ok(t, url, "compare", "--event", "Club night")
	exported := ok(t, url, "export", "--event", "Club night")
	require.Contains(t, compared, "3NT")

	cp, err := st.LoadCheckpoint(context.Background(), ledger.Name)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(cp.Parts[ids[0]]))
	require.NoError(t, err)
	var part map[string]any
	require.NoError(t, json.NewDecoder(zr).Decode(&part))
	play := part["table"].(map[string]any)["plays"].([]any)[0].(map[string]any)
	require.Equal(t, "3NT", play["contract"])
	require.EqualValues(t, 400, play["ns"])
	play["contract"], play["tricks"], play["ns_tricks"], play["ns"] = "7NTXX", 13, 13, 2980
	var forged bytes.Buffer
	zw := gzip.NewWriter(&forged)
	require.NoError(t, json.NewEncoder(zw).Encode(part))
	require.NoError(t, zw.Close())
	_, err = plainJS(t, url).Publish(context.Background(), "hoyle.index.proj.compare.part."+ids[0], forged.Bytes())
	require.NoError(t, err)

	r := hoyle(t, url, "compare", "--event", "Club night")
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, compared, r.out, "the true figures")
	assert.NotContains(t, r.out, "7NT")
	assert.Contains(t, r.err, "not signed by the server")
	r = hoyle(t, url, "export", "--event", "Club night")
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, exported, r.out)
}

// TestSharedTokens: tables give the tables' token from $HOYLE_NATS_TOKEN
// or --token-file, the server never prints one, a wrong one is said to be
// refused, and a malformed address never echoes it.
func TestSharedTokens(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tableFile := filepath.Join(dir, "tables.token")
	require.NoError(t, os.WriteFile(tableFile, []byte("table-s3cret\n"), 0o600))
	srv := startServeWith(t, dir, "127.0.0.1:0", []string{"HOYLE_NATS_DIRECTOR_TOKEN=director-s3cret"}, "--token-file", tableFile)
	assert.NotContains(t, srv.url, "s3cret")
	url := srv.url

	table := map[string]string{"HOYLE_NATS_TOKEN": "table-s3cret"}
	ids := duplicateEvent(t, url, table)
	r := hoyleEnv(t, url, table, false, "compare", "--event", "Club night")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "Board 1")
	r = hoyle(t, url, "--token-file", tableFile, "--session", ids[0], "score")
	require.Equal(t, 0, r.code, r.err)

	for _, env := range []map[string]string{nil, {"HOYLE_NATS_TOKEN": "guess-s3cret"}} {
		r = hoyleEnv(t, url, env, false, "sessions")
		require.NotEqual(t, 0, r.code)
		assert.Contains(t, r.err, "the NATS server refused the token")
		assert.NotContains(t, r.err, "unavailable")
		assert.NotContains(t, r.err, "s3cret")
	}
	r = hoyle(t, "nats://s3cret@127.0.0.1:abc", "sessions")
	require.NotEqual(t, 0, r.code)
	assert.NotContains(t, r.err+r.out, "s3cret")
}

// TestSharedForeignMessage: "hello" under hoyle.log.NOTASESSION, and a fake
// session in the index, break no command: each is skipped with a warning
// naming it, and nothing is "a newer version".
func TestSharedForeignMessage(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	ids := duplicateEvent(t, url, nil)
	js := plainJS(t, url)
	ack, err := js.Publish(context.Background(), "hoyle.log.NOTASESSION", []byte("hello"))
	require.NoError(t, err)
	_, err = js.Publish(context.Background(), "hoyle.index.session.01J00000000000000000000000", []byte{0, 0, 0, 0, 0, 0, 0, 1})
	require.NoError(t, err)

	for _, args := range [][]string{
		{"sessions"}, {"compare", "--event", "Club night"}, {"verify"}, {"--session", ids[0], "export", "--format", "json"},
		{"new", "--game", "auction"},
	} {
		r := hoyle(t, url, args...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.err)
		assert.NotContains(t, r.err, "newer version", args)
	}
	// Three tables are open now: the deal names its table (a shared log
	// never guesses which).
	r := hoyleEnv(t, url, map[string]string{"HOYLE_SESSION": ids[1]}, false, "deal", "--seed", "1")
	require.Equal(t, 0, r.code, r.err)
	assert.NotContains(t, r.err, "newer version")
	r = hoyle(t, url, "verify")
	assert.Contains(t, r.err, `message `+itoa(int(ack.Sequence))+`, under subject "hoyle.log.NOTASESSION"`)
	r = hoyle(t, url, "sessions")
	assert.Contains(t, r.err, "01J00000000000000000000000")
	assert.Equal(t, 3, strings.Count(r.out, "\n"), "the three sessions, and not the fake one: %s", r.out)
}

// TestSharedLogDeleted: a table that has read the log refuses it once it
// is deleted and made again empty (verify says so); hoyle serve, whose
// directory keeps the log's identity, stops following and exits non-zero.
func TestSharedLogDeleted(t *testing.T) {
	t.Parallel()
	srv := startServe(t, t.TempDir(), "127.0.0.1:0")
	url := srv.url
	home := map[string]string{"XDG_DATA_HOME": t.TempDir()}
	r := hoyleEnv(t, url, home, false, "new", "--game", "auction")
	require.Equal(t, 0, r.code, r.err)
	require.NoError(t, plainJS(t, url).DeleteStream(context.Background(), natsstore.DefaultStream))

	select {
	case err := <-srv.done:
		srv.done <- err
		require.Error(t, err, "hoyle serve exits non-zero")
	case <-time.After(hangBound):
		t.Fatal("hoyle serve went on following a deleted log")
	}
	// Made again (by a client that never read it), it is still not the
	// club's log for a table that had.
	other := startServe(t, t.TempDir(), "127.0.0.1:0")
	url = other.url
	r = hoyleEnv(t, url, home, false, "new", "--game", "auction")
	require.Equal(t, 0, r.code, r.err)
	require.NoError(t, plainJS(t, url).DeleteStream(context.Background(), natsstore.DefaultStream))
	st := openSharedLog(t, url) // makes it again, empty
	st.Close()
	r = hoyleEnv(t, url, home, false, "verify")
	require.NotEqual(t, 0, r.code)
	assert.Contains(t, r.err, "the shared log was deleted or replaced")
	assert.Contains(t, r.err, "shared-logs.json")
}
