package pbn

import (
	"github.com/hoyle/hoyle/events/cards"
)

// PlayedCard is a card and the seat that played it.
type PlayedCard struct {
	Seat cards.Seat
	Card cards.Card
}

// Winner is the seat that wins a trick given in the order played: the
// highest trump, or else the highest card of the suit led. trump is the
// contract's strain (NoTrump: no trumps). An empty trick has no winner.
func Winner(trick []PlayedCard, trump cards.Strain) cards.Seat {
	if len(trick) == 0 {
		return cards.NoSeat
	}
	t, hasTrump := trump.Trump()
	best := trick[0]
	for _, pc := range trick[1:] {
		c, b := pc.Card, best.Card
		switch {
		case hasTrump && c.Suit() == t && b.Suit() != t:
			best = pc
		case c.Suit() == b.Suit() && c.Rank() > b.Rank():
			best = pc
		}
	}
	return best.Seat
}

// Order rebuilds the order in which the cards of a Play section were
// played. The section writes each trick in seat order starting with the
// opening leader; the real order starts with whoever won the trick before
// (Winner, under trump). Placeholders ("-", "+") are cards not played.
//
// early reports that the play stopped before the cards ran out: the
// section ends with "*" (a claim or concession), or a trick is incomplete.
// A card after a gap in its trick, a card in a trick after an incomplete
// one, or a card played twice is an error wrapping ErrInvalid.
func (p *Play) Order(trump cards.Strain) (played []PlayedCard, early bool, err error) {
	leader := p.Leader
	var seen cards.Set
	stopped := false
	for r, row := range p.Tricks {
		if len(row) > 4 {
			return nil, false, invalid("trick %d has %d cards", r+1, len(row))
		}
		var trick []PlayedCard
		gap := false
		for k := range 4 {
			seat := leader.Plus(k, 4)
			col := int(seat.Plus(-int(p.Leader), 4))
			if col >= len(row) || row[col].Placeholder != 0 {
				gap = true
				continue
			}
			c := row[col].Card
			switch {
			case p.Leader < cards.North || p.Leader > cards.West:
				return nil, false, invalid("the Play section has cards but no leader")
			case !c.Valid() || c == cards.Joker:
				return nil, false, invalid("trick %d holds a card that is not one of the 52", r+1)
			case gap:
				return nil, false, invalid("trick %d: %s plays %v after a card that was not played", r+1, seat.Name(), c)
			case stopped:
				return nil, false, invalid("trick %d: %s plays %v after the play stopped", r+1, seat.Name(), c)
			case seen.Has(c):
				return nil, false, invalid("trick %d: %v is played twice", r+1, c)
			}
			seen = seen.Add(c)
			trick = append(trick, PlayedCard{Seat: seat, Card: c})
		}
		played = append(played, trick...)
		if len(trick) == 4 {
			leader = Winner(trick, trump)
		} else {
			stopped = true
		}
	}
	return played, p.End || stopped, nil
}

// PlayFromOrder is the inverse of Order: it lays cards given in the order
// played out as a Play section, one row per trick in seat order from
// leader, "-" where a seat did not play. early sets the "*" end mark. It
// checks that every trick is led by the winner of the one before and that
// the seats follow clockwise; a mistake is an error wrapping ErrInvalid.
func PlayFromOrder(leader cards.Seat, trump cards.Strain, played []PlayedCard, early bool) (*Play, error) {
	p := &Play{Leader: leader, End: early}
	if len(played) > 0 && (leader < cards.North || leader > cards.West) {
		return nil, invalid("leader %d is not a compass seat", leader)
	}
	next := leader
	var seen cards.Set
	for i := 0; i < len(played); i += 4 {
		trick := played[i:min(i+4, len(played))]
		row := make([]PlayCard, 4)
		for k := range row {
			row[k].Placeholder = Dash
		}
		for k, pc := range trick {
			want := next.Plus(k, 4)
			switch {
			case pc.Seat != want:
				return nil, invalid("card %d (%v) is played by %v, but it is %v's turn", i+k+1, pc.Card, pc.Seat, want)
			case !pc.Card.Valid() || pc.Card == cards.Joker:
				return nil, invalid("card %d is not one of the 52", i+k+1)
			case seen.Has(pc.Card):
				return nil, invalid("card %d: %v is played twice", i+k+1, pc.Card)
			}
			seen = seen.Add(pc.Card)
			row[pc.Seat.Plus(-int(leader), 4)] = PlayCard{Card: pc.Card}
		}
		p.Tricks = append(p.Tricks, row)
		if len(trick) == 4 {
			next = Winner(trick, trump)
		}
	}
	return p, nil
}
