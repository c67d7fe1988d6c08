package natsstore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/testkit"
)

const modelOpsEnv = "HOYLE_NATS_MODEL_OPS" // operations of TestModel; if unset, 60 (1,000 with HOYLE_FULL)

// TestModel makes the same random appends to the NATS store and to
// memstore (the reference) and compares everything: what each append
// returns or the kind of error, and every read, from random places and
// stopping at random. Sessions interleave, so that backward reads and reads
// from a version meet sessions spread out over the log; appends alternate
// between two stores on the same stream, with small and different index
// sizes, so that the index and each store's view of the tail past it take
// turns.
func TestModel(t *testing.T) {
	t.Parallel()
	ops := testkit.Rounds(60, 1000)
	if v := os.Getenv(modelOpsEnv); v != "" {
		var err error
		ops, err = strconv.Atoi(v)
		require.NoError(t, err, "%s", modelOpsEnv)
	}
	rng := rand.New(rand.NewPCG(seed(t), 3))
	srv := sharedServer(t)
	stream := newStream()
	stores := []*natsstore.Store{
		openOn(t, srv.URL(), natsstore.Options{Stream: stream, IndexEvery: 1 + rng.IntN(10)}),
		openOn(t, srv.URL(), natsstore.Options{Stream: stream, IndexEvery: 1 + rng.IntN(40)}),
	}
	defer stores[0].Close()
	defer stores[1].Close()
	ref := memstore.New()
	ctx := context.Background()

	var sessions []string
	var past [][]events.Event // the events of earlier batches, to retry
	n := 0
	for op := range ops {
		st := stores[rng.IntN(2)]
		var batches []events.Batch
		for range 1 + rng.IntN(3) {
			var b events.Batch
			if len(sessions) == 0 || rng.IntN(6) == 0 {
				b.Session = fmt.Sprintf("s%d", len(sessions))
			} else {
				b.Session = sessions[rng.IntN(len(sessions))]
			}
			switch {
			case len(past) > 0 && rng.IntN(8) == 0:
				b.Events = past[rng.IntN(len(past))] // a retry, perhaps to another session
			default:
				k := 1 + rng.IntN(5)
				if rng.IntN(10) == 0 {
					k = 20 + rng.IntN(100)
				}
				b.Events = storetest.Events(n, k)
				n += k
			}
			info, err := ref.Session(ctx, b.Session)
			switch r := rng.IntN(10); {
			case err != nil:
				b.Expected = events.NewSession
			case r < 5:
				b.Expected = info.Version
			case r < 7:
				b.Expected = events.AnyVersion
			case r < 8:
				b.Expected = events.NewSession
			default:
				b.Expected = info.Version + uint64(rng.IntN(3)) - 1
			}
			batches = append(batches, b)
		}
		want, wantErr := ref.Append(ctx, batches...)
		got, gotErr := st.Append(ctx, batches...)
		require.Equal(t, kind(wantErr), kind(gotErr), "op %d: %v / %v", op, wantErr, gotErr)
		if wantErr == nil {
			sameEnvelopes(t, want, got, "op %d: Append", op)
			for _, b := range batches {
				past = append(past, b.Events)
				if len(b.Events) > 0 && !contains(sessions, b.Session) {
					sessions = append(sessions, b.Session)
				}
			}
		}
		if op%25 == 24 || op == ops-1 {
			compareReads(t, rng, ref, stores[rng.IntN(2)], sessions, op)
		}
	}
	require.NoError(t, storetest.Verify(ctx, stores[0]))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// kind names an error by the sentinel it wraps.
func kind(err error) string {
	for _, k := range []struct {
		name string
		err  error
	}{{"conflict", events.ErrConflict}, {"no session", events.ErrNoSession}, {"duplicate ID", events.ErrDuplicateID}, {"invalid", events.ErrInvalid}} {
		if errors.Is(err, k.err) {
			return k.name
		}
	}
	if err != nil {
		return "other: " + err.Error()
	}
	return "ok"
}

// compareReads reads both stores every way and compares.
func compareReads(t *testing.T, rng *rand.Rand, ref, st events.Store, sessions []string, op int) {
	t.Helper()
	ctx := context.Background()
	all, err := storetest.Collect(ref.ReadAll(ctx, 1, true))
	require.NoError(t, err)
	from := uint64(1 + rng.IntN(len(all)+2))
	decode := rng.IntN(2) == 0
	readSame(t, ref.ReadAll(ctx, from, decode), st.ReadAll(ctx, from, decode), -1, "op %d: ReadAll from %d", op, from)
	for _, s := range sessions {
		info, err := ref.Session(ctx, s)
		require.NoError(t, err)
		got, err := st.Session(ctx, s)
		require.NoError(t, err)
		require.Equal(t, info, got, "op %d: Session %s", op, s)
		v := uint64(rng.IntN(int(info.Version) + 2))
		readSame(t, ref.ReadSession(ctx, s, v), st.ReadSession(ctx, s, v), rng.IntN(int(info.Version)+3)-1, "op %d: ReadSession %s from %d", op, s, v)
		readSame(t, ref.ReadSessionBackward(ctx, s), st.ReadSessionBackward(ctx, s), rng.IntN(int(info.Version)+3)-1, "op %d: ReadSessionBackward %s", op, s)
	}
	want, err := ref.Sessions(ctx)
	require.NoError(t, err)
	got, err := st.Sessions(ctx)
	require.NoError(t, err)
	require.Equal(t, want, got, "op %d: Sessions", op)
	wantLast, wantErr := ref.LastSession(ctx)
	gotLast, gotErr := st.LastSession(ctx)
	require.Equal(t, kind(wantErr), kind(gotErr), "op %d: LastSession", op)
	require.Equal(t, wantLast, gotLast, "op %d: LastSession", op)
}

// readSame reads two sequences, stopping after stop events (-1: to the end).
func readSame(t *testing.T, want, got iter.Seq2[events.Envelope, error], stop int, format string, args ...any) {
	t.Helper()
	take := func(seq iter.Seq2[events.Envelope, error]) ([]events.Envelope, error) {
		var out []events.Envelope
		for e, err := range seq {
			if err != nil {
				return out, err
			}
			e.Raw = bytes.Clone(e.Raw)
			out = append(out, e)
			if len(out) == stop {
				break
			}
		}
		return out, nil
	}
	w, werr := take(want)
	g, gerr := take(got)
	what := fmt.Sprintf(format, args...)
	require.Equal(t, kind(werr), kind(gerr), what)
	sameEnvelopes(t, w, g, "%s", what)
}

func sameEnvelopes(t *testing.T, want, got []events.Envelope, format string, args ...any) {
	t.Helper()
	what := fmt.Sprintf(format, args...)
	require.Equal(t, len(want), len(got), "%s: number of events", what)
	for i := range want {
		w, g := want[i], got[i]
		require.Equal(t, w.Position, g.Position, "%s: event %d", what, i)
		require.Equal(t, w.ID, g.ID, "%s: event %d", what, i)
		require.Equal(t, w.Session, g.Session, "%s: event %d", what, i)
		require.Equal(t, w.Version, g.Version, "%s: event %d", what, i)
		require.Equal(t, w.Type, g.Type, "%s: event %d", what, i)
		require.Equal(t, w.Schema, g.Schema, "%s: event %d", what, i)
		require.Equal(t, w.At.UnixNano(), g.At.UnixNano(), "%s: event %d", what, i)
		require.Equal(t, w.PrevHash, g.PrevHash, "%s: event %d", what, i)
		require.Equal(t, w.Hash, g.Hash, "%s: event %d", what, i)
		require.True(t, bytes.Equal(w.Raw, g.Raw), "%s: event %d: Raw", what, i)
		require.True(t, reflect.DeepEqual(w.Data, g.Data), "%s: event %d: Data %#v, want %#v", what, i, g.Data, w.Data)
	}
}

// TestSparseSession reads sessions written five tables at a time, one event
// each in turn, so that each holds a fifth of the log's positions: reads
// ask for the session's subject rather than every position (see the dense
// case in the conformance suite), from every version and backward.
func TestSparseSession(t *testing.T) {
	t.Parallel()
	st := openOn(t, sharedServer(t).URL(), natsstore.Options{Stream: newStream()})
	defer st.Close()
	ref := memstore.New()
	ctx := context.Background()
	const tables, rounds = 5, 40
	for r := range rounds {
		for i := range tables {
			expected := uint64(r)
			b := events.Batch{Session: fmt.Sprintf("table-%d", i), Expected: expected, Events: storetest.Events(1000*i+r, 1)}
			_, err := ref.Append(ctx, b)
			require.NoError(t, err)
			_, err = st.Append(ctx, b)
			require.NoError(t, err)
		}
	}
	for i := range tables {
		s := fmt.Sprintf("table-%d", i)
		for _, from := range []uint64{0, 1, 2, 17, rounds, rounds + 1} {
			readSame(t, ref.ReadSession(ctx, s, from), st.ReadSession(ctx, s, from), -1, "%s from %d", s, from)
		}
		for _, stop := range []int{1, 16, 17, rounds} {
			readSame(t, ref.ReadSessionBackward(ctx, s), st.ReadSessionBackward(ctx, s), stop, "%s backward, %d", s, stop)
		}
	}
}
