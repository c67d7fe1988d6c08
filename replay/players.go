package replay

import (
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// SeatPlayer says, for a label, who plays seat's cards on hand h: the
// player's name ("Ann"); for a hand played from another seat (a dummy
// game's dummy, played by its partner), "dummy, played by Ann", or
// "played by Ann" for a hand taken up from beside him (Humbug Whist), the
// seat's name standing for a player not named ("played by S"); with "laid
// aside" for a hand that plays no card. "" for a seat whose player is not
// named and plays it himself. With no hand, the table as the session
// opened. Names are cleaned: user text reaches no terminal raw.
func SeatPlayer(s *projections.Session, h *game.Hand, seat cards.Seat) string {
	return seatPlayer(s, h, seat, false)
}

// SeatPlayerShort is SeatPlayer for a diagram's label, where room is short:
// "Ann's dummy" for a dummy played by Ann.
func SeatPlayerShort(s *projections.Session, h *game.Hand, seat cards.Seat) string {
	return seatPlayer(s, h, seat, true)
}

func seatPlayer(s *projections.Session, h *game.Hand, seat cards.Seat, short bool) string {
	seating := s.Seating()
	from := seating.From(seat)
	dummy := seating.IsDummy(seat)
	if h != nil {
		from, dummy = h.PlayedFrom(seat), h.IsDummy(seat) && h.PlayedFrom(seat) != seat
	}
	name := Clean(s.PlayerIn(h, seat))
	if h != nil && !h.InPlay(seat) {
		if from == seat && name != "" {
			return name + ", laid aside"
		}
		return "laid aside"
	}
	var parts []string
	if from != seat && from != cards.NoSeat {
		if name == "" {
			name = seating.Names[from]
		}
		switch {
		case dummy && short:
			parts = append(parts, name+"'s dummy")
		case dummy:
			parts = append(parts, "dummy", "played by "+name)
		default:
			parts = append(parts, "played by "+name)
		}
	} else if name != "" {
		parts = append(parts, name)
	}
	return strings.Join(parts, ", ")
}

// PlayedFromOthers reports whether the session's game has hands played
// from other seats, or laid aside: then views say who plays each seat.
func PlayedFromOthers(s *projections.Session, h *game.Hand) bool {
	return s.Seating().PlayedFrom != nil || (h != nil && h.Out != nil)
}
