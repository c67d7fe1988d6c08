package load_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
	"github.com/hoyle/hoyle/projections/verify"
)

// TestRebuildEqualsFoldingEachSession: the streaming rebuild gives every
// session exactly what folding its own stream gives, undos included.
func TestRebuildEqualsFoldingEachSession(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	var ids []string
	for i, rs := range rules.All() {
		res, err := simulate.Run(ctx, st, simulate.Options{Game: rs.Info().ID, Hands: 4, Seed: uint64(i), ClaimEvery: 3})
		require.NoError(t, err)
		ids = append(ids, res.Session)
	}
	r := recorder.New(st)
	_, err := r.Deal(ctx, ids[0], projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Undo(ctx, ids[0])
	require.NoError(t, err)
	_, err = r.Undo(ctx, ids[0])
	require.NoError(t, err)
	_, err = r.Undo(ctx, ids[0]) // undoes the undo? no: the latest entry in force
	require.NoError(t, err)

	all, err := load.Rebuild(ctx, st)
	require.NoError(t, err)
	require.Len(t, all, len(ids))
	for _, id := range ids {
		one, _, err := load.Session(ctx, st, id)
		require.NoError(t, err)
		assert.Equal(t, one.Hands, all[id].Hands, id)
		assert.Equal(t, one.Version, all[id].Version)
		assert.Equal(t, one.Score(), all[id].Score())
	}
}

func openBench(b *testing.B) (*bolt.Store, uint64) {
	b.Helper()
	path := simtest.DB(b, "auction", simtest.Hands(), 1)
	st, err := bolt.Open(path, bolt.Options{ReadOnly: true, SnapshotKey: simtest.Key})
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	list, err := st.Sessions(context.Background())
	require.NoError(b, err)
	var n uint64
	for _, s := range list {
		n += s.Version
	}
	return st, n
}

// BenchmarkRawScan is the floor: a cursor over the log's records, decoding
// only the envelope (no payload, no hash).
func BenchmarkRawScan(b *testing.B) {
	st, n := openBench(b)
	ctx := context.Background()
	for b.Loop() {
		var count uint64
		for _, err := range st.ReadAll(ctx, 1, false) {
			if err != nil {
				b.Fatal(err)
			}
			count++
		}
		if count != n {
			b.Fatalf("read %d of %d", count, n)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkRebuild folds every session from zero.
func BenchmarkRebuild(b *testing.B) {
	st, n := openBench(b)
	ctx := context.Background()
	for b.Loop() {
		all, err := load.Rebuild(ctx, st)
		if err != nil {
			b.Fatal(err)
		}
		if len(all) == 0 {
			b.Fatal("nothing rebuilt")
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

var _ events.Store = (*bolt.Store)(nil)

// TestFoldSeqEqualsFold: folding as the events stream past, with undos (and
// an undo of an undo) in the session, gives what folding the slice gives.
func TestFoldSeqEqualsFold(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "contract", Hands: 3, Seed: 5})
	require.NoError(t, err)
	r := recorder.New(st)
	_, err = r.Deal(ctx, res.Session, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, res.Session, []string{"1H", "2H"})
	require.NoError(t, err)
	_, err = r.Undo(ctx, res.Session)
	require.NoError(t, err)
	_, err = r.Note(ctx, res.Session, projections.NoteSpec{Text: "kept"})
	require.NoError(t, err)
	for _, withUndo := range []bool{false, true} {
		if withUndo {
			_, err = r.RetractNote(ctx, res.Session, projections.NoteFilter{})
			require.NoError(t, err)
		}
		want, _, err := load.Session(ctx, st, res.Session)
		require.NoError(t, err)
		got, err := load.Stream(ctx, st, res.Session)
		require.NoError(t, err)
		assert.Equal(t, want.Hands, got.Hands)
		assert.Equal(t, want.Notes, got.Notes)
		assert.Equal(t, want.Steps, got.Steps)
		assert.Equal(t, want.Version, got.Version)
		assert.Equal(t, want.Score(), got.Score())
	}
}

// checkpointed copies a simulated database and writes its checkpoint.
func checkpointed(b *testing.B, hands int) (*bolt.Store, string) {
	b.Helper()
	path := simtest.Copy(b, simtest.DB(b, "auction", hands, 1), b.TempDir())
	st, err := bolt.Open(path, bolt.Options{SnapshotKey: simtest.Key})
	require.NoError(b, err)
	id, err := st.LastSession(context.Background())
	require.NoError(b, err)
	require.NoError(b, load.Refresh(context.Background(), st, id, 0))
	require.NoError(b, st.Close())
	st, err = bolt.Open(path, bolt.Options{ReadOnly: true, SnapshotKey: simtest.Key})
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	return st, id
}

// BenchmarkReadHand reads one hand of a session with its checkpoint, as
// show and export do: the latest hand and the third, in a session of 10
// hands and in a long one (10,000; 1,000 with -short). The third hand
// costs the same in both; the latest costs the earlier hands' decoding.
func BenchmarkReadHand(b *testing.B) {
	for _, hands := range []int{10, simtest.Hands()} {
		st, id := checkpointed(b, hands)
		for _, n := range []int{0, 3} {
			b.Run(fmt.Sprintf("hand=%d/hands=%d", n, hands), func(b *testing.B) {
				for b.Loop() {
					w, err := load.Hand(context.Background(), st, id, n)
					if err != nil {
						b.Fatal(err)
					}
					_ = w.Session.Score()
				}
			})
		}
	}
}

// BenchmarkVerify checks the long session as hoyle verify does: chains,
// records, indexes and folds, in events a second.
func BenchmarkVerify(b *testing.B) {
	st, n := openBench(b)
	for b.Loop() {
		if _, err := verify.Run(context.Background(), st); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkVerifyAll is what hoyle verify runs: BenchmarkVerify, then
// each checkpoint checked against the fold it made (verify.All), on a
// copy of the long session with its checkpoint kept, as hoyle simulate
// leaves it.
//
//	go test ./projections/load -run '^$' -bench VerifyAll -cpuprofile cpu.out
func BenchmarkVerifyAll(b *testing.B) {
	ctx := context.Background()
	path := simtest.Copy(b, simtest.DB(b, "auction", simtest.Hands(), 1), b.TempDir())
	w, err := bolt.Open(path, bolt.Options{SnapshotKey: simtest.Key, NoSync: true})
	require.NoError(b, err)
	id, err := w.LastSession(ctx)
	require.NoError(b, err)
	require.NoError(b, load.Refresh(ctx, w, id, 0))
	require.NoError(b, w.Close())
	st, err := bolt.Open(path, bolt.Options{ReadOnly: true, SnapshotKey: simtest.Key})
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	info, err := st.Session(ctx, id)
	require.NoError(b, err)
	n := info.Version
	for b.Loop() {
		if _, diffs, err := verify.All(context.Background(), st, false); err != nil || len(diffs) > 0 {
			b.Fatal(err, diffs)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkRefresh brings a session's checkpoint up after one more event
// (a note), as an entry does once in MinLag events: every record is
// sealed and written again (see Refresh), at 10 hands and in a long
// session (10,000; 1,000 with -short).
//
//	go test ./projections/load -run '^$' -bench Refresh
func BenchmarkRefresh(b *testing.B) {
	ctx := context.Background()
	for _, hands := range []int{10, simtest.Hands()} {
		path := simtest.Copy(b, simtest.DB(b, "auction", hands, 1), b.TempDir())
		st, err := bolt.Open(path, bolt.Options{SnapshotKey: simtest.Key, NoSync: true})
		require.NoError(b, err)
		id, err := st.LastSession(ctx)
		require.NoError(b, err)
		require.NoError(b, load.Refresh(ctx, st, id, 0))
		r := recorder.New(st)
		b.Run(fmt.Sprintf("hands=%d", hands), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				_, err := r.Note(ctx, id, projections.NoteSpec{Text: "a note"})
				require.NoError(b, err)
				b.StartTimer()
				require.NoError(b, load.Refresh(ctx, st, id, 0))
			}
		})
		require.NoError(b, st.Close())
	}
}

// behind copies a simulated database of hands+1 hands and writes its
// checkpoint as it stood at the end of hand hands: the latest hand was
// recorded since, as at a table between two refreshes of the checkpoint.
func behind(b *testing.B, hands int) (*bolt.Store, string) {
	b.Helper()
	ctx := context.Background()
	path := simtest.Copy(b, simtest.DB(b, "auction", hands+1, 1), b.TempDir())
	st, err := bolt.Open(path, bolt.Options{SnapshotKey: simtest.Key, NoSync: true})
	require.NoError(b, err)
	id, err := st.LastSession(ctx)
	require.NoError(b, err)
	s, err := load.Tail(ctx, st, id)
	require.NoError(b, err)
	start, ok := s.HandStart(hands + 1)
	require.True(b, ok)
	load.RefreshAt(b, st, id, start-1)
	require.NoError(b, st.Close())
	st, err = bolt.Open(path, bolt.Options{ReadOnly: true, SnapshotKey: simtest.Key})
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	return st, id
}

// BenchmarkReadLatestBehind reads the latest hand of a session whose
// checkpoint is behind it by that hand, as at a table between two
// refreshes of the checkpoint (every MinLag events), in a session of 10
// hands and of 10,000 (1,000 with -short): show's reads (the hand with
// the score after it, and the score before it, read at its deal), the
// record prompt's at the end of a hand (the latest hand and the running
// score: load.Running, the rubber in play and the rubbers before it
// counted, whose cost is a rubber's), and score's (load.Scored, the whole
// sheet; before it, load.Summary, every hand).
//
//	go test ./projections/load -run '^$' -bench ReadLatestBehind -benchtime 20x
func BenchmarkReadLatestBehind(b *testing.B) {
	ctx := context.Background()
	for _, hands := range []int{10, simtest.Hands()} {
		st, id := behind(b, hands)
		b.Run(fmt.Sprintf("show/hands=%d", hands), func(b *testing.B) {
			for b.Loop() {
				w, err := load.Hand(ctx, st, id, 0)
				if err != nil {
					b.Fatal(err)
				}
				_ = w.Session.Score()
				n := len(w.Session.Hands)
				start, _ := w.Session.HandStart(n)
				at, err := load.HandAt(ctx, st, id, start)
				if err != nil {
					b.Fatal(err)
				}
				_ = at.Session.ScoreOf(projections.SheetKey{Finished: n - 1})
			}
		})
		b.Run(fmt.Sprintf("prompt/hands=%d", hands), func(b *testing.B) {
			for b.Loop() {
				s, err := load.Running(ctx, st, id)
				if err != nil {
					b.Fatal(err)
				}
				_ = s.RunningScore()
			}
		})
		b.Run(fmt.Sprintf("score/hands=%d", hands), func(b *testing.B) {
			for b.Loop() {
				s, err := load.Scored(ctx, st, id)
				if err != nil {
					b.Fatal(err)
				}
				_ = s.Score()
			}
		})
	}
}
