package fivehundred

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The cut for deal. The text gives the order of the cards: "In cutting for
// deal, the Joker is the lowest card, and an ace the next higher. After
// which come the 7, &c., upwards to the king." It does not say who deals,
// nor what is done with a tie; the Bridge code of the same book (seeds
// 000) is the nearest rule: the lowest is the dealer (Law 17), and two
// players cutting cards of equal value for the lowest cut again (Law 19).
const (
	TextCut        = "Five Hundred: cutting for deal"
	LawLowestDeals = "Law 17 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest rule: the Five Hundred text gives only the order of the cards"
	LawCutAgain    = "Laws 19 and 20 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest rule"
)

// cutOrder is the text's order: the Joker, the ace, then seven to king;
// cards of the same rank are of equal value.
func cutOrder(c cards.Card) int {
	if c == cards.Joker {
		return 0
	}
	return game.AceLowOrder(c)
}

var cutLaw = game.CutLaw{Order: cutOrder, Deals: LawLowestDeals, SamePack: TextCut, Tie: LawCutAgain,
	Rule: "the lowest deals; the Joker is lowest, then the ace, then seven up to king; players cutting equal cards for the lowest cut again (" + TextCut + "; the Bridge code's Laws 17, 19, 20 for what the text leaves out)"}

// CutDealer implements game.CutRules: the lowest cut deals, the Joker
// lowest of all, then the ace.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	return cutLaw.Dealer(Seating, r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string { return cutLaw.Rule }
