package load_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// TestABoardDealtBeforeTheCheckpointIsTheSameDeal: a board dealt with its
// cards long before the session's checkpoint is judged from the boards the
// checkpoint keeps, not from a read of the whole log: dealt again with
// other cards it is refused, and nothing appended; dealt blank, it takes
// the board's cards. Either way the entry reads the log from the
// checkpoint on (a few events), not the session's thousands.
func TestABoardDealtBeforeTheCheckpointIsTheSameDeal(t *testing.T) {
	ctx := context.Background()
	st := &counting{Store: memstore.New()}
	r := recorder.New(st)
	id, err := r.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}})
	require.NoError(t, err)
	seed := uint64(41)
	dealt, err := r.Deal(ctx, id, projections.DealSpec{Board: 1, Seed: &seed})
	require.NoError(t, err)
	first := dealOf(t, dealt)
	require.NotZero(t, first.Hands[0], "the board's first deal has its cards")
	_, err = r.Calls(ctx, id, []string{"P", "P", "P", "P"})
	require.NoError(t, err)
	addResults(t, st, id, 2, 300)
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	info, err := st.Session(ctx, id)
	require.NoError(t, err)

	other := uint64(42)
	st.read = 0
	_, err = r.Deal(ctx, id, projections.DealSpec{Board: 1, Seed: &other})
	require.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "board 1 was dealt as hand 1 with other cards")
	assert.Less(t, st.read, 30, "the refusal read %d of the session's %d events", st.read, info.Version)
	after, err := st.Session(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, info.Version, after.Version, "nothing was appended")

	st.read = 0
	again, err := r.Deal(ctx, id, projections.DealSpec{Board: 1})
	require.NoError(t, err)
	assert.Less(t, st.read, 30, "the deal read %d of the session's %d events", st.read, info.Version)
	assert.Equal(t, first.Hands, dealOf(t, again).Hands, "the board's cards")
	whole, err := load.Stream(ctx, st, id)
	require.NoError(t, err)
	assert.Empty(t, whole.Problems)
	assert.Equal(t, first.Hands, whole.Current().Dealt)
}

// dealOf is the deal among the events an entry stored.
func dealOf(t *testing.T, stored []events.Envelope) *table.Dealt {
	t.Helper()
	for _, e := range stored {
		if d, ok := e.Data.(*table.Dealt); ok {
			return d
		}
	}
	t.Fatalf("no deal among %d events", len(stored))
	return nil
}

// TestForgedBoardsAreNotBelieved: the boards' first deals kept in the
// checkpoint are derived data like the rest of it. Rewritten to say board
// 1 was dealt with other cards and sealed with a key not the store's, they
// are not read: the deal is judged on the whole log, and the board's true
// cards are the ones a blank deal takes. Sealed with the store's own key
// (a key that got out), Audit (hoyle verify) names the record, and once
// dropped and written again from the log it is the log's.
func TestForgedBoardsAreNotBelieved(t *testing.T) {
	ctx := context.Background()
	st, r, id, first := boardOnePassedOut(t)
	var err error
	_, err = r.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideResult(stamp, projections.ResultSpec{Board: 2, Contract: "3NT", Declarer: "S", Tricks: "9"})
	})
	require.NoError(t, err)
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	diffs, err := load.Audit(ctx, st, id)
	require.NoError(t, err)
	assert.Empty(t, diffs, "a checkpoint hoyle kept is the log's")

	full, _, err := load.Session(ctx, st, id)
	require.NoError(t, err)
	forged := full.Hands[0].Clone()
	forged.Dealt[0], forged.Dealt[1] = forged.Dealt[1], forged.Dealt[0]
	load.ForgeBoards(t, st, id, []*game.Hand{forged}, nil)
	other := uint64(42)
	_, err = r.Deal(ctx, id, projections.DealSpec{Board: 1, Seed: &other})
	require.ErrorIs(t, err, game.ErrIllegal, "judged on the log")

	load.ForgeBoards(t, st, id, []*game.Hand{forged}, st.SnapshotKey())
	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	require.Len(t, diffs, 1)
	assert.Equal(t, "the boards' first deals", diffs[0].Record)
	assert.ErrorIs(t, diffs[0], load.ErrKeptDiffers)

	require.NoError(t, load.Drop(ctx, st, id))
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	assert.Empty(t, diffs, "rebuilt from the log")
	again, err := r.Deal(ctx, id, projections.DealSpec{Board: 1})
	require.NoError(t, err)
	assert.Equal(t, first.Hands, dealOf(t, again).Hands, "the board's cards")
}

// boardOnePassedOut is a duplicate session of contract bridge whose board
// 1, dealt from seed 41, was passed out: the start of the tests of a
// board's first deal, which return its cards as first.
func boardOnePassedOut(t *testing.T) (*memstore.Store, *recorder.Recorder, string, *table.Dealt) {
	t.Helper()
	ctx := context.Background()
	st := memstore.New()
	r := recorder.New(st)
	id, err := r.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}})
	require.NoError(t, err)
	seed := uint64(41)
	dealt, err := r.Deal(ctx, id, projections.DealSpec{Board: 1, Seed: &seed})
	require.NoError(t, err)
	first := dealOf(t, dealt)
	_, err = r.Calls(ctx, id, []string{"P", "P", "P", "P"})
	require.NoError(t, err)
	return st, r, id, first
}
