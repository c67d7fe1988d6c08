package jsonview

import (
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
)

// Show is `hoyle show --json`: the View's fields as they always were, the
// moment shown (when --at is given) and the score so far, its sides named
// by the game's seating (A, B, C at Five Hundred; NS and EW at bridge).
type Show struct {
	View
	At    *string   `json:"at,omitempty"`
	Score ScoreView `json:"score"`
}

// NewShow is the table of state, folded at moment at (nil: now).
func NewShow(state *projections.Session, at *replay.Moment) Show {
	v := Show{View: NewView(state), Score: NewScoreView(state)}
	if at != nil {
		m := at.String()
		v.At = &m
	}
	return v
}
