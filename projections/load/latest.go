package load

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// The latest hand of a session read from a current checkpoint reads, of
// the checkpoint, its index (where each hand begins), its notes and
// retractions, its last hand and the sheets it kept: not the other hands,
// whose calls and tricks are most of it. The hands before the one read are
// held without their history (projections.Graft), and the score comes from
// the kept sheets. Whenever those do not serve every state of the hand
// (the checkpoint is behind the hand, a retraction after it reaches an
// earlier hand, the session was closed since, the hand was done once as
// it does not end, the players move between hands), the session is read
// as before. At a table the checkpoint is brought up every MinLag events,
// so between two writes of it the latest hand is mostly read as before.

// latest reads hand n, the last of the checkpoint whose index is index
// (read with no hands), when it is the session's latest and the kept
// sheets serve it; not ok otherwise.
func (r *reading) latest(ctx context.Context, n int, index *snapshot) (*Window, bool, error) {
	kept, sheets, ok, err := r.lastHand(ctx, n, index)
	if err != nil || !ok {
		return nil, false, err
	}
	start := index.starts[n-1]
	envs := []events.Envelope{r.opened}
	inRange := map[events.ID]string{} // the type of each event read
	for e, err := range r.anchored(ctx, start, r.info.Version, index.prev[n-1], r.info.Head, true) {
		if errors.Is(err, errAnchor) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, err
		}
		if e.Version == index.Version && e.Hash != index.Hash {
			return nil, false, nil // the checkpoint is not of this log
		}
		if e.Type == table.TypeDealt && e.Version != start {
			return nil, false, nil // a later hand: the checkpoint is behind
		}
		envs = append(envs, e)
		inRange[e.ID] = e.Type
	}
	retracts := false
	for _, e := range envs[1:] {
		if rt, ok := e.Data.(*table.Retracted); ok {
			switch inRange[rt.Target] {
			case "":
				return nil, false, nil // it withdraws, or restores, an event before the hand
			case table.TypeNoted:
			default:
				retracts = true // an entry undone: the hand was once not as it ends
			}
		}
	}
	tail, settled, err := projections.FoldSettled(r.opened, envs[1:])
	if err != nil {
		return nil, false, err
	}
	if done := len(tail.Hands) > 0 && tail.Hands[0].Phase == game.PhaseDone; done && (retracts || !settled) {
		// The hand was done at moments where it was not as it ends (an
		// event undone, or the hand changed after it was done): the sheets
		// kept score it as it ends only.
		return nil, false, nil
	}
	// The hands before n are not read (projections.Graft).
	hands := make([]*game.Hand, n)
	hands[n-1] = kept
	snap := *index.Snapshot
	snap.Hands, snap.Starts = hands, index.starts
	s, ok := projections.Graft(&snap, tail, n-1)
	if !ok {
		return nil, false, nil
	}
	s.UseSheets(decodeSheets(sheets, s.Hands).kept())
	if !s.ScoresHandFromKept() {
		return nil, false, nil
	}
	return &Window{Session: s, Envs: envs, First: n, Last: n}, true, nil
}

// lastHand reads hand n, the checkpoint's last, and the sheets it kept,
// from the checkpoint whose index is index; not ok if it was written again
// since index was read, or a record is damaged.
func (r *reading) lastHand(ctx context.Context, n int, index *snapshot) (*game.Hand, []byte, bool, error) {
	cp, ok := r.st.(events.SessionSnapshots)
	if !ok {
		return nil, nil, false, nil
	}
	base, err := projections.Fold([]events.Envelope{r.opened})
	if err != nil {
		return nil, nil, false, err
	}
	hd := projections.HandDecoder{Seating: base.Seating(), Opts: base.Opts}
	last := (n - 1) / indexChunk
	var kept *game.Hand
	var sheets []byte
	bad, same := false, false
	var derr error
	err = cp.ReadSnapshot(ctx, r.session, handKey(n), func(k, v []byte) bool {
		switch {
		case len(k) == 9 && k[0] == keyHand:
			body, ok := unseal(v)
			if bad = !ok || int(binary.BigEndian.Uint64(k[1:])) != n; bad {
				break // damaged, or a hand after n: written again since
			}
			if kept, derr = hd.Decode(body); derr != nil || kept.Number != n {
				kept, bad = nil, true
			}
		case len(k) == 5 && k[0] == keyIndex && int(binary.BigEndian.Uint32(k[1:])) == last:
			// The chunk of the index that holds hand n, as read before: the
			// checkpoint has not been written again with other hands.
			starts, prev, ok := appendIndex(nil, nil, v)
			i := n - 1 - last*indexChunk
			same = ok && len(starts) == i+1 && starts[i] == index.starts[n-1] && prev[i] == index.prev[n-1]
		case len(k) == 1 && k[0] == keySheets:
			sheets = bytes.Clone(v)
		}
		return !bad
	})
	if err != nil || bad || !same || kept == nil || sheets == nil {
		return nil, nil, false, err
	}
	return kept, sheets, true, nil
}
