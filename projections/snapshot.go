package projections

import (
	"fmt"

	"maps"
	"slices"

	"github.com/hoyle/hoyle/events/cards"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/game"
)

// Snapshot is a session's fold without its history: every hand as folded,
// where each begins in the log, the notes and the retractions in force,
// and whether the session is closed. It is what a projection checkpoint
// keeps (see projections/load): with it, one hand of a long session is
// shown by folding that hand's events alone (Resume), the score and the
// vulnerability before it coming from the snapshot.
//
// A snapshot is a cache of the log, never a source: it holds nothing the
// log does not, and whoever reads one checks it against the log.
type Snapshot struct {
	Version uint64 // the last event folded into it
	Hands   []*game.Hand
	// Starts is the version of each hand's deal.
	Starts []uint64
	// Notes are the notes in force, in the order recorded.
	Notes []Note
	// Withdrawn are the events withdrawn by retractions in force.
	Withdrawn map[events.ID]bool
	// ClosedAt is the version of the session's close, 0 while it is open.
	ClosedAt uint64
	// Retractions are the session's retractions, in force or not: the
	// hands before a moment @N are the snapshot's as the log stood at N
	// only if none after N withdraws an event before them.
	Retractions []Retraction
	// NextDealer deals the next hand.
	NextDealer cards.Seat
}

// Snapshot is the fold so far, without its history. It shares the
// session's hands, which a finished fold no longer changes.
func (s *Session) Snapshot() *Snapshot {
	if s.read.withoutHistory > 0 {
		// A checkpoint never keeps hands without their history (Graft).
		panic(fmt.Sprintf("projections: a snapshot of session %s, which holds %d hands without their history", s.ID, s.read.withoutHistory))
	}
	snap := &Snapshot{Version: s.Version, Hands: slices.Clone(s.Hands), Starts: slices.Clone(s.starts),
		Notes: slices.Clone(s.Notes), Withdrawn: maps.Clone(s.retracted), ClosedAt: s.closedAt,
		Retractions: slices.Clone(s.retractions), NextDealer: s.NextDealer}
	if snap.Withdrawn == nil {
		snap.Withdrawn = map[events.ID]bool{}
	}
	return snap
}

// Resume starts a fold of a session at the deal of hand from (from 1),
// as if its log had been folded up to just before it: the hands before it,
// the notes recorded before it, the retractions, the vulnerability and the
// boards are the snapshot's. The caller then adds the log's events from
// that deal on (Folder.Add), and, to stop before the snapshot's end, Rest.
//
// Every event the snapshot withdraws stays withdrawn; retractions among
// the events added withdraw their targets among them only (a caller that
// reads a retraction of an earlier event must resume earlier). The fold
// keeps steps for the events added only, and takes a note or a retraction
// of an event before them as it stands.
func Resume(opened events.Envelope, snap *Snapshot, from int) (*Folder, error) {
	if from < 1 || from > len(snap.Hands) || len(snap.Starts) != len(snap.Hands) {
		return nil, fmt.Errorf("resume at hand %d: the snapshot has %d hands", from, len(snap.Hands))
	}
	s, err := open(opened)
	if err != nil {
		return nil, err
	}
	start := snap.Starts[from-1]
	prior := snap.Hands[:from-1]
	s.Hands = slices.Clone(prior)
	s.starts = slices.Clone(snap.Starts[:from-1])
	s.retracted = maps.Clone(snap.Withdrawn)
	s.read.resumed = true
	s.Version = start - 1
	for _, n := range snap.Notes {
		if n.Version < start {
			s.Notes = append(s.Notes, n)
		}
	}
	if snap.ClosedAt != 0 && snap.ClosedAt < start {
		s.Closed, s.closedAt = true, snap.ClosedAt
	}
	// What the fold learns from each hand as it goes: who is vulnerable,
	// which boards were dealt, who deals next.
	for _, h := range prior {
		if s.vul != nil {
			if h.Board == 0 {
				s.vul.Dealt(h)
			}
			if h.Phase == game.PhaseDone {
				s.vul.Finished(h)
				s.finished = h.Number
			}
		}
	}
	s.boards = boardsOf(prior)
	if len(prior) > 0 {
		s.NextDealer = s.Rules.NextDealer(prior[len(prior)-1])
	}
	for _, r := range snap.Retractions {
		if r.Version < start {
			s.retractions = append(s.retractions, r)
		}
	}
	return &Folder{s: s, withdrawn: s.retracted}, nil
}

// boardsOf is the first hand dealt as each board among hands (nil when
// none is a board's): what a fold learns of the boards from them.
func boardsOf(hands []*game.Hand) map[int]*game.Hand {
	var boards map[int]*game.Hand
	for _, h := range hands {
		if h.Board == 0 {
			continue
		}
		if boards == nil {
			boards = map[int]*game.Hand{}
		}
		if boards[h.Board] == nil {
			boards[h.Board] = h
		}
	}
	return boards
}

// FromSnapshot is the session a snapshot records, without steps but the
// opening's: for the score, the hands and the notes.
func FromSnapshot(opened events.Envelope, snap *Snapshot) (*Session, error) {
	s, err := open(opened)
	if err != nil {
		return nil, err
	}
	s.read.resumed = true
	s.Hands = slices.Clone(snap.Hands)
	s.starts = slices.Clone(snap.Starts)
	s.Notes = slices.Clone(snap.Notes)
	s.retracted = maps.Clone(snap.Withdrawn)
	s.Closed, s.closedAt = snap.ClosedAt != 0, snap.ClosedAt
	s.Version, s.retractions, s.NextDealer = snap.Version, slices.Clone(snap.Retractions), snap.NextDealer
	return s, nil
}

// Rest completes a fold resumed from snap (Resume) that stopped before the
// deal of hand next: the hands from next on, the notes recorded after the
// last event added, and the session's state at the snapshot's end are the
// snapshot's. Only the hands folded from the log have steps.
func (f *Folder) Rest(snap *Snapshot, next int) error {
	s := f.s
	if s == nil || next < 1 || next > len(snap.Hands)+1 || len(s.Hands) != next-1 {
		return fmt.Errorf("the fold holds %d hands; it cannot go on at hand %d of %d", len(s.Hands), next, len(snap.Hands))
	}
	last := s.Version
	s.Hands = append(s.Hands, snap.Hands[next-1:]...)
	s.starts = append(s.starts, snap.Starts[next-1:]...)
	for _, n := range snap.Notes {
		if n.Version > last {
			s.Notes = append(s.Notes, n)
		}
	}
	for _, r := range snap.Retractions {
		if r.Version > last {
			s.retractions = append(s.retractions, r)
		}
	}
	s.Closed, s.closedAt = snap.ClosedAt != 0, snap.ClosedAt
	s.Version, s.NextDealer = snap.Version, snap.NextDealer
	return nil
}

// Withdraw marks events of a fold withdrawn by retractions the fold did
// not see (a retraction read after the fold's last event, of an event
// before it): the notes among them are dropped. It returns the IDs it
// could not account for, which are not notes.
func (s *Session) Withdraw(ids []events.ID) (unknown []events.ID) {
	for _, id := range ids {
		i := slices.IndexFunc(s.Notes, func(n Note) bool { return n.ID == id })
		if i < 0 {
			unknown = append(unknown, id)
			continue
		}
		if s.Notes = slices.Delete(s.Notes, i, i+1); len(s.Notes) == 0 {
			s.Notes = nil // as a fold that never had it
		}
		if s.retracted == nil {
			s.retracted = map[events.ID]bool{}
		}
		s.retracted[id] = true
	}
	return unknown
}
