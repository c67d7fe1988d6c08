package load

import (
	"context"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// ForgeHand rewrites hand n of the session's checkpoint as a forger with
// hoyle's own codec would: the record sealed anew, the header untouched.
func ForgeHand(t testing.TB, st events.Store, session string, n int, h *game.Hand) {
	t.Helper()
	cp := st.(events.SessionSnapshots)
	err := cp.WriteSnapshot(context.Background(), session, events.SnapshotWrite{Put: []events.SnapshotRecord{
		{Key: handKey(n), Value: sealed(projections.AppendHand(nil, h))}}})
	if err != nil {
		t.Fatal(err)
	}
}
