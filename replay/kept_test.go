package replay_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/replay"
)

// A session read from a checkpoint at its head scores from the sheets the
// checkpoint kept, now and before its latest hand, and scores its hands
// again once a hand has finished after the checkpoint.
func TestKeptSheetsServeTheLatestHand(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "contract", Hands: 12, Seed: 9})
	require.NoError(t, err)
	require.NoError(t, load.Refresh(ctx, st, res.Session, 0))
	sum, err := load.Summary(ctx, st, res.Session)
	require.NoError(t, err)
	assert.True(t, sum.ScoresFromKept(), "the score now")
	w, err := load.Hand(ctx, st, res.Session, 0)
	require.NoError(t, err)
	assert.True(t, w.Session.ScoresFromKept(), "the latest hand, folded again from the log, is the checkpoint's")
	c, err := replay.NewCursor(w.Envs, w.Session, 12)
	require.NoError(t, err)
	before, err := c.State() // the deal of the latest hand
	require.NoError(t, err)
	assert.True(t, before.ScoresFromKept(), "the score before the latest hand")
	full, envs, err := load.Session(ctx, st, res.Session)
	require.NoError(t, err)
	assert.Equal(t, full.Score(), sum.Score())
	wholeBefore, err := replay.FoldAt(full, envs, c.Point())
	require.NoError(t, err)
	assert.Equal(t, wholeBefore.Score(), before.Score())
	_, err = recorder.New(st).Deal(ctx, res.Session, projections.DealSpec{})
	require.NoError(t, err)
	w, err = load.Hand(ctx, st, res.Session, 0)
	require.NoError(t, err)
	assert.True(t, w.Session.ScoresFromKept(), "a hand dealt after the checkpoint: nothing finished since")
}
