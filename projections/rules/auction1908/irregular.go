package auction1908

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// The irregularities of the 1908 code. Its own laws govern the
// declaration (a declaration out of turn, 52; an insufficient call, 53;
// a double of partner's call, 56; a double out of turn, 59), cards
// exposed before the first lead (70, 71) and the penalty of the revoke
// (90). The play is "as in Bridge" (laws 62-89, 91-108 of the Club code,
// the dealer's part being the declarer's, Law 62): leads out of turn,
// exposed cards liable to be called, cards played in error, and when a
// revoke is established and can be corrected. Where neither code has a
// law (a pass out of turn, a call by a partner debarred, a call of more
// than seven), hoyle refuses to record the call as irregular and says so.

// The laws the irregularities cite: the code's own, and Bridge's.
const (
	LawOutOfTurn     = "Law 52"
	LawInsufficient  = "Law 53"
	LawBadDouble     = "Law 56"
	LawDoubleOOT     = "Law 59"
	LawExposedBefore = "Law 70"
	LawExposedLead   = "Law 71"
	LawRevokePenalty = "Law 90"

	asInBridge         = ", as in Bridge"
	LawExposed         = bridge.LawExposed + asInBridge
	LawLeadOOT         = bridge.LawLeadOOT + asInBridge
	LawDeclarerLeadOOT = bridge.LawDealerLeadOOT + asInBridge
	LawPlayOOT         = bridge.LawPlayOOT + asInBridge
	LawEstablished     = bridge.LawEstablished + asInBridge
	LawCorrect         = bridge.LawCorrect + asInBridge
	LawCorrectDeclarer = bridge.LawCorrectDealer + asInBridge
	LawDummySuggests   = bridge.LawDummySuggests + asInBridge
	LawDummyRevoke     = bridge.LawDummyRevoke + asInBridge
	LawClaim           = bridge.LawClaim + asInBridge
)

// RevokePoints is what a revoke costs: 150 above the line (Law 90).
const RevokePoints = 150

// RevokeTricks are the tricks a declarer may take instead, when an
// adversary revokes (Law 90 b).
const RevokeTricks = 3

// playCode is Bridge's laws of the play, the declarer in the dealer's
// place (Law 62).
var playCode = game.PlayCode{
	Lead: LawLeadOOT, Chooser: "the declarer", LeadDeclarer: LawDeclarerLeadOOT, DeclarerCorrects: true,
	Stands: game.StandsTrick, PlayOutOfTurn: LawPlayOOT, Exposed: LawExposed, DeclarerExempt: true,
	Correct: LawCorrect, CorrectDeclarer: LawCorrectDeclarer, DummyPlayed: LawDummySuggests,
	ForbidLead: LawExposedLead, ForbidInstead: true,
}

// PlayLaws implements game.IrregularityRules.
func (*Rules) PlayLaws(*game.Hand) game.PlayLaws {
	return game.PlayLaws{Revoke: LawRevoke, Established: LawEstablished, Quitted: true, Correct: LawCorrect,
		Dummy: LawDummyRevoke, Claim: LawClaim}
}

// JudgeCall implements game.IrregularityRules: Laws 52, 53, 56 and 59.
func (r *Rules) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	if err := r.ClassifyCall(h, irr); err != nil {
		return err
	}
	tok := irr.Call.String()
	switch irr.Kind {
	case game.KindCallOutOfTurn:
		switch irr.Call.Kind {
		case cards.Pass:
			return game.Illegal(tok, "the Auction laws of 1908 have no law for a pass out of turn (Law 52 is of a declaration, Law 59 of a double); it is not recorded", "")
		case cards.Bid:
			irr.Law = LawOutOfTurn
		default:
			// Law 59 names a double; a re-double is a doubling too
			// (Laws 55 and 56 name them together).
			irr.Law = LawDoubleOOT
		}
		// If it is allowed to stand, "the bidding shall continue as if
		// the declaration had been in order" (Law 52).
		r.Enter(h, irr.Seat, irr.Call, irr.ID)
	case game.KindInsufficient:
		b, ok := r.SufficientBid(h, irr)
		if !ok {
			return game.Illegal(tok, fmt.Sprintf("no call of %s overcalls the last declaration: Law 53 makes a call sufficient in the suit named, and the laws have no rule for one that cannot be", irr.Call.Strain.Name()), LawInsufficient)
		}
		// "He shall be considered to have declared the requisite number
		// of tricks in the call which he has made, and his partner shall
		// be debarred from making any further declaration, unless either
		// of his adversaries overcall, or double."
		irr.Law = LawInsufficient
		partner := h.Seating.Partner(irr.Seat)
		r.Enter(h, irr.Seat, b, irr.ID)
		h.Bar(partner, game.BarUntilAdverse, false, LawInsufficient, irr)
		irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "sufficient", Law: LawInsufficient,
			Effect: fmt.Sprintf("%s is considered to have declared %s; %s is debarred from declaring unless an adversary overcalls or doubles", h.SeatName(irr.Seat), b, h.SeatName(partner))})
	case game.KindImpossible:
		return game.Illegal(tok, "there are no more than seven tricks to call: Law 53 makes an insufficient call sufficient, and the laws have no rule for a call of more than seven; it is not recorded", LawInsufficient)
	case game.KindBarredCall:
		return game.Illegal(tok, "Law 53 debars the partner of an insufficient caller, and gives no penalty if he declares all the same; it is not recorded", LawInsufficient)
	case game.KindBadDouble:
		// Not a call: it does not count, and the offender calls again.
		irr.Law = LawBadDouble
	}
	return nil
}

// JudgePlay implements game.IrregularityRules: the play is as in Bridge
// (laws 62-89), the declarer in the dealer's place (Law 62).
func (r *Rules) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	if irr.Kind == game.KindDummyPlayed && irr.By != h.Dummy {
		return game.Illegal(irr.Card.String(), fmt.Sprintf("the laws have no rule for %s playing dummy's card: the declarer plays dummy's cards", h.SeatName(irr.By)), "Law 62")
	}
	if err := r.bridge.JudgePlay(h, irr); err != nil {
		return err
	}
	irr.Law += asInBridge
	return nil
}

// JudgeExposed implements game.IrregularityRules: a card exposed before
// the declaration is finally determined gives the adversary on the
// offender's left a new deal, or is picked up and cannot be called
// (Law 70); after, the cards of the declarer's adversaries are liable to
// be called (Law 72, as in Bridge), and a card exposed by the leader's
// partner before the first lead lets the declarer forbid its suit instead
// (Law 71). The declarer and Dummy are liable to no penalty for exposing.
func (r *Rules) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), game.CardList(irr.Cards))
	switch {
	case h.Phase == game.PhaseAuction:
		irr.Law = LawExposedBefore
		return nil
	case beforeLead(h):
		irr.Law = LawExposedLead
	default:
		irr.Law = LawExposed
	}
	if !h.Declaring(irr.Seat) {
		h.ExposePenalty(irr, irr.Cards, game.Callable, LawExposed)
	}
	return nil
}

func beforeLead(h *game.Hand) bool {
	return h.Phase == game.PhasePlay && len(h.Tricks) == 1 && len(h.Tricks[0].Cards) == 0
}

// JudgeNewDeal implements game.IrregularityRules: as in Bridge (laws 38
// and 39).
func (r *Rules) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	if err := r.bridge.JudgeNewDeal(h, irr); err != nil {
		return err
	}
	irr.Law += asInBridge
	return nil
}

// Established implements game.IrregularityRules: when the declarer
// revokes there is no choice to make: "his adversaries add 150 points to
// their score above the line" (Law 90 a).
func (r *Rules) Established(h *game.Hand, irr *game.Irregularity) {
	if irr.Seat == h.Dummy || h.Contract == nil || irr.Seat != h.Contract.Declarer || irr.Remedied() {
		return
	}
	irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "points", Law: LawRevokePenalty + "(a)",
		Effect: fmt.Sprintf("the declarer revoked: his adversaries add %d to their score above the line, besides what he owes if he fails in his contract; his side scores nothing on the hand but honours and chicane", RevokePoints)})
}

// Corrected implements game.IrregularityRules: as in Bridge, Law 94.
func (*Rules) Corrected(h *game.Hand, irr *game.Irregularity) { playCode.Corrected(h, irr) }

// Choices implements game.IrregularityRules.
func (r *Rules) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if irr.Kind == game.KindExposed {
		return exposedChoices(h, irr)
	}
	if cs, settled, ok := playCode.Choices(h, irr); ok {
		return cs, settled
	}
	switch irr.Kind {
	case game.KindRevoke:
		return revokeChoices(h, irr)
	case game.KindCallOutOfTurn:
		return callChoices(h, irr)
	case game.KindBadDouble:
		return nil, "it does not count: any declaration can be doubled, and re-doubled once, but not more, and a player cannot double his partner's call or re-double his partner's double (Law 56); the laws give no penalty"
	case game.KindNewDeal:
		return nil, "the hand is void: the same dealer deals again"
	}
	return nil, ""
}

// leftOf names the adversary on the offender's left, who chooses under
// Laws 52, 59 and 70.
func leftOf(h *game.Hand, irr *game.Irregularity) string {
	return fmt.Sprintf("%s, the adversary on %s's left", h.SeatName(irr.Seat.Next(h.Seating.Seats)), h.SeatName(irr.Seat))
}

// callChoices: Laws 52 and 59. "The adversary on his left may demand a new
// deal, or may allow the declaration so made to stand"; once an adversary
// has called over it, it has been allowed.
func callChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Remedied():
		return nil, ""
	case game.AdversaryCalled(h, irr) || h.Phase != game.PhaseAuction:
		return nil, fmt.Sprintf("an adversary called over it: it was allowed to stand (%s)", irr.Law)
	}
	by := leftOf(h, irr)
	return []game.Choice{
		{Name: "accept", Law: irr.Law, By: by, Effect: "it stands, and the bidding continues as if it had been in order"},
		{Name: "new-deal", Law: irr.Law, By: by, Effect: "a new deal, by the same dealer"},
	}, ""
}

// revokeChoices: Law 90 (b). "When either of the adversaries revoke[s],
// the declarer may add 150 points to his score above the line, or may
// take three tricks from his opponents and add them to his own."
func revokeChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Established == 0:
		return nil, "not yet established: it may still be corrected (hoyle correct)"
	case irr.Seat == h.Dummy:
		return nil, "no penalty: " + LawDummyRevoke
	case irr.Remedied():
		return nil, ""
	case h.Contract == nil:
		return nil, "no declaration: nothing to penalize"
	}
	return []game.Choice{
		{Name: "tricks", Law: LawRevokePenalty + "(b)", By: "the declarer",
			Effect: fmt.Sprintf("%d tricks taken from the adversaries and added to his own: they may assist him to fulfil his contract, but earn no bonus for a doubled declaration", RevokeTricks)},
		{Name: "points", Law: LawRevokePenalty + "(b)", By: "the declarer",
			Effect: fmt.Sprintf("%d points added to his score above the line", RevokePoints)},
	}, ""
}

// exposedChoices: Laws 70-72.
func exposedChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	if irr.Law == LawExposedBefore {
		switch {
		case irr.Remedied():
			return nil, ""
		case h.Phase != game.PhaseAuction:
			return nil, "the deal was allowed to stand: the exposed card was picked up and cannot be called (Law 70)"
		}
		return []game.Choice{{Name: "new-deal", Law: LawExposedBefore, By: leftOf(h, irr), Effect: "a new deal, by the same dealer; if the deal is allowed to stand, the card is picked up and cannot be called"}}, ""
	}
	return playCode.ExposedChoices(h, irr)
}

// Choose implements game.IrregularityRules.
func (r *Rules) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	if ok, err := playCode.Apply(h, irr, rem); ok {
		return err
	}
	switch rem.Choice {
	case "tricks", "points", "accept":
	case "new-deal":
		h.Annul()
	default:
		return game.Illegal(rem.Choice, "not a remedy of the Auction laws of 1908", "")
	}
	return nil
}

// revokes is what the established revokes of a hand do to its score
// (Law 90).
type revokes struct {
	declarer  []*game.Irregularity // by the declarer: 150 to the adversaries
	points    []*game.Irregularity // by an adversary, the declarer taking 150
	transfers []game.RevokeTransfer
	// revoked are the sides with an established revoke (not Dummy's): "Under
	// no circumstances can a side score anything, either above or below
	// the line, except for Honours or Chicane, on a hand in which one of
	// them has revoked."
	revoked map[cards.Side]bool
	notes   []string
}

func handRevokes(h *game.Hand) revokes {
	rv := revokes{revoked: map[cards.Side]bool{}}
	decl := h.DeclaringSide()
	for _, irr := range h.Revokes() {
		if irr.Seat == h.Dummy {
			continue
		}
		rv.revoked[h.Offending(irr)] = true
		switch {
		case irr.Seat == h.Contract.Declarer:
			rv.declarer = append(rv.declarer, irr)
		case irr.Chose("tricks"):
			rv.transfers = append(rv.transfers, game.RevokeTransfer{Irregularity: irr, To: decl, Tricks: RevokeTricks})
		case irr.Chose("points"):
			rv.points = append(rv.points, irr)
		default:
			rv.notes = append(rv.notes, fmt.Sprintf("hand %d: %s's revoke at trick %d is established, and the declarer has not chosen his penalty (hoyle penalty tricks or points); not scored unless he chooses it before the cards are cut for the next deal", h.Number, h.SeatName(irr.Seat), irr.Trick))
		}
	}
	if len(rv.revoked) == 2 {
		rv.notes = append(rv.notes, fmt.Sprintf("hand %d: both sides revoked: each is punished by the other, and neither scores anything on the hand but honours and chicane (Law 90; Law 99, as in Bridge)", h.Number))
	}
	return rv
}
