package projections

import (
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
)

// Folder folds a session one event at a time, for a reader that streams a
// log instead of holding it (see projections/load): a session of thousands
// of hands is folded in the memory of its hands, not of its events.
//
// A retraction can withdraw an event folded before it was seen, so a
// streaming reader makes two passes when a session has any: the first
// learns the retractions (Retractions), the second folds with them known
// (NewFolder(Withdrawn(...))). Folding a session that has none takes one.
type Folder struct {
	s           *Session
	withdrawn   map[events.ID]bool
	retractions [][2]events.ID // (retraction, target), in log order
	keep        func(hand int) bool
	expect      uint64 // events the session has, if known (Expect)
	forget      bool   // ForgetHands
}

// NewFolder starts a fold in which the events of withdrawn are known to be
// withdrawn by retractions later in the log (nil: none known).
func NewFolder(withdrawn map[events.ID]bool) *Folder {
	return &Folder{withdrawn: withdrawn}
}

// Add folds the next event of the session. The first must be the session's
// opening; an event the laws refuse is kept as a Problem, as Fold keeps it.
func (f *Folder) Add(e events.Envelope) error {
	if f.s == nil {
		s, err := open(e)
		if err != nil {
			return err
		}
		if f.withdrawn != nil {
			s.retracted = f.withdrawn
		}
		s.read.keep = f.keep
		s.read.forget = f.forget
		if f.keep != nil && f.expect > 0 {
			s.read.dropped.sorted = make([]idVersion, 0, f.expect)
		}
		f.s = s
		return nil
	}
	if r, ok := e.Data.(*table.Retracted); ok {
		f.retractions = append(f.retractions, [2]events.ID{e.ID, r.Target})
	}
	f.s.fold(e)
	return nil
}

// Session is the fold so far; ErrNotOpened if nothing was added.
func (f *Folder) Session() (*Session, error) {
	if f.s == nil {
		return nil, ErrNotOpened
	}
	return f.s, nil
}

// Retractions reports whether the events added held any retraction, and
// which events those retractions withdraw: a retraction in force withdraws
// its target, one that is itself retracted does not.
func (f *Folder) Retractions() (map[events.ID]bool, bool) {
	if len(f.retractions) == 0 {
		return nil, false
	}
	withdrawn := map[events.ID]bool{}
	for i := len(f.retractions) - 1; i >= 0; i-- {
		if !withdrawn[f.retractions[i][0]] {
			withdrawn[f.retractions[i][1]] = true
		}
	}
	return withdrawn, true
}
