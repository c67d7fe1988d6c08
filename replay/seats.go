package replay

import (
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// SeatStyle says how a write-up or replay names the seats.
type SeatStyle uint8

// The seat styles.
const (
	// CompassSeats names seats N, E, S, W (or as the game's seating does).
	CompassSeats SeatStyle = iota
	// FosterSeats names seats as Foster's books do: Z the dealer, A on his
	// left, Y his partner, B on his right (Foster's Complete Hoyle, 1914,
	// Auction Bridge, "Position of the players"); so when South deals Z is
	// South, A West, Y North, B East. The letters follow the deal round
	// the table, and a diagram is turned with them: Z is always drawn at
	// the bottom, as the book draws every hand.
	FosterSeats
)

// String is the style's name as --seats takes it.
func (s SeatStyle) String() string {
	if s == FosterSeats {
		return "foster"
	}
	return "compass"
}

// ParseSeatStyle reads "compass" or "foster"; other text is a
// *cards.TokenError unwrapping to ErrBadSeatStyle.
func ParseSeatStyle(tok string) (SeatStyle, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "", "compass":
		return CompassSeats, nil
	case "foster":
		return FosterSeats, nil
	}
	return 0, &cards.TokenError{Kind: ErrBadSeatStyle, Token: tok, Reason: "the seat styles are compass (N, E, S, W) and foster (Z the dealer, A, Y, B)"}
}

// fosterLetters are Foster's letters by place after the dealer: the dealer,
// his left, his partner, his right.
var fosterLetters = [4]string{"Z", "A", "Y", "B"}

// Names is how one hand's seats and sides are named for people.
type Names struct {
	Short []string // by seat: "N", or Foster's "Z"
	Long  []string // by seat: "North", or Foster's "Z"
	Sides []string // by side: "NS", or Foster's "YZ" (the dealer's side) and "AB"
	// Turn is how a diagram of the hand is turned (Diagram.Turn): 0 by
	// the compass, South at the bottom; in Foster's style Z, the dealer,
	// is drawn at the bottom whoever deals.
	Turn int
}

// Side names side s as Sides does, or by its own name when Sides has
// none for it; a cards.Vulnerability's Text takes it ("YZ vulnerable").
func (n Names) Side(s cards.Side) string {
	if int(s) >= 0 && int(s) < len(n.Sides) {
		return n.Sides[s]
	}
	return s.String()
}

// SeatNames names the seats of a hand dealt by dealer at a seating, in a
// style. Foster's letters need four seats in two partnerships; otherwise it
// is ErrFosterSeats.
func SeatNames(seating game.Seating, dealer cards.Seat, style SeatStyle) (Names, error) {
	n := Names{Short: make([]string, seating.Seats), Long: make([]string, seating.Seats), Sides: make([]string, seating.SideCount())}
	if style == FosterSeats {
		if seating.Seats != 4 || seating.SideCount() != 2 || seating.Partner(0) != 2 || dealer < 0 || int(dealer) >= 4 {
			return Names{}, ErrFosterSeats
		}
		for seat := range 4 {
			k := ((seat-int(dealer))%4 + 4) % 4
			n.Short[seat], n.Long[seat] = fosterLetters[k], fosterLetters[k]
		}
		n.Turn = int(dealer.Plus(-int(cards.South), 4))
		dealerSide := seating.SideOf(dealer)
		for side := range n.Sides {
			n.Sides[side] = "AB"
			if cards.Side(side) == dealerSide {
				n.Sides[side] = "YZ"
			}
		}
		return n, nil
	}
	for seat := range seating.Seats {
		n.Short[seat] = seating.Names[seat]
		n.Long[seat] = seating.Names[seat]
		if seating.Compass {
			n.Long[seat] = cards.Seat(seat).Name()
		}
	}
	for side := range n.Sides {
		n.Sides[side] = SideName(seating, cards.Side(side))
	}
	return n, nil
}
