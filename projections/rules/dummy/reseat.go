package dummy

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// NewReseating implements game.ReseatRules: the players change seats at
// each new rubber, the next of them taking dummy (or, continuous, the same
// one), dummy lying where the deal has come round to.
func (*Rules) NewReseating(opts game.Options) game.Reseating {
	return &Tournee{Seating: Seating, Continuous: opts[OptionDummy] == OptionContinual, Score: &whist.Scorer{}}
}

// Tournee follows a session of a dummy game rubber by rubber (or, Mort,
// game by game): who takes dummy for the next, and where everyone sits.
type Tournee struct {
	Seating game.Seating
	// Continuous: the first player takes dummy throughout.
	Continuous bool
	// Score says when a rubber (or game) is over.
	Score *whist.Scorer
	// Place says where the dummy lies at the start of a rubber, given its
	// first dealer: English Dummy's dummy deals the first hand of each
	// rubber, so it lies at the dealer's seat. Nil: there.
	Place func(dealer cards.Seat) cards.Seat

	done    int          // rubbers finished
	hands   []*game.Hand // of the rubber in play
	seated  []cards.Seat // who sits where in the rubber in play
	started bool         // a hand of the rubber in play has been dealt
}

// Finished implements game.Reseating.
func (t *Tournee) Finished(h *game.Hand) {
	t.hands = append(t.hands, h)
	t.started = true
	t.seated = h.Seated // as the rubber's hands have been dealt
	sheet := t.Score.Score(game.ScoreInput{Hands: t.hands, Seating: t.Seating})
	if len(sheet.Rubbers) > 0 && sheet.Rubbers[0].Complete {
		t.done++
		t.hands, t.started = nil, false
	}
}

// Seated implements game.Reseating: at the start of a rubber, the taker of
// dummy for it sits opposite the dummy, which lies where the deal has come
// round to; the other two keep their order round the table.
func (t *Tournee) Seated(dealer cards.Seat) []cards.Seat {
	if t.started {
		return t.seated
	}
	players := t.Seating.PlayerSeats()
	k := t.done % len(players)
	if t.Continuous {
		k = 0
	}
	taker, a, b := players[k], players[(k+1)%len(players)], players[(k+2)%len(players)]
	d := dealer
	if t.Place != nil {
		d = t.Place(dealer)
	}
	var dummy cards.Seat
	for seat := range t.Seating.Seats {
		if t.Seating.IsDummy(cards.Seat(seat)) {
			dummy = cards.Seat(seat)
		}
	}
	seated := make([]cards.Seat, 4)
	seated[d] = dummy
	seated[d.Plus(2, 4)] = taker
	seated[d.Plus(1, 4)] = b
	seated[d.Plus(3, 4)] = a
	t.seated = seated
	for seat, o := range seated {
		if cards.Seat(seat) != o {
			return seated
		}
	}
	t.seated = nil // as the session opened
	return nil
}
