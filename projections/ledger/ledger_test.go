package ledger_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/ledger"
	"github.com/hoyle/hoyle/projections/recorder"
)

// tables opens n tables of an event and plays board 1 at each.
func tables(t *testing.T, rec *recorder.Recorder, n int) []string {
	ctx := context.Background()
	var ids []string
	for i := range n {
		id, err := rec.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"},
			Placement: projections.Placement{Event: "Club night", Table: string(rune('1' + i))}})
		require.NoError(t, err)
		play(t, rec, id, 1, 9+i)
		ids = append(ids, id)
	}
	return ids
}

func play(t *testing.T, rec *recorder.Recorder, id string, board, tricks int) {
	ctx := context.Background()
	_, err := rec.Deal(ctx, id, projections.DealSpec{Board: board})
	require.NoError(t, err)
	_, err = rec.Calls(ctx, id, []string{"3NT", "P", "P", "P"})
	require.NoError(t, err)
	_, err = rec.Claim(ctx, id, projections.ClaimSpec{Tricks: tricks})
	require.NoError(t, err)
}

// TestLocalFoldsEverything: a store without checkpoints is folded whole.
func TestLocalFoldsEverything(t *testing.T) {
	rec := recorder.New(memstore.New())
	tables(t, rec, 3)
	for range 2 {
		got, stats, err := ledger.Tables(context.Background(), rec.Store)
		require.NoError(t, err)
		assert.Len(t, got, 3)
		assert.Equal(t, ledger.Stats{Sessions: 3, Folded: 3}, stats)
	}
}

// TestCheckpointedLedger: over the shared log, compare folds only the
// sessions written since the checkpoint, and the follower keeps the
// checkpoint current as tables record.
func TestCheckpointedLedger(t *testing.T) {
	ctx := context.Background()
	srv, err := natsstore.StartServer(t.TempDir(), "127.0.0.1:0", natsstore.ServerOptions{NoSync: true})
	require.NoError(t, err)
	defer srv.Shutdown()
	st, err := natsstore.Open(ctx, srv.URL(), natsstore.Options{})
	require.NoError(t, err)
	defer st.Close()
	rec := recorder.New(st)
	ids := tables(t, rec, 3)

	got, stats, err := ledger.Tables(ctx, st)
	require.NoError(t, err)
	assert.Len(t, got, 3)
	assert.Equal(t, 3, stats.Folded)
	assert.True(t, stats.Saved, "%v", stats.SaveErr)

	_, stats, err = ledger.Tables(ctx, st)
	require.NoError(t, err)
	assert.Equal(t, 0, stats.Folded, "nothing new")
	assert.Equal(t, 3, stats.Checkpoint)

	play(t, rec, ids[1], 2, 8)
	got, stats, err = ledger.Tables(ctx, st)
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Folded, "the one table that recorded")
	assert.Len(t, got[1].Plays, 2)

	// The follower: run it, record at a table, and wait for the
	// checkpoint to have it.
	fctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- ledger.Follow(fctx, st, nil) }()
	play(t, rec, ids[2], 2, 10)
	info, err := st.Session(ctx, ids[2])
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		cp, err := st.LoadCheckpoint(ctx, ledger.Name)
		return err == nil && cp.Position >= info.Last
	}, 20*time.Second, 20*time.Millisecond)
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	got, stats, err = ledger.Tables(ctx, st)
	require.NoError(t, err)
	assert.Equal(t, 0, stats.Folded, "the follower folded it already")
	assert.Len(t, got[2].Plays, 2)

	// A part saved at another version is folded again, not trusted.
	require.NoError(t, st.SaveCheckpoint(ctx, ledger.Name, events.ProjectionCheckpoint{Parts: map[string][]byte{ids[0]: []byte("garbage")}}))
	_, stats, err = ledger.Tables(ctx, st)
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Folded)

	// A part at the session's version whose head is not the log's (folded
	// from another log, or forged) is folded again and reported.
	cp, err := st.LoadCheckpoint(ctx, ledger.Name)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(cp.Parts[ids[1]]))
	require.NoError(t, err)
	var p map[string]any
	require.NoError(t, json.NewDecoder(zr).Decode(&p))
	require.Contains(t, p, "head")
	p["head"] = make([]int, 32)
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	require.NoError(t, json.NewEncoder(zw).Encode(p))
	require.NoError(t, zw.Close())
	require.NoError(t, st.SaveCheckpoint(ctx, ledger.Name, events.ProjectionCheckpoint{Parts: map[string][]byte{ids[1]: b.Bytes()}}))
	again, stats, err := ledger.Tables(ctx, st)
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Folded)
	assert.Equal(t, []string{ids[1]}, stats.Mismatched)
	assert.Equal(t, got[1], again[1])
}
