package load_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
)

// copyUpTo copies a session's events, from the first not yet copied up to
// version to, from src to st (a session made elsewhere, recorded again
// step by step); it returns the version copied last.
func copyUpTo(t *testing.T, st events.Store, stored []events.Envelope, from, to uint64) uint64 {
	t.Helper()
	ctx := context.Background()
	for _, e := range stored[from:min(to, uint64(len(stored)))] {
		expected := events.AnyVersion
		if e.Version == 1 {
			expected = events.NewSession
		}
		_, err := st.Append(ctx, events.Batch{Session: e.Session, Expected: expected,
			Events: []events.Event{{ID: e.ID, At: e.At, Data: e.Data, Raw: e.Raw, Schema: e.Schema}}})
		require.NoError(t, err)
		from = e.Version
	}
	return from
}

// simulated records a session of a game in memory and returns its events.
func simulated(t *testing.T, game string, options map[string]string, hands int) []events.Envelope {
	t.Helper()
	ctx := context.Background()
	src := memstore.New()
	res, err := simulate.Run(ctx, src, simulate.Options{Game: game, Options: options, Hands: hands, Seed: 7, ClaimEvery: 5})
	require.NoError(t, err)
	var stored []events.Envelope
	for e, err := range src.ReadSession(ctx, res.Session, 1) {
		require.NoError(t, err)
		stored = append(stored, e)
	}
	return stored
}

// TestTheLatestHandLeavesOutTheOthersHistory: the latest hand of a long
// session, read from a checkpoint written at its head, holds the hands
// before it without their history, and scores from the sheets the
// checkpoint kept: the same score as the whole fold, before the hand and
// after it. A score of those hands without the kept sheets is refused,
// never made wrong.
func TestTheLatestHandLeavesOutTheOthersHistory(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game    string
		options map[string]string
	}{
		{"auction", nil},
		{"contract", map[string]string{"scoring": "rubber"}}, // who is vulnerable follows the score
		{"whist", nil},
	} {
		t.Run(tc.game, func(t *testing.T) {
			st, session, full := checkpointedSession(t, tc.game, tc.options, 40)
			n := len(full.Hands)

			w, err := load.Hand(ctx, st, session, 0)
			require.NoError(t, err)
			s := w.Session
			assert.Equal(t, n-1, s.HandsWithoutHistory(), "the hands before the latest are held without their history")
			for _, h := range s.Hands[:n-1] {
				assert.Nil(t, h.Tricks, "hand %d", h.Number)
				assert.Nil(t, h.Calls, "hand %d", h.Number)
			}
			assert.Equal(t, full.Hands[n-1], s.Hands[n-1])
			require.True(t, s.ScoresHandFromKept())
			sameSession(t, full, s, "the latest hand")
			require.Equal(t, full.Score(), s.Score())

			// The score before the hand: the session as it stood at its deal.
			start, _ := full.HandStart(n)
			before, err := load.HandAt(ctx, st, session, start)
			require.NoError(t, err)
			assert.Equal(t, n-1, before.Session.HandsWithoutHistory())

			assert.Panics(t, func() { s.Snapshot() }, "a snapshot of hands without their history")
			s.UseSheets(nil)
			assert.Panics(t, func() { s.Score() }, "a score of hands without their history")
		})
	}
}

// When the kept sheets cannot serve the latest hand (the checkpoint is
// behind it by a finished hand, the hand finished after the checkpoint, a
// note of an earlier hand was withdrawn since, the session was closed
// since), the score's fold the checkpoint kept serves it where the score
// is a fold (contract rubber, who is vulnerable on a later hand said by
// the fold too), and the hands before the checkpoint's last are not read;
// otherwise (duplicate's score is not a fold here; a withdrawn note of an
// earlier hand) it is read as before, with every hand's history. Either
// way it scores as the whole fold does.
func TestTheLatestHandWhenTheKeptSheetsMiss(t *testing.T) {
	for _, tc := range []struct {
		game    string
		options map[string]string
		folds   bool
	}{
		{"contract", map[string]string{"scoring": "rubber"}, true},
		{"contract", map[string]string{"scoring": "chicago"}, true},
		{"contract", map[string]string{"scoring": "duplicate"}, false},
	} {
		t.Run(fmt.Sprint(tc.game, tc.options), func(t *testing.T) { keptSheetsMiss(t, tc.game, tc.options, tc.folds) })
	}
}

func keptSheetsMiss(t *testing.T, game string, options map[string]string, folds bool) {
	ctx := context.Background()
	stored := simulated(t, game, options, 12)
	session := stored[0].Session
	deals := dealVersions(t, stored, 12)

	// check reads the latest hand, light or not; light, the hands
	// without their history are those before the checkpoint's last, which
	// is the hand before the latest when behind is set.
	check := func(t *testing.T, st events.Store, light, behind bool) {
		t.Helper()
		full, _, err := load.Session(ctx, st, session)
		require.NoError(t, err)
		w, err := load.Hand(ctx, st, session, 0)
		require.NoError(t, err)
		switch {
		case light && behind:
			assert.Equal(t, len(full.Hands)-2, w.Session.HandsWithoutHistory())
		case light:
			assert.Equal(t, len(full.Hands)-1, w.Session.HandsWithoutHistory())
		default:
			assert.Zero(t, w.Session.HandsWithoutHistory(), "read with every hand's history")
		}
		sameSession(t, full, w.Session, "the latest hand")
		assert.Equal(t, full.Score(), w.Session.Score())
	}

	t.Run("behind by a finished hand", func(t *testing.T) {
		st := memstore.New()
		v := copyUpTo(t, st, stored, 0, deals[11]-1) // hands 1 to 11, done
		require.NoError(t, load.Refresh(ctx, st, session, 0))
		check(t, st, true, false)
		copyUpTo(t, st, stored, v, uint64(len(stored))) // hand 12, all of it
		check(t, st, folds, true)
	})
	if !folds {
		return
	}
	t.Run("finished after the checkpoint", func(t *testing.T) {
		st := memstore.New()
		v := copyUpTo(t, st, stored, 0, deals[11]+20) // hand 12 part-way
		require.NoError(t, load.Refresh(ctx, st, session, 0))
		check(t, st, true, false)
		copyUpTo(t, st, stored, v, uint64(len(stored)))
		check(t, st, true, false)
	})
	t.Run("an earlier note withdrawn since", func(t *testing.T) {
		st := memstore.New()
		copyUpTo(t, st, stored, 0, deals[11]-1)
		r := recorder.New(st)
		_, err := r.Note(ctx, session, projections.NoteSpec{Text: "on the deal of hand 11", Target: stored[deals[10]-1].ID})
		require.NoError(t, err)
		_, err = r.Deal(ctx, session, projections.DealSpec{})
		require.NoError(t, err)
		require.NoError(t, load.Refresh(ctx, st, session, 0))
		check(t, st, true, false)
		_, err = r.RetractNote(ctx, session, projections.NoteFilter{})
		require.NoError(t, err)
		check(t, st, false, false)
	})
	t.Run("closed since", func(t *testing.T) {
		st := memstore.New()
		copyUpTo(t, st, stored, 0, uint64(len(stored)))
		require.NoError(t, load.Refresh(ctx, st, session, 0))
		check(t, st, true, false)
		_, err := recorder.New(st).Close(ctx, session, "")
		require.NoError(t, err)
		check(t, st, true, false)
		require.NoError(t, load.Refresh(ctx, st, session, 0))
		check(t, st, true, false)
	})
}

// TestTheLatestHandBetweenRefreshesIsNotScoredAgain: with the checkpoint
// behind the latest hand (written at the end of hand 11 of 12, as a
// table's is between two refreshes), the latest hand is read with the
// others held without their history, and its read, the score before it
// and the session's summary score the hands since the checkpoint on the
// fold it kept: one hand, not twelve, and the sheets are the whole fold's.
func TestTheLatestHandBetweenRefreshesIsNotScoredAgain(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game    string
		options map[string]string
	}{
		{"auction", nil},
		{"auction", map[string]string{"scoring": "progressive"}},
		{"auction1908", nil},
		{"quinto", nil},
	} {
		t.Run(fmt.Sprint(tc.game, tc.options), func(t *testing.T) {
			stored := simulated(t, tc.game, tc.options, 12)
			session := stored[0].Session
			deals := dealVersions(t, stored, 12)
			st := memstore.New()
			copyUpTo(t, st, stored, 0, uint64(len(stored)))
			load.RefreshAt(t, st, session, deals[11]-1)
			full, _, err := load.Session(ctx, st, session)
			require.NoError(t, err)
			before := full.ScoreOf(projections.SheetKey{Finished: 11})

			scored := func(what string, s *projections.Session, want game.ScoreSheet) {
				t.Helper()
				require.True(t, s.ScoresFromKeptFold(), what)
				n := load.HandsFolded()
				require.Equal(t, want, s.Score(), what)
				assert.Equal(t, int64(1), load.HandsFolded()-n, "%s: the hands scored", what)
			}
			w, err := load.Hand(ctx, st, session, 0)
			require.NoError(t, err)
			assert.Equal(t, 10, w.Session.HandsWithoutHistory(), "the hands before the checkpoint's last are not read")
			sameSession(t, full, w.Session, "the latest hand")
			scored("the latest hand", w.Session, full.Score())
			at, err := load.HandAt(ctx, st, session, deals[11])
			require.NoError(t, err)
			require.Equal(t, 12, at.Last)
			assert.Equal(t, 10, at.Session.HandsWithoutHistory(), "the score before the hand, read light too")
			n := load.HandsFolded()
			assert.Equal(t, before, at.Session.ScoreOf(projections.SheetKey{Finished: 11}), "the score before the hand")
			assert.Equal(t, n, load.HandsFolded(), "the score before the hand is the kept fold's, no hand added")
			sum, err := load.Summary(ctx, st, session)
			require.NoError(t, err)
			scored("the summary", sum, full.Score())
		})
	}
}

// TestTheRunningScoreIsReadAtTheCostOfARubber: with the checkpoint behind
// the latest hand, as a table's is between two refreshes, the prompt's
// read at the end of a hand (load.Running) decodes of the score the
// running fold alone and adds the one hand since to it: the same work in
// a session of 10 hands and of 2,000 (the bytes decoded are a rubber's,
// not the finished rubbers', which the whole fold holds), and its running
// score is the whole score's (game.RunningOf). Auction's rubbers by
// default; with HOYLE_FULL, a progressive game, Chicago and Quinto's
// running score too (a session of 2,000 hands takes seconds to simulate).
func TestTheRunningScoreIsReadAtTheCostOfARubber(t *testing.T) {
	ctx := context.Background()
	long := testkit.Rounds(600, 2000) // hands of the long session: seconds to simulate at 2,000
	cases := []struct {
		game    string
		options map[string]string
	}{
		{"auction", nil},
		{"auction", map[string]string{"scoring": "progressive"}},
		{"contract", map[string]string{"scoring": "chicago"}},
		{"quinto", nil},
	}
	for _, tc := range cases[:testkit.Rounds(1, len(cases))] {
		t.Run(fmt.Sprint(tc.game, tc.options), func(t *testing.T) {
			type work struct{ bytes, hands, whole int64 }
			got := map[int]work{}
			for _, hands := range []int{10, long} {
				stored := simulated(t, tc.game, tc.options, hands)
				session := stored[0].Session
				deals := dealVersions(t, stored, hands)
				st := memstore.New()
				copyUpTo(t, st, stored, 0, uint64(len(stored)))
				load.RefreshAt(t, st, session, deals[hands-1]-1)
				full, _, err := load.Session(ctx, st, session)
				require.NoError(t, err)
				b, n := load.SheetBytesDecoded(), load.HandsFolded()
				s, err := load.Running(ctx, st, session)
				require.NoError(t, err)
				assert.Equal(t, hands-2, s.HandsWithoutHistory(), "%d hands: the hands before the checkpoint's last are not read", hands)
				require.True(t, s.ScoresRunningFromKept(), "%d hands", hands)
				run := s.RunningScore()
				w := work{bytes: load.SheetBytesDecoded() - b, hands: load.HandsFolded() - n}
				require.Equal(t, game.RunningOf(full.Score(), game.Before{}), run, "%d hands: the running score", hands)
				// The whole fold, for the contrast: what a read of the whole
				// sheet decodes.
				b = load.SheetBytesDecoded()
				whole, err := load.Scored(ctx, st, session)
				require.NoError(t, err)
				_ = whole.Score()
				w.whole = load.SheetBytesDecoded() - b
				got[hands] = w
			}
			t.Logf("bytes decoded by the running read: %d at 10 hands, %d at %d (a whole read: %d and %d)",
				got[10].bytes, got[long].bytes, long, got[10].whole, got[long].whole)
			// The hand since the checkpoint (and the checkpoint's last, where
			// its fold is kept of the hands before it).
			assert.LessOrEqual(t, got[10].hands, int64(2), "the hands scored at 10 hands")
			assert.Equal(t, got[10].hands, got[long].hands, "the hands scored at 10 and at %d hands", long)
			// A rubber's worth either way: its entries vary from one
			// rubber to the next, the finished rubbers do not count.
			assert.LessOrEqual(t, got[long].bytes, int64(4096), "the bytes decoded at %d hands", long)
			assert.LessOrEqual(t, got[long].bytes, 3*got[10].bytes, "the bytes decoded at %d hands, against 10", long)
			assert.Less(t, 10*got[long].bytes, got[long].whole, "the running read against a whole one")
		})
	}
}

// TestTheRunningScoreOfAScoreThatIsNotAFold: duplicate's score is not a
// fold, and the checkpoint keeps no running fold for it; the running score
// is the whole sheet, read from the sheets the checkpoint kept, the hands
// before its last still held without their history.
func TestTheRunningScoreOfAScoreThatIsNotAFold(t *testing.T) {
	ctx := context.Background()
	st, session, full := checkpointedSession(t, "contract", map[string]string{"scoring": "duplicate"}, 12)
	s, err := load.Running(ctx, st, session)
	require.NoError(t, err)
	assert.Equal(t, 11, s.HandsWithoutHistory(), "the hands before the checkpoint's last are not read")
	assert.False(t, s.ScoresRunningFromKept())
	require.Equal(t, game.RunningSheet{Sheet: full.Score()}, s.RunningScore())
}

// TestTheIndexIsReadOnceACheckpoint: the latest hand's reads at one
// checkpoint open its index once, and take it from the process's
// indexes after; a checkpoint written again is read again. Each read is
// the session as the log folds it.
func TestTheIndexIsReadOnceACheckpoint(t *testing.T) {
	ctx := context.Background()
	stored := simulated(t, "auction", nil, 12)
	session := stored[0].Session
	deals := dealVersions(t, stored, 12)
	st := memstore.New()
	copyUpTo(t, st, stored, 0, uint64(len(stored)))
	read := func(what string, opened int64) {
		t.Helper()
		full, _, err := load.Session(ctx, st, session)
		require.NoError(t, err)
		n := load.IndexRecordsRead()
		w, err := load.Hand(ctx, st, session, 0)
		require.NoError(t, err)
		assert.Equal(t, opened, load.IndexRecordsRead()-n, "%s: the index records opened", what)
		sameSession(t, full, w.Session, what)
		require.Equal(t, full.Score(), w.Session.Score(), what)
		s, err := load.Running(ctx, st, session)
		require.NoError(t, err)
		require.Equal(t, game.RunningOf(full.Score(), game.Before{}), s.RunningScore(), what)
	}
	load.RefreshAt(t, st, session, deals[10]-1)
	_, err := load.Hand(ctx, st, session, 0) // the index of this checkpoint, read once
	require.NoError(t, err)
	read("read again", 0)
	load.RefreshAt(t, st, session, deals[11]-1)
	read("the checkpoint written again", 1)
	read("and read again", 0)
}

// TestTheLatestHandAfterAnEarlierHandsCardsAreGiven: a hand dealt without
// its cards and finished, the checkpoint written, perhaps a later hand
// played, and then the first hand's cards given (so its honours count):
// the latest hand's read scores as the whole fold does, whether the hand
// given is the checkpoint's last or before it (the sheets and the score's
// fold kept scored it without its cards, and are not used).
func TestTheLatestHandAfterAnEarlierHandsCardsAreGiven(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ before, since int }{{1, 1}, {2, 1}, {2, 0}} { // hands done before the checkpoint, and since
		before := tc.before
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			st := memstore.New()
			r := recorder.New(st)
			id, err := r.Open(ctx, projections.SessionSpec{Game: "whist", Dealer: "S"})
			require.NoError(t, err)
			blank := func() {
				t.Helper()
				_, err := r.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
					return s.DecideDeal(stamp, projections.DealSpec{TurnUp: "H6"})
				})
				require.NoError(t, err)
				_, err = r.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
					return s.DecideClaim(stamp, projections.ClaimSpec{Tricks: 13, By: "NS"})
				})
				require.NoError(t, err)
			}
			for range before {
				blank()
			}
			require.NoError(t, load.Refresh(ctx, st, id, 0))
			for range tc.since {
				blank()
			}
			_, err = r.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
				return s.DecideDeal(stamp, projections.DealSpec{Of: 1, Hands: map[string]string{
					"E": "43.T98.KQ4.AKQ65", "S": "KQJT9.65.J98.JT9", "W": "A2.AKQJ7.A32.432", "N": "8765.432.T765.87"}})
			})
			require.NoError(t, err)
			full, _, err := load.Session(ctx, st, id)
			require.NoError(t, err)
			require.True(t, full.Hands[0].DealKnown(), "hand 1's cards given")
			w, err := load.Hand(ctx, st, id, 0)
			require.NoError(t, err)
			sameSession(t, full, w.Session, "the latest hand")
			require.Equal(t, full.Score(), w.Session.Score())
		})
	}
}

// dealVersions are the versions of the hands' deals in stored, which
// holds hands of them.
func dealVersions(t *testing.T, stored []events.Envelope, hands int) []uint64 {
	t.Helper()
	var deals []uint64
	for _, e := range stored {
		if e.Type == table.TypeDealt {
			deals = append(deals, e.Version)
		}
	}
	require.Len(t, deals, hands)
	return deals
}

// checkpointedSession is a simulated session of the game with these
// options and hands, in a store whose checkpoint is brought up to its end,
// and the session read whole.
func checkpointedSession(t *testing.T, game string, options map[string]string, hands int) (*memstore.Store, string, *projections.Session) {
	t.Helper()
	stored := simulated(t, game, options, hands)
	session := stored[0].Session
	st := memstore.New()
	copyUpTo(t, st, stored, 0, uint64(len(stored)))
	require.NoError(t, load.Refresh(context.Background(), st, session, 0))
	full, _, err := load.Session(context.Background(), st, session)
	require.NoError(t, err)
	return st, session, full
}
