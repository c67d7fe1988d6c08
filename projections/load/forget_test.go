package load_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
)

// TestForgetHandsFoldsTheSame: a fold that forgets finished hands
// (Folder.ForgetHands, an import's) holds one hand whole however long the
// session, and judges what comes next as the fold of every hand does: the
// latest hand is the same, a board first dealt with its cards long before
// is refused with other cards and given its cards when dealt blank, and a
// board first dealt without cards takes any.
func TestForgetHandsFoldsTheSame(t *testing.T) {
	ctx := context.Background()
	st, _, id, first := boardOnePassedOut(t)
	addResults(t, st, id, 2, 200)
	envs, err := load.Events(ctx, st, id)
	require.NoError(t, err)
	whole, err := projections.Fold(envs)
	require.NoError(t, err)

	f := projections.NewFolder(nil)
	f.Keep(projections.KeepNone)
	f.ForgetHands()
	for _, e := range envs {
		require.NoError(t, f.Add(e))
	}
	s, err := f.Session()
	require.NoError(t, err)
	assert.Empty(t, s.Problems)
	require.Len(t, s.Hands, len(whole.Hands))
	assert.Equal(t, len(s.Hands)-1, s.HandsWithoutHistory(), "every hand but the latest is let go")
	assert.True(t, projections.SameHand(whole.Current(), s.Current()), "the latest hand is the same")

	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	stamp := func(p events.Payload) events.Event { at = at.Add(time.Second); return events.NewEvent(at, p) }
	// A decision proposes its events to the session (Propose): the fold
	// judges them as it folds them.
	propose := func(spec projections.DealSpec) error {
		_, err := s.DecideDeal(stamp, spec)
		return err
	}
	other := uint64(42)
	err = propose(projections.DealSpec{Board: 1, Seed: &other})
	require.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "board 1 was dealt as hand 1 with other cards")
	require.NoError(t, propose(projections.DealSpec{Board: 1}))
	assert.Equal(t, first.Hands, s.Current().Dealt, "dealt blank, the board takes its first deal's cards")
	_, err = s.DecideCalls(stamp, []string{"P", "P", "P", "P"})
	require.NoError(t, err)
	require.Equal(t, game.PhaseDone, s.Current().Phase, "board 1 passed out")
	require.NoError(t, propose(projections.DealSpec{Board: 2, Seed: &other}), "board 2 was first dealt without cards: any cards will do")
	assert.Equal(t, len(s.Hands)-1, s.HandsWithoutHistory())
}
