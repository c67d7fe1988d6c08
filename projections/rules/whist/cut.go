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
	LawLowestDeals = "Law 17 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code: the whist codes say nothing of the cut"
	LawCutAgain    = "Laws 19 and 20 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code"
	LawSamePack    = "Law 15 of the American Laws of Bridge (1913), the nearest code"
)

// CutLaw is the cut for deal of whist, and of the games of its family
// that cut "as at whist".
var CutLaw = game.CutLaw{Order: game.AceLowOrder, Deals: LawLowestDeals, SamePack: LawSamePack, Tie: LawCutAgain, Partners: LawLowestDeals,
	Rule: "the lowest deals, the ace lowest; players cutting equal cards for the lowest cut again (the Club code of Bridge, Laws 17, 19 and 20, the nearest code)"}

// CutDealer implements game.CutRules for English whist: the lowest cut
// deals, the ace low, a tie for the lowest cut again. Duplicate whist is
// played by boards, and each board fixes its dealer.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	if r.duplicate {
		return cards.NoSeat, game.Illegal("cut for deal", "duplicate whist is played by boards, and each board fixes its dealer: deal --board N", LawCompared)
	}
	return CutLaw.Dealer(r.Seating(), r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (r *Rules) CutRule(game.Options) string {
	if r.duplicate {
		return "no cut for deal: duplicate whist is played by boards, and each board fixes its dealer"
	}
	return CutLaw.Rule
}
