package projections

import (
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/game"
)

// Reading the latest hand of a long session without the others' history.
// Every reader of one hand needs the earlier hands for two things only:
// where each begins (the snapshot's Starts) and the score before and after
// the hand, which a checkpoint keeps (KeptSheets). Decoding the calls and
// the tricks of thousands of hands to hold them beside the one shown is
// the whole cost of showing the latest hand of a long session; Graft
// leaves them out.

// withoutHistory stands for every hand a session holds without its
// history (see Graft). It is not on the heap: the garbage collector
// passes over the thousands of pointers to it in each state of a long
// session's latest hand without looking them up.
var withoutHistory game.Hand

// Graft is the session a snapshot records, its last hand folded from the
// log instead: tail is a FoldTail of the session's opening and its events
// from that hand's deal to the head. The first without of snap's hands
// are not read (they may be nil): the session holds them without their
// history, as one empty hand that stands for them all, their numbers are
// their places (HandOf, HandStart), and it scores them from the sheets the
// checkpoint kept (UseSheets, given the session's own Hands) or not at
// all. Such a session is for reading its last hand (replay, the
// write-up, the moments of that hand): it decides nothing. The notes and
// the retractions up to the deal are the snapshot's, those after it the
// tail's.
//
// The tail may hold hands after the snapshot's last, recorded since it
// was written (a table's checkpoint between two refreshes): the session
// then holds them too, as the tail folded them.
//
// It is not ok, and the caller reads the session the long way, unless the
// tail's first hand, folded alone, is the one the snapshot holds
// (SameHand): as the tail holds it, or, when asOf is not nil, asOf (that
// hand as a fold of the tail up to the snapshot's last event holds it:
// the hand went on since). Then nothing the tail fold could not see
// changed it. Nor is it ok where who sits where next depends on the
// earlier hands, or a later hand's deal would take from them what the
// tail cannot see: a board's cards from its first deal, or who is
// vulnerable by the score (a hand dealt with no board where the ruleset
// follows it) when the score's fold kept does not say. The session scores
// from the sheets the snapshot's checkpoint kept, sheets(its hands); the
// caller checks that they serve (ScoresHandFromKept): with hands held so,
// no score can be made without them.
func Graft(snap *Snapshot, tail *Session, without int, asOf *game.Hand, sheets func(hands []*game.Hand) KeptSheets) (*Session, bool) {
	n := len(snap.Hands)
	if n == 0 || len(snap.Starts) != n || without >= n || len(tail.Hands) == 0 || len(tail.starts) != len(tail.Hands) ||
		tail.starts[0] != snap.Starts[n-1] || tail.Hands[0].Number != n {
		return nil, false
	}
	for i, h := range tail.Hands[1:] {
		if h.Number != n+1+i || h.Board != 0 {
			return nil, false
		}
	}
	kept, h := snap.Hands[n-1], tail.Hands[0]
	if h.DealID != kept.DealID {
		return nil, false
	}
	// What the score settles for a hand when it is dealt (who is
	// vulnerable) a fold of the hand alone does not see: the snapshot does.
	h.Vulnerable = kept.Vulnerable
	if asOf == nil {
		asOf = h
	} else {
		asOf.Vulnerable = kept.Vulnerable
	}
	if !SameHand(asOf, kept) {
		return nil, false
	}
	if SameHand(h, kept) {
		h = kept // the sheets kept know the snapshot's hands
	}
	start := snap.Starts[n-1]
	out := *tail
	out.read.partial = false
	out.read.withoutHistory = without
	out.Hands = append(slices.Clone(snap.Hands), tail.Hands[1:]...)
	for i := range without {
		out.Hands[i] = &withoutHistory
	}
	out.Hands[n-1] = h
	out.starts = append(slices.Clone(snap.Starts), tail.starts[1:]...)
	if out.playersMove() {
		return nil, false
	}
	out.Notes = nil
	for _, note := range snap.Notes {
		if note.Version < start {
			out.Notes = append(out.Notes, note)
		}
	}
	out.Notes = append(out.Notes, tail.Notes...)
	out.retracted = maps.Clone(snap.Withdrawn)
	if out.retracted == nil {
		out.retracted = map[events.ID]bool{}
	}
	maps.Copy(out.retracted, tail.retracted)
	out.retractions = nil
	for _, r := range snap.Retractions {
		if r.Version < start {
			out.retractions = append(out.retractions, r)
		}
	}
	out.retractions = append(out.retractions, tail.retractions...)
	out.byID = nil
	out.read.sheets = sheets(out.Hands)
	if len(tail.Hands) > 1 && out.vul != nil && !out.vulnerableSince(n+1) {
		return nil, false
	}
	return &out, true
}

// vulnerableSince gives the hands from the first-th on (folded in the
// tail, after the snapshot's last) who is vulnerable on each, as the whole
// fold's tracker says at its deal: from the fold the checkpoint kept, with
// the hands after it added. Not ok when none is kept, or it does not
// follow who is vulnerable.
func (s *Session) vulnerableSince(first int) bool {
	f, k, ok := s.keptFold(s.Hands)
	if !ok {
		// A reader of the running score keeps the running fold only: it
		// carries who is vulnerable as the whole does.
		f, k, _, ok = s.keptRunning(s.Hands)
	}
	if !ok || k >= first {
		return false
	}
	for i := k; i < len(s.Hands); i++ {
		h := s.Hands[i]
		if h.Number >= first {
			v, ok := f.Vulnerability(h)
			if !ok {
				return false
			}
			h.Vulnerable = v
		}
		f.Add(h)
	}
	return true
}

// FoldSettled is FoldTail, and whether its latest hand, once done, was
// left as it was done: no later event (honours claimed after the play, an
// irregularity found in the record) changed it. Then every state of the
// hand in which it is done, as corrected, holds it as it ends, and scores
// from the sheets kept for it.
func FoldSettled(opened events.Envelope, tail []events.Envelope) (*Session, bool, error) {
	return foldTail(opened, tail, true)
}

// Starts are where each of the session's hands begins: the version of
// its deal. The caller does not change them.
func (s *Session) Starts() []uint64 { return s.starts }

// HandsWithoutHistory is how many of the session's hands, from the first,
// are held without their history (see Graft): what the tests of a long
// session's latest hand look at.
func (s *Session) HandsWithoutHistory() int { return s.read.withoutHistory }

// ScoresHandFromKept reports whether every state of the session's latest
// hand scores from the sheets its checkpoint kept, or from the score's
// fold it kept with the hands after it added: at its deal and as it is
// played (the hands before it), and, if it is done, at its end; closed or
// not, as the session is. It does not decode the sheets (a reader that
// records a note at a moment of the hand never asks the score), only the
// fold where the sheets do not serve: the checkpoint's seal has checked
// their bytes, and they decode unless this build cannot read what it
// wrote.
func (s *Session) ScoresHandFromKept() bool {
	n := len(s.Hands)
	if n == 0 {
		return false
	}
	keys := []SheetKey{{Finished: s.finishedHands(), Closed: s.Closed}, {Finished: n - 1}}
	if s.Hands[n-1].Phase == game.PhaseDone && s.Closed {
		keys = append(keys, SheetKey{Finished: n})
	}
	// The hands after the checkpoint's last are held with their history,
	// and the score of each of their moments adds them to the fold kept.
	for f := s.read.withoutHistory + 1; f < n-1; f++ {
		keys = append(keys, SheetKey{Finished: f})
	}
	for _, k := range keys {
		if s.read.sheets == nil {
			return false
		}
		if s.read.sheets.Has(k, s.Hands) {
			continue
		}
		// Or the fold kept for the hands before: the hands after it are
		// added to it (their history is held).
		if _, _, ok := s.keptFold(s.Hands[:k.Finished]); !ok {
			return false
		}
	}
	return true
}
