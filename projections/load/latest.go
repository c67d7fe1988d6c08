package load

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// The latest hand of a session read from a current checkpoint reads, of
// the checkpoint, its index (where each hand begins), its notes and
// retractions, its last hand and the sheets it kept: not the other hands,
// whose calls and tricks are most of it. The hands before the checkpoint's
// last are held without their history (projections.Graft); that hand and
// any recorded since (at a table, the checkpoint is brought up every
// MinLag events, a dozen hands) are folded from the log; and the score
// comes from the kept sheets, or from the score's fold the checkpoint kept
// with the hands since added to it (projections.KeptSheets). A reader of
// the running score alone (Running: the table's prompt at the end of a
// hand) reads, of the score, the running fold only (record keyRunning),
// the size of a rubber: not the sheets, which hold every rubber. Whenever
// those do not serve every state of the hand (a retraction after the
// checkpoint reaches an earlier hand, or undoes an entry of a hand since,
// the hand was done once as it does not end, the ruleset's score is not a
// fold and the sheets kept are of other hands, the players move between
// hands, a hand since is dealt as a board), the session is read as
// before.

// latest reads the session's latest hand, when the checkpoint whose index
// is index (read with no hands) holds it or the hand before it is the
// checkpoint's last (the latest hands were recorded since the checkpoint
// was written), pick chooses it, and the kept sheets, or the score's fold
// kept, serve it; not ok otherwise.
func (r *reading) latest(ctx context.Context, pick func([]uint64) (int, error), index *snapshot) (*Window, bool, error) {
	c := len(index.starts) // the checkpoint's last hand
	kept, sheets, running, ok, err := r.lastHand(ctx, c, index)
	if err != nil || !ok {
		return nil, false, err
	}
	start := index.starts[c-1]
	envs := []events.Envelope{r.opened}
	inRange := map[events.ID]string{} // the type of each event read
	atCheckpoint := 1                 // envs[1:atCheckpoint] are the events the checkpoint folded
	for e, err := range r.anchored(ctx, start, r.info.Version, index.prev[c-1], r.info.Head, true) {
		if errors.Is(err, errAnchor) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, err
		}
		if e.Version == index.Version && e.Hash != index.Hash {
			return nil, false, nil // the checkpoint is not of this log
		}
		if given, ok := e.Data.(*table.HandGiven); ok && given.Hand < c && e.Version > index.Version {
			return nil, false, nil // an earlier hand's cards, given since: the hands and the fold kept do not have them
		}
		envs = append(envs, e)
		inRange[e.ID] = e.Type
		if e.Version <= index.Version {
			atCheckpoint = len(envs)
		}
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
	if len(tail.Hands) == 0 || len(tail.Hands) > 1 && retracts {
		// Hands recorded since the checkpoint, and an entry of them undone:
		// a hand done once as it does not end would score wrongly from the
		// fold kept.
		return nil, false, nil
	}
	if len(tail.Hands) > 1 {
		// Whether the checkpoint's last hand, once done, was left as it was
		// done: folded alone.
		first, ok, err := projections.FoldSettled(r.opened, envs[1:placeOf(envs, tail.Starts()[1])])
		if err != nil || len(first.Hands) != 1 {
			return nil, false, err
		}
		if kept.Phase == game.PhaseDone && !projections.SameHand(first.Hands[0], tail.Hands[0]) {
			return nil, false, nil // changed after a later deal (its cards given since): the fold kept scored it before
		}
		settled = ok
	}
	if tail.Hands[0].Phase == game.PhaseDone && (retracts || !settled) {
		// The hand was done at moments where it was not as it ends (an
		// event undone, or the hand changed after it was done): the sheets
		// kept score it as it ends only.
		return nil, false, nil
	}
	var asOf *game.Hand
	if atCheckpoint < len(envs) {
		// Recorded since the checkpoint: the hand, as the checkpoint
		// folded it, must be the one it kept.
		then, err := projections.FoldTail(r.opened, envs[1:atCheckpoint])
		if err != nil || len(then.Hands) != 1 {
			return nil, false, err
		}
		asOf = then.Hands[0]
	}
	// The hands before c are not read (projections.Graft).
	hands := make([]*game.Hand, c)
	hands[c-1] = kept
	snap := *index.Snapshot
	snap.Hands, snap.Starts = hands, index.starts
	s, ok := projections.Graft(&snap, tail, c-1, asOf, func(hands []*game.Hand) projections.KeptSheets {
		return decodeRunning(decodeSheets(sheets, hands), running, hands).kept()
	})
	if !ok {
		return nil, false, nil
	}
	if n, err := pick(s.Starts()); err != nil || n != len(s.Hands) {
		return nil, false, nil // an earlier hand: read with the hands before it
	}
	// The running score is the running fold's; where the ruleset keeps
	// none (its score is not a fold) it is the whole sheet, from the
	// sheets kept as for any reader of the hand.
	if served := s.ScoresHandFromKept() || r.running && s.ScoresRunningFromKept(); !served {
		return nil, false, nil
	}
	n := len(s.Hands)
	if n > c {
		// The window is of the latest hand: its events and steps only.
		from := placeOf(envs, s.Starts()[n-1])
		envs = append([]events.Envelope{r.opened}, envs[from:]...)
		s.Steps = slices.DeleteFunc(slices.Clone(s.Steps), func(st projections.Step) bool { return st.Version != 1 && st.Hand != n })
	}
	return &Window{Session: s, Envs: envs, First: n, Last: n}, true, nil
}

// placeOf is the place in envs of the event at version v.
func placeOf(envs []events.Envelope, v uint64) int {
	for i, e := range envs {
		if e.Version == v {
			return i
		}
	}
	return len(envs)
}

// lastHand reads hand n, the checkpoint's last, and the sheets and the
// running fold it kept (for a reader of the running score, the running
// fold only, or the sheets where it kept none), from the checkpoint whose
// index is index; not ok if it was written again since index was read, or
// a record is damaged.
func (r *reading) lastHand(ctx context.Context, n int, index *snapshot) (*game.Hand, []byte, []byte, bool, error) {
	cp, ok := r.st.(events.SessionSnapshots)
	if !ok {
		return nil, nil, nil, false, nil
	}
	base, err := projections.Fold([]events.Envelope{r.opened})
	if err != nil {
		return nil, nil, nil, false, err
	}
	hd := projections.HandDecoder{Seating: base.Seating(), Opts: base.Opts}
	last := (n - 1) / indexChunk
	var kept *game.Hand
	var sheets, running []byte
	bad, same := false, false
	var derr error
	// Sealed to the event the checkpoint read as index was folded to: a
	// checkpoint written again since does not hold, and is not read.
	seal := sealerOf(cp, r.session).at(index.Version, index.Hash)
	err = cp.ReadSnapshot(ctx, r.session, handKey(n), func(k, v []byte) bool {
		switch {
		case len(k) == 9 && k[0] == keyHand:
			body, sealOK := seal.open(k, v)
			if bad = !sealOK || int(binary.BigEndian.Uint64(k[1:])) != n; bad {
				break // damaged, or a hand after n: written again since
			}
			if kept, derr = hd.Decode(body); derr != nil || kept.Number != n {
				kept, bad = nil, true
			}
		case len(k) == 5 && k[0] == keyIndex && int(binary.BigEndian.Uint32(k[1:])) == last:
			// The chunk of the index that holds hand n, as read before: the
			// checkpoint has not been written again with other hands.
			body, sealOK := seal.open(k, v)
			starts, prev, ok := appendIndex(nil, nil, body)
			i := n - 1 - last*indexChunk
			same = sealOK && ok && len(starts) == i+1 && starts[i] == index.starts[n-1] && prev[i] == index.prev[n-1]
		case len(k) == 1 && k[0] == keySheets && !r.running:
			if body, sealOK := seal.open(k, v); sealOK {
				sheets = bytes.Clone(body)
			}
		case len(k) == 1 && k[0] == keyRunning:
			if body, sealOK := seal.open(k, v); sealOK {
				running = bytes.Clone(body)
			}
		}
		return !bad
	})
	if err == nil && !bad && r.running && running == nil {
		// No running fold kept (the score is not a fold): the sheets.
		err = cp.ReadSnapshot(ctx, r.session, []byte{keySheets}, func(k, v []byte) bool {
			if len(k) == 1 && k[0] == keySheets {
				if body, sealOK := seal.open(k, v); sealOK {
					sheets = bytes.Clone(body)
				}
			}
			return false
		})
	}
	if err != nil || bad || !same || kept == nil || sheets == nil && running == nil {
		return nil, nil, nil, false, err
	}
	return kept, sheets, running, true, nil
}
