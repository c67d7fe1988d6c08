package bridge

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Laws of the cut for partners and deal.
const (
	// LawLowestDeals is Law 17: "the lowest is the dealer".
	LawLowestDeals = "Law 17"
	// LawCutAgain are Laws 19 and 20: two players cutting cards of equal
	// value cut again, and "should they be the two lowest, a fresh cut is
	// necessary to decide which of those two deals"; three cut again,
	// and the original lowest deals only when the fourth card is lowest.
	LawCutAgain = "Laws 19 and 20"
	// LawPartners is Law 17: "the two lowest play against the two highest".
	LawPartners = "Law 17: the two lowest play against the two highest"
	// LawSamePack is the rule that every player cuts from the same pack.
	// The Club code's own cutting laws (14-16) are not in the seeds; the
	// nearest code that is, the American laws of 1913 (seeds 001), says it
	// in its Law 15.
	LawSamePack = "Law 15 of the American Laws of Bridge (1913), the nearest code"
)

// cutLaw is the Club code's cut for deal (seeds 000, Laws 17, 19 and 20):
// the lowest deals, and cards of the same rank are of equal value, so a
// tie for the lowest is cut again. The ace is the lowest card, as in every
// code of the period in the seeds (1913 Law 14; Five Hundred's cutting
// rule); this code's own statement of it is in its Law 14, which the seeds
// lack.
//
// Cut is the same law, for the games played as Bridge that cut by it.
var Cut = cutLaw

var cutLaw = game.CutLaw{Order: game.AceLowOrder, Deals: LawLowestDeals, SamePack: LawSamePack, Tie: LawCutAgain, Partners: LawPartners,
	Rule: "the lowest deals, the ace lowest; players cutting equal cards for the lowest cut again (Laws 17, 19, 20)"}

// CutDealer implements game.CutRules: the lowest deals, and the two lowest
// are partners (Law 17). A tie that leaves the partners, not the dealer,
// undecided (Law 19) is cut again off the record: the seats the players
// took after it say how it fell.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	return cutLaw.Dealer(r.Seating(), r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string { return cutLaw.Rule }
