package load

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// TailBoards is Tail for a deal of a duplicate board: the fold of the
// latest hands, knowing the first deal of every board the session has
// dealt (a board is the same deal each time it is played), so that the
// deal is checked without folding the whole session. The boards dealt up
// to the session's checkpoint are the checkpoint's (its sealed record of
// them, keyBoards); the hands from the checkpoint's last hand on are read
// from the log and folded, so what is read is the checkpoint's lag, not
// the session. Where that cannot be done (no checkpoint believed, a
// retraction since it, a fold that needs older events), it is Tail, and a
// deal of a board asks for the whole session (game.ErrWholeSession).
func TailBoards(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	s, opened, evs, err := tail(ctx, st, session)
	if err != nil || !s.Partial() || !s.PlaysBoards() || len(evs) == 0 {
		return s, err
	}
	cp, ok := st.(events.SessionSnapshots)
	if !ok {
		return s, nil
	}
	h, boards, start, prev, ok, err := checkpointBoards(ctx, cp, session)
	if err != nil || !ok || h.version > evs[len(evs)-1].Version {
		return s, err
	}
	// The events from the deal of the checkpoint's last hand to the tail,
	// each linked to the one before it and the first to the hash the
	// checkpoint's index says it links to.
	var gap []events.Envelope
	if start < evs[0].Version {
		next, link := start, prev
		for e, err := range st.ReadSession(ctx, session, start) {
			if err != nil {
				return nil, tampered(err)
			}
			if e.Version >= evs[0].Version {
				break
			}
			if err := checkLink(e, next, link); err != nil {
				return nil, tampered(err)
			}
			gap = append(gap, e)
			next, link = e.Version+1, e.Hash
		}
		if next != evs[0].Version || evs[0].PrevHash != link {
			return s, nil
		}
	} else {
		// The tail begins at or before the checkpoint's last hand: folded
		// from that hand's deal, as above.
		i := slices.IndexFunc(evs, func(e events.Envelope) bool { return e.Version == start })
		if i < 0 || evs[i].PrevHash != prev {
			return s, nil
		}
		evs = evs[i:]
	}
	all := append(gap, evs...)
	for _, e := range all {
		if e.Version == h.version && e.Hash != h.hash {
			return s, nil // not this log's checkpoint (vouched says where)
		}
		if e.Type == table.TypeRetracted {
			// It may withdraw a deal before the checkpoint's last hand,
			// whose record would not know it: the whole session decides.
			return s, nil
		}
	}
	out, err := projections.FoldTail(opened, all)
	if err != nil || len(out.Problems) > 0 || !out.Partial() || out.Version != s.Version {
		return s, nil // the hands since the checkpoint do not fold alone: Tail's fold stands
	}
	if err := out.KnowBoards(boards, int(h.hands)); err != nil {
		return s, nil
	}
	return out, nil
}

// checkpointBoards reads, of a session's checkpoint, the header, the
// boards' first deals and where its last hand's deal is in the log (its
// version, and the hash it links to), each record's seal checked: not ok
// when there is none that this build reads.
func checkpointBoards(ctx context.Context, cp events.SessionSnapshots, session string) (h header, boards []byte, start uint64, prev events.Hash, ok bool, err error) {
	seal := sealerOf(cp, session)
	err = cp.ReadSnapshot(ctx, session, []byte{keyHeader}, func(k, v []byte) bool {
		if len(k) == 1 && k[0] == keyHeader {
			h, ok = decodeHeader(seal, v)
			ok = ok && h.current() && h.version > 0 && h.hands > 0 && h.hands <= 1<<31
		}
		return false
	})
	if err != nil || !ok {
		return h, nil, 0, prev, false, err
	}
	at := seal.at(h.version, h.hash)
	last := int(h.hands) - 1
	chunk := last / indexChunk
	var starts []uint64
	var prevs []events.Hash
	indexOK, boardsOK := false, false
	err = cp.ReadSnapshot(ctx, session, indexKey(chunk), func(k, v []byte) bool {
		switch {
		case len(k) == 5 && k[0] == keyIndex && int(binary.BigEndian.Uint32(k[1:])) == chunk:
			if body, sealOK := at.open(k, v); sealOK {
				starts, prevs, indexOK = appendIndex(nil, nil, body)
			}
		case len(k) == 1 && k[0] == keyBoards:
			if body, sealOK := at.open(k, v); sealOK {
				boards, boardsOK = append([]byte(nil), body...), true
			}
			return false
		}
		return true
	})
	i := last - chunk*indexChunk
	if err != nil || !indexOK || !boardsOK || i >= len(starts) {
		if err != nil {
			err = fmt.Errorf("session %s: the checkpoint: %w", session, err)
		}
		return h, nil, 0, prev, false, err
	}
	return h, boards, starts[i], prevs[i], true, nil
}
