package contract

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The irregularities of contract bridge, by the Laws of Duplicate Bridge
// (2017): the auction's (an insufficient bid, Law 27; a call out of
// rotation, Laws 29-32; inadmissible calls, Laws 36-38), exposed cards
// and penalty cards (Laws 24, 49, 50), leads and plays out of turn (Laws
// 53-57), dummy's card (Law 45D) and the revoke (Laws 61-64: established
// when the offender or his partner plays to a later trick, and one or two
// tricks transferred after the play, by the tricks the offending side won
// from it on). The Laws of Rubber Bridge give the revoke the same one or
// two tricks, which rubber and Chicago scoring take. Where the 2017 laws
// leave a matter to the Director's judgment (a comparable call, Law 23;
// the lead restrictions of Law 26; equity, Law 64C), hoyle records his
// ruling as a choice (comparable or not-comparable) or says that he rules.

// The laws the irregularities cite.
const (
	LawInsufficient   = "Law 27"
	LawAccepted       = "Law 29A"
	LawPassOOT        = "Law 30"
	LawBidOOT         = "Law 31"
	LawDoubleOOT      = "Law 32"
	LawComparable     = "Law 23A"
	LawBadDouble      = "Law 36"
	LawMustPass       = "Law 37"
	LawOverSeven      = "Law 38"
	LawExposedAuction = "Law 24"
	LawDummyPlaced    = "Law 45D"
	LawDeclarerExp    = "Law 48"
	LawExposedPlay    = "Law 49"
	LawPenaltyCard    = "Law 50"
	LawLeadRestrict   = "Law 50D2"
	LawLeadAccepted   = "Law 53A"
	LawOpeningLead    = "Law 54"
	LawDeclarerLead   = "Law 55"
	LawDefenderLead   = "Law 56"
	LawPremature      = "Law 57A"
	LawRevokeDef      = "Law 61A"
	LawCorrect        = "Law 62"
	LawEstablished    = "Law 63A"
	LawRevokeTricks   = "Law 64A"
	LawNoRectify      = "Law 64B"
	LawNewDeal        = "Law 6D: a redeal, by the same dealer"
)

// PlayLaws implements game.IrregularityRules.
func (*Rules) PlayLaws(*game.Hand) game.PlayLaws {
	return game.PlayLaws{Revoke: LawRevokeDef, Established: LawEstablished, Correct: LawCorrect,
		Dummy:   "Law 64B3: no rectification for a revoke in failing to play a card of dummy's",
		Claim:   "Law 64B4: no rectification once a player of the non-offending side has called on the next deal",
		Twelfth: "Law 62D1: a revoke on the twelfth trick, even if established, must be corrected if discovered before all four hands have been returned to the board"}
}

// JudgeCall implements game.IrregularityRules.
func (r *Rules) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	if err := r.ClassifyCall(h, irr); err != nil {
		return err
	}
	switch irr.Kind {
	case game.KindCallOutOfTurn:
		switch irr.Call.Kind {
		case cards.Pass:
			irr.Law = LawPassOOT
		case cards.Bid:
			irr.Law = LawBidOOT
		default:
			irr.Law = LawDoubleOOT
		}
		// Made as it was: the offender's left-hand opponent may accept it
		// by calling (Law 29A).
		r.Enter(h, irr.Seat, irr.Call, irr.ID)
	case game.KindInsufficient:
		irr.Law = LawInsufficient
		r.Enter(h, irr.Seat, irr.Call, irr.ID)
	case game.KindImpossible:
		// "A bid of more than seven is cancelled ... A pass must be
		// substituted; ... each member of the offending side must pass
		// whenever it is his turn to call" (Law 38).
		irr.Law = LawOverSeven
		r.Enter(h, irr.Seat, cards.PassCall, irr.ID)
		r.barSide(h, irr, LawOverSeven)
	case game.KindBadDouble:
		// Cancelled: the offender substitutes a legal call, and his
		// partner must pass for the remainder of the auction (Law 36B).
		irr.Law = LawBadDouble
		h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, false, LawBadDouble, irr)
	case game.KindBarredCall:
		// Cancelled, and a pass substituted (Law 37).
		irr.Law = LawMustPass
		r.Enter(h, irr.Seat, cards.PassCall, irr.ID)
	}
	return nil
}

func (r *Rules) barSide(h *game.Hand, irr *game.Irregularity, law string) {
	h.Bar(irr.Seat, game.BarAuction, false, law, irr)
	h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, false, law, irr)
}

// JudgePlay implements game.IrregularityRules.
func (r *Rules) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	switch irr.Kind {
	case game.KindRevoke:
		irr.Law = LawRevokeDef
		if irr.Seat == h.Dummy {
			irr.Law = r.PlayLaws(h).Dummy
		}
	case game.KindLeadOutOfTurn:
		switch {
		case h.Declaring(irr.Seat):
			irr.Law = LawDeclarerLead
		case len(h.Tricks) == 1:
			irr.Law = LawOpeningLead
		default:
			irr.Law = LawDefenderLead
		}
	case game.KindWrongHand:
		irr.Law = LawDeclarerLead
	case game.KindPlayOutOfTurn:
		if h.Declaring(irr.Seat) {
			irr.Law = LawPremature + ": a premature play by the declarer is no infraction; the card stands"
			return nil
		}
		// "The card so led or played becomes a penalty card" (Law 57A).
		irr.Law, irr.Withheld = LawPremature, true
		h.ExposePenalty(irr, []cards.Card{irr.Card}, game.Major, LawPenaltyCard)
		majorWhenTwo(h, irr.Seat)
	case game.KindDummyPlayed:
		irr.Law = LawDummyPlaced
	}
	return nil
}

// JudgeExposed implements game.IrregularityRules: a card exposed in the
// auction (Law 24), or by a defender in the play (Law 49), is a penalty
// card of the defender (Law 50): minor if a single card below an honour,
// major otherwise; the declarer's are no infraction (Law 48). An honour
// or two cards exposed in the auction oblige the offender's partner to
// pass when next it is his turn (Law 24B, 24C).
func (r *Rules) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), game.CardList(irr.Cards))
	kind := game.Major
	if len(irr.Cards) == 1 && irr.Cards[0].Rank() < cards.Ten {
		kind = game.Minor
	}
	switch {
	case h.Phase == game.PhaseAuction:
		irr.Law = LawExposedAuction
		// "If two or more cards are so exposed, offender's partner must
		// pass when next it is his turn to call" (Law 24C): counted over
		// the auction, the cards exposed one at a time as well.
		switch {
		case len(irr.Cards)+len(penaltyCardsOf(h, irr.Seat)) > 1:
			h.Bar(h.Seating.Partner(irr.Seat), game.BarNextTurn, false, LawExposedAuction+"C", irr)
		case kind == game.Major:
			h.Bar(h.Seating.Partner(irr.Seat), game.BarNextTurn, false, LawExposedAuction+"B", irr)
		}
		h.ExposePenalty(irr, irr.Cards, kind, LawPenaltyCard)
	case h.Declaring(irr.Seat):
		irr.Law = LawDeclarerExp
	default:
		irr.Law = LawExposedPlay
		h.ExposePenalty(irr, irr.Cards, kind, LawPenaltyCard)
	}
	majorWhenTwo(h, irr.Seat)
	return nil
}

// penaltyCardsOf are the penalty cards a player has on the table.
func penaltyCardsOf(h *game.Hand, seat cards.Seat) []game.PenaltyCard {
	var out []game.PenaltyCard
	for _, p := range h.Restrict.Exposed {
		if p.Seat == seat {
			out = append(out, p)
		}
	}
	return out
}

// majorWhenTwo applies the last words of Law 50B: "when one defender has
// two or more penalty cards, all such cards become major penalty cards",
// however they were exposed (one at a time, or in the auction, Law 24C).
func majorWhenTwo(h *game.Hand, seat cards.Seat) {
	if len(penaltyCardsOf(h, seat)) < 2 {
		return
	}
	for i, p := range h.Restrict.Exposed {
		if p.Seat == seat && p.Kind == game.Minor {
			h.Restrict.Exposed[i].Kind = game.Major
			h.Restrict.Exposed[i].Law = LawPenaltyCard + "B: two or more penalty cards are all major"
		}
	}
}

// JudgeNewDeal implements game.IrregularityRules.
func (*Rules) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawNewDeal
	irr.What = "a redeal"
	if irr.Reason != "" {
		irr.What += ": " + irr.Reason
	}
	return nil
}

// Established implements game.IrregularityRules: the transfer is made
// after play ends (Law 64A); see Computed.
func (*Rules) Established(*game.Hand, *game.Irregularity) {}

// Corrected implements game.IrregularityRules: "a card withdrawn by a
// defender becomes a penalty card" (Law 62B1), and so does a card his
// partner played after the revoke and withdraws (Law 62C2); the
// declarer's and dummy's go back without rectification (Law 62B2).
func (*Rules) Corrected(h *game.Hand, irr *game.Irregularity) {
	if h.Declaring(irr.Seat) {
		return
	}
	cs := []cards.Card{irr.Card}
	for _, p := range irr.Withdrawn[1:] {
		if p.Seat == h.Seating.Partner(irr.Seat) {
			cs = append(cs, p.Card)
		}
	}
	h.ExposePenalty(irr, cs, game.Major, LawCorrect+"B and "+LawPenaltyCard)
	majorWhenTwo(h, irr.Seat)
}

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	lead := penaltyLeadChoices(h, irr)
	switch irr.Kind {
	case game.KindRevoke:
		switch {
		case irr.Corrected:
			if len(lead) > 0 {
				return lead, ""
			}
			return nil, "corrected in time: no revoke"
		case irr.Established == 0:
			return nil, "not yet established: it must be corrected if attention is drawn to it (hoyle correct)"
		case irr.Seat == h.Dummy:
			// Dummy's revoke transfers no trick: "there is no
			// rectification ... if the revoke was made in failing to play
			// any card of dummy's hand" (Law 64B3).
			return nil, "no trick is transferred for a revoke in failing to play a card of dummy's; the Director may restore equity (Law 64B3, Law 64C)"
		case h.Phase != game.PhaseDone:
			return nil, "the tricks are transferred after play ends (Law 64A)"
		}
		return nil, ""
	case game.KindCallOutOfTurn:
		return r.outOfTurnChoices(h, irr)
	case game.KindInsufficient:
		switch {
		case irr.Remedied():
			return nil, ""
		case game.AdversaryCalled(h, irr) || h.Phase != game.PhaseAuction:
			return nil, "the offender's left-hand opponent called over it: accepted (Law 27A1)"
		}
		out := []game.Choice{{Name: "accept", Law: LawInsufficient + "A1", By: "the offender's left-hand opponent", Effect: "the insufficient bid is treated as legal"}}
		partner := h.SeatName(h.Seating.Partner(irr.Seat))
		if b, ok := r.SufficientBid(h, irr); ok {
			out = append(out, game.Choice{Name: "sufficient", Law: LawInsufficient + "B1(a)", By: "the offender, the bid not accepted",
				Effect: fmt.Sprintf("it is corrected to %s, the lowest sufficient bid in the same denomination: the auction goes on without rectification", b)})
		}
		out = append(out, game.Choice{Name: "comparable", Law: LawInsufficient + "B1(b)", By: "the Director, the bid not accepted",
			Effect: "it is withdrawn for a call he rules comparable (Law 23A): the auction goes on without rectification; Law 27D may apply"})
		out = append(out, game.Choice{Name: "other", Law: LawInsufficient + "B2", By: "the offender, the bid not accepted",
			Effect: fmt.Sprintf("it is withdrawn for another legal call (a sufficient bid or a pass, not a double), and %s must pass whenever it is his turn; the lead restrictions of Law 26B may apply", partner)})
		return out, ""
	case game.KindImpossible:
		return nil, "the bid is cancelled and a pass substituted; the offending side must pass for the rest of the auction (Law 38)"
	case game.KindBadDouble:
		return nil, fmt.Sprintf("cancelled: %s substitutes a legal call, and his partner must pass for the rest of the auction (Law 36B)", h.SeatName(irr.Seat))
	case game.KindBarredCall:
		return nil, "cancelled, and a pass substituted (Law 37)"
	case game.KindLeadOutOfTurn, game.KindWrongHand:
		if len(lead) > 0 {
			return lead, ""
		}
		return r.leadChoices(h, irr)
	case game.KindPlayOutOfTurn:
		if h.Declaring(irr.Seat) {
			return nil, "no infraction: a premature play by the declarer stands (Law 57C)"
		}
		if len(lead) > 0 {
			return lead, ""
		}
		return prematureChoices(h, irr)
	case game.KindDummyPlayed:
		if irr.Remedied() || !h.OnTable(irr) || len(h.Tricks) > irr.Trick+1 {
			return nil, "each side has played to the next trick: the card stands (Law 45D)"
		}
		return []game.Choice{
			{Name: "withdraw", Law: LawDummyPlaced, By: "either side", Effect: "the card the declarer did not name is withdrawn, and a defender may take back a card played after it"},
			{Name: "accept", Law: LawDummyPlaced, By: "the declarer", Effect: "the declarer names the card as his play: it stands"},
		}, ""
	case game.KindExposed:
		if h.Declaring(irr.Seat) && h.Phase != game.PhaseAuction {
			return nil, "no rectification: the declarer's exposed cards are not penalty cards (Law 48)"
		}
		if len(lead) > 0 {
			return lead, ""
		}
		if len(h.ExposedOf(irr)) == 0 {
			return nil, "the penalty cards have been played or picked up"
		}
		return nil, "penalty cards: a major one is played at the first legal opportunity (Law 50D)"
	case game.KindNewDeal:
		return nil, "the hand is void: the same dealer deals again"
	}
	return nil, ""
}

// outOfTurnChoices: Law 29. "Following a call out of rotation offender's
// LHO may elect to call thereby forfeiting the right to any
// rectification. Unless A applies, a call out of rotation is cancelled and
// the auction reverts to the player whose turn it was to call. The
// offending side is subject to the provisions of Law 30, 31 or 32." After
// a bid cancelled (Law 31), the Director rules whether the offender's
// next call is comparable (Law 23A): if not, his partner must pass when
// next it is his turn.
func (r *Rules) outOfTurnChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if irr.Chose("cancel") {
		if irr.Call.Kind == cards.Pass || irr.Chose("comparable") || irr.Chose("not-comparable") || h.Phase != game.PhaseAuction {
			return nil, ""
		}
		partner := h.Seating.Partner(irr.Seat)
		ooc := r.outOfTurnCase(h, irr)
		since := game.CallsSince(h, irr)
		if ooc == "31A" && len(since) > 0 && since[0].Call.Kind == cards.Pass {
			// "If that opponent passes, offender must repeat the call out
			// of rotation, and when that call is legal there is no
			// rectification" (Law 31A1): the repeat is enforced, and
			// there is nothing for the Director to rule.
			return nil, fmt.Sprintf("his right-hand opponent passed: %s repeats %s, and there is no rectification (Law 31A1)", h.SeatName(irr.Seat), irr.Call)
		}
		offenderCalled := false
		for _, c := range since {
			switch c.Seat {
			case irr.Seat:
				offenderCalled = true
			case partner:
				if offenderCalled {
					return nil, "his partner has called since: no further ruling"
				}
			}
		}
		if !offenderCalled {
			return nil, "the offender makes his call at his turn; the Director then rules whether it is comparable (Law 23A)"
		}
		return []game.Choice{
			{Name: "comparable", Law: LawComparable, By: "the Director", Effect: "the offender's call is comparable: no further rectification"},
			{Name: "not-comparable", Law: notComparableLaw(ooc), By: "the Director", Effect: fmt.Sprintf("it is not comparable: %s must pass whenever it is his turn; Laws 16C, 26B and 72C may apply", h.SeatName(partner))},
		}, ""
	}
	switch {
	case irr.Remedied():
		return nil, ""
	case game.AdversaryCalled(h, irr) || h.Phase != game.PhaseAuction:
		return nil, "the offender's left-hand opponent called over it: accepted (Law 29A)"
	}
	effect, law := r.cancelEffect(h, irr)
	return []game.Choice{
		{Name: "accept", Law: LawAccepted, By: "the offender's left-hand opponent", Effect: "he calls over it: it stands, with no rectification"},
		{Name: "cancel", Law: "Law 29B; " + law, By: "the Director", Effect: "it is cancelled, the auction reverts to the player whose turn it was, and " + effect},
	}, ""
}

// notComparableLaw is the provision that bars the offender's partner for
// the rest of the auction when the offender's call, after his call out of
// rotation was cancelled, is not comparable: Law 31A2(b) at his
// right-hand opponent's turn, and by Law 31B2 ("the Director rules as in
// A2(a) or A2(b)") at his partner's or left-hand opponent's.
func notComparableLaw(ooc string) string {
	if ooc == "31B" {
		return LawBidOOT + "B2 and " + LawBidOOT + "A2(b)"
	}
	return LawBidOOT + "A2(b)"
}

// RulingFirst implements game.RulingFirst: once the offender has made his
// call after his bid out of rotation was cancelled, the Director rules
// whether it is comparable before the auction goes on (Law 31A2, 31B2):
// what the offender's partner may call depends on it.
func (r *Rules) RulingFirst(h *game.Hand, c cards.Call) error {
	for _, irr := range h.Irregular {
		if irr.Kind != game.KindCallOutOfTurn {
			continue
		}
		cs, _ := r.outOfTurnChoices(h, irr)
		if slices.ContainsFunc(cs, func(ch game.Choice) bool { return ch.Name == "not-comparable" }) {
			return game.Illegal(c.String(), fmt.Sprintf("the Director first rules whether %s's call is comparable to the %s he made out of turn: record hoyle penalty comparable, or hoyle penalty not-comparable", h.SeatName(irr.Seat), irr.Call), notComparableLaw(r.outOfTurnCase(h, irr)))
		}
	}
	return nil
}

// cancelEffect says what a call out of rotation cancelled brings, by Laws
// 30-32, and the law that says it.
func (r *Rules) cancelEffect(h *game.Hand, irr *game.Irregularity) (string, string) {
	who := h.SeatName(irr.Seat)
	switch c := r.outOfTurnCase(h, irr); c {
	case "30A", "30B1":
		return fmt.Sprintf("%s must pass when next it is his turn", who), "Law " + c
	case "30B2":
		return fmt.Sprintf("%s must pass whenever it is his turn; his partner may not double or redouble at that turn", who), "Law 30B2"
	case "31A":
		return fmt.Sprintf("if his right-hand opponent passes, %s must repeat it; otherwise he may make any legal call, and the Director rules on it", who), "Law 31A"
	case "31B":
		return fmt.Sprintf("%s's partner may make any legal call; %s may make any legal call at his turn, and the Director rules on it", who, who), "Law 31B"
	}
	return "it is a change of call, on which the Director rules", "Law 25"
}

// outOfTurnCase names the provision of Laws 30-32 a call out of rotation
// falls under: whose turn it was, and whether anyone had bid.
func (r *Rules) outOfTurnCase(h *game.Hand, irr *game.Irregularity) string {
	anyBid, offenderCalled := false, false
	for _, c := range h.Calls[:min(irr.Calls, len(h.Calls))] {
		anyBid = anyBid || c.Call.Kind == cards.Bid
		offenderCalled = offenderCalled || c.Seat == irr.Seat
	}
	rho, lho, partner := irr.Seat.Plus(-1, 4), irr.Seat.Next(4), h.Seating.Partner(irr.Seat)
	if irr.Call.Kind == cards.Pass {
		switch irr.Proper {
		case rho:
			return "30B1"
		case partner:
			if !anyBid {
				return "30A"
			}
			return "30B2"
		case lho:
			if !anyBid {
				return "30A"
			}
		}
		return "25"
	}
	switch {
	case irr.Proper == rho:
		return "31A"
	case irr.Proper == partner, irr.Proper == lho && !offenderCalled:
		return "31B"
	}
	return "25"
}

// leadChoices: a lead out of turn. By a defender (Laws 54, 56): the
// declarer may accept it (Law 53A; at the opening lead, Law 54B: dummy is
// faced and the declarer plays second), or refuse it: the card becomes a
// major penalty card and the right player leads. By the declarer, from
// either hand (Law 55): either defender may accept it, or require him to
// retract it, without rectification. The play of the next hand in
// rotation accepts it (Law 53A).
func (r *Rules) leadChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	t := h.Tricks[irr.Trick-1]
	isLead := len(t.Cards) > 0 && t.Cards[0].ID == irr.ID
	switch {
	case irr.Remedied():
		return nil, ""
	case !isLead:
		return nil, "no rectification: a card of the declaring side played from the wrong hand stands"
	case !h.OnTable(irr) || h.PlayedAfter(irr) > 0:
		return nil, "the next hand in rotation played to it: accepted (Law 53A)"
	}
	if h.Declaring(irr.Seat) {
		return []game.Choice{
			{Name: "accept", Law: LawDeclarerLead + "A", By: "either defender", Effect: "the lead stands"},
			{Name: "correct", Law: LawDeclarerLead + "B", By: "either defender", Effect: "the declarer retracts it and leads from the right hand, without rectification"},
		}, ""
	}
	accept, law := "the lead stands", LawLeadAccepted
	if irr.Law == LawOpeningLead {
		accept, law = "the lead stands: dummy's hand is faced and the declarer plays second", "Laws 53A and 54B"
	}
	out := []game.Choice{{Name: "accept", Law: law, By: "the declarer", Effect: accept}}
	if irr.Law == LawOpeningLead && h.Contract != nil && h.Dummy != cards.NoSeat {
		// "After a faced opening lead out of turn, declarer may spread
		// his hand; he becomes dummy, and his partner becomes declarer"
		// (Law 54A).
		out = append(out, game.Choice{Name: "spread", Law: LawOpeningLead + "A", By: "the declarer",
			Effect: fmt.Sprintf("he spreads his hand and becomes dummy; %s becomes declarer, and the lead stands", h.SeatName(h.Dummy))})
	}
	return append(out, game.Choice{Name: "refuse", Law: "Laws 56 and 50D2", By: "the declarer",
		Effect: fmt.Sprintf("%s becomes a major penalty card and the right player leads; when %s's partner next has the lead, the declarer may require or forbid that suit", irr.Card, h.SeatName(irr.Seat))}), ""
}

// spread is Law 54A: the declarer faces his hand and becomes dummy, his
// partner declarer; the lead out of turn stands, now from the new
// declarer's left.
func spread(h *game.Hand, rem *game.Remedy) {
	c := *h.Contract
	old := c.Declarer
	c.Declarer = h.Dummy
	h.Contract, h.Dummy = &c, old
	rem.Effect = fmt.Sprintf("%s spreads his hand and becomes dummy; %s is the declarer, and the lead stands", h.SeatName(old), h.SeatName(c.Declarer))
}

// prematureChoices: Law 57A. The card of a defender played before his
// partner has played becomes a penalty card, and the declarer may require
// the partner to play the highest, or the lowest, card he holds of the
// suit led. (Law 57A's other options, a card of another suit specified or
// forbidden, are the Director's to apply.)
func prematureChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	partner := h.Seating.Partner(irr.Seat)
	t := h.CurrentTrick()
	if irr.Remedied() || t == nil || irr.Trick != len(h.Tricks) || len(t.Cards) == 0 {
		return nil, "the penalty card stays: it is played at the first legal opportunity (Law 50D)"
	}
	for _, p := range t.Cards {
		if p.Seat == partner {
			return nil, "his partner has played: the penalty card stays (Law 50D)"
		}
	}
	who := h.SeatName(partner)
	return []game.Choice{
		{Name: game.PlayHighest, Law: LawPremature, By: "the declarer", Effect: who + " must play the highest card he holds of the suit led"},
		{Name: game.PlayLowest, Law: LawPremature, By: "the declarer", Effect: who + " must play the lowest card he holds of the suit led"},
	}, ""
}

// penaltyLeadChoices: Law 50D2. When a defender has a major penalty card
// and his partner is to lead, "declarer may: (a) require the defender to
// lead the suit of the penalty card, or (b) prohibit the defender from
// leading that suit for as long as he retains the lead"; the card then
// ceases to be a penalty card. (c) He may leave it, to be played at the
// first legal opportunity.
func penaltyLeadChoices(h *game.Hand, irr *game.Irregularity) []game.Choice {
	t := h.CurrentTrick()
	if h.Phase != game.PhasePlay || t == nil || len(t.Cards) > 0 {
		return nil
	}
	holder := cards.NoSeat
	for _, p := range h.Restrict.Exposed {
		if p.From == irr.ID && p.Kind == game.Major {
			holder = p.Seat
		}
	}
	if holder == cards.NoSeat || h.Turn != h.Seating.Partner(holder) {
		return nil
	}
	for _, r := range irr.Remedies {
		if r.Trick == len(h.Tricks) && (r.Choice == "call-suit" || r.Choice == "forbid-suit" || r.Choice == "leave") {
			return nil
		}
	}
	leader := h.SeatName(h.Turn)
	return []game.Choice{
		{Name: "call-suit", Arg: "SUIT", Law: LawLeadRestrict, By: "the declarer", Effect: fmt.Sprintf("%s must lead the suit of the penalty card, which is picked up", leader)},
		{Name: "forbid-suit", Arg: "SUIT", Law: LawLeadRestrict, By: "the declarer", Effect: fmt.Sprintf("%s may not lead the suit of the penalty card, which is picked up", leader)},
		{Name: "leave", Law: LawLeadRestrict, By: "the declarer", Effect: "the penalty card stays, to be played at the first legal opportunity"},
	}
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	switch rem.Choice {
	case "accept", "leave":
	case "comparable":
		if irr.Kind == game.KindInsufficient {
			// "if the insufficient bid is corrected with a comparable
			// call (see Law 23A) the auction proceeds without further
			// rectification" (Law 27B1(b)): withdrawn, and nobody barred.
			game.WithdrawCall(h, irr, irr.Seat)
			rem.Effect = fmt.Sprintf("%s is withdrawn for a call the Director rules comparable: no rectification", irr.Call)
		}
	case "new-deal":
		h.Annul()
	case "spread":
		spread(h, rem)
	case "sufficient":
		b, _ := r.SufficientBid(h, irr)
		r.ReplaceCall(h, irr, b)
		rem.Effect = fmt.Sprintf("%s is corrected to %s: no rectification", irr.Call, b)
	case "other":
		game.WithdrawCall(h, irr, irr.Seat)
		h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, false, LawInsufficient+"B2", irr)
		h.Bar(irr.Seat, game.BarNextTurn, true, LawInsufficient+"B3", irr)
	case "cancel":
		r.cancel(h, irr)
		effect, _ := r.cancelEffect(h, irr)
		rem.Effect = "it is cancelled, the auction reverts to " + h.SeatName(irr.Proper) + ", and " + effect
	case "not-comparable":
		// "offender's partner must pass whenever it is his turn to call"
		// (Law 31A2(b); Law 31B2 rules as in A2(b)).
		h.Bar(h.Seating.Partner(irr.Seat), game.BarAuction, false, notComparableLaw(r.outOfTurnCase(h, irr)), irr)
	case "refuse":
		if err := h.TakeBack(irr); err != nil {
			return err
		}
		h.ExposePenalty(irr, []cards.Card{irr.Card}, game.Major, LawPenaltyCard)
		majorWhenTwo(h, irr.Seat)
	case "correct", "withdraw":
		return h.TakeBack(irr)
	case game.PlayHighest, game.PlayLowest:
		h.Oblige(h.Seating.Partner(irr.Seat), rem.Choice, rem.Law, irr)
	case "call-suit", "forbid-suit":
		var held []cards.Suit
		for _, p := range h.Restrict.Exposed {
			if p.From == irr.ID && p.Kind == game.Major {
				held = append(held, p.Card.Suit())
			}
		}
		ok := false
		for _, s := range held {
			ok = ok || s == rem.Suit
		}
		if !ok {
			return game.Illegal(rem.Suit.Name(), "name the suit of the penalty card", LawLeadRestrict)
		}
		var keep []game.PenaltyCard
		for _, p := range h.Restrict.Exposed {
			if !(p.From == irr.ID && p.Card.Suit() == rem.Suit) {
				keep = append(keep, p)
			}
		}
		h.Restrict.Exposed = keep
		h.CallSuit([]cards.Seat{h.Turn}, rem.Suit, rem.Choice == "forbid-suit", LawLeadRestrict, irr)
		verb := "must lead"
		if rem.Choice == "forbid-suit" {
			verb = "may not lead"
		}
		rem.Effect = fmt.Sprintf("%s %s %s; the penalty card is picked up", h.SeatName(h.Turn), verb, rem.Suit.Name())
	default:
		return game.Illegal(rem.Choice, "not a remedy of the Laws of Duplicate Bridge", "")
	}
	return nil
}

// cancel takes a call out of rotation out of the auction and imposes
// Laws 30-32.
func (r *Rules) cancel(h *game.Hand, irr *game.Irregularity) {
	game.WithdrawCall(h, irr, irr.Proper)
	switch r.outOfTurnCase(h, irr) {
	case "30A", "30B1":
		h.Bar(irr.Seat, game.BarNextTurn, false, LawPassOOT, irr)
	case "30B2":
		h.Bar(irr.Seat, game.BarAuction, false, LawPassOOT+"B2(a)", irr)
		h.Bar(h.Seating.Partner(irr.Seat), game.BarNextTurn, true, LawPassOOT+"B2(b)", irr)
	case "31A":
		h.Restrict.Repeat = append(h.Restrict.Repeat, game.RepeatCall{Seat: irr.Seat, Call: irr.Call, After: len(h.Calls), Law: LawBidOOT + "A1", From: irr.ID})
	}
}

// Computed implements game.ComputedRemedy: the revoke's tricks, once play
// is over (Law 64).
func (*Rules) Computed(h *game.Hand, irr *game.Irregularity) (game.Remedy, bool) {
	if irr.Kind != game.KindRevoke || irr.Established == 0 || irr.Corrected || h.Phase != game.PhaseDone || h.Contract == nil {
		return game.Remedy{}, false
	}
	n, law, why := RevokeTransfer(h, irr)
	if n == 0 {
		return game.Remedy{Choice: "none", Law: law, Effect: why}, true
	}
	return game.Remedy{Choice: "tricks", Law: law,
		Effect: fmt.Sprintf("%s transferred to %s after play ends: %s", trickWord(n), h.SideName(1-h.Offending(irr)), why)}, true
}

// RevokeTransfer is what an established revoke costs after play ends (Law
// 64): when the offending player won the revoke trick, that trick and one
// more if his side won a later one (64A1); when he did not, one trick if
// his side won that trick or a later one (64A2); none if his side won no
// trick from it on (64B1), for dummy's revoke (64B3), for a second revoke
// in the same suit by the same player (64B2), for a revoke on the twelfth
// trick (64B6) or when both sides revoked (64B7). A trick won by dummy is
// not won by the declarer (64A1).
func RevokeTransfer(h *game.Hand, irr *game.Irregularity) (int, string, string) {
	side := h.Offending(irr)
	total := len(h.Tricks)
	if h.Claim == nil && total > 0 && h.Tricks[total-1].Winner == cards.NoSeat {
		total--
	}
	for _, other := range h.Revokes() {
		if other.Seat == h.Dummy || h.Offending(other) == side {
			continue
		}
		return 0, LawNoRectify + "7", "both sides revoked: no transfer (the Director may restore equity, Law 64C)"
	}
	switch {
	case irr.Seat == h.Dummy:
		return 0, LawNoRectify + "3", "no rectification for a revoke in failing to play a card of dummy's"
	case irr.Trick == 12:
		return 0, LawNoRectify + "6", "no rectification for a revoke on the twelfth trick, which must still be corrected until the hands are returned to the board (hoyle correct, Law 62D1)"
	}
	for _, other := range h.Revokes() {
		if other != irr && other.Seat == irr.Seat && other.Trick < irr.Trick && ledSuitOf(h, other) == ledSuitOf(h, irr) {
			return 0, LawNoRectify + "2", "a later revoke in the same suit by the same player carries no further rectification"
		}
	}
	revokeTrick := h.Tricks[irr.Trick-1]
	wonByOffender := revokeTrick.Winner == irr.Seat
	wonBySide := revokeTrick.Winner != cards.NoSeat && h.Seating.SideOf(revokeTrick.Winner) == side
	later := h.Won[side] - game.WonBefore(h, side, irr.Trick+1)
	switch {
	case wonByOffender && later > 0:
		return 2, LawRevokeTricks + "1", fmt.Sprintf("%s won the revoke trick, and his side a later one", h.SeatName(irr.Seat))
	case wonByOffender:
		return 1, LawRevokeTricks + "1", fmt.Sprintf("%s won the revoke trick, and his side no later one", h.SeatName(irr.Seat))
	case wonBySide || later > 0:
		return 1, LawRevokeTricks + "2", fmt.Sprintf("%s did not win the revoke trick; his side won it or a later one", h.SeatName(irr.Seat))
	}
	return 0, LawNoRectify + "1", "the offending side won neither the revoke trick nor any later one"
}

// ledSuitOf is the suit led to an irregularity's trick.
func ledSuitOf(h *game.Hand, irr *game.Irregularity) cards.Suit {
	if irr.Trick < 1 || irr.Trick > len(h.Tricks) {
		return cards.NoSuit
	}
	return h.Tricks[irr.Trick-1].Led().Suit()
}

// revokeTransfers lists the tricks each established revoke of a finished
// hand transfers (Law 64A), and says so in a line for the score.
func revokeTransfers(h *game.Hand) ([]game.RevokeTransfer, string) {
	var out []game.RevokeTransfer
	var parts []string
	for _, irr := range h.Revokes() {
		n, law, _ := RevokeTransfer(h, irr)
		if n == 0 {
			continue
		}
		out = append(out, game.RevokeTransfer{Irregularity: irr, To: 1 - h.Offending(irr), Tricks: n})
		parts = append(parts, fmt.Sprintf("%s transferred for %s's revoke at trick %d (%s)", trickWord(n), h.SeatName(irr.Seat), irr.Trick, law))
	}
	line := ""
	for i, p := range parts {
		if i > 0 {
			line += "; "
		}
		line += p
	}
	return out, line
}

func trickWord(n int) string {
	if n == 1 {
		return "1 trick"
	}
	return fmt.Sprintf("%d tricks", n)
}

// DeclarerTricks is the number of tricks a finished hand's declarer is
// scored with: those his side won in play, with the tricks any established
// revoke transferred (Law 64A). It is what a result (PBN's Result tag) says.
func DeclarerTricks(h *game.Hand) int {
	if h.Contract == nil {
		return 0
	}
	transfers, _ := revokeTransfers(h)
	return game.ScoredWon(h, transfers)[h.DeclaringSide()]
}
