package whist

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The irregularities of whist.
//
// English whist follows the Laws of Short Whist (1864) as Hoyle's Games
// Modernized (1909) prints them, "The Laws of Whist". That printing adds
// three laws before the play to the code of 1864, so its numbers run three
// ahead of 1864's from the irregularities of the play on: its law 74 (the
// revoke) and 75 (its penalty) are 1864's 71 and 72; its laws 67 to 73
// (leads out of turn, cards played in error) were read in the 1909 text,
// and 1864's 66 to 72 in a printed copy of the 1864 code (Google Books
// KR0CAAAAYAAJ, p. 81) and its 78 to 82 in another (Google Books
// _zwVAAAAYAAJ, p. 137). Where the 1909 number of a law was not read, it
// is cited by its heading and its words.
//
// Duplicate whist follows the American Whist League's laws as Foster's
// Complete Hoyle (1914) prints them: Law VIII, Secs. 2-4 (a lead out of
// turn), Law IX (playing out of turn), Law X (the revoke: two tricks
// transferred, one for each later revoke, within the averages of the
// other tables) and Law XI. Its Law VIII, Sec. 1 and its laws on exposed
// cards are not in the text; the Laws of Whist, the nearest code, stand in.

// The laws the irregularities cite.
const (
	LawRevokePenalty = "Law 75"
	LawEstablished   = "Laws of Whist (1909), The Revoke: established when the trick is turned and quitted, or the revoking side plays to the next"
	LawCorrect       = "Laws of Whist (1909), The Revoke: a renounce corrected in time"
	LawNoGame        = "Laws of Whist (1909), The Revoke: the revoking side cannot score more than four on the hand"
	LawClaim         = "Laws of Whist (1909), The Revoke: no revoke can be claimed after the cards are cut for the following deal"
	LawLeadOOT       = "Laws of Whist (1909), Leads out of Turn"
	LawPlayOOT       = "Law 71"
	LawExposed       = "Laws of Whist (1909), Cards liable to be called"
	LawNewDeal       = "Laws of Whist (1909), A New Deal: the same dealer deals again"
	LawMisdeal       = "Laws of Short Whist (1864), law 43, A Misdeal: a misdeal loses the deal"

	LawDupEstablished = "Duplicate Whist Law X, Sec. 1"
	LawDupCorrect     = "Duplicate Whist Law X, Sec. 3"
	LawDupPenalty     = "Duplicate Whist Law X, Sec. 4"
	LawDupClaim       = "Duplicate Whist Law X, Sec. 5: a revoke cannot be claimed if the claimant or his partner has played to the following deal; discovered in season, the penalty must be enforced and cannot be waived"
	LawDupPartnerLead = "Duplicate Whist Law VIII, Sec. 2"
	LawDupTakenBack   = "Duplicate Whist Law VIII, Sec. 4"
	LawDupPlayOOT     = "Duplicate Whist Law IX, Sec. 2"
	LawDupCalled      = "Duplicate Whist Law XI, Sec. 5"
	LawDupNewDeal     = "Duplicate Whist, Single Table or Mnemonic Duplicate: in case of the discovery of an irregularity in the hands, there must always be a new deal"
)

// RevokeTricks is what a revoke costs at whist, in tricks or points (Law
// 75); DupRevokeTricks the tricks transferred at duplicate for a side's
// first revoke of a deal, and DupLaterTricks for each after it (Law X,
// Sec. 4).
const (
	RevokeTricks    = 3
	DupRevokeTricks = 2
	DupLaterTricks  = 1
)

var (
	whistPlay = game.PlayCode{Lead: LawLeadOOT, Chooser: "the adversaries", Stands: game.StandsTrick,
		PlayOutOfTurn: LawPlayOOT, Exposed: LawExposed, Correct: LawCorrect}
	dupPlay = game.PlayCode{Lead: LawLeadOOT, Chooser: "the adversaries", Stands: game.StandsTrick,
		Exposed: LawExposed, Correct: LawDupCorrect}
)

func (r *Rules) play() game.PlayCode {
	if r.duplicate {
		return dupPlay
	}
	return whistPlay
}

// PlayLaws implements game.IrregularityRules.
func (r *Rules) PlayLaws(*game.Hand) game.PlayLaws {
	if r.duplicate {
		return game.PlayLaws{Revoke: LawDupRevoke, Established: LawDupEstablished, Quitted: true, Correct: LawDupCorrect, Claim: LawDupClaim}
	}
	return game.PlayLaws{Revoke: LawRevoke, Established: LawEstablished, Quitted: true, Correct: LawCorrect, Claim: LawClaim}
}

// JudgeCall implements game.IrregularityRules: there is no auction in
// whist.
func (*Rules) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	return game.Illegal(irr.Call.String(), "there is no auction in whist: the trump is the card the dealer turned up", LawTurnUp)
}

// JudgePlay implements game.IrregularityRules.
func (r *Rules) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	switch irr.Kind {
	case game.KindRevoke:
		irr.Law = r.PlayLaws(h).Revoke
		if irr.Disobeyed && r.duplicate {
			irr.Law = LawDupCalled
		}
	case game.KindLeadOutOfTurn:
		irr.Law = LawLeadOOT
		if r.duplicate {
			irr.Law = LawDupTakenBack
			if h.Seating.Partner(irr.Seat) == irr.Proper {
				irr.Law = LawDupPartnerLead
			}
		}
	case game.KindPlayOutOfTurn:
		irr.Law = LawPlayOOT
		if r.duplicate {
			irr.Law = LawDupPlayOOT
		}
	default:
		return game.Illegal(irr.Card.String(), "there is no dummy in whist", "")
	}
	return nil
}

// JudgeExposed implements game.IrregularityRules: every exposed card is
// liable to be called.
func (r *Rules) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawExposed
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), game.CardList(irr.Cards))
	h.ExposePenalty(irr, irr.Cards, game.Callable, LawExposed)
	return nil
}

// JudgeNewDeal implements game.IrregularityRules.
func (r *Rules) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawNewDeal
	if r.duplicate {
		irr.Law = LawDupNewDeal
	}
	irr.What = "a new deal: " + game.ReasonWords(irr.Reason)
	return nil
}

// Misdeal implements game.MisdealRules: "A misdeal loses the deal" (Laws
// of Short Whist, law 43; the Club code's heading A Misdeal). At duplicate
// there is always a new deal of the board, by the same dealer.
func (r *Rules) Misdeal(*game.Hand) (string, bool) {
	if r.duplicate {
		return "", false
	}
	return LawMisdeal, true
}

// Established implements game.IrregularityRules: at duplicate the penalty
// must be enforced (Law X, Sec. 5), and is, at the end of the deal.
func (r *Rules) Established(h *game.Hand, irr *game.Irregularity) {
	if !r.duplicate || irr.Remedied() {
		return
	}
	irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "tricks", Law: LawDupPenalty,
		Effect: "tricks transferred from the revoking side at the end of the deal: two for its first revoke, one for each after it, within the average of the deal at the other tables"})
}

// Corrected implements game.IrregularityRules.
func (r *Rules) Corrected(h *game.Hand, irr *game.Irregularity) { r.play().Corrected(h, irr) }

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if r.duplicate {
		switch irr.Kind {
		case game.KindLeadOutOfTurn:
			return dupLeadChoices(h, irr)
		case game.KindPlayOutOfTurn:
			return dupPlayChoices(h, irr)
		case game.KindRevoke:
			if irr.Corrected {
				return dupCorrectedChoices(h, irr)
			}
		}
	}
	if cs, settled, ok := r.play().Choices(h, irr); ok {
		return cs, settled
	}
	switch irr.Kind {
	case game.KindRevoke:
		switch {
		case irr.Established == 0:
			return nil, "not yet established: it may still be corrected (hoyle correct)"
		case r.duplicate:
			return nil, ""
		case irr.Remedied():
			return nil, ""
		case h.Phase != game.PhaseDone:
			return nil, "the adversaries choose the penalty at the end of the hand (Law 75)"
		}
		by := h.SideName(1-h.Offending(irr)) + ", the adversaries"
		who := h.SeatName(irr.Seat)
		return []game.Choice{
			{Name: "tricks", Law: LawRevokePenalty, By: by, Effect: fmt.Sprintf("three tricks taken from %s's side and added to their own tricks", who)},
			{Name: "deduct", Law: LawRevokePenalty, By: by, Effect: fmt.Sprintf("three points deducted from %s's side's score", who)},
			{Name: "add", Law: LawRevokePenalty, By: by, Effect: "three points added to their own score"},
		}, ""
	case game.KindNewDeal:
		if irr.Chose(game.ChoiceMisdeal) {
			return nil, ""
		}
		return nil, "the hand is void: the same dealer deals again"
	}
	return nil, ""
}

// dupLeadChoices: Duplicate Whist Law VIII. "If a player leads when it is
// his partner's turn and the error is discovered before all have played to
// such lead, a suit may at once be called from the proper leader by his
// right-hand adversary" (Sec. 2); "If all have not played to a lead out of
// turn when the error is discovered, the card erroneously led and all
// cards played to such lead are not liable to be called, and must be taken
// into the hand" (Sec. 4).
func dupLeadChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Remedied():
		return nil, ""
	case !h.OnTable(irr) || h.PlayedAfter(irr) >= h.Seating.Seats-1:
		return nil, "all played to it: the trick stands"
	}
	take := game.Choice{Name: "take-back", Law: LawDupTakenBack, By: "either adversary",
		Effect: "the card led, and every card played to it, are taken into the hand, not liable to be called; the proper leader leads"}
	if h.Seating.Partner(irr.Seat) != irr.Proper {
		return []game.Choice{take}, ""
	}
	rha := irr.Proper.Plus(-1, h.Seating.Seats)
	return []game.Choice{
		{Name: "call-suit", Arg: "SUIT", Law: LawDupPartnerLead, By: h.SeatName(rha) + ", the proper leader's right-hand adversary",
			Effect: fmt.Sprintf("the cards are taken back, and %s, the proper leader, must lead the suit called", h.SeatName(irr.Proper))},
		take,
	}, ""
}

// dupPlayChoices: Duplicate Whist Law IX. "If the third hand has not played
// and the fourth hand plays before the second, the latter may be called
// upon by the third hand to play his highest or lowest card of the suit
// led, and, if he has none of that suit, to trump or not trump the trick;
// the penalty cannot be inflicted after the third hand has played" (Sec.
// 2). The third hand playing before the second lets the fourth do so
// too, without penalty (Sec. 1).
func dupPlayChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	t := h.CurrentTrick()
	if irr.Remedied() || !h.OnTable(irr) || t == nil || len(t.Cards) == 0 {
		return nil, ""
	}
	leader := t.Cards[0].Seat
	second, third, fourth := leader.Next(4), leader.Plus(2, 4), leader.Plus(3, 4)
	played := func(s cards.Seat) bool {
		for _, p := range t.Cards {
			if p.Seat == s {
				return true
			}
		}
		return false
	}
	if irr.Seat != fourth || played(third) || played(second) {
		return nil, "no penalty (Duplicate Whist Law IX, Sec. 1)"
	}
	by := h.SeatName(third) + ", the third hand"
	who := h.SeatName(second)
	return []game.Choice{
		{Name: game.PlayHighest, Law: LawDupPlayOOT, By: by, Effect: who + " must play his highest card of the suit led"},
		{Name: game.PlayLowest, Law: LawDupPlayOOT, By: by, Effect: who + " must play his lowest card of the suit led"},
		{Name: game.PlayTrump, Law: LawDupPlayOOT, By: by, Effect: who + ", if he has none of the suit led, must trump the trick"},
		{Name: game.PlayNotTrump, Law: LawDupPlayOOT, By: by, Effect: who + ", if he has none of the suit led, must not trump the trick"},
	}, ""
}

// dupCorrectedChoices: Duplicate Whist Law X, Sec. 3. "If a player, who has
// renounced in error, lawfully corrects his mistake, the card improperly
// played by him is liable to be called, and, if he be the second or third
// hand player and his left hand adversary has played to the trick before
// attention has been called to the renounce, he may be required by such
// adversary to play his highest or his lowest card to the trick."
func dupCorrectedChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	lha := irr.Seat.Next(4)
	lhaPlayed := false
	for _, p := range irr.Withdrawn {
		lhaPlayed = lhaPlayed || p.Seat == lha
	}
	t := h.CurrentTrick()
	replayed := t == nil || irr.Trick != len(h.Tricks)
	if t != nil {
		for _, p := range t.Cards {
			replayed = replayed || p.Seat == irr.Seat
		}
	}
	var out []game.Choice
	if lhaPlayed && !replayed && !irr.Chose(game.PlayHighest) && !irr.Chose(game.PlayLowest) {
		by := h.SeatName(lha) + ", his left-hand adversary"
		out = append(out,
			game.Choice{Name: game.PlayHighest, Law: LawDupCorrect, By: by, Effect: h.SeatName(irr.Seat) + " must play his highest card to the trick"},
			game.Choice{Name: game.PlayLowest, Law: LawDupCorrect, By: by, Effect: h.SeatName(irr.Seat) + " must play his lowest card to the trick"})
	}
	out = append(out, h.CallCardChoice(irr, LawDupCorrect, "the adversaries")...)
	if len(out) == 0 {
		return nil, "corrected in time: no revoke"
	}
	return out, ""
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	if r.duplicate {
		switch rem.Choice {
		case "take-back":
			return h.TakeBack(irr)
		case "call-suit":
			if irr.Kind == game.KindLeadOutOfTurn {
				if err := h.TakeBack(irr); err != nil {
					return err
				}
				h.CallSuit([]cards.Seat{irr.Proper}, rem.Suit, false, LawDupPartnerLead, irr)
				rem.Effect = fmt.Sprintf("the cards are taken back; %s must lead %s", h.SeatName(irr.Proper), rem.Suit.Name())
				return nil
			}
		case game.PlayHighest, game.PlayLowest, game.PlayTrump, game.PlayNotTrump:
			if irr.Kind == game.KindPlayOutOfTurn {
				t := h.CurrentTrick()
				h.Oblige(t.Cards[0].Seat.Next(4), rem.Choice, rem.Law, irr)
				return nil
			}
		}
	}
	if ok, err := r.play().Apply(h, irr, rem); ok {
		return err
	}
	switch rem.Choice {
	case "tricks", "deduct", "add":
	case "new-deal":
		h.Annul()
	default:
		return game.Illegal(rem.Choice, "not a remedy of whist", "")
	}
	return nil
}
