package load_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
)

// TestAuditFindsAForgedCheckpoint: a checkpoint kept as hoyle keeps it,
// brought up to date as the session goes on, is the log's: Audit finds
// nothing. One whose hand is written again with hoyle's own codec (its CRC
// sealed anew), with more tricks to a side, is found, by session, the
// version it was folded to and the record; dropped and written again from
// the log, it is the log's once more.
func TestAuditFindsAForgedCheckpoint(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(testkit.Seed(t), 31))
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 6, Seed: rng.Uint64(), ClaimEvery: 2})
	require.NoError(t, err)
	id := res.Session
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	r := recorder.New(st)
	_, err = r.Note(ctx, id, projections.NoteSpec{Text: "kept"})
	require.NoError(t, err)
	_, err = r.Undo(ctx, id)
	require.NoError(t, err)
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	diffs, err := load.Audit(ctx, st, id)
	require.NoError(t, err)
	assert.Empty(t, diffs, "a checkpoint hoyle kept is the log's")

	full, _, err := load.Session(ctx, st, id)
	require.NoError(t, err)
	forged := full.Hands[1].Clone()
	forged.Won[0] += 5
	load.ForgeHand(t, st, id, 2, forged)

	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	require.NotEmpty(t, diffs)
	assert.Equal(t, id, diffs[0].Session)
	assert.Equal(t, full.Version, diffs[0].Version)
	assert.Equal(t, "hand 2", diffs[0].Record)
	assert.ErrorIs(t, diffs[0], load.ErrKeptDiffers)

	require.NoError(t, load.Drop(ctx, st, id))
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	assert.Empty(t, diffs, "rebuilt from the log")
}
