package fivehundred

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The irregularities of Five Hundred. The text of Hoyle's Games Modernized
// (1909) gives only the revoke, by two rules the session chooses between
// (option "revoke"): the American ("Upon the revoke being claimed and
// proved, the hands shall be immediately abandoned. If it is an adversary
// of the bidder who has revoked, the bidder scores the full amount of his
// bid, while the side in error scores nothing") and Professor Hoffmann's
// (the bidder offending is set back his bid, the others scoring their
// tricks; an adversary offending, "the cards of the trick in which the
// revoke occurred, and of any subsequent trick, shall be taken back by
// their respective holders, and the hand played anew from that point",
// the offender scoring nothing and set back 100). There is no choice to
// make: hoyle applies the rule when the revoke is established. The text
// is silent on a revoke on a hand nobody bid for: the offender is set back
// 100 and scores nothing, the others their tricks (Hoffmann's penalty on
// an offender who is not the bidder), the hand abandoned under the
// American rule.
//
// For what the text does not say, hoyle takes the nearest codes of the
// same book: the bidding, which Five Hundred borrows from Auction Bridge,
// by the American Laws of Bridge (1913), Laws 49 and 50 (a bid out of
// turn, an insufficient bid); the play, which is the whist family's, by
// the Laws of Whist as the book prints them (when a revoke is established;
// leads out of turn; cards liable to be called).

// The laws the irregularities cite.
const (
	TextAmerican       = TextRevokes + ", the American rule"
	TextHoffmann       = TextRevokes + ", Professor Hoffmann's rule"
	LawBidOutOfTurn    = "Law 49 of the American Laws of Bridge (1913), the nearest rule: the Five Hundred text is silent on bids out of turn"
	LawInsufficientBid = "Law 50 of the American Laws of Bridge (1913), the nearest rule: the Five Hundred text is silent on insufficient bids"
	LawPassedBids      = TextBidding + ": a player who has once passed cannot subsequently bid; Law 50a of the American Laws of Bridge (1913), the nearest rule, for the remedy"
	LawEstablished     = "the Laws of Whist (Hoyle's Games Modernized, 1909), The Revoke, the nearest rule: established when the trick is turned and quitted, or the revoking player plays to the next"
	LawLeadOOT         = "the Laws of Whist (Hoyle's Games Modernized, 1909), Leads out of Turn, the nearest rule"
	LawExposed         = "the Laws of Whist (Hoyle's Games Modernized, 1909), Cards liable to be called, the nearest rule"
	LawCorrect         = "the Laws of Whist (Hoyle's Games Modernized, 1909), The Revoke, the nearest rule: a renounce corrected in time"
	LawNewDeal         = TextDeal + ": a new deal, by the same dealer"
)

var playCode = game.PlayCode{Lead: LawLeadOOT, Chooser: "the other players", Stands: game.StandsTrick,
	Exposed: LawExposed, Correct: LawCorrect}

// PlayLaws implements game.IrregularityRules.
func (*Rules) PlayLaws(h *game.Hand) game.PlayLaws {
	law := TextAmerican
	if h != nil && h.Opts["revoke"] == RevokeHoffmann {
		law = TextHoffmann
	}
	return game.PlayLaws{Revoke: law, Established: LawEstablished, Quitted: true, Correct: LawCorrect,
		Claim: "the Laws of Whist (Hoyle's Games Modernized, 1909), the nearest rule: a revoke cannot be claimed after the cards have been cut for the following deal"}
}

// JudgeCall implements game.IrregularityRules: a bid out of turn, a bid by
// a player who has passed, an insufficient bid.
func (r *Rules) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	seat, c := irr.Seat, irr.Call
	tok := c.String()
	b := BiddingOf(h)
	who := h.SeatName(seat)
	switch {
	case c.Kind != cards.Pass && c.Kind != cards.Bid:
		return game.Illegal(tok, "there is no doubling in Five Hundred: bid or pass", TextBidding)
	case c.Kind == cards.Bid && BidValue(c) == 0:
		return game.Illegal(tok, "a bid is of six to ten tricks (not fewer than six) in spades, clubs, diamonds, hearts or no trumps", TextBidding)
	case c.Kind == cards.Bid && b.Passed[seat]:
		irr.Kind, irr.Law = game.KindBarredCall, LawPassedBids
		irr.What = fmt.Sprintf("%s bid %s, having passed", who, bidName(c))
	case seat != h.Turn && c.Kind == cards.Pass:
		irr.Kind, irr.Law = game.KindCallOutOfTurn, LawBidOutOfTurn
		irr.What = fmt.Sprintf("%s passed out of turn, when it was %s's turn", who, h.SeatName(h.Turn))
		h.Bar(seat, game.BarUntilOverbid, false, LawBidOutOfTurn, irr)
		return nil
	case seat != h.Turn:
		irr.Kind, irr.Law = game.KindCallOutOfTurn, LawBidOutOfTurn
		irr.What = fmt.Sprintf("%s bid %s out of turn, when it was %s's turn", who, bidName(c), h.SeatName(h.Turn))
	case b.Bidder != cards.NoSeat && BidValue(c) <= BidValue(b.High):
		irr.Kind, irr.Law = game.KindInsufficient, LawInsufficientBid
		irr.What = fmt.Sprintf("%s bid %s (%d), which does not overbid %s (%d)", who, bidName(c), BidValue(c), bidName(b.High), BidValue(b.High))
	default:
		return game.Illegal(tok, "the laws have no irregularity of that name: record it with hoyle call", "")
	}
	enter(h, seat, c, irr.ID)
	return nil
}

// JudgePlay implements game.IrregularityRules.
func (r *Rules) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	switch irr.Kind {
	case game.KindRevoke:
		irr.Law = r.PlayLaws(h).Revoke
	case game.KindLeadOutOfTurn:
		irr.Law = LawLeadOOT
	case game.KindPlayOutOfTurn:
		irr.Law = LawLeadOOT
	default:
		return game.Illegal(irr.Card.String(), "there is no dummy in Five Hundred", "")
	}
	return nil
}

// JudgeExposed implements game.IrregularityRules: exposed cards are liable
// to be called (the Laws of Whist, the nearest rule).
func (r *Rules) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawExposed
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), cardsText(irr.Cards))
	h.ExposePenalty(irr, irr.Cards, game.Callable, LawExposed)
	return nil
}

// JudgeNewDeal implements game.IrregularityRules.
func (*Rules) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	irr.Law = LawNewDeal
	irr.What = "a new deal"
	if irr.Reason != "" {
		irr.What += ": " + irr.Reason
	}
	return nil
}

// Established implements game.IrregularityRules: the session's rule is
// applied at once.
func (r *Rules) Established(h *game.Hand, irr *game.Irregularity) {
	if irr.Remedied() || irr.Corrected {
		return
	}
	bidder := cards.NoSeat
	if h.Contract != nil {
		bidder = h.Contract.Declarer
	}
	who := h.SeatName(irr.Seat)
	switch {
	case h.Opts["revoke"] != RevokeHoffmann:
		h.Abandoned = true
		h.Phase, h.Turn = game.PhaseDone, cards.NoSeat
		effect := fmt.Sprintf("the hands are abandoned; %s, an adversary of the bidder, revoked: the bidder scores the full amount of his bid, and %s nothing", who, who)
		switch irr.Seat {
		case bidder:
			effect = fmt.Sprintf("the hands are abandoned; the bidder, %s, revoked: he is set back the amount of his bid (the American rule is silent; Hoffmann's, the nearest)", who)
		}
		if bidder == cards.NoSeat {
			effect = fmt.Sprintf("the hands are abandoned; nobody bid: %s scores nothing and is set back %d, the others their tricks as they stood (the text is silent; Hoffmann's penalty, the nearest)", who, RevokeSetBack)
		}
		irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "abandon", Law: TextAmerican, Effect: effect})
	case irr.Seat == bidder:
		irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "set-back", Law: TextHoffmann,
			Effect: fmt.Sprintf("the bidder, %s, is set back the amount of his bid; each opponent scores his tricks", who)})
	default:
		h.ReplayFrom(r, irr.Trick)
		irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "replay", Law: TextHoffmann,
			Effect: fmt.Sprintf("the cards of trick %d and after are taken back and the hand played anew from it; %s scores nothing for the hand and is set back %d", irr.Trick, who, RevokeSetBack)})
	}
}

// Corrected implements game.IrregularityRules.
func (*Rules) Corrected(h *game.Hand, irr *game.Irregularity) { playCode.Corrected(h, irr) }

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if cs, settled, ok := playCode.Choices(h, irr); ok {
		return cs, settled
	}
	adversaries := "the other players"
	switch irr.Kind {
	case game.KindRevoke:
		if irr.Established == 0 {
			return nil, "not yet established: it may still be corrected (hoyle correct)"
		}
		return nil, ""
	case game.KindCallOutOfTurn:
		switch {
		case irr.Call.Kind == cards.Pass:
			return nil, "no penalty: the order of the bidding is not affected (" + LawBidOutOfTurn + ")"
		case irr.Remedied():
			return nil, ""
		case len(game.CallsSince(h, irr)) > 0 || h.Phase != game.PhaseAuction:
			return nil, "another player called before a penalty was demanded: it stands as if in turn"
		}
		return []game.Choice{
			{Name: "accept", Law: LawBidOutOfTurn, By: adversaries, Effect: "the bid stands, and the bidding continues as if it had been in turn"},
			{Name: "new-deal", Law: LawBidOutOfTurn, By: adversaries, Effect: "a new deal, by the same dealer"},
		}, ""
	case game.KindInsufficient:
		switch {
		case irr.Remedied():
			return nil, ""
		case len(game.CallsSince(h, irr)) > 0 || h.Phase != game.PhaseAuction:
			return nil, "another player called before a penalty was demanded: it stands as regular"
		}
		out := []game.Choice{}
		if b, ok := sufficient(h, irr); ok {
			out = append(out, game.Choice{Name: "sufficient", Law: LawInsufficientBid, By: adversaries,
				Effect: fmt.Sprintf("%s is made %s, the lowest bid of its suit that overbids", bidName(irr.Call), bidName(b))})
		}
		return append(out, game.Choice{Name: "accept", Law: LawInsufficientBid, By: adversaries, Effect: "no penalty: the bid stands"}), ""
	case game.KindBarredCall:
		switch {
		case irr.Remedied():
			return nil, ""
		case len(game.CallsSince(h, irr)) > 0 || h.Phase != game.PhaseAuction:
			return nil, "another player called before deciding: it stands"
		}
		return []game.Choice{
			{Name: "accept", Law: LawPassedBids, By: adversaries, Effect: "the bid stands"},
			{Name: "cancel", Law: LawPassedBids, By: adversaries, Effect: "the bid does not stand: it counts as his pass"},
		}, ""
	case game.KindNewDeal:
		return nil, "the hand is void: the same dealer deals again"
	}
	return nil, ""
}

// sufficient is the lowest bid of the irregular bid's suit that overbids
// the highest bid before it.
func sufficient(h *game.Hand, irr *game.Irregularity) (cards.Call, bool) {
	before := &game.Hand{Calls: h.Calls[:min(irr.Calls, len(h.Calls))], Seating: h.Seating}
	high := BiddingOf(before).High
	for level := int(irr.Call.Level); level <= MaxBid; level++ {
		b := cards.NewBid(level, irr.Call.Strain)
		if BidValue(b) > BidValue(high) {
			return b, true
		}
	}
	return cards.Call{}, false
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	if ok, err := playCode.Apply(h, irr, rem); ok {
		return err
	}
	switch rem.Choice {
	case "new-deal":
		h.Annul()
	case "sufficient":
		b, _ := sufficient(h, irr)
		h.Calls[irr.Calls].Call = b
		settle(h, irr.Seat)
	case "cancel":
		h.Calls[irr.Calls].Call = cards.PassCall
		settle(h, irr.Seat)
	default:
		return game.Illegal(rem.Choice, "not a remedy of Five Hundred", "")
	}
	return nil
}

// revokeScore scores a hand with an established revoke by the session's
// rule; ok is false when the hand has none.
func revokeScore(h *game.Hand) (won, lost []int, entries []game.Entry, ok bool) {
	var irr *game.Irregularity
	for _, x := range h.Revokes() {
		if irr == nil || x.Trick < irr.Trick {
			irr = x
		}
	}
	if irr == nil {
		return nil, nil, nil, false
	}
	n := h.Seating.Seats
	rule := h.Opts["revoke"]
	if rule == "" {
		rule = RevokeAmerican
	}
	tricksBy := make([]int, n)
	for s := range n {
		tricksBy[s] = h.Won[h.Seating.SideOf(cards.Seat(s))]
	}
	bidder := h.Contract.Declarer
	if bidder == cards.NoSeat {
		// Nobody bid: the offender scores nothing and is set back 100; the
		// others score their tricks (Hoffmann's penalty, the nearest).
		won, lost = make([]int, n), make([]int, n)
		for s := range cards.Seat(n) {
			if s == irr.Seat {
				lost[s] = RevokeSetBack
				entries = append(entries, game.Entry{Hand: h.Number, Side: cards.Side(s), Points: -RevokeSetBack,
					Label: fmt.Sprintf("revoked at trick %d, nobody having bid: scores nothing and is set back %d", irr.Trick, RevokeSetBack), Law: TextRevokes})
				continue
			}
			won[s] = TrickPoints * tricksBy[s]
			entries = append(entries, game.Entry{Hand: h.Number, Side: cards.Side(s), Above: true, Points: won[s],
				Label: fmt.Sprintf("%s at 10, nobody having bid", tricks(tricksBy[s])), Law: TextRevokes})
		}
		return won, lost, entries, true
	}
	won, lost, entries, err := RevokePenalty(RevokeCase{Rule: rule, Bid: cards.NewBid(h.Contract.Level, h.Contract.Strain),
		Bidder: bidder, Offender: irr.Seat, Tricks: tricksBy})
	if err != nil {
		return nil, nil, nil, false
	}
	for i := range entries {
		entries[i].Hand = h.Number
	}
	return won, lost, entries, true
}
