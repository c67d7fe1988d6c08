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
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), cardWords(irr.Cards))
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
	irr.What = "a new deal: " + reasonWords(irr.Reason)
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

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	adversaries := "the adversaries"
	if h.Contract != nil && h.Contract.Declarer != cards.NoSeat {
		adversaries = "the declarer"
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
	case game.KindLeadOutOfTurn, game.KindWrongHand:
		return leadChoices(h, irr, adversaries)
	case game.KindPlayOutOfTurn:
		return playOutOfTurnChoices(h, irr)
	case game.KindDummyPlayed:
		if irr.Remedied() || h.PlayedAfter(irr) > 0 || !h.OnTable(irr) {
			return nil, "the card was played to the trick: it stands"
		}
		return []game.Choice{
			{Name: "accept", Law: LawDummySuggests, By: "either adversary", Effect: "the declarer plays the card dummy suggested"},
			{Name: "withdraw", Law: LawDummySuggests, By: "either adversary", Effect: "the card goes back to dummy, and the declarer plays another"},
		}, ""
	case game.KindExposed:
		return exposedChoices(h, irr)
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
	if irr.Corrected {
		return correctedChoices(h, irr, BridgeCorrect, BridgeDealer)
	}
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

// leadChoices: Foster, Leading Out of Turn. If an adversary leads out of
// turn, the declarer may call the card exposed, or call a suit when it is
// next the turn of either adversary to lead; if the declarer leads out of
// turn, from his hand or dummy's, there is no penalty, but he corrects it
// if an adversary directs him to. Once the second hand has played to the
// false lead it stands.
func leadChoices(h *game.Hand, irr *game.Irregularity, chooser string) ([]game.Choice, string) {
	t := h.CurrentTrick()
	lead := t != nil && len(t.Cards) > 0 && t.Cards[0].ID == irr.ID
	switch {
	case irr.Remedied():
		return nil, ""
	case !h.OnTable(irr) || h.PlayedAfter(irr) > 0:
		if !lead && irr.Kind == game.KindWrongHand && h.PlayedAfter(irr) == 0 && h.OnTable(irr) {
			break
		}
		return nil, "the second hand played to it: it stands (Foster, Leading Out of Turn)"
	}
	if !lead {
		return nil, "no penalty: a card played from the wrong hand of the declaring side (Foster, Leading Out of Turn)"
	}
	if h.Declaring(irr.Seat) {
		return []game.Choice{
			{Name: "accept", Law: FosterLead, By: "either adversary", Effect: "the lead stands: no penalty"},
			{Name: "correct", Law: FosterLead, By: "either adversary", Effect: "the declarer takes the card back, with no penalty, and leads from the right hand"},
		}, ""
	}
	return []game.Choice{
		{Name: "accept", Law: FosterLead, By: chooser, Effect: "the lead stands"},
		{Name: "call-card", Law: FosterLead, By: chooser,
			Effect: fmt.Sprintf("the card led is taken back and left face up, exposed: %s must play it when it is called", h.SeatName(irr.Seat))},
		{Name: "call-suit", Arg: "SUIT", Law: FosterLead, By: chooser,
			Effect: fmt.Sprintf("the card led is taken back; the next lead by %s or %s must be of the suit called", h.SeatName(irr.Seat), h.SeatName(h.Seating.Partner(irr.Seat)))},
	}, ""
}

// playOutOfTurnChoices: the Club code of Bridge, Law 86 (the nearest
// code): should the third hand not have played, and the fourth play before
// his partner, the latter (not being dummy or his partner) may be called
// on to win, or not to win, the trick. Any other card played out of turn
// carries no penalty.
func playOutOfTurnChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	partner := h.Seating.Partner(irr.Seat)
	t := h.CurrentTrick()
	fourth := t != nil && len(t.Cards) > 0 && irr.Seat.Next(h.Seating.Seats) == t.Cards[0].Seat
	switch {
	case irr.Remedied():
		return nil, ""
	case !h.OnTable(irr) || !fourth || h.Declaring(irr.Seat) || partner == h.Dummy:
		return nil, "no penalty: the card stands where it was played"
	}
	for _, p := range t.Cards {
		if p.Seat == partner {
			return nil, "his partner has played: the card stands"
		}
	}
	return []game.Choice{
		{Name: "win", Law: BridgePlayOOT, By: "the declarer", Effect: fmt.Sprintf("%s must win the trick if he can", h.SeatName(partner))},
		{Name: "not-win", Law: BridgePlayOOT, By: "the declarer", Effect: fmt.Sprintf("%s must not win the trick if he can help it", h.SeatName(partner))},
	}, ""
}

// exposedChoices: Foster, Exposed Cards. The cards of the declarer's
// adversaries are liable to be called; before the opening lead, when the
// offender's partner is to lead, the declarer may prohibit the lead of the
// exposed suit instead.
func exposedChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if h.Declaring(irr.Seat) {
		return nil, "no penalty: the declarer is not liable to any penalty for exposed cards (Foster)"
	}
	out := h.CallCardChoice(irr, FosterExposed, "the declarer")
	t := h.CurrentTrick()
	if h.Phase == game.PhasePlay && len(h.Tricks) == 1 && t != nil && len(t.Cards) == 0 && t.Leader == h.Seating.Partner(irr.Seat) && !irr.Chose("forbid-suit") && len(h.ExposedOf(irr)) > 0 {
		out = append(out, game.Choice{Name: "forbid-suit", Arg: "SUIT", Law: FosterExposed, By: "the declarer",
			Effect: fmt.Sprintf("%s may not lead the suit of the exposed card to the first trick", h.SeatName(t.Leader))})
	}
	if len(out) == 0 {
		if len(h.ExposedOf(irr)) == 0 {
			return nil, "the exposed cards have been played or taken up"
		}
		return nil, "liable to be called when the play begins"
	}
	return out, ""
}

// correctedChoices: the Club code of Bridge, Laws 94-95 (the nearest code
// to Foster's, which says only that the renounce may be corrected). The
// offender, if an adversary of the declarer, may be called on to play his
// highest or lowest card to the trick, or the card played in error is
// called (it lies exposed meanwhile); if the declarer, the eldest hand may
// call for his highest or lowest of the suit, provided both adversaries
// had played to the trick.
func correctedChoices(h *game.Hand, irr *game.Irregularity, lawAdversary, lawDeclarer string) ([]game.Choice, string) {
	t := h.CurrentTrick()
	replayed := t == nil || irr.Trick != len(h.Tricks) || h.Phase != game.PhasePlay
	if t != nil && !replayed {
		for _, p := range t.Cards {
			replayed = replayed || p.Seat == irr.Seat
		}
	}
	var out []game.Choice
	declarer := h.Contract != nil && irr.Seat == h.Contract.Declarer
	if !replayed && !irr.Chose(game.PlayHighest) && !irr.Chose(game.PlayLowest) {
		law, by := lawAdversary, "the declarer"
		ok := true
		if declarer {
			law, by = lawDeclarer, "the eldest hand"
			adversaries := 0
			for _, p := range irr.Withdrawn {
				if !h.Declaring(p.Seat) {
					adversaries++
				}
			}
			for _, p := range t.Cards {
				if !h.Declaring(p.Seat) {
					adversaries++
				}
			}
			ok = adversaries == 2 && len(t.Cards)+len(irr.Withdrawn) < h.Seating.Seats
		}
		if ok && irr.Seat != h.Dummy {
			out = append(out,
				game.Choice{Name: game.PlayHighest, Law: law, By: by, Effect: fmt.Sprintf("%s must play his highest card of the suit he renounced to this trick", h.SeatName(irr.Seat))},
				game.Choice{Name: game.PlayLowest, Law: law, By: by, Effect: fmt.Sprintf("%s must play his lowest card of the suit he renounced to this trick", h.SeatName(irr.Seat))})
		}
	}
	out = append(out, h.CallCardChoice(irr, lawAdversary, "the declarer")...)
	if len(out) == 0 {
		return nil, "corrected in time: no revoke"
	}
	return out, ""
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	switch rem.Choice {
	case "tricks", "points", "accept":
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
	case "call-card":
		if irr.Kind == game.KindLeadOutOfTurn {
			if err := h.TakeBack(irr); err != nil {
				return err
			}
			h.ExposePenalty(irr, []cards.Card{irr.Card}, game.Callable, FosterLead)
			rem.Effect = fmt.Sprintf("%s is taken back and left face up: %s must play it when it is called", irr.Card, h.SeatName(irr.Seat))
			return nil
		}
		return h.ApplyCallCard(irr, rem)
	case "call-suit":
		if err := h.TakeBack(irr); err != nil {
			return err
		}
		h.CallSuit([]cards.Seat{irr.Seat, h.Seating.Partner(irr.Seat)}, rem.Suit, false, FosterLead, irr)
		rem.Effect = fmt.Sprintf("%s is taken back; %s called for the next lead by %s or %s", irr.Card, rem.Suit.Name(), h.SeatName(irr.Seat), h.SeatName(h.Seating.Partner(irr.Seat)))
	case "forbid-suit":
		t := h.CurrentTrick()
		h.CallSuit([]cards.Seat{t.Leader}, rem.Suit, true, FosterExposed, irr)
		rem.Effect = fmt.Sprintf("%s may not lead %s to the first trick", h.SeatName(t.Leader), rem.Suit.Name())
	case "correct", "withdraw":
		return h.TakeBack(irr)
	case game.PlayHighest, game.PlayLowest:
		h.Unexpose(irr)
		h.Oblige(irr.Seat, rem.Choice, rem.Law, irr)
	case game.PlayWin, game.PlayNotWin:
		h.Oblige(h.Seating.Partner(irr.Seat), rem.Choice, rem.Law, irr)
	default:
		return game.Illegal(rem.Choice, "not a remedy of this code", "")
	}
	return nil
}

// cardWords lists cards for a sentence.
func cardWords(cs []cards.Card) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += c.String()
	}
	return s
}

// reasonWords is the reason given for a new deal, or a word for none.
func reasonWords(reason string) string {
	if reason == "" {
		return "demanded at the table"
	}
	return reason
}
