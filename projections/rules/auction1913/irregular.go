package auction1913

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The irregularities of Auction Bridge, 1913. The American laws of 1913
// (laws 49-62) govern the declaration: calls out of turn (Law 49),
// insufficient and impossible declarations (Law 50), a declaration by a
// player barred (Law 50a), the time limit on every penalty of the auction
// (Law 50b), doubles of partner and redoubles more than once (Law 54),
// doubles out of turn (Law 57), and dummy suggesting a card (Law 62). The
// laws after 62 are not in the code as printed; Foster's Auction Bridge
// (Foster's Complete Hoyle, 1914) gives the revoke, exposed cards and leads
// out of turn for this game, and where Foster is silent (what a renounce
// corrected in time becomes, a card played out of turn but not led, when a
// revoke can no longer be claimed) hoyle takes the Club code of Bridge as
// Hoyle's Games Modernized (1909) prints it, whose laws 91-108 the Auction
// code of 1908 adopts "as in Bridge": the nearest code.

// The laws the irregularities cite.
const (
	LawOutOfTurn     = "Law 49"
	LawInsufficient  = "Law 50"
	LawBarred        = "Law 50a"
	LawTooLate       = "Law 50b"
	LawBadDouble     = "Law 54"
	LawDoubleOOT     = "Laws 57 and 49"
	LawDummySuggests = "Law 62"
	LawNewDeal       = "Laws 36 and 37; Foster's Complete Hoyle (1914), Irregularities in the Deal: the same dealer deals again"
	FosterRevoke     = "Foster's Complete Hoyle (1914), Auction Bridge, The Revoke"
	FosterExposed    = "Foster's Complete Hoyle (1914), Auction Bridge, Exposed Cards"
	FosterLead       = "Foster's Complete Hoyle (1914), Auction Bridge, Leading Out of Turn"
	BridgeCorrect    = "Law 94 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code"
	BridgeDealer     = "Law 95 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code"
	BridgeCalled     = "Law 79 of the Club code of Bridge (Hoyle's Games Modernized, 1909): failing to play as a penalty requires incurs the penalty of a revoke"
	BridgePlayOOT    = "Law 86 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code"
	BridgeClaim      = "Law 97 of the Club code of Bridge (Hoyle's Games Modernized, 1909), which the Auction code of 1908 adopts: a revoke cannot be claimed after the cards have been cut for the following deal"
)

// playCode is Foster's (and, where he is silent, the Club code of
// Bridge's) laws for the irregularities of the play.
var playCode = game.PlayCode{
	Lead: FosterLead, Chooser: "the declarer", LeadDeclarer: FosterLead, Stands: game.StandsSecondHand,
	PlayOutOfTurn: BridgePlayOOT, Exposed: FosterExposed, DeclarerExempt: true,
	Correct: BridgeCorrect, CorrectDeclarer: BridgeDealer, DummyPlayed: LawDummySuggests, ForbidLead: FosterExposed,
}

// RevokePoints is what a revoke costs in the honour column (Foster, The
// Revoke): to the adversaries when the declarer revokes, and to the
// declarer, if he takes it rather than three tricks, when an adversary
// does.
const RevokePoints = 100

// RevokeTricks is the tricks the declarer may take instead (Foster).
const RevokeTricks = 3

// Double penalties of Law 54: for doubling a partner's declaration or
// redoubling his double, and for redoubling more than once.
const (
	DoublePartnerPoints = 50
	RedoubleTwicePoints = 100
)

// PlayLaws implements game.IrregularityRules.
func (*Rules) PlayLaws(*game.Hand) game.PlayLaws {
	return game.PlayLaws{
		Revoke: FosterRevoke,
		Established: FosterRevoke + ": established when the trick in which it occurs is turned down and quitted, " +
			"or when the revoking player or his partner has led or played to the following trick",
		Quitted: true,
		Correct: FosterRevoke + ": a renounce may be corrected until it is established; " + BridgeCorrect + ", for what the card becomes",
		Dummy:   FosterRevoke + ": dummy cannot revoke under any circumstances",
		Claim:   BridgeClaim,
	}
}

// JudgeCall implements game.IrregularityRules: the declaration's
// irregularities (Laws 49-57).
func (r *Rules) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	if err := r.ClassifyCall(h, irr); err != nil {
		return err
	}
	switch irr.Kind {
	case game.KindCallOutOfTurn:
		if irr.Call.Kind == cards.Pass {
			// "The order of the bidding is not affected ... The player who
			// has passed out of turn may re-enter the bidding in his proper
			// turn if the declaration he has passed be overbid or doubled."
			irr.Law = LawOutOfTurn
			h.Bar(irr.Seat, game.BarUntilOverbid, false, LawOutOfTurn, irr)
			return nil
		}
		irr.Law = LawOutOfTurn
		if irr.Call.Kind != cards.Bid {
			irr.Law = LawDoubleOOT
		}
	case game.KindInsufficient, game.KindImpossible:
		irr.Law = LawInsufficient
	case game.KindBarredCall:
		irr.Law = LawBarred
		h.Bar(irr.Seat, game.BarAuction, false, LawBarred, irr)
		h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, false, LawBarred, irr)
	case game.KindBadDouble:
		// Not a call: the offender calls again.
		irr.Law = LawBadDouble
		return nil
	}
	r.Enter(h, irr.Seat, irr.Call, irr.ID)
	return nil
}

// JudgePlay implements game.IrregularityRules: Foster for the revoke and
// leads out of turn, the Club code of Bridge where he is silent.
func (r *Rules) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	switch irr.Kind {
	case game.KindRevoke:
		irr.Law = FosterRevoke
		if irr.Seat == h.Dummy {
			irr.Law = r.PlayLaws(h).Dummy
		}
		if irr.Disobeyed {
			irr.Law = BridgeCalled
		}
	case game.KindLeadOutOfTurn, game.KindWrongHand:
		irr.Law = FosterLead
	case game.KindPlayOutOfTurn:
		irr.Law = BridgePlayOOT
	case game.KindDummyPlayed:
		if irr.By != h.Dummy {
			return game.Illegal(irr.Card.String(), fmt.Sprintf("the laws have no rule for %s playing dummy's card: only the declarer plays dummy's cards", h.SeatName(irr.By)), LawDummySuggests)
		}
		irr.Law = LawDummySuggests
	}
	return nil
}

// JudgeExposed implements game.IrregularityRules (Foster, Exposed Cards):
// before the winning declaration is settled, the offender's partner is
// barred from bidding or doubling and the card is subject to call; after,
// cards exposed by the declarer's adversaries are liable to be called,
// and the declarer is liable to no penalty.
func (r *Rules) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = FosterExposed
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), game.CardList(irr.Cards))
	switch {
	case h.Phase == game.PhaseAuction:
		h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, false, FosterExposed, irr)
		h.ExposePenalty(irr, irr.Cards, game.Callable, FosterExposed)
	case h.Declaring(irr.Seat):
	default:
		h.ExposePenalty(irr, irr.Cards, game.Callable, FosterExposed)
	}
	return nil
}

// JudgeNewDeal implements game.IrregularityRules: Law 37 (a card faced,
// the pack incorrect, a deal out of turn...); the same dealer deals again.
func (*Rules) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawNewDeal
	irr.What = "a new deal: " + game.ReasonWords(irr.Reason)
	return nil
}

// Established implements game.IrregularityRules: when the declarer
// revokes there is no choice to make, and the penalty is recorded at once.
func (r *Rules) Established(h *game.Hand, irr *game.Irregularity) {
	if irr.Seat == h.Dummy || h.Contract == nil || irr.Seat != h.Contract.Declarer || irr.Remedied() {
		return
	}
	irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "points", Law: FosterRevoke,
		Effect: fmt.Sprintf("the declarer revoked: he scores nothing but honours as actually held, and the adversaries take %d in the honour column", RevokePoints)})
}

// Corrected implements game.IrregularityRules: the card played in error
// by an adversary of the declarer lies exposed (Bridge Law 94).
func (*Rules) Corrected(h *game.Hand, irr *game.Irregularity) { playCode.Corrected(h, irr) }

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if cs, settled, ok := playCode.Choices(h, irr); ok {
		return cs, settled
	}
	switch irr.Kind {
	case game.KindRevoke:
		return r.revokeChoices(h, irr)
	case game.KindCallOutOfTurn:
		switch {
		case irr.Call.Kind == cards.Pass:
			return nil, "no penalty: the order of the bidding is not affected, and the player may re-enter if the declaration he passed is overbid or doubled (Law 49)"
		case irr.Remedied():
			return nil, ""
		case game.AdversaryCalled(h, irr) || h.Phase != game.PhaseAuction:
			return nil, "an adversary called before a penalty was demanded: it stands as if in turn (Law 50b)"
		}
		return []game.Choice{
			{Name: "accept", Law: LawOutOfTurn, By: "either adversary", Effect: "the declaration stands, and the bidding continues as if it had been in turn"},
			{Name: "new-deal", Law: LawOutOfTurn, By: "either adversary", Effect: "a new deal, by the same dealer"},
		}, ""
	case game.KindInsufficient, game.KindImpossible:
		switch {
		case irr.Remedied():
			return nil, ""
		case game.AdversaryCalled(h, irr) || h.Phase != game.PhaseAuction:
			return nil, "an adversary passed, doubled or declared before the penalty was demanded: it stands as regular (Law 50b)"
		}
		return r.insufficientChoices(h, irr), ""
	case game.KindBarredCall:
		switch {
		case irr.Remedied():
			return nil, ""
		case game.AdversaryCalled(h, irr) || h.Phase != game.PhaseAuction:
			return nil, "an adversary called before deciding: it stands (Law 50b)"
		}
		return []game.Choice{
			{Name: "accept", Law: LawBarred, By: "either adversary", Effect: "the declaration stands; neither the offender nor his partner may bid again"},
			{Name: "cancel", Law: LawBarred, By: "either adversary", Effect: "the declaration does not stand (it counts as a pass); neither the offender nor his partner may bid again"},
		}, ""
	case game.KindBadDouble:
		return r.badDoubleChoices(h, irr)
	case game.KindNewDeal:
		return nil, "the hand is void: the same dealer deals again"
	}
	return nil, ""
}

// revokeChoices: Foster, The Revoke. An established revoke by an adversary
// gives the declarer the choice of 100 points or three tricks; by the
// declarer, the penalty is fixed. A renounce corrected in time leaves the
// choices of Bridge Laws 94-95.
func (r *Rules) revokeChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Established == 0:
		return nil, "not yet established: it may still be corrected (hoyle correct)"
	case irr.Seat == h.Dummy:
		return nil, "no penalty: dummy cannot revoke (Foster)"
	case irr.Remedied():
		return nil, ""
	case h.Contract == nil:
		return nil, "no contract: nothing to penalize"
	}
	return []game.Choice{
		{Name: "tricks", Law: FosterRevoke, By: "the declarer",
			Effect: fmt.Sprintf("%d tricks taken from the adversaries and added to the declarer's: they may help him make his contract, but earn no bonus for a doubled contract and no slam", RevokeTricks)},
		{Name: "points", Law: FosterRevoke, By: "the declarer",
			Effect: fmt.Sprintf("%d points in the declarer's honour column", RevokePoints)},
	}, ""
}

// insufficientChoices: Law 50. An insufficient declaration is made
// sufficient in the declaration named, an impossible one seven; either
// adversary may instead let it stand, or, for an impossible one, demand a
// new deal or that his side's last declaration be final.
func (r *Rules) insufficientChoices(h *game.Hand, irr *game.Irregularity) []game.Choice {
	partner := h.SeatName(h.Seating.Partner(irr.Seat))
	if irr.Kind == game.KindImpossible {
		out := []game.Choice{
			{Name: "seven", Law: LawInsufficient, By: "either adversary",
				Effect: fmt.Sprintf("the bid is made seven %s, and %s may not declare unless an adversary bids or doubles", irr.Call.Strain.Name(), partner)},
			{Name: "new-deal", Law: LawInsufficient, By: "either adversary", Effect: "a new deal, by the same dealer"},
		}
		if c, _, ok := game.LastBidOf(h, irr, 1-h.Offending(irr)); ok {
			out = append(out, game.Choice{Name: "final", Law: LawInsufficient, By: "either adversary",
				Effect: fmt.Sprintf("%s's %s, the last declaration made on behalf of the adversaries, becomes the final declaration", h.SeatName(c.Seat), c.Call)})
		}
		return out
	}
	out := []game.Choice{}
	if b, ok := r.SufficientBid(h, irr); ok {
		out = append(out, game.Choice{Name: "sufficient", Law: LawInsufficient, By: "either adversary",
			Effect: fmt.Sprintf("%s is made %s, and %s may not declare unless an adversary bids or doubles", irr.Call, b, partner)})
	}
	return append(out, game.Choice{Name: "accept", Law: LawTooLate, By: "either adversary", Effect: "no penalty: the bid stands as regular"})
}

// badDoubleChoices: Law 54. A double of partner's declaration, or a
// redouble of his double, costs 50 in the adverse honour score; a
// redouble more than once, 100 or a new deal. Neither counts as a double.
func (r *Rules) badDoubleChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Remedied():
		return nil, ""
	case r.DoubleOfPartner(h, irr):
		return []game.Choice{{Name: "points", Law: LawBadDouble, By: "either adversary",
			Effect: fmt.Sprintf("%d points in the adversaries' honour score", DoublePartnerPoints)}}, ""
	case r.RedoubledTwice(h, irr):
		out := []game.Choice{{Name: "points", Law: LawBadDouble, By: "either adversary",
			Effect: fmt.Sprintf("%d points in the adversaries' honour score", RedoubleTwicePoints)}}
		if h.Phase == game.PhaseAuction {
			out = append(out, game.Choice{Name: "new-deal", Law: LawBadDouble, By: "either adversary", Effect: "a new deal, by the same dealer"})
		}
		return out, ""
	}
	return nil, "it does not count: a declaration may be doubled and redoubled once, and only by an adversary (Law 54)"
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	if ok, err := playCode.Apply(h, irr, rem); ok {
		return err
	}
	switch rem.Choice {
	case "tricks", "points":
	case "new-deal":
		h.Annul()
	case "sufficient":
		b, _ := r.SufficientBid(h, irr)
		r.ReplaceCall(h, irr, b)
		h.Bar(h.Seating.Partner(irr.Seat), game.BarUntilAdverse, false, LawInsufficient, irr)
		rem.Effect = fmt.Sprintf("%s is made %s; %s may not declare unless an adversary bids or doubles", irr.Call, b, h.SeatName(h.Seating.Partner(irr.Seat)))
	case "seven":
		r.ReplaceCall(h, irr, cards.NewBid(7, irr.Call.Strain))
		h.Bar(h.Seating.Partner(irr.Seat), game.BarUntilAdverse, false, LawInsufficient, irr)
	case "final":
		_, i, _ := game.LastBidOf(h, irr, 1-h.Offending(irr))
		r.EndAuction(h, i)
	case "cancel":
		r.ReplaceCall(h, irr, cards.PassCall)
	default:
		return game.Illegal(rem.Choice, "not a remedy of this code", "")
	}
	return nil
}
