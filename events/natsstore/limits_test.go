package natsstore_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
)

// TestBatchLimit appends at and across the atomic batch limit: up to it
// in one append, over it refused whole (by the store, or by the server when
// the store was told a higher limit than the server's), and a large import
// through AppendSplit, cut at the boundaries the caller chose, whose retry
// stores nothing twice.
func TestBatchLimit(t *testing.T) {
	srv := sharedServer(t)
	ctx := context.Background()
	const limit = 50
	st := openOn(t, srv.URL(), natsstore.Options{Stream: newStream(), MaxBatch: limit})
	defer st.Close()
	require.Equal(t, limit, st.MaxBatch())

	_, err := st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, limit)})
	require.NoError(t, err, "exactly the limit")
	before := len(readAll(t, st))
	for _, batches := range [][]events.Batch{
		{{Session: "s", Expected: limit, Events: storetest.Events(100, limit+1)}},
		{{Session: "s", Expected: limit, Events: storetest.Events(200, 30)}, {Session: "t", Expected: events.NewSession, Events: storetest.Events(300, 21)}},
	} {
		_, err = st.Append(ctx, batches...)
		require.ErrorIs(t, err, natsstore.ErrBatchTooLarge)
		var tooLarge *natsstore.BatchTooLargeError
		require.ErrorAs(t, err, &tooLarge)
		assert.Equal(t, limit+1, tooLarge.Events)
		assert.Equal(t, limit, tooLarge.Max)
		require.Len(t, readAll(t, st), before, "nothing appended")
	}
	// A retry of an append at the limit is not a new append of that size.
	all := readAll(t, st)
	again, err := st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: eventsOf(all[:limit])},
		events.Batch{Session: "s", Expected: limit, Events: storetest.Events(400, 1)})
	require.NoError(t, err)
	require.Len(t, again, limit+1)

	// The server's own limit (testMaxBatch) refuses what the store lets by.
	loose := openOn(t, srv.URL(), natsstore.Options{Stream: st.StreamName(), MaxBatch: 3 * testMaxBatch})
	defer loose.Close()
	_, err = loose.Append(ctx, events.Batch{Session: "big", Expected: events.NewSession, Events: storetest.Events(1000, testMaxBatch+1)})
	require.ErrorIs(t, err, natsstore.ErrBatchTooLarge)
	var tooLarge *natsstore.BatchTooLargeError
	require.ErrorAs(t, err, &tooLarge)
	assert.Equal(t, testMaxBatch, tooLarge.Max)
	assert.Equal(t, testMaxBatch+1, tooLarge.Events)
	_, err = loose.Session(ctx, "big")
	require.ErrorIs(t, err, events.ErrNoSession)

	// An import of 180 events in hands of 12, cut only at a hand's start.
	evs := storetest.Events(5000, 180)
	atHand := func(_ []events.Event, i int) bool { return i%12 == 0 }
	envs, err := natsstore.AppendSplit(ctx, st, events.Batch{Session: "import", Expected: events.NewSession, Events: evs}, limit, atHand)
	require.NoError(t, err)
	require.Len(t, envs, len(evs))
	var starts []uint64
	for i := 1; i < len(envs); i++ {
		if envs[i].Position != envs[i-1].Position+1 {
			starts = append(starts, envs[i].Version)
		}
	}
	require.Empty(t, starts, "nothing else was appended, so the parts follow each other")
	for i, e := range envs {
		require.Equal(t, uint64(i+1), e.Version)
	}
	again, err = natsstore.AppendSplit(ctx, st, events.Batch{Session: "import", Expected: events.NewSession, Events: evs}, limit, atHand)
	require.NoError(t, err, "the retry")
	require.Len(t, again, len(envs))
	for i := range envs {
		require.Equal(t, envs[i].Hash, again[i].Hash)
		require.Equal(t, envs[i].Position, again[i].Position)
	}
	info, err := st.Session(ctx, "import")
	require.NoError(t, err)
	require.Equal(t, uint64(len(evs)), info.Version, "nothing stored twice")
	require.NoError(t, storetest.Verify(ctx, st))
}

// TestAppendSplitCuts checks where AppendSplit cuts, on a store that records the appends.
func TestAppendSplitCuts(t *testing.T) {
	rec := &recorder{}
	evs := storetest.Events(0, 25)
	_, err := natsstore.AppendSplit(context.Background(), rec, events.Batch{Session: "s", Expected: events.NewSession, Events: evs}, 10,
		func(_ []events.Event, i int) bool { return i%4 == 0 })
	require.NoError(t, err)
	assert.Equal(t, []int{8, 8, 9}, rec.sizes, "cut at the last multiple of 4 within each 10, and the rest whole")
	assert.Equal(t, []uint64{events.NewSession, 8, 16}, rec.expected)
	rec = &recorder{}
	_, err = natsstore.AppendSplit(context.Background(), rec, events.Batch{Session: "s", Expected: 3, Events: evs}, 10, nil)
	require.NoError(t, err)
	assert.Equal(t, []int{10, 10, 5}, rec.sizes)
	assert.Equal(t, []uint64{3, 13, 23}, rec.expected)
}

// recorder is an events.Store that records the appends it is given.
type recorder struct {
	events.Store
	sizes    []int
	expected []uint64
	version  uint64
}

func (r *recorder) Append(_ context.Context, batches ...events.Batch) ([]events.Envelope, error) {
	b := batches[0]
	r.sizes = append(r.sizes, len(b.Events))
	r.expected = append(r.expected, b.Expected)
	if b.Expected != events.NewSession && b.Expected != events.AnyVersion {
		r.version = b.Expected
	}
	out := make([]events.Envelope, len(b.Events))
	for i := range out {
		r.version++
		out[i] = events.Envelope{Session: b.Session, Version: r.version}
	}
	return out, nil
}

func readAll(t *testing.T, st events.Store) []events.Envelope {
	t.Helper()
	envs, err := storetest.Collect(st.ReadAll(context.Background(), 1, true))
	require.NoError(t, err)
	return envs
}

func eventsOf(envs []events.Envelope) []events.Event {
	out := make([]events.Event, len(envs))
	for i, e := range envs {
		out[i] = events.Event{ID: e.ID, At: e.At, Data: e.Data}
	}
	return out
}

// TestSessionIDs refuses session IDs that cannot be a subject token, with
// an error that wraps events.ErrInvalid; reading one is ErrNoSession.
func TestSessionIDs(t *testing.T) {
	st := openOn(t, sharedServer(t).URL(), natsstore.Options{Stream: newStream()})
	defer st.Close()
	ctx := context.Background()
	for _, id := range []string{"a.b", "a b", "a*", ">", "tab\there", "new\nline", strings.Repeat("x", natsstore.MaxSessionID+1), "\xff"} {
		_, err := st.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: storetest.Events(0, 1)})
		require.ErrorIs(t, err, events.ErrInvalid, "%q", id)
		var bad *natsstore.SessionIDError
		require.ErrorAs(t, err, &bad, "%q", id)
		_, err = st.Session(ctx, id)
		require.ErrorIs(t, err, events.ErrNoSession, "%q", id)
		_, err = storetest.Collect(st.ReadSession(ctx, id, 1))
		require.ErrorIs(t, err, events.ErrNoSession, "%q", id)
	}
	for _, id := range []string{events.NewID().String(), "durable-a", "Åsa's_table", strings.Repeat("x", natsstore.MaxSessionID)} {
		_, err := st.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: storetest.Events(0, 1)})
		require.NoError(t, err, "%q", id)
	}
	require.NoError(t, storetest.Verify(ctx, st))
}

// TestIndexRebuilt drops the index, and then replaces it with one made for
// another log of the same name: each time Open builds it anew from the
// log, and everything reads as before. Its server writes without fsync:
// that is when an index deleted and made again at once under its name got
// the deleted one's writes and stayed stale (19 runs in 20 before the
// index was purged in place instead).
func TestIndexRebuilt(t *testing.T) {
	srv, err := natsstore.StartServer(t.TempDir(), "127.0.0.1:0", natsstore.ServerOptions{NoSync: true, MaxBatch: testMaxBatch})
	require.NoError(t, err)
	t.Cleanup(srv.Shutdown)
	ctx := context.Background()
	stream := newStream()
	st := openOn(t, srv.URL(), natsstore.Options{Stream: stream, IndexEvery: 5})
	for i := range 12 {
		_, err := st.Append(ctx, events.Batch{Session: "s" + string(rune('a'+i%4)), Expected: events.AnyVersion, Events: storetest.Events(10*i, 1+i%3)})
		if err != nil {
			_, err = st.Append(ctx, events.Batch{Session: "s" + string(rune('a'+i%4)), Expected: events.NewSession, Events: storetest.Events(10*i, 1+i%3)})
		}
		require.NoError(t, err)
	}
	want, err := st.Sessions(ctx)
	require.NoError(t, err)
	log := readAll(t, st)
	require.NoError(t, st.Close())

	nc, err := nats.Connect(srv.URL())
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	check := func(what string) {
		t.Helper()
		st := openOn(t, srv.URL(), natsstore.Options{Stream: stream, IndexEvery: 5})
		defer st.Close()
		got, err := st.Sessions(ctx)
		require.NoError(t, err, what)
		require.Equal(t, want, got, what)
		require.NoError(t, storetest.Verify(ctx, st), what)
		// A retry is recognised through the rebuilt index.
		again, err := st.Append(ctx, events.Batch{Session: log[0].Session, Expected: events.NewSession, Events: eventsOf(log[:1])})
		require.NoError(t, err, what)
		require.Equal(t, log[0].Hash, again[0].Hash, what)
		info, err := js.Stream(ctx, stream+"_INDEX")
		require.NoError(t, err, what)
		require.NotZero(t, info.CachedInfo().State.Msgs, "%s: the index was rebuilt", what)
	}
	require.NoError(t, js.DeleteStream(ctx, stream+"_INDEX"))
	check("index deleted")

	// An index made for another log: its upto lies far past this log's end.
	require.NoError(t, js.DeleteStream(ctx, stream+"_INDEX"))
	_, err = js.CreateStream(ctx, jetstream.StreamConfig{Name: stream + "_INDEX", Subjects: []string{strings.ToLower(stream) + ".index.>"},
		MaxMsgsPerSubject: 1, AllowDirect: true, AllowAtomicPublish: true,
		Metadata: map[string]string{"hoyle.kind": "index", "hoyle.format": "1", "hoyle.log-created": "2001-01-01T00:00:00Z"}})
	require.NoError(t, err)
	_, err = js.Publish(ctx, strings.ToLower(stream)+".index.upto", []byte{0, 0, 0, 0, 0, 0, 0x10, 0})
	require.NoError(t, err)
	check("index of another log")
}

// TestNotHoyle refuses streams hoyle did not make, or made in a later
// format, and reports a closed store as such.
func TestNotHoyle(t *testing.T) {
	srv := sharedServer(t)
	ctx := context.Background()
	nc, err := nats.Connect(srv.URL())
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	other := newStream()
	_, err = js.CreateStream(ctx, jetstream.StreamConfig{Name: other, Subjects: []string{"elsewhere.>"}})
	require.NoError(t, err)
	_, err = natsstore.Open(ctx, srv.URL(), natsstore.Options{Stream: other})
	require.ErrorIs(t, err, events.ErrNotDatabase)

	future := newStream()
	_, err = js.CreateStream(ctx, jetstream.StreamConfig{Name: future, Subjects: []string{strings.ToLower(future) + ".log.*"},
		Metadata: map[string]string{"hoyle.kind": "log", "hoyle.format": "99"}})
	require.NoError(t, err)
	_, err = natsstore.Open(ctx, srv.URL(), natsstore.Options{Stream: future})
	require.ErrorIs(t, err, events.ErrFutureFormat)

	_, err = natsstore.Open(ctx, srv.URL(), natsstore.Options{Stream: "bad.name"})
	require.ErrorIs(t, err, events.ErrInvalid)

	st := openOn(t, srv.URL(), natsstore.Options{Stream: newStream()})
	require.NoError(t, st.Close())
	require.NoError(t, st.Close(), "closing twice")
	_, err = st.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: storetest.Events(0, 1)})
	require.ErrorIs(t, err, natsstore.ErrClosed)
	_, err = st.Sessions(ctx)
	require.ErrorIs(t, err, natsstore.ErrClosed)
	_, err = storetest.Collect(st.ReadAll(ctx, 1, false))
	require.ErrorIs(t, err, natsstore.ErrClosed)
}
