package recorder

import (
	"context"
	"fmt"
	"sort"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// CutSpec is one player's cut for deal as the scorer gives it: the seat
// as the game names it ("N", "A") or the player's name, and the card.
type CutSpec struct {
	Seat string
	Card string
}

// CutForDeal records the cut for deal before the first hand: each
// player's card, and the dealer it gives by the session's code of laws
// (the ruleset's game.CutRules), who then deals the first hand. A cut the
// law does not settle (a tie it has cut again), a card cut twice, a seat
// left out or named twice, a game without a cut for deal, or a cut after
// the first hand is refused, and nothing is recorded.
func (r *Recorder) CutForDeal(ctx context.Context, session string, cuts []CutSpec) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		p, err := cutEvent(s, cuts)
		if err != nil {
			return nil, err
		}
		ev, err := r.applyNew(s, p)
		return []events.Event{ev}, err
	})
}

// cutEvent reads a cut for deal against the session and settles its
// dealer by the session's laws: the event CutForDeal records.
func cutEvent(s *projections.Session, cuts []CutSpec) (*table.CutForDeal, error) {
	cr, ok := s.Rules.(game.CutRules)
	if !ok {
		return nil, game.Illegal("cut for deal", s.Rules.Info().Title+" has no cut for deal in hoyle: the session names the first dealer (new --dealer)", "")
	}
	switch {
	case len(s.Hands) > 0:
		return nil, game.Illegal("cut for deal", "the cut for deal comes before the first hand, and hand 1 has been dealt", "")
	case s.Closed:
		return nil, game.Illegal("cut for deal", "the session is closed", "")
	}
	for _, st := range s.Steps {
		if c, ok := st.Data.(*table.CutForDeal); ok {
			dealer := c.Dealer.String()
			if c.Dealer >= 0 && int(c.Dealer) < len(s.Seating().Names) {
				dealer = s.Seating().Names[c.Dealer]
			}
			return nil, game.Illegal("cut for deal", fmt.Sprintf("the cut for deal is already recorded (%s deals); undo it to record another", dealer), "")
		}
	}
	seating := s.Seating()
	given := map[cards.Seat]string{}
	var gc []game.CutCard
	for _, c := range cuts {
		seat, err := SeatOf(s, c.Seat)
		if err != nil {
			return nil, err
		}
		if first, twice := given[seat]; twice {
			return nil, game.Illegal(c.Seat+"="+c.Card, fmt.Sprintf("%s's cut is given twice (as %s and %s): each player cuts one card", seating.Names[seat], first, c.Seat), "")
		}
		given[seat] = c.Seat
		card, err := cards.ParseCard(c.Card)
		if err != nil {
			return nil, err
		}
		gc = append(gc, game.CutCard{Seat: seat, Card: card})
	}
	dealer, err := cr.CutDealer(gc, s.Opts)
	if err != nil {
		return nil, err
	}
	p := &table.CutForDeal{Dealer: dealer}
	for _, c := range gc {
		p.Cuts = append(p.Cuts, table.SeatCard{Seat: c.Seat, Card: c.Card})
	}
	// By seat, so that the same cut is the same event however it was typed.
	sort.Slice(p.Cuts, func(i, j int) bool { return p.Cuts[i].Seat < p.Cuts[j].Seat })
	return p, nil
}
