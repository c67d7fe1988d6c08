package natsstore

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/storetest"
)

// TestServerArbitrates plans two appends at the same version before either
// is published, so that only the server can tell them apart: exactly one
// is stored, the other refused as a conflict, for a single event (plain
// publish) and for several (atomic batch) alike, and for a new session.
func TestServerArbitrates(t *testing.T) {
	dir := t.TempDir()
	srv, err := StartServer(dir, "127.0.0.1:0", ServerOptions{})
	require.NoError(t, err)
	defer srv.Shutdown()
	ctx := context.Background()
	a, err := Open(ctx, srv.URL(), Options{})
	require.NoError(t, err)
	defer a.Close()
	b, err := Open(ctx, srv.URL(), Options{})
	require.NoError(t, err)
	defer b.Close()

	for _, c := range []struct {
		name     string
		expected uint64
		n        int
	}{{"new session, one event", events.NewSession, 1}, {"one event", 1, 1}, {"three events", 2, 3}, {"mixed", 5, 1}} {
		pa, err := a.plan(ctx, []events.Batch{{Session: "s", Expected: c.expected, Events: storetest.Events(0, c.n)}}, true)
		require.NoError(t, err, c.name)
		pb, err := b.plan(ctx, []events.Batch{{Session: "s", Expected: c.expected, Events: storetest.Events(10, c.n)}}, false)
		require.NoError(t, err, c.name)
		_, err = a.publish(ctx, pa.msgs)
		require.NoError(t, err, c.name)
		_, err = b.publish(ctx, pb.msgs)
		require.ErrorIs(t, err, events.ErrConflict, c.name)
		var retry *retryError
		require.True(t, errors.As(err, &retry), "%s: a conflict is planned again, where the version is checked", c.name)
	}
	info, err := a.Session(ctx, "s")
	require.NoError(t, err)
	require.Equal(t, uint64(6), info.Version)
	require.NoError(t, storetest.Verify(ctx, a))
}
