package contract

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Board implements game.BoardRules: duplicate board number n
// fixes the dealer and the vulnerable sides (Law 2; see BoardDealer and
// BoardVulnerability), so that `hoyle deal --board N` records them with
// the deal.
func (*Rules) Board(n int) (cards.Seat, cards.Vulnerability) {
	return BoardDealer(n), BoardVulnerability(n)
}

// The compiler holds Rules to the optional interfaces of boards and
// vulnerability, so that a change of theirs is not missed in silence.
var (
	_ game.BoardRules         = (*Rules)(nil)
	_ game.VulnerabilityRules = (*Rules)(nil)
)

// Duplicate implements game.BoardRules: duplicate scoring plays boards.
func (*Rules) Duplicate(opts game.Options) bool { return opts["scoring"] == ScoringDuplicate }

// NextDealer implements game.Ruleset: the deal passes to the left, except
// in Chicago, where a deal passed out is dealt again by the same dealer and
// does not count as one of the four (see ChicagoSheet).
func (r *Rules) NextDealer(h *game.Hand) cards.Seat {
	if h.Opts["scoring"] == ScoringChicago && h.Phase == game.PhaseDone && h.Contract == nil {
		return h.Dealer
	}
	return r.FourHanded.NextDealer(h)
}
