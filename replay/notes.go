package replay

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/ruling"
)

// NoteTarget says what a note on target (as on says) is attached to, as
// the scorer sees it confirmed: "W ♣5, trick 3", "trick 3", "hand 2",
// "S 1♠, call 1", "the deal of hand 2", "E's claim of 9 tricks". A hand
// other than the session's latest is named ("trick 3 of hand 1"). s is a
// fold that holds the target; "" when it does not. A note on an entry is
// described as EntryText describes the entry.
func NoteTarget(s *projections.Session, target events.ID, on table.NoteOn, ascii bool) string {
	st, ok := s.StepOf(target)
	if !ok {
		return ""
	}
	switch on {
	case table.NoteOnHand:
		return fmt.Sprintf("hand %d", st.Hand)
	case table.NoteOnTrick:
		if h := handOf(s, st); h != nil {
			for ti, t := range h.Tricks {
				if n := len(t.Cards); n > 0 && t.Cards[n-1].ID == target {
					return fmt.Sprintf("trick %d%s", ti+1, otherHand(s, h))
				}
			}
		}
	}
	return EntryText(s, st, ascii)
}

// EntryText is the one description of an entry of the log: what a note on
// it is attached to, and what an undo retracted. "W ♣5, trick 3", "S 1♠,
// call 1", "the deal of hand 2", "E's claim of 9 tricks", "trick 3 won by
// N"; a hand other than the fold's latest is named ("W ♣5, trick 3 of hand
// 1"). s may hold only the latest hands (load.Tail): the step's hand is
// found by its number.
func EntryText(s *projections.Session, st projections.Step, ascii bool) string {
	h := handOf(s, st)
	of := otherHand(s, h)
	seat := func(x cards.Seat) string {
		if names := s.Seating().Names; x >= 0 && int(x) < len(names) {
			return names[x]
		}
		return x.String()
	}
	switch d := st.Data.(type) {
	case *table.Played:
		if h != nil {
			for ti, t := range h.Tricks {
				for _, c := range t.Cards {
					if c.ID == st.ID {
						return fmt.Sprintf("%s %s, trick %d%s", seat(d.Seat), CardText(d.Card, ascii), ti+1, of)
					}
				}
			}
		}
		return fmt.Sprintf("%s %s%s", seat(d.Seat), CardText(d.Card, ascii), of)
	case *table.Called:
		if h != nil {
			for i, c := range h.Calls {
				if c.ID == st.ID {
					return fmt.Sprintf("%s %s, call %d%s", seat(d.Seat), CallText(d.Call, ascii), i+1, of)
				}
			}
		}
		return fmt.Sprintf("%s %s%s", seat(d.Seat), CallText(d.Call, ascii), of)
	case *table.Dealt:
		return fmt.Sprintf("the deal of hand %d", d.Hand)
	case *table.Shuffled:
		return fmt.Sprintf("the shuffle of hand %d", st.Hand)
	case *table.Cut:
		return fmt.Sprintf("the cut of hand %d", st.Hand)
	case *table.Claimed:
		return fmt.Sprintf("%s's claim of %s%s", seat(d.Seat), Count(d.Tricks, "trick"), of)
	case *table.TrickWon:
		return fmt.Sprintf("trick %d won by %s%s", d.Trick, seat(d.Seat), of)
	case *table.Discarded:
		return fmt.Sprintf("%s's discard%s", seat(d.Seat), of)
	case *table.HonoursClaimed:
		return "the honours claimed" + of
	case *table.SessionOpened:
		return "the session"
	case *table.SessionClosed:
		return "the close of the session"
	case *table.CutForDeal:
		return "the cut for deal"
	case *table.RulingAdjusted:
		return fmt.Sprintf("the ruling on board %d (%s, %s)", d.Board, ruling.Text(*d), d.Law)
	}
	return fmt.Sprintf("event %d (%s)", st.Version, st.Type)
}

// handOf is the hand a step belongs to, found by its number; nil when the
// fold does not hold it.
func handOf(s *projections.Session, st projections.Step) *game.Hand {
	var h *game.Hand
	for _, x := range s.Hands {
		if x.Number == st.Hand {
			h = x
		}
	}
	return h
}

// otherHand names hand h when it is not the fold's latest (" of hand 1"),
// so that a description of an entry of an earlier hand says which.
func otherHand(s *projections.Session, h *game.Hand) string {
	if cur := s.Current(); h != nil && (cur == nil || cur.Number != h.Number) {
		return fmt.Sprintf(" of hand %d", h.Number)
	}
	return ""
}
