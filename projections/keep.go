package projections

import (
	"slices"

	"github.com/hoyle/hoyle/events"
)

// What a fold keeps. A fold of a whole session keeps a Step for every
// event in force: what replay steps through and what notes and undo refer
// to. A reader that shows one hand, or only the score, needs the steps of
// that hand or of none; a session of ten thousand hands has six hundred
// thousand steps, so such a fold keeps only the steps it is told to (see
// Folder.Keep), and the IDs of the others in a compact set, which is all a
// later note or retraction is checked against.

// Keep makes the fold keep the steps of the hands for which keep is true
// (the opening, and anything before the first deal, are always kept), and
// only the IDs of the others. Call it before the first Add. The hands, the
// notes and the score are folded the same whatever is kept.
func (f *Folder) Keep(keep func(hand int) bool) { f.keep = keep }

// KeepNone is a Keep that keeps no hand's steps: a fold for the score, the
// hands and the notes only.
func KeepNone(int) bool { return false }

// KeepHands is a Keep that keeps the steps of hands first to last.
func KeepHands(first, last int) func(int) bool {
	return func(hand int) bool { return hand >= first && hand <= last }
}

// inForce reports whether an event is in force in the fold so far: a step
// kept, or one left out by Keep.
func (s *Session) inForce(id events.ID) bool {
	if _, ok := s.index()[id]; ok {
		return true
	}
	return s.dropped.has(id)
}

// HandStart is the version of the deal of hand n in the log: where the
// hand's events begin. False when the fold does not hold hand n.
func (s *Session) HandStart(n int) (uint64, bool) {
	if len(s.Hands) == 0 || len(s.starts) != len(s.Hands) {
		return 0, false
	}
	i := n - s.Hands[0].Number
	if i < 0 || i >= len(s.Hands) {
		return 0, false
	}
	return s.starts[i], true
}

// HandOf is the number of the hand whose events include version v (0
// before the first deal): the hand dealt last at or before it.
func (s *Session) HandOf(v uint64) int {
	i, found := slices.BinarySearch(s.starts, v)
	if !found {
		i--
	}
	if i < 0 || i >= len(s.Hands) {
		return 0
	}
	return s.Hands[i].Number
}

// idSet is a set of event IDs in little memory: IDs are ULIDs, made in
// the order they are recorded, so they mostly arrive in increasing order
// and are kept in a sorted slice (16 bytes each); the few that do not (a
// log merged from elsewhere) go in a map.
type idSet struct {
	sorted []events.ID
	extra  map[events.ID]struct{}
}

func (s *idSet) add(id events.ID) {
	if n := len(s.sorted); n == 0 || s.sorted[n-1].Compare(id) < 0 {
		s.sorted = append(s.sorted, id)
		return
	}
	if s.extra == nil {
		s.extra = map[events.ID]struct{}{}
	}
	s.extra[id] = struct{}{}
}

func (s *idSet) has(id events.ID) bool {
	if _, ok := slices.BinarySearchFunc(s.sorted, id, func(a, b events.ID) int { return a.Compare(b) }); ok {
		return true
	}
	_, ok := s.extra[id]
	return ok
}
