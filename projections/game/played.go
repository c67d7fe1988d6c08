package game

import "github.com/hoyle/hoyle/events/cards"

// Who plays which hand. In most games each seat is a player's and he plays
// its cards. In the dummy games of the whist family one player plays two
// hands: English Dummy's three players play four hands, the dummy's by its
// partner; Double Dummy's two play four; Humbug Whist's two are dealt four
// and play the two they keep. The ruleset says so in its Seating
// (PlayedFrom, Dummies, Players); a hand says who sits where on it
// (Sitting: English Dummy's players change seats between rubbers) and
// which of its hands play (Out). Every view, entry and law asks these
// methods, never assumes a player a seat.

// Own reports whether seat has a player of its own: nobody else plays its
// cards.
func (s Seating) Own(seat cards.Seat) bool {
	return s.From(seat) == seat
}

// From is the seat whose player plays seat's cards: seat itself, or (a
// dummy's, a dead hand's) another.
func (s Seating) From(seat cards.Seat) cards.Seat {
	if seat < 0 || int(seat) >= len(s.PlayedFrom) {
		return seat
	}
	return s.PlayedFrom[seat]
}

// IsDummy reports whether seat's hand lies face up on the table, played by
// another.
func (s Seating) IsDummy(seat cards.Seat) bool {
	return seat >= 0 && int(seat) < len(s.Dummies) && s.Dummies[seat]
}

// PlayerSeats are the seats that have players of their own, in the order
// new --players names them.
func (s Seating) PlayerSeats() []cards.Seat {
	if s.Players != nil {
		return s.Players
	}
	var out []cards.Seat
	for seat := range s.Seats {
		if s.Own(cards.Seat(seat)) {
			out = append(out, cards.Seat(seat))
		}
	}
	return out
}

// CompassSides reports whether the sides are the compass partnerships,
// North-South against East-West, so that "NS" and "EW" name them.
func (s Seating) CompassSides() bool {
	if !s.Compass || len(s.Sides) != 4 {
		return false
	}
	for seat, side := range s.Sides {
		if side != cards.Seat(seat).Partnership() {
			return false
		}
	}
	return true
}

// SideSeats names a side by its seats: those of its players, where some of
// its seats are played by others (Humbug Whist's side is its player, not
// his player and the hand beside him he may take up).
func (s Seating) SideSeats(side cards.Side) []string {
	var all, own []string
	for i, sd := range s.Sides {
		if sd != side {
			continue
		}
		all = append(all, s.Names[i])
		if s.Own(cards.Seat(i)) {
			own = append(own, s.Names[i])
		}
	}
	if len(own) > 0 && len(own) < len(all) {
		return own
	}
	return all
}

// part is the seat of the game's Seating whose part the one at seat plays
// on this hand: where the players change seats (Sitting), the seat he, or
// the dummy, was named to when the session opened; else seat itself. A
// game whose seats have parts names its players seat by seat (it is no
// Sitter, which names them by places), so that the session's index of a
// player is that seat.
func (h *Hand) part(seat cards.Seat) cards.Seat {
	if h.Seating.PlayedFrom == nil && h.Seating.Dummies == nil {
		return seat
	}
	if i := h.Sitting.Player(seat); i != NoPlayer {
		return cards.Seat(i)
	}
	return seat
}

// Player is the player who plays seat's cards on this hand, as an index
// into the session's players (Sitting.Player of the seat he plays from);
// NoPlayer for a seat nobody plays from.
func (h *Hand) Player(seat cards.Seat) int {
	from := h.PlayedFrom(seat)
	if from == cards.NoSeat {
		return NoPlayer
	}
	return h.Sitting.Player(from)
}

// PlayedFrom is the seat, on this hand, of the player who plays seat's
// cards: seat itself; a dummy's partner's, wherever the dummy lies; or the
// seat the game says (a dead hand taken up at Humbug Whist).
func (h *Hand) PlayedFrom(seat cards.Seat) cards.Seat {
	if seat < 0 || int(seat) >= h.Seating.Seats {
		return cards.NoSeat
	}
	o := h.part(seat)
	if h.Seating.IsDummy(o) {
		if p := h.Seating.Partner(seat); p != cards.NoSeat {
			return p
		}
	}
	if from := h.Seating.From(o); from != o {
		if at := h.Sitting.SeatOf(int(from), h.Seating.Seats); at != cards.NoSeat {
			return at
		}
	}
	return seat
}

// IsDummy reports whether seat is a dummy on this hand: bridge's, settled
// by the auction, or one the game lays on the table.
func (h *Hand) IsDummy(seat cards.Seat) bool {
	if seat == cards.NoSeat {
		return false
	}
	return seat == h.Dummy || h.Seating.IsDummy(h.part(seat))
}

// Dummies lists the hand's dummies, in seat order.
func (h *Hand) Dummies() []cards.Seat {
	var out []cards.Seat
	for seat := range h.Seating.Seats {
		if h.IsDummy(cards.Seat(seat)) {
			out = append(out, cards.Seat(seat))
		}
	}
	return out
}

// InPlay reports whether seat's hand plays on this hand: false for a hand
// laid aside (Out).
func (h *Hand) InPlay(seat cards.Seat) bool {
	return seat >= 0 && int(seat) < h.Seating.Seats && (int(seat) >= len(h.Out) || !h.Out[seat])
}

// Playing is the number of hands that play: the cards of a trick.
func (h *Hand) Playing() int {
	n := 0
	for seat := range h.Seating.Seats {
		if h.InPlay(cards.Seat(seat)) {
			n++
		}
	}
	return n
}

// samePlayer reports whether one player plays both seats' cards on this
// hand (a dummy and its partner).
func (h *Hand) samePlayer(a, b cards.Seat) bool {
	return a != cards.NoSeat && b != cards.NoSeat && h.PlayedFrom(a) == h.PlayedFrom(b)
}
