package load

import (
	"context"
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// Tail folds a session from its opening event and its latest hand only: it
// reads the log backwards to the latest deal in force. Recording a card
// needs nothing older, so its cost does not grow with the session (a club's
// file of years of hands). The result is Partial: Hands holds the latest
// hand alone (or every hand, in a session with no deal in force yet).
func Tail(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	s, _, _, err := tail(ctx, st, session)
	return s, err
}

// tail is Tail, with the opening event and the tail's events (oldest
// first) it folded.
func tail(ctx context.Context, st events.Store, session string) (*projections.Session, events.Envelope, []events.Envelope, error) {
	var opened events.Envelope
	found := false
	for e, err := range read(ctx, st, session) {
		if err != nil {
			return nil, opened, nil, err
		}
		opened, found = e, true
		break
	}
	if !found {
		return nil, opened, nil, fmt.Errorf("%w: %s", events.ErrNoSession, session)
	}
	info, err := st.Session(ctx, session)
	if err != nil {
		return nil, opened, nil, err
	}
	// Backwards, each event must be the one its successor links to, and
	// the newest the session's head.
	var rev []events.Envelope
	withdrawn := map[events.ID]bool{} // by the retractions read so far (see projections.Retracted)
	board := 0                        // the board whose first deal with its cards is wanted
	next := events.Envelope{Version: info.Version + 1, PrevHash: info.Head}
	var bare *projections.Session // the fold from a board's deal that names no cards
scan:
	for e, err := range st.ReadSessionBackward(ctx, session) {
		if err == nil && e.Version > info.Version {
			// Appended since the session was described (a shared log's
			// reads are not one snapshot): the tail is read as of the
			// head described, and the newer events are the next read's.
			continue
		}
		if err == nil {
			err = linksTo(e, next)
		}
		if err != nil {
			return nil, opened, nil, tampered(err)
		}
		next = e
		if e.Version == 1 {
			break scan
		}
		rev = append(rev, e)
		// Read from the newest, a retraction comes before its target.
		if r, ok := e.Data.(*table.Retracted); ok && !withdrawn[e.ID] {
			withdrawn[r.Target] = true
		}
		if e.Type != table.TypeDealt || withdrawn[e.ID] {
			continue
		}
		d, _ := e.Data.(*table.Dealt)
		switch {
		case d == nil:
		case board == 0 && (d.Board == 0 || cardsKnown(d)):
			break scan // the latest deal, whole
		case board == 0:
			// A deal of a board that names no cards: a traveller's (a
			// result alone), or a later deal of a board as hoyle
			// recorded it before it wrote the board's cards in. The fold
			// takes them from the board's first deal, if that had any;
			// but until the hand is played, nothing recorded depends on
			// them: the tail from this deal will do, and a duplicate
			// session of results is read one board long. In the play (or
			// where the deal does not fold without its cards: a whist
			// board's trump turned up), read back to a deal of the board
			// that has them.
			if bare, err = projections.FoldTail(opened, reversed(rev)); err != nil {
				return nil, opened, nil, fmt.Errorf("session %s: %w", session, err)
			}
			if h := bare.Current(); h != nil && h.DealID == e.ID && len(bare.Problems) == 0 && !needsCards(h) {
				if err := vouched(ctx, st, session, next, rev); err != nil {
					return nil, opened, nil, err
				}
				return bare, opened, reversed(rev), nil
			}
			board = d.Board
		case d.Board == board && cardsKnown(d):
			break scan
		}
	}
	if err := vouched(ctx, st, session, next, rev); err != nil {
		return nil, opened, nil, err
	}
	s, err := projections.FoldTail(opened, reversed(rev))
	if err != nil {
		return nil, opened, nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, opened, reversed(rev), nil
}

// vouched checks the chain below the tail read (rev, newest first; first,
// its oldest event, or the opening) down to the event the session's
// checkpoint was folded to, and that event's hash against the one the
// checkpoint names. The checkpoint is sealed with the store's key by a
// writer that checked the chain up to there: the log below it is the one
// it was folded from. A writer keeps the checkpoint within MinLag events of
// the head, so this reads at most that many events more than the tail:
// an event altered since the checkpoint was written, or a chain rewritten
// through its event, refuses the entry and says where. (An event altered
// below the checkpoint, after it was sealed, is found by verify, and by
// any reader of its hand.) Without a checkpoint believed (a store without
// a key), only the tail's own chain is checked.
func vouched(ctx context.Context, st events.Store, session string, first events.Envelope, rev []events.Envelope) error {
	cp, ok := st.(events.SessionSnapshots)
	if !ok {
		return nil
	}
	var h header
	found := false
	err := cp.ReadSnapshot(ctx, session, []byte{keyHeader}, func(k, v []byte) bool {
		if len(k) == 1 && k[0] == keyHeader {
			h, found = decodeHeader(sealerOf(cp, session), v)
		}
		return false
	})
	if err != nil || !found || h.version == 0 {
		return err
	}
	broken := func(e events.Envelope) error {
		return tampered(&events.VerifyError{Session: session, Version: e.Version, Position: e.Position,
			Err: fmt.Errorf("%w: the checkpoint was folded to it when it hashed to %.12s…, but it hashes to %.12s…", events.ErrTampered, h.hash, e.Hash)})
	}
	if h.version >= first.Version {
		for _, e := range rev {
			if e.Version == h.version && e.Hash != h.hash {
				return broken(e)
			}
		}
		return nil
	}
	// Forwards from the checkpoint's event to the one below the tail.
	next := h.version
	var link events.Hash
	for e, err := range st.ReadSession(ctx, session, h.version) {
		if err != nil {
			return tampered(err)
		}
		if e.Version == h.version {
			var c events.Chain
			if err := c.Next(e); err != nil {
				return tampered(err)
			}
			if e.Hash != h.hash {
				return broken(e)
			}
		} else if err := checkLink(e, next, link); err != nil {
			return tampered(err)
		}
		if e.Version+1 == first.Version {
			if first.PrevHash != e.Hash {
				return tampered(&events.VerifyError{Session: session, Version: e.Version, Position: e.Position,
					Err: fmt.Errorf("%w: the event after it links to %.12s…, but it hashes to %.12s…", events.ErrTampered, first.PrevHash, e.Hash)})
			}
			return nil
		}
		next, link = e.Version+1, e.Hash
	}
	return fmt.Errorf("%w: session %s ends at event %d, before %d", events.ErrCorrupt, session, next-1, first.Version-1)
}

// needsCards reports whether what is recorded of a hand, or may be next,
// depends on its cards: a card played, or the play about to begin.
func needsCards(h *game.Hand) bool {
	return len(h.Tricks) > 0 || h.Phase == game.PhasePlay || h.Phase == game.PhaseExchange
}

func reversed(rev []events.Envelope) []events.Envelope {
	out := slices.Clone(rev)
	slices.Reverse(out)
	return out
}

// linksTo checks an event read backwards: its own hash, and that it is the
// event its successor (next) links to.
func linksTo(e, next events.Envelope) error {
	var c events.Chain
	if err := c.Next(e); err != nil {
		return err
	}
	if next.Version != e.Version+1 || next.PrevHash != e.Hash {
		return &events.VerifyError{Session: e.Session, Version: e.Version, Position: e.Position,
			Err: fmt.Errorf("%w: the event after it links to %.12s…, but it hashes to %.12s…", events.ErrTampered, next.PrevHash, e.Hash)}
	}
	return nil
}

// cardsKnown reports whether a deal records any of its cards.
func cardsKnown(d *table.Dealt) bool {
	for _, h := range d.Hands {
		if h != 0 {
			return true
		}
	}
	return d.Widow != 0 || d.TurnUp != cards.NoCard
}
