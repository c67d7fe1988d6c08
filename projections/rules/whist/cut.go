package whist

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The cut for deal. The whist codes in the seeds say nothing of it, and
// the Laws of Short Whist are not printed there; the nearest code that is,
// the Club code of Bridge in the same book (seeds 000), took its cutting
// laws from whist: the lowest deals (Law 17), and cards of equal value for
// the lowest are cut again (Laws 19 and 20). The ace is lowest.
const (
	LawLowestDeals = "Bridge Law 17 (seeds 000), the nearest code: the whist codes in the seeds say nothing of the cut"
	LawCutAgain    = "Bridge Laws 19 and 20 (seeds 000), the nearest code"
	LawSamePack    = "1913 Law 15 (seeds 001), the nearest code in the seeds"
)

var cutLaw = game.CutLaw{Order: game.AceLowOrder, Deals: LawLowestDeals, SamePack: LawSamePack, Tie: LawCutAgain,
	Rule: "the lowest deals, the ace lowest; players cutting equal cards for the lowest cut again (the Bridge code's Laws 17, 19, 20, the nearest in the seeds)"}

// CutDealer implements game.CutRules for English whist: the lowest cut
// deals, the ace low, a tie for the lowest cut again. Duplicate whist is
// played by boards, and each board fixes its dealer.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	if r.duplicate {
		return cards.NoSeat, game.Illegal("cut for deal", "duplicate whist is played by boards, and each board fixes its dealer: deal --board N", LawCompared)
	}
	return cutLaw.Dealer(r.Seating(), r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (r *Rules) CutRule(game.Options) string {
	if r.duplicate {
		return "no cut for deal: duplicate whist is played by boards, and each board fixes its dealer"
	}
	return cutLaw.Rule
}
