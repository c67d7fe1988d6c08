package projections

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// Ruling is a director's ruling in force at the table (table.RulingAdjusted),
// with the event that recorded it. What it awards is read and checked by
// projections/ruling, which decides it; the fold checks only its shape.
type Ruling struct {
	ID      events.ID
	Version uint64
	table.RulingAdjusted
}

// checkRuling is the fold's check of a ruling's shape: a board, a kind
// hoyle knows, and the results an assigned or weighted score needs. Its
// awards are checked when it is decided (projections/ruling), and again
// when compare scores it.
func checkRuling(p *table.RulingAdjusted) error {
	what := fmt.Sprintf("ruling on board %d", p.Board)
	switch {
	case p.Board < 1:
		return game.Illegal("ruling", "a ruling is on a board, numbered from 1", "")
	case p.Kind == table.RulingAssigned && len(p.Scores) != 1:
		return game.Illegal(what, fmt.Sprintf("an assigned score is one result, not %d", len(p.Scores)), "Law 12C1(b)")
	case p.Kind == table.RulingWeighted && len(p.Scores) < 2:
		return game.Illegal(what, "a weighted score weighs two results or more", "Law 12C1(c)")
	case (p.Kind == table.RulingArtificial || p.Kind == table.RulingProcedural) && (len(p.Scores) > 0 || p.NS == "" && p.EW == ""):
		return game.Illegal(what, "an artificial score or a procedural penalty gives each side its award, and no result", "")
	case p.Kind != table.RulingArtificial && p.Kind != table.RulingAssigned && p.Kind != table.RulingWeighted && p.Kind != table.RulingProcedural:
		return game.Illegal(what, fmt.Sprintf("the kind of ruling %q is not one hoyle knows", p.Kind), "")
	}
	return nil
}

// WholeLog reports whether the fold began at the session's first event and
// holds every hand with its history: a decision that needs every board
// the table played, or every ruling, needs it (game.ErrWholeSession).
func (s *Session) WholeLog() bool {
	return !s.read.partial && !s.read.resumed && s.read.withoutHistory == 0 && s.read.keep == nil
}
