package load

import (
	"context"
	"crypto/rand"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// ForgeHand rewrites hand n of the session's checkpoint as a forger with
// hoyle's own codec would: the record sealed anew with key (nil: a key of
// the forger's own, not the store's), to the event the header names; the
// header untouched.
func ForgeHand(t testing.TB, st events.Store, session string, n int, h *game.Hand, key []byte) {
	t.Helper()
	forgeRecord(t, st, session, handKey(n), projections.AppendHand(nil, h), key)
}

// ForgeBoards rewrites the boards' first deals in the session's checkpoint
// as a forger would: hands' boards encoded with hoyle's own codec, sealed
// with key (nil: a key of the forger's own) to the event the header names.
func ForgeBoards(t testing.TB, st events.Store, session string, hands []*game.Hand, key []byte) {
	t.Helper()
	forgeRecord(t, st, session, []byte{keyBoards}, projections.AppendBoards(nil, hands), key)
}

// forgeRecord writes body as the checkpoint's record k, sealed with key
// (nil: a key of the forger's own) to the event the header names.
func forgeRecord(t testing.TB, st events.Store, session string, k, body, key []byte) {
	t.Helper()
	ctx := context.Background()
	cp := st.(events.SessionSnapshots)
	if key == nil {
		key = make([]byte, 32)
		rand.Read(key)
	}
	seal := sealer{key: key, session: session}
	var hd header
	if err := cp.ReadSnapshot(ctx, session, []byte{keyHeader}, func(k, v []byte) bool {
		hd, _ = decodeHeaderBody(unsealed(v))
		return false
	}); err != nil {
		t.Fatal(err)
	}
	err := cp.WriteSnapshot(ctx, session, events.SnapshotWrite{Put: []events.SnapshotRecord{
		{Key: k, Value: seal.at(hd.version, hd.hash).seal(k, body)}}})
	if err != nil {
		t.Fatal(err)
	}
}

// RefreshAt writes the session's checkpoint as a writer would have when
// the session's head was its event at version v: what a table's
// checkpoint is between two refreshes, the events after v appended since.
func RefreshAt(t testing.TB, st events.Store, session string, v uint64) {
	t.Helper()
	ctx := context.Background()
	cp := st.(events.SessionSnapshots)
	r, err := begin(ctx, st, session)
	if err != nil {
		t.Fatal(err)
	}
	for e, err := range st.ReadSession(ctx, session, v) {
		if err != nil {
			t.Fatal(err)
		}
		r.info.Version, r.info.Head = e.Version, e.Hash
		break
	}
	snap, _, err := r.catchUp(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := events.SnapshotWrite{Reset: true}
	if w.Put, err = r.records(snap, 1, buildID(), sealerOf(cp, session)); err != nil {
		t.Fatal(err)
	}
	if err := cp.WriteSnapshot(ctx, session, w); err != nil {
		t.Fatal(err)
	}
}

// HandsFolded is how many hands have been added to the folds checkpoints
// kept, in this process (see countedFold).
func HandsFolded() int64 { return handsFolded.Load() }

// SheetBytesDecoded is how many bytes of kept sheets and folds have been
// decoded, in this process (see sheetBytesDecoded).
func SheetBytesDecoded() int64 { return sheetBytesDecoded.Load() }

// IndexRecordsRead is how many records of checkpoints' indexes have been
// opened, in this process (see indexes).
func IndexRecordsRead() int64 { return indexRecordsRead.Load() }
