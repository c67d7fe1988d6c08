package contract

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// LawDraw is the rule of today's rubber bridge for the draw: each player
// draws a card from the pack spread face down, the ace is the highest card
// and the suits rank spades, hearts, diamonds, clubs, so no two cards tie;
// the player with the highest card deals first.
const LawDraw = "Laws of Rubber Bridge: the draw"

// drawOrder ranks a card for the draw: by rank, the ace high, then by
// suit, clubs lowest (Law 1's order of the suits).
func drawOrder(c cards.Card) int { return 4*int(c.Rank()) + strainRank(cards.StrainOf(c.Suit())) }

var cutLaw = game.CutLaw{Order: drawOrder, Highest: true, Deals: LawDraw, SamePack: LawDraw, Partners: LawDraw,
	Rule: "the highest card drawn deals; the ace is highest, and the suits rank spades, hearts, diamonds, clubs (" + LawDraw + ")"}

// CutDealer implements game.CutRules for rubber and Chicago scoring: the
// highest card drawn deals. At duplicate there is no draw for the deal:
// each board fixes its dealer (Law 2 of the Laws of Duplicate Bridge).
func (r *Rules) CutDealer(cuts []game.CutCard, opts game.Options) (cards.Seat, error) {
	if opts["scoring"] == ScoringDuplicate {
		return cards.NoSeat, game.Illegal("cut for deal", "at duplicate each board fixes its dealer: deal --board N", "Law 2")
	}
	return cutLaw.Dealer(r.Seating(), r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(opts game.Options) string {
	if opts["scoring"] == ScoringDuplicate {
		return "no cut for deal at duplicate: each board fixes its dealer (Law 2)"
	}
	return cutLaw.Rule
}
