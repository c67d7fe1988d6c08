package auction1913

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// cutSuit is the order of the suits between cards of otherwise equal value
// in the cut (Law 14): the heart lowest, the diamond, the club, the spade
// highest.
var cutSuit = map[cards.Suit]int{cards.Hearts: 0, cards.Diamonds: 1, cards.Clubs: 2, cards.Spades: 3}

// cutOrder is Law 14: "in cutting the ace is the lowest card", and the
// suit decides between cards of otherwise equal value, so no two cards of
// one pack tie.
func cutOrder(c cards.Card) int { return 4*game.AceLowOrder(c) + cutSuit[c.Suit()] }

// cutLaw is the cut for deal of the 1913 laws: every player cuts from the
// same pack (Law 15) and the lowest is the dealer (Law 19). Law 16 (a
// player who exposes more than one card cuts the highest of them) is the
// scorer's to apply: he records the card that counts.
var cutLaw = game.CutLaw{Order: cutOrder, Deals: "Law 19", SamePack: "Law 15", Partners: "Law 19: the two lower play against the two higher",
	Rule: "the lowest deals; the ace is lowest, and between cards of equal rank the heart is lowest, then the diamond, the club, the spade (Laws 14, 15, 19)"}

// CutDealer implements game.CutRules: the lowest cut deals, the ace low
// and ties broken by suit (Laws 14, 15 and 19).
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	return cutLaw.Dealer(r.Seating(), r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string { return cutLaw.Rule }
