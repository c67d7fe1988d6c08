package natsstore_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/table"
)

// TestCheckpoint: parts saved are read back, later saves replace only the
// parts they carry, and each name keeps its own.
func TestCheckpoint(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openOn(t, sharedServer(t).URL(), natsstore.Options{Stream: newStream()})
	defer st.Close()
	cp, err := st.LoadCheckpoint(ctx, "compare")
	require.NoError(t, err)
	assert.Zero(t, cp.Position)
	assert.Empty(t, cp.Parts)

	require.NoError(t, st.SaveCheckpoint(ctx, "compare", events.ProjectionCheckpoint{Position: 7, Parts: map[string][]byte{"a": []byte("A1"), "b": []byte("B1")}}))
	require.NoError(t, st.SaveCheckpoint(ctx, "compare", events.ProjectionCheckpoint{Position: 9, Parts: map[string][]byte{"b": []byte("B2")}}))
	require.NoError(t, st.SaveCheckpoint(ctx, "other", events.ProjectionCheckpoint{Position: 1, Parts: map[string][]byte{"a": []byte("X")}}))
	cp, err = st.LoadCheckpoint(ctx, "compare")
	require.NoError(t, err)
	assert.Equal(t, events.ProjectionCheckpoint{Position: 9, Parts: map[string][]byte{"a": []byte("A1"), "b": []byte("B2")}}, cp)

	// Many parts: more than one atomic batch.
	many := map[string][]byte{}
	for i := range testMaxBatch + 10 {
		many[events.NewID().String()] = []byte{byte(i)}
	}
	require.NoError(t, st.SaveCheckpoint(ctx, "many", events.ProjectionCheckpoint{Position: 3, Parts: many}))
	cp, err = st.LoadCheckpoint(ctx, "many")
	require.NoError(t, err)
	assert.Len(t, cp.Parts, len(many))

	require.ErrorIs(t, st.SaveCheckpoint(ctx, "a.b", events.ProjectionCheckpoint{}), events.ErrInvalid)
	require.ErrorIs(t, st.SaveCheckpoint(ctx, "x", events.ProjectionCheckpoint{Parts: map[string][]byte{"a b": nil}}), events.ErrInvalid)
}

// TestFollow: a durable follower gets every event once in log order; one
// that stops and comes back under its name gets only what came after.
func TestFollow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openOn(t, sharedServer(t).URL(), natsstore.Options{Stream: newStream()})
	defer st.Close()
	_, err := st.Append(ctx, events.Batch{Session: "s1", Events: storetest.Events(0, 5)})
	require.NoError(t, err)

	follow := func(want int) []uint64 {
		fctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		var mu sync.Mutex
		var got []uint64
		err := st.Follow(fctx, "t", func(_ context.Context, batch []events.Envelope) error {
			mu.Lock()
			defer mu.Unlock()
			for _, e := range batch {
				got = append(got, e.Position)
				assert.Nil(t, e.Data, "not decoded")
				assert.NotEmpty(t, e.Session)
			}
			if len(got) >= want {
				cancel()
			}
			return nil
		})
		require.ErrorIs(t, err, context.Canceled)
		return got
	}
	assert.Equal(t, []uint64{1, 2, 3, 4, 5}, follow(5))
	_, err = st.Append(ctx, events.Batch{Session: "s2", Events: storetest.Events(5, 3)})
	require.NoError(t, err)
	assert.Equal(t, []uint64{6, 7, 8}, follow(3), "the follower goes on where it left off")

	// A batch refused is handed out again.
	_, err = st.Append(ctx, events.Batch{Session: "s2", Expected: events.AnyVersion, Events: storetest.Events(8, 1)})
	require.NoError(t, err)
	refused := false
	fctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var again []uint64
	err = st.Follow(fctx, "t", func(_ context.Context, batch []events.Envelope) error {
		if !refused {
			refused = true
			return errors.New("not now")
		}
		for _, e := range batch {
			again = append(again, e.Position)
		}
		cancel()
		return nil
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, []uint64{9}, again)
}

// cutAtDeals lets a large append be split before each deal.
func cutAtDeals(evs []events.Event, i int) bool {
	_, ok := evs[i].Data.(*table.Dealt)
	return ok
}

// TestSync copies a local log's sessions into the shared log with their
// chains intact; a second sync copies nothing; a sync cut short is taken
// up; a session that differs is left alone.
func TestSync(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	shared := openOn(t, sharedServer(t).URL(), natsstore.Options{Stream: newStream(), MaxBatch: 50})
	defer shared.Close()
	local := memstore.New()
	_, err := local.Append(ctx, events.Batch{Session: "a", Events: storetest.Events(0, 120)},
		events.Batch{Session: "b", Events: storetest.Events(200, 7)})
	require.NoError(t, err)
	// Another table wrote to the shared log meanwhile.
	_, err = shared.Append(ctx, events.Batch{Session: "other", Events: storetest.Events(300, 3)})
	require.NoError(t, err)
	// An earlier sync was cut short: the first 30 events of a are there.
	envs, err := storetest.Collect(local.ReadSession(ctx, "a", 1))
	require.NoError(t, err)
	var first []events.Event
	for _, e := range envs[:30] {
		first = append(first, events.Event{ID: e.ID, At: e.At, Data: e.Data, Schema: e.Schema, Raw: e.Raw})
	}
	_, err = shared.Append(ctx, events.Batch{Session: "a", Events: first})
	require.NoError(t, err)

	res, err := natsstore.Sync(ctx, local, shared, shared.MaxBatch(), cutAtDeals, nil)
	require.NoError(t, err)
	require.Len(t, res, 2)
	assert.Equal(t, natsstore.SyncResult{Session: "a", State: natsstore.SyncCopied, Copied: 90, Local: 120, Shared: 120}, res[0])
	assert.Equal(t, natsstore.SyncResult{Session: "b", State: natsstore.SyncCopied, Copied: 7, Local: 7, Shared: 7}, res[1])
	for _, id := range []string{"a", "b"} {
		l, err := local.Session(ctx, id)
		require.NoError(t, err)
		s, err := shared.Session(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, l.Head, s.Head, "the same chain")
		assert.Equal(t, l.Version, s.Version)
	}
	require.NoError(t, storetest.Verify(ctx, shared))

	res, err = natsstore.Sync(ctx, local, shared, shared.MaxBatch(), cutAtDeals, nil)
	require.NoError(t, err)
	for _, r := range res {
		assert.Equal(t, natsstore.SyncUpToDate, r.State, r.Session)
	}
	n := 0
	for _, err := range shared.ReadAll(ctx, 1, false) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 3+120+7, n, "nothing copied twice")

	// The shared log has gone on with b: the local copy is behind.
	_, err = shared.Append(ctx, events.Batch{Session: "b", Expected: 7, Events: storetest.Events(400, 1)})
	require.NoError(t, err)
	// And c was recorded differently in each.
	_, err = local.Append(ctx, events.Batch{Session: "c", Events: storetest.Events(500, 2)})
	require.NoError(t, err)
	_, err = shared.Append(ctx, events.Batch{Session: "c", Events: storetest.Events(600, 2)})
	require.NoError(t, err)
	res, err = natsstore.Sync(ctx, local, shared, shared.MaxBatch(), cutAtDeals, nil)
	require.NoError(t, err)
	states := map[string]natsstore.SyncState{}
	for _, r := range res {
		states[r.Session] = r.State
	}
	assert.Equal(t, map[string]natsstore.SyncState{"a": natsstore.SyncUpToDate, "b": natsstore.SyncAhead, "c": natsstore.SyncDiverged}, states)
}

// TestBulk: an append larger than one atomic batch lands in parts cut at
// deals, and the whole is there.
func TestBulk(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openOn(t, sharedServer(t).URL(), natsstore.Options{Stream: newStream(), MaxBatch: 25})
	defer st.Close()
	_, err := st.Append(ctx, events.Batch{Session: "a", Events: storetest.Events(0, 60)})
	require.ErrorIs(t, err, natsstore.ErrBatchTooLarge)
	bulk := natsstore.Bulk{Store: st, Cut: cutAtDeals}
	envs, err := bulk.Append(ctx, events.Batch{Session: "a", Events: storetest.Events(0, 60)}, events.Batch{Session: "b", Events: storetest.Events(0, 3)})
	require.NoError(t, err)
	assert.Len(t, envs, 63)
	require.NoError(t, storetest.Verify(ctx, st))
}

// TestConnectionLostFailsAtOnce: when the server goes away, a call does not
// wait out a long timeout for an answer that cannot come: it fails as
// soon as the connection is known lost, with ErrUnavailable; and the store
// works again once the server is back.
func TestConnectionLostFailsAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	srv := startServer(t, dir, "")
	addr := srv.URL()[len("nats://"):]
	st := openOn(t, srv.URL(), natsstore.Options{Timeout: 30 * time.Second})
	defer st.Close()
	ctx := context.Background()
	_, err := st.Append(ctx, events.Batch{Session: "s", Events: storetest.Events(0, 2)})
	require.NoError(t, err)
	srv.Shutdown()
	time.Sleep(200 * time.Millisecond) // the client notices
	start := time.Now()
	_, err = st.Append(ctx, events.Batch{Session: "s", Expected: 2, Events: storetest.Events(2, 1)})
	require.ErrorIs(t, err, natsstore.ErrUnavailable)
	assert.Less(t, time.Since(start), 5*time.Second, "not the 30 s timeout")
	assert.Contains(t, err.Error(), "the connection to the server was lost")
	srv = startServer(t, dir, addr)
	defer srv.Shutdown()
	require.Eventually(t, func() bool {
		_, err := st.Append(ctx, events.Batch{Session: "s", Expected: 2, Events: storetest.Events(2, 1)})
		return err == nil
	}, 20*time.Second, 100*time.Millisecond)
}
