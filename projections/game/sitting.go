package game

import "github.com/hoyle/hoyle/events/cards"

// NoPlayer is the player of a seat nobody sits in: a dummy kept in a
// holder, or laid down opposite a dealer with no partner at his table.
const NoPlayer = -1

// Sitting says who sits in each seat of a hand where the players do not
// keep one seat each for the whole session. The zero Sitting (Players nil)
// is the session's own seating: the player named for each seat.
type Sitting struct {
	// Players is, by seat, the index of the session's player in it (in
	// the order the session named them), or NoPlayer.
	Players []int
	// Round is the round of the rotation the hand is played in (from 1),
	// and Table the table of the session's it is played at (Six-hand
	// Bridge's two ends, from 1); 0 when there is none.
	Round, Table int
}

// Player is the index of the player in seat, or NoPlayer.
func (s Sitting) Player(seat cards.Seat) int {
	if seat < 0 || int(seat) >= len(s.Players) {
		return NoPlayer
	}
	return s.Players[seat]
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

// Sitter is implemented by rulesets whose players do not each keep one
// seat for the whole session: more players than a hand has seats (Six-hand
// Bridge's six, at two tables), fewer (Draw Bridge's two, each playing his
// partner's hand from a holder), or players who change partners by the
// game's own rule (King's Bridge). A session of such a game names its
// players in the order of Places (hoyle new --players), not seat by seat,
// and each hand records, when it is dealt, who sits where.
type Sitter interface {
	// Places names the places of the players, in the order the session
	// names them: what help and refusals tell the scorer.
	Places(opts Options) []string
	// Sitting is who sits where on the hand about to be dealt: before is
	// every hand of the session so far, in order (an annulled hand
	// included), first the session's first dealer.
	Sitting(before []*Hand, first cards.Seat, opts Options) Sitting
}
