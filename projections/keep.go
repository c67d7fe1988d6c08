package projections

import (
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
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

// Expect tells the fold how many events the session has (its version), so
// that what it keeps of each is allotted once, not grown as it goes.
func (f *Folder) Expect(events uint64) { f.expect = events }

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
	_, ok := s.versionOf(id)
	return ok
}

// versionOf is the version of an event in force in the fold so far.
func (s *Session) versionOf(id events.ID) (uint64, bool) {
	if i, ok := s.index()[id]; ok {
		return s.Steps[i].Version, true
	}
	return s.read.dropped.get(id)
}

// track records, for every event the fold passes, what RetractsBefore
// needs: each retraction with the version of its target, and the version
// of each event withdrawn (the fold skips it, and a retraction read after
// it is still placed).
func (s *Session) track(e events.Envelope, withdrawn bool) {
	if withdrawn {
		if s.skipped == nil {
			s.skipped = map[events.ID]uint64{}
		}
		s.skipped[e.ID] = e.Version
	}
	r, ok := e.Data.(*table.Retracted)
	if !ok {
		return
	}
	target, found := s.versionOf(r.Target)
	if !found {
		target = s.skipped[r.Target]
	}
	s.retractions = append(s.retractions, Retraction{Version: e.Version, Target: target})
}

// HandStart is the version of the deal of hand n in the log: where the
// hand's events begin. False when the fold does not hold hand n.
func (s *Session) HandStart(n int) (uint64, bool) {
	if len(s.Hands) == 0 || len(s.starts) != len(s.Hands) {
		return 0, false
	}
	i := n - s.numberAt(0)
	if i < 0 || i >= len(s.Hands) {
		return 0, false
	}
	return s.starts[i], true
}

// numberAt is the number of the session's i-th hand: its place, for a hand
// held without its history (see Graft), which holds nothing of its own.
func (s *Session) numberAt(i int) int {
	if i < s.read.withoutHistory {
		return i + 1
	}
	return s.Hands[i].Number
}

// Retraction is a retraction folded past, in force or not: its version,
// and that of its target (0 when the target was not in force then, being
// itself a retraction or withdrawn).
type Retraction struct{ Version, Target uint64 }

// RetractsBefore reports whether a retraction recorded after version n
// withdraws (or restores) an event recorded before version before, or one
// whose version is not known: then the session's hands and notes before
// that point, as it stands, are not as they stood at n.
func (s *Session) RetractsBefore(n, before uint64) bool {
	for _, r := range s.retractions {
		if r.Version > n && (r.Target == 0 || r.Target < before) {
			return true
		}
	}
	return false
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
	return s.numberAt(i)
}

// idSet is a set of event IDs, each with its version, in little memory:
// IDs are ULIDs, made in the order they are recorded, so they mostly
// arrive in increasing order and are kept in a sorted slice (24 bytes
// each); the few that do not (a log merged from elsewhere) go in a map.
type idSet struct {
	sorted []idVersion
	extra  map[events.ID]uint64
}

type idVersion struct {
	id events.ID
	v  uint64
}

func (s *idSet) add(id events.ID, v uint64) {
	if n := len(s.sorted); n == 0 || s.sorted[n-1].id.Compare(id) < 0 {
		s.sorted = append(s.sorted, idVersion{id, v})
		return
	}
	if s.extra == nil {
		s.extra = map[events.ID]uint64{}
	}
	s.extra[id] = v
}

func (s *idSet) get(id events.ID) (uint64, bool) {
	if i, ok := slices.BinarySearchFunc(s.sorted, id, func(a idVersion, b events.ID) int { return a.id.Compare(b) }); ok {
		return s.sorted[i].v, true
	}
	v, ok := s.extra[id]
	return v, ok
}

// ForgetHands makes the fold hold each hand's detail only while it is the
// latest: once the next is dealt, the hands before it are held without
// their history (see Graft), and of a board's first deal only what a later
// deal of the board is checked against (its number and cards). It is for a
// fold that checks a long session event by event and scores nothing, as an
// import's does: a hundred thousand hands would otherwise each stay in
// memory to the end. Who is vulnerable is the ruleset's running account
// (game.VulnerabilityTracker), so the hands dealt after are folded the
// same; what needs the earlier hands themselves (Score, Snapshot, a
// decision) does not have them. Where the players move (a Reseater, a
// movement), who sits where next is read from the earlier hands, and they
// are all kept. Call it before the first Add.
func (f *Folder) ForgetHands() { f.forget = true }

// cardlessBoard stands for the first deal of every board dealt with no
// cards, in a fold that forgets hands: a later deal of such a board is
// checked against nothing and given no cards from it (sameBoard,
// sameCards), so its number is not needed.
var cardlessBoard = game.Hand{TurnUp: cards.NoCard}

// forget holds every hand before the latest without its history, for a
// fold told to (Folder.ForgetHands).
func (s *Session) forget() {
	n := len(s.Hands) - 1
	if n <= s.read.withoutHistory || s.read.partial || s.read.resumed || s.playersMove() {
		return
	}
	if plan, _ := s.Placement().Plan(); plan != nil {
		return // a movement's boards are checked against the hands played (movementBoard)
	}
	for i := s.read.withoutHistory; i < n; i++ {
		h := s.Hands[i]
		if h.Board != 0 && s.boards[h.Board] == h {
			s.boards[h.Board] = boardOf(h)
		}
		s.Hands[i] = &withoutHistory
	}
	s.read.withoutHistory = n
}

// boardOf is what a fold that forgets hands keeps of a board's first deal.
func boardOf(h *game.Hand) *game.Hand {
	if allUnknown(h.Dealt) && h.Widow == 0 && h.TurnUp == cards.NoCard {
		return &cardlessBoard
	}
	return &game.Hand{Number: h.Number, Board: h.Board, Dealt: h.Dealt, Widow: h.Widow, TurnUp: h.TurnUp}
}
