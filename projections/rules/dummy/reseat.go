package dummy

import (
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// Sitting implements game.Reseater: the players change seats at each new
// rubber, the next of them taking dummy (or, continuous, the same one),
// dummy lying where the deal has come round to.
func (r *Rules) Sitting(before []*game.Hand, first cards.Seat, opts game.Options) game.Sitting {
	t := Tournee{Seating: Seating, Continuous: opts[OptionDummy] == OptionContinual, Score: &whist.Scorer{}, Next: r.NextDealer}
	return t.Sitting(before, first)
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
	// Next is the game's next dealer after a hand (game.Ruleset's).
	Next func(h *game.Hand) cards.Seat
}

// Sitting is who sits where on the hand about to be dealt, after before
// (first: the session's first dealer): within a rubber, as on its first
// hand; at the start of one, the taker of dummy for it sits opposite the
// dummy, which lies where the deal has come round to, and the other two
// keep their order round the table. The zero Sitting where that is as the
// session opened.
func (t Tournee) Sitting(before []*game.Hand, first cards.Seat) game.Sitting {
	var done []*game.Hand
	for _, h := range before {
		if h.Phase == game.PhaseDone && !h.Annulled {
			done = append(done, h)
		}
	}
	sheet := t.Score.Score(game.ScoreInput{Hands: done, Seating: t.Seating})
	complete, over := 0, 0 // the rubbers over, and the last hand of the latest
	for _, r := range sheet.Rubbers {
		if r.Complete {
			complete++
			over = slices.Max(r.Hands)
		}
	}
	if n := len(done); n > 0 && done[n-1].Number > over {
		// A rubber in play: nobody changes seats until it is over.
		return clone(done[n-1].Sitting)
	}
	players := t.Seating.PlayerSeats()
	k := complete % len(players)
	if t.Continuous {
		k = 0
	}
	taker, a, b := players[k], players[(k+1)%len(players)], players[(k+2)%len(players)]
	d := first
	if n := len(before); n > 0 {
		d = before[n-1].Dealer // a new deal: the same dealer deals again
		if !before[n-1].Annulled {
			d = t.Next(before[n-1])
		}
	}
	if t.Place != nil {
		d = t.Place(d)
	}
	var dummy cards.Seat
	for seat := range t.Seating.Seats {
		if t.Seating.IsDummy(cards.Seat(seat)) {
			dummy = cards.Seat(seat)
		}
	}
	sit := game.Sitting{Players: make([]int, 4)}
	sit.Players[d] = int(dummy)
	sit.Players[d.Plus(2, 4)] = int(taker)
	sit.Players[d.Plus(1, 4)] = int(b)
	sit.Players[d.Plus(3, 4)] = int(a)
	for seat, i := range sit.Players {
		if seat != i {
			return sit
		}
	}
	return game.Sitting{} // as the session opened
}

func clone(s game.Sitting) game.Sitting {
	s.Players = slices.Clone(s.Players)
	return s
}
