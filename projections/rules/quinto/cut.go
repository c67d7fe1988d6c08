package quinto

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// LawCutJoker: the text settles partners and deal "in the usual way", and
// the usual way (the Club code of Bridge, Laws 17-20) ranks the fifty-two
// cards only.
const LawCutJoker = Text + ": partners and deal are settled \"in the usual way\"; the usual way (Laws 17-20 of the Club code of Bridge, the nearest code) does not rank the Quint Royal"

// CutDealer implements game.CutRules: "after settling partners and deal in
// the usual way", which is Bridge's: the lowest deals, the ace lowest, and
// the two lowest play against the two highest (the Club code, Laws 17, 19
// and 20). The Quint Royal has no place in that order: a player who cuts
// it cuts again, and the scorer records the card that counts.
func (r *Rules) CutDealer(cuts []game.CutCard, opts game.Options) (cards.Seat, error) {
	for _, c := range cuts {
		if c.Card == cards.Joker {
			name := c.Seat.String()
			if c.Seat >= 0 && int(c.Seat) < len(r.Seating().Names) {
				name = r.Seating().Names[c.Seat]
			}
			return cards.NoSeat, game.Illegal(name+"="+c.Card.String(), "the usual way of cutting ranks no Quint Royal: he cuts again; record the card that counts", LawCutJoker)
		}
	}
	return bridge.New().CutDealer(cuts, opts)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(opts game.Options) string {
	return bridge.New().CutRule(opts) + ", \"in the usual way\" (" + Text + "); the Quint Royal is cut again"
}
