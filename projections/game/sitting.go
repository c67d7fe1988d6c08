package game

import "github.com/hoyle/hoyle/events/cards"

// NoPlayer is the player of a seat nobody sits in: a dummy kept in a
// holder, or laid down opposite a dealer with no partner at his table.
const NoPlayer = -1

// Sitting says who sits in each seat of a hand where the players do not
// keep one seat each for the whole session. The zero Sitting (Players nil)
// is the session's own seating: the player named for each seat. Who plays
// a seat's cards, where that is another (a dummy's partner), is the hand's
// to say (Hand.Player, Hand.PlayedFrom).
type Sitting struct {
	// Players is, by seat, the index of the session's player in it (in
	// the order the session named them), or NoPlayer. In a game that
	// names its players seat by seat, the index is the seat he was named
	// to; a hand nobody sits at but the game seats all the same (English
	// Dummy's dummy, which moves round the table with the players) has the
	// index of the seat it was named to, whose name is empty.
	Players []int
	// Round is the round of the rotation the hand is played in (from 1),
	// and Table the table of the session's it is played at (Six-hand
	// Bridge's two ends, from 1); 0 when there is none.
	Round, Table int
}

// Player is the index of the session's player in seat, or NoPlayer. The
// zero Sitting seats each player where the session named him: in seat.
func (s Sitting) Player(seat cards.Seat) int {
	switch {
	case seat < 0:
		return NoPlayer
	case !s.Seated():
		return int(seat)
	case int(seat) >= len(s.Players):
		return NoPlayer
	}
	return s.Players[seat]
}

// SeatOf is the seat of the session's player i, of seats, or NoSeat where
// he sits in none.
func (s Sitting) SeatOf(i, seats int) cards.Seat {
	for seat := range seats {
		if s.Player(cards.Seat(seat)) == i && i != NoPlayer {
			return cards.Seat(seat)
		}
	}
	return cards.NoSeat
}

// Seated reports whether the sitting says who sits where.
func (s Sitting) Seated() bool { return s.Players != nil }

func (s Sitting) clone() Sitting {
	s.Players = append([]int(nil), s.Players...)
	if len(s.Players) == 0 {
		s.Players = nil
	}
	return s
}

// Reseater is implemented by rulesets whose players do not each keep one
// seat for the whole session (Sitter's games, and English Dummy's and
// Mort's, whose players change seats at each new rubber or game): each
// hand records, when it is dealt, who sits where (a deal.seated), so that
// every reader, a fold of the latest hand alone too, names them as they
// sat.
type Reseater interface {
	// Sitting is who sits where on the hand about to be dealt: before is
	// every hand of the session so far, in order (an annulled hand
	// included), first the session's first dealer. The zero Sitting: as
	// the session named them.
	Sitting(before []*Hand, first cards.Seat, opts Options) Sitting
}

// Sitter is implemented by rulesets whose players are more than a hand has
// seats (Six-hand Bridge's six, at two tables), fewer (Draw Bridge's two,
// each playing his partner's hand from a holder), or players who change
// partners by the game's own rule (King's Bridge). A session of such a
// game names its players in the order of Places (hoyle new --players), not
// seat by seat, and each hand records, when it is dealt, who sits where.
type Sitter interface {
	Reseater
	// Places names the places of the players, in the order the session
	// names them: what help and refusals tell the scorer.
	Places(opts Options) []string
}
