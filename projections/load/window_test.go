package load_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/simulate"
)

// noCheckpoints hides a store's checkpoints: a store that keeps none.
type noCheckpoints struct{ events.Store }

// sameSession checks that a session read for a window agrees with the
// whole fold in everything but the steps it holds, and the hands after
// the window's, which it may leave out.
func sameSession(t *testing.T, full, got *projections.Session, what string) {
	t.Helper()
	require.LessOrEqual(t, len(got.Hands), len(full.Hands), what)
	require.Less(t, got.HandsWithoutHistory(), max(len(got.Hands), 1), "%s: the hand read has its history", what)
	for i := range got.Hands {
		if i < got.HandsWithoutHistory() {
			// Held without its history: the score of it is the kept
			// sheets' (compared below, and at every moment by the
			// commands' tests), where it begins the index's (below).
			continue
		}
		if !reflect.DeepEqual(full.Hands[i], got.Hands[i]) {
			require.Equal(t, *full.Hands[i], *got.Hands[i], "%s: hand %d", what, i+1)
		}
	}
	if !assert.Equal(t, full.Notes, got.Notes, what) {
		debugDump()
		dumpNotes(t, "want", full.Notes)
		dumpNotes(t, "got", got.Notes)
		t.FailNow()
	}
	assert.Equal(t, full.Version, got.Version, what)
	assert.Equal(t, full.Closed, got.Closed, what)
	if len(got.Hands) < len(full.Hands) {
		return
	}
	assert.Equal(t, full.NextDealer, got.NextDealer, what)
	assert.Equal(t, full.Score(), got.Score(), what)
	for _, h := range full.Hands {
		want, _ := full.HandStart(h.Number)
		start, ok := got.HandStart(h.Number)
		assert.True(t, ok)
		assert.Equal(t, want, start, "%s: where hand %d begins", what, h.Number)
	}
}

// checkWindows reads every hand of a session alone, and its summary, and
// compares them with the whole fold (full, of the events envs: read once
// for the reads with and without checkpoints, which it does not depend on).
var debugDump = func() {}

func checkWindows(t *testing.T, st events.Store, session string, full *projections.Session, envs []events.Envelope, what string) {
	t.Helper()
	debugDump = func() { dumpSession(t, st, session) }
	ctx := context.Background()
	sum, err := load.Summary(ctx, st, session)
	require.NoError(t, err)
	sameSession(t, full, sum, what+" (summary)")
	for n := 0; n <= len(full.Hands); n++ {
		w, err := load.Hand(ctx, st, session, n)
		require.NoError(t, err)
		if len(full.Hands) == 0 {
			assert.Equal(t, full.Steps, w.Session.Steps)
			continue
		}
		hand := n
		if n == 0 {
			hand = len(full.Hands)
		}
		sameSession(t, full, w.Session, what)
		require.GreaterOrEqual(t, len(w.Session.Hands), hand, what)
		var steps []projections.Step
		for _, s := range full.Steps {
			if s.Version == 1 || s.Hand == hand {
				steps = append(steps, s)
			}
		}
		assert.Equal(t, steps, w.Session.Steps, "%s: the steps of hand %d", what, hand)
		start, _ := full.HandStart(hand)
		var want []events.Envelope
		for _, e := range envs {
			if e.Version == 1 || e.Version >= start && (hand == len(full.Hands) || e.Version < mustStart(full, hand+1)) {
				want = append(want, e)
			}
		}
		assert.Equal(t, want, w.Envs, "%s: the events of hand %d", what, hand)
	}
}

// wholeFold is the whole fold of a session and its events.
func wholeFold(t *testing.T, st events.Store, session string) (*projections.Session, []events.Envelope) {
	t.Helper()
	full, envs, err := load.Session(context.Background(), st, session)
	require.NoError(t, err)
	return full, envs
}

func mustStart(s *projections.Session, n int) uint64 {
	v, _ := s.HandStart(n)
	return v
}

// TestWindowsAgreeWithTheWholeFold: a session read for one hand, from a
// checkpoint brought up to date or from no checkpoint at all, holds the
// same hands, notes and score as the whole fold, and the steps and events
// of that hand; whatever the undos, notes, withdrawn notes and closes, and
// wherever the checkpoint was last written.
//
// go test ./... reads the windows after one round in three, drawn at
// random, and after the last (HOYLE_FULL=1, after every round): each read
// costs the session's length, each round's check as many reads as it has
// hands, with and without checkpoints, and a round's undos, notes and
// checkpoints stay in the log and the checkpoint for the rounds after it,
// so a check a few rounds later reads what they left. The session is the
// same either way: the rounds to check are drawn from a stream of their own.
func TestWindowsAgreeWithTheWholeFold(t *testing.T) {
	ctx := context.Background()
	seed := testkit.Seed(t)
	rng := rand.New(rand.NewPCG(seed, 17))
	sample := rand.New(rand.NewPCG(seed, 18))
	every := testkit.Rounds(3, 1)
	for _, rs := range rules.All() {
		game := rs.Info().ID
		t.Run(game, func(t *testing.T) {
			src := memstore.New()
			res, err := simulate.Run(ctx, src, simulate.Options{Game: game, Hands: 7, Seed: rng.Uint64(), ClaimEvery: 3})
			require.NoError(t, err)
			var stored []events.Envelope
			for e, err := range src.ReadSession(ctx, res.Session, 1) {
				require.NoError(t, err)
				stored = append(stored, e)
			}
			st := memstore.New()
			r := recorder.New(st)
			copied := 0
			feed := func(n int) {
				for ; n > 0 && copied < len(stored); n-- {
					e := stored[copied]
					_, err := st.Append(ctx, events.Batch{Session: res.Session, Expected: events.AnyVersion,
						Events: []events.Event{{ID: e.ID, At: e.At, Data: e.Data, Raw: e.Raw, Schema: e.Schema}}})
					if copied == 0 {
						_, err = st.Append(ctx, events.Batch{Session: res.Session, Expected: events.NewSession,
							Events: []events.Event{{ID: e.ID, At: e.At, Data: e.Data, Raw: e.Raw, Schema: e.Schema}}})
					}
					require.NoError(t, err)
					copied++
				}
			}
			feed(1)
			for round := 0; copied < len(stored); round++ {
				feed(1 + rng.IntN(40))
				switch rng.IntN(8) {
				case 0, 1:
					_, _ = r.Undo(ctx, res.Session)
				case 2:
					full, _, err := load.Session(ctx, st, res.Session)
					require.NoError(t, err)
					target := full.Steps[rng.IntN(len(full.Steps))]
					if target.Type != "note.added" {
						_, err = r.Note(ctx, res.Session, projections.NoteSpec{Text: "a note", Target: target.ID})
						require.NoError(t, err)
					}
				case 3:
					_, _ = r.RetractNote(ctx, res.Session, projections.NoteFilter{})
				}
				if rng.IntN(3) == 0 {
					require.NoError(t, load.Refresh(ctx, st, res.Session, uint64(rng.IntN(30))))
				}
				if sample.IntN(every) != 0 && copied < len(stored) {
					continue
				}
				full, envs := wholeFold(t, st, res.Session)
				checkWindows(t, st, res.Session, full, envs, "with checkpoints")
				checkWindows(t, noCheckpoints{st}, res.Session, full, envs, "without checkpoints")
			}
			_, _ = r.Close(ctx, res.Session, "")
			full, envs := wholeFold(t, st, res.Session)
			checkWindows(t, st, res.Session, full, envs, "closed")
			require.NoError(t, load.Refresh(ctx, st, res.Session, 0)) // a checkpoint, no event: the same whole fold
			checkWindows(t, st, res.Session, full, envs, "closed, refreshed")
		})
	}
}
