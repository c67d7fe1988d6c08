package load_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/verify"
)

// TestAuditFindsAForgedCheckpoint: a checkpoint kept as hoyle keeps it,
// brought up to date as the session goes on, is the log's: Audit finds
// nothing. One whose hand is written again with hoyle's own codec, with
// more tricks to a side, sealed even with the store's own key (a fold
// gone wrong, or a key that got out), is found, by session, the version
// it was folded to and the record; dropped and written again from the
// log, it is the log's once more.
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
	load.ForgeHand(t, st, id, 2, forged, st.SnapshotKey())

	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	require.NotEmpty(t, diffs)
	assert.Equal(t, id, diffs[0].Session)
	assert.Equal(t, full.Version, diffs[0].Version)
	assert.Equal(t, "hand 2", diffs[0].Record)
	assert.ErrorIs(t, diffs[0], load.ErrKeptDiffers)
	assert.Equal(t, diffs, auditFolded(t, st, id), "audited against verify's fold, not a fold of its own, it finds the same")

	require.NoError(t, load.Drop(ctx, st, id))
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	assert.Empty(t, diffs, "rebuilt from the log")
	assert.Empty(t, auditFolded(t, st, id))
}

// auditFolded is load.AuditFolded given the session folded as verify
// folds it: a whole fold keeping no steps, the hash of its last event and
// the hash each deal links to.
func auditFolded(t *testing.T, st events.Store, id string) []load.Difference {
	t.Helper()
	ctx := context.Background()
	s, err := load.Light(ctx, st, id)
	require.NoError(t, err)
	f := &load.Folded{Session: s, Links: map[uint64]events.Hash{}}
	envs, err := load.Events(ctx, st, id)
	require.NoError(t, err)
	for _, e := range envs {
		f.Head = e.Hash
		if e.Type == table.TypeDealt {
			f.Links[e.Version] = e.PrevHash
		}
	}
	diffs, err := load.AuditFolded(ctx, st, id, f)
	require.NoError(t, err)
	return diffs
}

// TestForgedCheckpointIsNotBelieved: a checkpoint's hand rewritten with
// hoyle's own codec and sealed anew, five tricks more to a side, was what
// every reader showed until verify ran (issue 30, finding 3). Its seal is
// a keyed MAC now, and a forger without the store's key cannot make one
// that holds: the session read is the log's, and Audit names the record.
func TestForgedCheckpointIsNotBelieved(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(testkit.Seed(t), 32))
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 6, Seed: rng.Uint64(), ClaimEvery: 2})
	require.NoError(t, err)
	id := res.Session
	require.NoError(t, load.Refresh(ctx, st, id, 0))
	truth, _, err := load.Session(ctx, st, id)
	require.NoError(t, err)

	forged := truth.Hands[1].Clone()
	forged.Won[0] += 5
	load.ForgeHand(t, st, id, 2, forged, nil)

	read, err := load.Summary(ctx, st, id)
	require.NoError(t, err)
	assert.Equal(t, truth.Hands[1].Won, read.Hands[1].Won, "the log's tricks, not the forger's")
	w, err := load.Hand(ctx, st, id, 2)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(w.Session.Hands), 2)
	assert.Equal(t, truth.Hands[1].Won, w.Session.Hands[1].Won)

	diffs, err := load.Audit(ctx, st, id)
	require.NoError(t, err)
	require.Len(t, diffs, 1)
	assert.Equal(t, "hand 2", diffs[0].Record)

	// The log's very bytes, sealed with another key: verify says so.
	load.ForgeHand(t, st, id, 2, truth.Hands[1], nil)
	diffs, err = load.Audit(ctx, st, id)
	require.NoError(t, err)
	require.Len(t, diffs, 1)
	assert.Contains(t, diffs[0].Record, "the seal of hand 2")
}

// TestEveryGamesCheckpointIsTheLogs: a session of every game, its
// checkpoint kept, verifies with no difference; and a checkpoint's hand
// changed is found, in every game. The checkpoint's records are made again
// on two cores (the hands on one, the score sheets on another), which the
// race detector watches here.
func TestEveryGamesCheckpointIsTheLogs(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	var ids []string
	for i, rs := range rules.All() {
		res, err := simulate.Run(ctx, st, simulate.Options{Game: rs.Info().ID, Hands: 5, Seed: uint64(i), ClaimEvery: 2})
		require.NoError(t, err, rs.Info().ID)
		require.NoError(t, load.Refresh(ctx, st, res.Session, 0))
		ids = append(ids, res.Session)
	}
	rep, diffs, err := verify.All(ctx, st, false)
	require.NoError(t, err)
	assert.Empty(t, diffs)
	assert.Equal(t, len(ids), rep.Sessions)

	for _, id := range ids {
		truth, _, err := load.Session(ctx, st, id)
		require.NoError(t, err)
		forged := truth.Hands[2].Clone()
		forged.Won[0]++
		load.ForgeHand(t, st, id, 3, forged, st.SnapshotKey()) // its seal holds: the bytes differ
	}
	_, diffs, err = verify.All(ctx, st, false)
	require.NoError(t, err)
	require.Len(t, diffs, len(ids))
	for i, d := range diffs {
		assert.Equal(t, ids[i], d.Session)
		assert.Equal(t, "hand 3", d.Record)
	}
}
