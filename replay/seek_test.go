package replay_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// TestSeekFromTheDealEqualsFoldingFromTheStart: the fast path of FoldAt
// (fold hand H from its deal, take earlier hands from the full fold) gives
// the same table and score as folding the log from its first event, at
// every moment of every hand, across undos.
func TestSeekFromTheDealEqualsFoldingFromTheStart(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "contract", Options: map[string]string{"scoring": "rubber"}, Hands: 5, Seed: 11, ClaimEvery: 3})
	require.NoError(t, err)
	r := recorder.New(st)
	_, err = r.Deal(ctx, res.Session, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, res.Session, []string{"1H", "X"})
	require.NoError(t, err)
	_, err = r.Undo(ctx, res.Session)
	require.NoError(t, err)
	_, err = r.Calls(ctx, res.Session, []string{"2H"})
	require.NoError(t, err)
	full, envs, err := load.Session(ctx, st, res.Session)
	require.NoError(t, err)
	checked := 0
	for h := 1; h <= len(full.Hands); h++ {
		c, err := replay.NewCursor(envs, full, h)
		require.NoError(t, err)
		for _, p := range c.Points() {
			fast, err := replay.FoldAt(full, envs, p)
			require.NoError(t, err)
			slow, err := replay.FoldAt(nil, envs, p)
			require.NoError(t, err)
			require.Equal(t, slow.Hands, fast.Hands, "at %s", p.Moment)
			require.Equal(t, slow.Score(), fast.Score(), "at %s", p.Moment)
			assert.Equal(t, jsonview.NewView(slow), jsonview.NewView(fast), "at %s", p.Moment)
			checked++
		}
	}
	assert.Greater(t, checked, 200)
}

// BenchmarkSeekRandomMoment: in a loaded 10,000-hand session, jump to a
// random moment of a random hand and fold the table there (what replay's
// jump and show --at do once the session is read).
func BenchmarkSeekRandomMoment(b *testing.B) {
	path := simtest.DB(b, "auction", simtest.Hands(), 2)
	st, err := bolt.Open(path, bolt.Options{ReadOnly: true})
	require.NoError(b, err)
	defer st.Close()
	ctx := context.Background()
	id, err := st.LastSession(ctx)
	require.NoError(b, err)
	full, envs, err := load.Session(ctx, st, id)
	require.NoError(b, err)
	rng := rand.New(rand.NewPCG(1, 2))
	var s *projections.Session
	for b.Loop() {
		h := 1 + rng.IntN(len(full.Hands))
		c, err := replay.NewCursor(envs, full, h)
		if err != nil {
			b.Fatal(err)
		}
		c.Seek(rng.IntN(c.Len()))
		if s, err = c.State(); err != nil {
			b.Fatal(err)
		}
	}
	_ = s
	var _ events.Store = st
}
