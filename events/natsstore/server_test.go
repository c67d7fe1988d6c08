package natsstore_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
)

// TestServe runs the server as hoyle serve does, until its context ends,
// with a token that clients must give and that errors do not show.
func TestServe(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	dir := t.TempDir()
	go func() {
		done <- natsstore.Serve(ctx, dir, "127.0.0.1:0", natsstore.ServerOptions{Token: "s3cret"}, func(url string) { ready <- url })
	}()
	var url string
	select {
	case url = <-ready:
	case err := <-done:
		t.Fatalf("Serve: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not start")
	}
	require.Contains(t, url, "s3cret@")
	st := openOn(t, url, natsstore.Options{})
	_, err := st.Append(context.Background(), events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 2)})
	require.NoError(t, err)
	assert.NotContains(t, st.URL(), "s3cret")
	st.Close()

	wrong := strings.Replace(url, "s3cret", "guess", 1)
	_, err = natsstore.Open(context.Background(), wrong, natsstore.Options{Timeout: time.Second})
	require.ErrorIs(t, err, natsstore.ErrAuth)
	assert.NotContains(t, err.Error(), "guess", "errors hide credentials")

	// A second server cannot take the same address.
	addr := url[strings.LastIndex(url, "@")+1:]
	_, err = natsstore.StartServer(t.TempDir(), addr, natsstore.ServerOptions{})
	require.Error(t, err)

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not stop")
	}
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err == nil {
		c.Close()
		t.Fatal("the server still listens after Serve returned")
	}
}

// TestClusterOptionsRefused: cluster options that cannot be are refused
// with ErrBadCluster before the server starts, and leave the directory
// free for the next server.
func TestClusterOptionsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []natsstore.ClusterOptions{
		{Name: "", Listen: "127.0.0.1:0"},
		{Name: "a club", Listen: "127.0.0.1:0"},
		{Name: "club", Listen: "nowhere"},
		{Name: "club", Listen: "127.0.0.1:0", Routes: []string{"http://h2:6222"}},
		{Name: "club", Listen: "127.0.0.1:0", Routes: []string{"nats://s3cret@h2"}},
		{Name: "club", Listen: "127.0.0.1:0", ServerName: "h 1"},
	} {
		_, err := natsstore.StartServer(dir, "127.0.0.1:0", natsstore.ServerOptions{Cluster: &c})
		require.ErrorIs(t, err, natsstore.ErrBadCluster, "%+v", c)
		assert.NotContains(t, err.Error(), "s3cret", "a route's credentials are not shown")
	}
	srv, err := natsstore.StartServer(dir, "127.0.0.1:0", natsstore.ServerOptions{NoSync: true})
	require.NoError(t, err, "the directory is free again")
	srv.Shutdown()
}

// TestClusterReplicas: a server's streams are kept by as many servers as
// its cluster has, this one and each other route, at most three.
func TestClusterReplicas(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		routes []string
		want   int
	}{
		{nil, 1},
		{[]string{"nats://127.0.0.1:6222"}, 1}, // itself
		{[]string{"nats://127.0.0.1:6222", "nats://h2:6222"}, 2},
		{[]string{"nats://h2:6222", "nats://h3:6222"}, 3},
		{[]string{"nats://localhost:6222", "nats://h2:6222", "nats://h3:6222"}, 3},
		{[]string{"nats://h2:6222", "nats://h3:6222", "nats://h4:6222", "nats://h5:6222"}, 3},
	} {
		o := natsstore.ServerOptions{Cluster: &natsstore.ClusterOptions{Name: "club", Listen: "127.0.0.1:6222", Routes: c.routes}}
		assert.Equal(t, c.want, o.Replicas(), "%v", c.routes)
	}
	assert.Equal(t, 1, natsstore.ServerOptions{}.Replicas(), "a server alone")
}
