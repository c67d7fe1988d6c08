package projections

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// What a note is on, beyond the event itself: a note on a trick is stored
// on the card that completed it, and a note on a hand on its deal, with
// table.Noted.On saying which (so a note on the trick is never read as
// praise of its last card). A trick is noted once it is complete: before,
// there is no trick to speak of as a whole, only cards.

// noteTarget finds the event a note on a trick or a hand is stored on.
func (s *Session) noteTarget(n NoteSpec) (events.ID, error) {
	h, err := s.noteHand(n.Hand)
	if err != nil {
		return events.ID{}, err
	}
	if n.On == table.NoteOnHand {
		return h.DealID, nil
	}
	played := 0
	for _, t := range h.Tricks {
		if len(t.Cards) > 0 {
			played++
		}
	}
	if n.Trick < 1 || n.Trick > played {
		return events.ID{}, fmt.Errorf("%w: hand %d has %s played, not trick %d", game.ErrNothingToNote, h.Number, tricks(played), n.Trick)
	}
	t := h.Tricks[n.Trick-1]
	if t.Winner == cards.NoSeat {
		why := "is not complete"
		if h.Claim != nil {
			why = "was not completed: the play ended by a claim"
		}
		return events.ID{}, fmt.Errorf("%w: trick %d of hand %d %s; note one of its cards with --at %d.%d.C", game.ErrNothingToNote,
			n.Trick, h.Number, why, h.Number, n.Trick)
	}
	return t.Cards[len(t.Cards)-1].ID, nil
}

// noteHand is hand number (0: the latest) for a note on it or its tricks;
// a hand the fold of the latest hand does not hold needs the whole session.
func (s *Session) noteHand(number int) (*game.Hand, error) {
	if number == 0 {
		if h := s.Current(); h != nil {
			return h, nil
		}
		return nil, fmt.Errorf("%w: no hand has been dealt in this session", game.ErrNothingToNote)
	}
	for _, h := range s.Hands {
		if h.Number == number {
			return h, nil
		}
	}
	if s.Partial() {
		return nil, game.ErrWholeSession
	}
	return nil, fmt.Errorf("%w: the session has no hand %d (it has %d)", game.ErrNothingToNote, number, len(s.Hands))
}

func tricks(n int) string {
	if n == 1 {
		return "1 trick"
	}
	return fmt.Sprintf("%d tricks", n)
}

// noteFits checks, as a note is folded, that what it says it is on fits
// its target: a trick's note is on a card that completed a trick, a
// hand's on a deal.
func (s *Session) noteFits(on table.NoteOn, st Step) error {
	switch on {
	case table.NoteOnEvent:
		return nil
	case table.NoteOnHand:
		if st.Type != table.TypeDealt {
			return game.Illegal("note", "a note on a hand is stored on its deal, not on a "+st.Type, "")
		}
		return nil
	case table.NoteOnTrick:
		for _, h := range s.Hands {
			if st.Type != table.TypePlayed || h.Number != st.Hand {
				continue
			}
			for _, t := range h.Tricks {
				if n := len(t.Cards); n > 0 && t.Cards[n-1].ID == st.ID && t.Winner != cards.NoSeat {
					return nil
				}
			}
		}
		return game.Illegal("note", "a note on a trick is stored on the card that completed it", "")
	}
	return game.Illegal("note", fmt.Sprintf("a note on %s", on), "")
}
