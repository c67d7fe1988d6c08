package bridge

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The irregularities of Bridge, by the Club code (Hoyle's Games
// Modernized, 1909): the declaration made or passed back by the wrong
// player (Laws 49-51), a double or redouble out of turn (Laws 57-58),
// dummy (62-69), exposed cards and cards liable to be called (70-79),
// leads out of turn (80-85), cards played in error (86-88) and the revoke
// (89-99). There is no insufficient declaration in Bridge: the dealer names
// a suit or no trumps, without a number of tricks.

// The laws the irregularities cite.
const (
	LawPartnerDeclares = "Law 49"
	LawAdversaryDecl   = "Law 51"
	LawDoubleOOT       = "Law 57"
	LawRedoubleOOT     = "Law 58"
	LawDummySuggests   = "Law 64"
	LawDummyRevoke     = "Law 68: Dummy is not liable to any penalty for a revoke"
	LawExposedDeclare  = "Law 70"
	LawExposedBefore   = "Law 71"
	LawExposed         = "Law 72"
	LawLeadOOT         = "Law 80"
	LawDealerLeadOOT   = "Law 81"
	LawPlayOOT         = "Law 86"
	LawRevokePenalty   = "Law 90"
	LawEstablished     = "Law 91"
	LawCorrect         = "Law 94"
	LawCorrectDealer   = "Law 95"
	LawClaim           = "Law 97: a revoke cannot be claimed after the cards have been cut for the following deal"
	LawBothRevoke      = "Law 99"
	LawNewDeal         = "Laws 38 and 39: there is no misdeal; a new deal, by the same dealer"
)

// RevokeTricks is the tricks a revoke costs (Law 90).
const RevokeTricks = 3

// RevokeCap is the most the revoking side may score toward game on the
// hand (Law 90 V).
const RevokeCap = 28

var playCode = game.PlayCode{
	Lead: LawLeadOOT, Chooser: "the dealer", Declarer: "the dealer", LeadDeclarer: LawDealerLeadOOT, DeclarerCorrects: true,
	Stands: game.StandsTrick, PlayOutOfTurn: LawPlayOOT, Exposed: LawExposed, DeclarerExempt: true,
	Correct: LawCorrect, CorrectDeclarer: LawCorrectDealer, DummyPlayed: LawDummySuggests,
	ForbidLead: LawExposedBefore, ForbidInstead: true,
}

// PlayLaws implements game.IrregularityRules.
func (*Rules) PlayLaws(*game.Hand) game.PlayLaws {
	return game.PlayLaws{Revoke: LawRevoke, Established: LawEstablished, Quitted: true, Correct: LawCorrect,
		Dummy: LawDummyRevoke, Claim: LawClaim}
}

// JudgeCall implements game.IrregularityRules: the declaration made by
// the dealer's partner without leave (Law 49) or passed back to the
// dealer (Law 50), or made by an adversary (Law 51); a double before the
// eldest hand has asked "May I lead?" (Law 57), a redouble out of turn
// (Law 58).
func (r *Rules) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	if err := r.noDoubling(irr.Call); err != nil {
		return err
	}
	d := r.State(h)
	seat, c := irr.Seat, irr.Call
	tok := c.String()
	who := h.SeatName(seat)
	partner := h.Seating.Partner(h.Dealer)
	dealerSide := h.Seating.SideOf(h.Dealer)
	switch d.stage {
	case stageDeclare, stageLeft:
		switch {
		case c.Kind == cards.Bid && (c.Level != 0 || TrickValue(c.Strain) == 0):
			return game.Illegal(tok, "a declaration in Bridge is a suit or no trumps, without a number of tricks: H, S, D, C or NT", LawDeclare)
		case c.Kind == cards.Bid && seat == partner && d.stage == stageDeclare:
			irr.Kind, irr.Law = game.KindCallOutOfTurn, LawPartnerDeclares
			irr.What = fmt.Sprintf("%s, the dealer's partner, declared %s without the dealer's leave", who, c.Strain.Name())
			h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: irr.ID})
			h.Turn = r.State(h).Next
			return nil
		case c.Kind == cards.Bid && h.Seating.SideOf(seat) != dealerSide:
			irr.Kind, irr.Law = game.KindCallOutOfTurn, LawAdversaryDecl
			irr.What = fmt.Sprintf("%s, an adversary of the dealer, declared %s", who, c.Strain.Name())
			return nil
		case c.Kind == cards.Pass && seat == partner && d.stage == stageLeft && h.Turn == partner:
			irr.Kind, irr.Law = game.KindCallOutOfTurn, LawPassBack
			irr.What = fmt.Sprintf("%s passed the declaration back to the dealer", who)
			return nil
		}
	case stageDoubling:
		switch {
		case c.Kind == cards.Double && h.Seating.SideOf(seat) != dealerSide && d.Acting != dealerSide && seat != d.Next && !d.Second:
			irr.Kind, irr.Law = game.KindCallOutOfTurn, LawDoubleOOT
			irr.What = fmt.Sprintf("%s doubled before his partner had asked \"May I lead?\"", who)
			h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: irr.ID})
			r.settle(h)
			return nil
		case c.Kind == cards.Redouble && h.Seating.SideOf(seat) == d.Acting && seat != d.Next:
			irr.Kind, irr.Law = game.KindCallOutOfTurn, LawRedoubleOOT
			irr.What = fmt.Sprintf("%s redoubled out of turn", who)
			h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: irr.ID})
			r.settle(h)
			return nil
		}
	}
	return game.Illegal(tok, "the Club code of Bridge has no law for that call; it is not recorded", "")
}

// settle moves the declaration on after a call entered as made.
func (r *Rules) settle(h *game.Hand) {
	d := r.State(h)
	if d.Over() {
		r.begin(h, d)
		return
	}
	h.Turn = d.Next
}

// JudgePlay implements game.IrregularityRules.
func (r *Rules) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	switch irr.Kind {
	case game.KindRevoke:
		irr.Law = LawRevoke
		if irr.Disobeyed {
			irr.Law = "Law 79"
		}
		if irr.Seat == h.Dummy {
			irr.Law = LawDummyRevoke
		}
		if r.NoDummy != "" && h.Contract != nil && irr.Seat == h.Seating.Partner(h.Contract.Declarer) {
			irr.Law += "; " + r.NoDummy // no Dummy's exemption: the hand answers for its revoke
		}
	case game.KindLeadOutOfTurn:
		irr.Law = LawLeadOOT
		if h.Declaring(irr.Seat) {
			irr.Law = LawDealerLeadOOT
		}
	case game.KindWrongHand:
		irr.Law = LawDealerLeadOOT
	case game.KindPlayOutOfTurn:
		irr.Law = LawPlayOOT
	case game.KindDummyPlayed:
		if irr.By != h.Dummy {
			return game.Illegal(irr.Card.String(), fmt.Sprintf("the Club code has no law for %s playing dummy's card: the dealer plays dummy's cards", h.SeatName(irr.By)), LawDummy)
		}
		irr.Law = LawDummySuggests
	}
	return nil
}

// JudgeExposed implements game.IrregularityRules: before the trump is
// declared, a card exposed by the dealer or his partner gives the eldest
// hand a new deal (Law 70); before a card is led, a card exposed costs the
// offender's partner his right to double (Law 71); the cards of the
// dealer's adversaries are liable to be called (Law 72). Dummy, and the
// dealer, are liable to no penalty for exposing (Laws 69, 75).
func (r *Rules) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), game.CardList(irr.Cards))
	d := r.State(h)
	dealerSide := h.Seating.SideOf(h.Dealer) == h.Seating.SideOf(irr.Seat)
	beforeLead := h.Phase == game.PhaseAuction || (len(h.Tricks) == 1 && len(h.Tricks[0].Cards) == 0)
	switch {
	case h.Phase == game.PhaseAuction && dealerSide && (d.stage == stageDeclare || d.stage == stageLeft):
		irr.Law = LawExposedDeclare
	case beforeLead:
		irr.Law = LawExposedBefore
	default:
		irr.Law = LawExposed
	}
	if h.Phase == game.PhaseAuction {
		h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, true, LawExposedBefore, irr)
	}
	if !dealerSide {
		h.ExposePenalty(irr, irr.Cards, game.Callable, LawExposed)
	}
	return nil
}

// JudgeNewDeal implements game.IrregularityRules.
func (*Rules) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawNewDeal
	irr.What = "a new deal: " + game.ReasonWords(irr.Reason)
	return nil
}

// Established implements game.IrregularityRules: the penalty is the
// adversaries' choice at the end of the hand.
func (*Rules) Established(*game.Hand, *game.Irregularity) {}

// Corrected implements game.IrregularityRules: the card played in error
// by an adversary of the declarer lies exposed (Bridge Law 94).
func (*Rules) Corrected(h *game.Hand, irr *game.Irregularity) { playCode.Corrected(h, irr) }

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if irr.Kind == game.KindExposed {
		return r.exposedChoices(h, irr)
	}
	if cs, settled, ok := playCode.Choices(h, irr); ok {
		return cs, settled
	}
	switch irr.Kind {
	case game.KindRevoke:
		return r.revokeChoices(h, irr)
	case game.KindCallOutOfTurn:
		return r.callChoices(h, irr)
	case game.KindNewDeal:
		return nil, "the hand is void: the same dealer deals again"
	}
	return nil, ""
}

// revokeChoices: Law 90. "The penalty for a revoke is at the option of the
// adversaries, who, at the end of the hand, may, after consultation,
// either take three tricks from the revoking player and add them to their
// own, or deduct the value of three tricks from his existing score, or add
// the value of three tricks to their own score."
//
// Where the penalty is reversed (RevokeTaken), the three tricks go to the
// revoking side instead.
func (r *Rules) revokeChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Established == 0:
		return nil, "not yet established: it may still be corrected (hoyle correct)"
	case irr.Seat == h.Dummy:
		return nil, "no penalty: " + LawDummyRevoke
	case irr.Remedied():
		return nil, ""
	case h.Phase != game.PhaseDone:
		return nil, "the adversaries choose the penalty at the end of the hand (Law 90)"
	case h.Contract == nil:
		return nil, "no declaration: nothing to penalize"
	}
	v := RevokeTricks * DoubledValue(h.Contract.Strain, h.Contract.Doubled)
	by := h.SideName(1-h.Offending(irr)) + ", the adversaries"
	who := h.SeatName(irr.Seat)
	tricks := game.Choice{Name: "tricks", Law: LawRevokePenalty, By: by, Effect: fmt.Sprintf("three tricks taken from %s's side and added to their own", who)}
	if r.RevokeTaken != "" {
		tricks.Law, tricks.Effect = r.RevokeTaken, fmt.Sprintf("%s's side takes three tricks from theirs, the penalty reversed: it scores them for its adversaries", who)
	}
	return []game.Choice{
		tricks,
		{Name: "deduct", Law: LawRevokePenalty, By: by, Effect: fmt.Sprintf("the value of three tricks (%d) deducted from %s's side's score toward the game", v, who)},
		{Name: "add", Law: LawRevokePenalty, By: by, Effect: fmt.Sprintf("the value of three tricks (%d) added to their own score toward the game", v)},
	}, ""
}

// callChoices: Laws 49-51, 57-58.
func (r *Rules) callChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if irr.Remedied() {
		return nil, ""
	}
	later := len(game.CallsSince(h, irr)) > 0 || h.Phase != game.PhaseAuction
	switch irr.Law {
	case LawPartnerDeclares:
		if later {
			return nil, "a declaration as to doubling was made: the declaration wrongly made stands (Law 49)"
		}
		return []game.Choice{
			{Name: "accept", Law: LawPartnerDeclares, By: "the eldest hand", Effect: "the declaration so made stands"},
			{Name: "new-deal", Law: LawPartnerDeclares, By: "the eldest hand", Effect: "a new deal, by the same dealer"},
		}, ""
	case LawPassBack:
		if later {
			return nil, "the declaration was made since"
		}
		return []game.Choice{
			{Name: "new-deal", Law: LawPassBack, By: "the eldest hand", Effect: "a new deal, by the same dealer"},
			{Name: "declare", Law: LawPassBack, By: "the eldest hand", Effect: "the dealer's partner must himself make the declaration"},
		}, ""
	case LawAdversaryDecl:
		if later {
			return nil, "the dealer proceeded as if no such declaration had been made (Law 51)"
		}
		return []game.Choice{
			{Name: "new-deal", Law: LawAdversaryDecl, By: "the dealer", Effect: "a fresh deal, by the same dealer"},
			{Name: "cancel", Law: LawAdversaryDecl, By: "the dealer", Effect: "the dealer proceeds as if no such declaration had been made"},
		}, ""
	case LawDoubleOOT, LawRedoubleOOT:
		// Laws 57 and 58.
		if later {
			return nil, "the doubling went on: it stands"
		}
		by, law := "the declarer of the trump", "Laws 57 and 58"
		if irr.Law == LawRedoubleOOT {
			by, law = "the adversary who last doubled", LawRedoubleOOT
		}
		return []game.Choice{
			{Name: "accept", Law: irr.Law, By: by, Effect: "it stands, and the doubling may go on"},
			{Name: "cancel", Law: law, By: by, Effect: "it does not stand, and there is no further doubling in that hand"},
		}, ""
	}
	return nil, ""
}

// exposedChoices: Laws 70-72.
func (r *Rules) exposedChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	cs, settled := playCode.ExposedChoices(h, irr)
	if irr.Law == LawExposedDeclare && h.Phase == game.PhaseAuction && !irr.Remedied() {
		if d := r.State(h); d.stage == stageDeclare || d.stage == stageLeft {
			cs = append(cs, game.Choice{Name: "new-deal", Law: LawExposedDeclare, By: "the eldest hand", Effect: "a new deal, by the same dealer"})
		}
	}
	if len(cs) > 0 {
		settled = ""
	}
	return cs, settled
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	if ok, err := playCode.Apply(h, irr, rem); ok {
		return err
	}
	switch rem.Choice {
	case "tricks", "deduct", "add", "declare":
	case "new-deal":
		h.Annul()
	case "cancel":
		if irr.Law == LawAdversaryDecl {
			return nil
		}
		// A double or redouble out of turn not accepted: no further
		// doubling in that hand (Law 58), and the play begins.
		game.WithdrawCall(h, irr, h.Turn)
		d := r.State(h)
		r.begin(h, d)
		rem.Effect = "it does not stand, and there is no further doubling: the play begins"
	default:
		return game.Illegal(rem.Choice, "not a remedy of the Club code", "")
	}
	return nil
}
