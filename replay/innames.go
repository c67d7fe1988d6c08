package replay

import (
	"regexp"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The laws' texts are made by the projections, which name seats as the
// seating does ("E renounced in clubs with D8") and cards by their codes:
// InNames says them as a view names seats and cards, so that a write-up
// by Foster's letters does not slip back into the compass ("B renounced in
// clubs with ♦8").

// seatOrCard is a seat's name, a side's, or a card's code, standing as a
// word of its own (a card's code is a suit letter and a rank: S2, HT, H10).
var seatOrCard = regexp.MustCompile(`\b(?:[SHDC](?:10|[2-9TJQKA])|[A-Z][A-Za-z]{0,2})\b`)

// InNames rewrites text made with the seating's seat and side names and
// card codes into names' seats and sides and cards as CardText writes
// them. A word that is neither is left alone.
func InNames(text string, seating game.Seating, names Names, ascii bool) string {
	seats := map[string]string{}
	for seat, n := range seating.Names {
		if seat < len(names.Short) && n != "" {
			seats[n] = names.Short[seat]
		}
	}
	if seating.CompassSides() {
		for side := range seating.SideCount() {
			seats[cards.Side(side).String()] = names.Side(cards.Side(side))
		}
	}
	return seatOrCard.ReplaceAllStringFunc(text, func(w string) string {
		if to, ok := seats[w]; ok {
			return to
		}
		if len(w) >= 2 && len(w) <= 3 {
			if c, err := cards.ParseCard(w); err == nil && c.Valid() && c != cards.Joker && c.Suit().String() == w[:1] {
				return CardText(c, ascii)
			}
		}
		return w
	})
}
