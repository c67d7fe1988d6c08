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
