package load_test

import (
	"context"
	"fmt"
	"iter"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// counting counts the events a reader takes from the store.
type counting struct {
	events.Store
	read int
}

func (c *counting) ReadSession(ctx context.Context, session string, from uint64) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		for e, err := range c.Store.ReadSession(ctx, session, from) {
			c.read++
			if !yield(e, err) {
				return
			}
		}
	}
}

// The counting store keeps its store's checkpoints (events.SessionSnapshots),
// as a table's store does: reading them is not reading the log.

func (c *counting) SnapshotKey() []byte {
	return c.Store.(events.SessionSnapshots).SnapshotKey()
}

func (c *counting) ReadSnapshot(ctx context.Context, session string, from []byte, fn func(k, v []byte) bool) error {
	return c.Store.(events.SessionSnapshots).ReadSnapshot(ctx, session, from, fn)
}

func (c *counting) WriteSnapshot(ctx context.Context, session string, w events.SnapshotWrite) error {
	return c.Store.(events.SessionSnapshots).WriteSnapshot(ctx, session, w)
}

func (c *counting) ReadSessionBackward(ctx context.Context, session string) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		for e, err := range c.Store.ReadSessionBackward(ctx, session) {
			c.read++
			if !yield(e, err) {
				return
			}
		}
	}
}

// resultBoards records a duplicate session of boards entered as travellers
// give them (a deal naming no cards, then its result), built in memory and
// appended 500 boards at a time: a club's season in a second.
func resultBoards(t testing.TB, st events.Store, boards int) string {
	t.Helper()
	r := recorder.New(st)
	id, err := r.Open(context.Background(), projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}})
	require.NoError(t, err)
	addResults(t, st, id, 1, boards)
	return id
}

// addResults records the results of boards from to to (3NT by South, nine
// tricks; each deals its board without cards first) in a session, as
// entries one by one would, but decided on one fold of the session and
// appended 500 boards at a time: the recorder would read the whole session
// again for each board, a cost that grows as its square.
func addResults(t testing.TB, st events.Store, id string, from, to int) {
	t.Helper()
	ctx := context.Background()
	r := recorder.New(st)
	s, _, err := load.Session(ctx, st, id)
	require.NoError(t, err)
	var pending []events.Event
	expected := s.Version
	for b := from; b <= to; b++ {
		evs, err := s.DecideResult(r.Stamp, projections.ResultSpec{Board: b, Contract: "3NT", Declarer: "S", Tricks: "9"})
		require.NoError(t, err)
		pending = append(pending, evs...)
		if (b-from+1)%500 == 0 || b == to {
			_, err := st.Append(ctx, events.Batch{Session: id, Expected: expected, Events: pending})
			require.NoError(t, err)
			expected, pending = s.Version, nil
		}
	}
}

// TestEntriesStayOneBoardLong: in a duplicate session of boards with no
// cards (results from travellers), an entry does not walk back past the
// latest board: a result (which deals its board first), a deal, a call,
// and any reader of the latest hand (load.Tail, as hoyle sessions and show
// use), read as many events at 10,000 boards as at 10. They once read back
// to the first board, each deal along the way working out the retractions
// again: a result took 8 s at 2,000 boards. A deal is checked against the
// first deal of its board (a board is the same deal each time it is
// played), which the checkpoint keeps: a deal and a result read the log
// from the checkpoint on, not the whole of it (at 10,000 boards they read
// 30,005 and 30,008 events before). The store keeps its checkpoint as a
// writer does (load.Refresh after each append). go test ./... compares
// 10 boards with 2,000 (HOYLE_FULL=1: 10,000): an entry that walked back
// would read thousands of events there too, against a bound of twice the
// few it reads at 10.
func TestEntriesStayOneBoardLong(t *testing.T) {
	ctx := context.Background()
	long := testkit.Rounds(2_000, 10_000)
	entries := func(boards int) (reads []int, size int) {
		st := &counting{Store: memstore.New()}
		id := resultBoards(t, st, boards)
		require.NoError(t, load.Refresh(ctx, st, id, 0))
		info, err := st.Session(ctx, id)
		require.NoError(t, err)
		r := recorder.New(st)
		step := func(what string, decide recorder.Decision) {
			st.read = 0
			_, err := r.Record(ctx, id, decide)
			require.NoError(t, err, what)
			reads = append(reads, st.read)
			require.NoError(t, load.Refresh(ctx, st, id, load.MinLag))
		}
		step("result", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideResult(stamp, projections.ResultSpec{Board: boards + 1, Contract: "4S", Declarer: "N", Tricks: "10"})
		})
		step("deal", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideDeal(stamp, projections.DealSpec{})
		})
		step("call", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideCalls(stamp, []string{"1NT"})
		})
		st.read = 0
		tail, err := load.Tail(ctx, st, id)
		require.NoError(t, err)
		reads = append(reads, st.read)
		assert.Equal(t, boards+2, tail.Current().Number)
		return reads, int(info.Version)
	}
	small, _ := entries(10)
	large, size := entries(long)
	t.Logf("events read for a result, a deal, a call and the tail: %v at 10 boards, %v at %d (of %d events)", small, large, long, size)
	for i := range small {
		assert.LessOrEqual(t, large[i], 2*small[i], "entry %d reads %d events at %d boards, %d at 10", i, large[i], long, small[i])
	}
}

// BenchmarkResultBoards: an entry in a duplicate session of result-only
// boards, at 10 and at 10,000 boards: a result (which deals its board, and
// brings the checkpoint up as a writer does), a call, and the latest board
// read (load.Tail, as show and sessions read it).
//
//	go test ./projections/load -run '^$' -bench ResultBoards
func BenchmarkResultBoards(b *testing.B) {
	ctx := context.Background()
	for _, boards := range []int{10, 10_000} {
		st := memstore.New()
		id := resultBoards(b, st, boards)
		require.NoError(b, load.Refresh(ctx, st, id, 0)) // as the writer that recorded them keeps it
		r := recorder.New(st)
		next := boards + 1
		b.Run(fmt.Sprintf("result/%d", boards), func(b *testing.B) {
			for b.Loop() {
				_, err := r.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
					return s.DecideResult(stamp, projections.ResultSpec{Board: next, Contract: "3NT", Declarer: "S", Tricks: "9"})
				})
				if err != nil {
					b.Fatal(err)
				}
				// A writer brings the checkpoint up after its entry.
				if err := load.Refresh(ctx, st, id, load.MinLag); err != nil {
					b.Fatal(err)
				}
				next++
			}
		})
		_, err := r.Deal(ctx, id, projections.DealSpec{})
		require.NoError(b, err)
		b.Run(fmt.Sprintf("call/%d", boards), func(b *testing.B) {
			for b.Loop() {
				// A call and its undo: the auction stays where it was.
				if _, err := r.Calls(ctx, id, []string{"P"}); err != nil {
					b.Fatal(err)
				}
				if _, err := r.Undo(ctx, id); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("tail/%d", boards), func(b *testing.B) {
			for b.Loop() {
				if _, err := load.Tail(ctx, st, id); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
