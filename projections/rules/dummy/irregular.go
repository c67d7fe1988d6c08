package dummy

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// The irregularities of the dummy games. What the English game's text says
// of dummy and his partner is here; the adversaries' irregularities, and
// what the text leaves to whist ("the general method of playing is
// identical with that of whist"), are whist's (Laws of Whist, 1909).

// Laws are a dummy game's laws on the irregularities of the dummy's side.
type Laws struct {
	// DummyRevoke: dummy is liable to no penalty for a revoke, and it
	// cannot be set right once the trick is quitted.
	DummyRevoke string
	// Revoke is the law on a revoke by a player (dummy's partner): the
	// whist penalty.
	Revoke string
	// InError: a player who plays a dummy is liable to no penalty for
	// cards exposed or played in error; "" when he is, as at whist.
	InError string
	// NoExposed: nobody is liable to a penalty for exposed cards or cards
	// played in error (Double Dummy: "there are no such things").
	NoExposed bool
	// Lead is the law on a lead out of turn by dummy or his partner;
	// EveryLead says it is the law on every player's (Humbug Whist's, a
	// variation on Double Dummy, whose every player has two hands).
	Lead      string
	EveryLead bool
	// Tricks is the law that makes a player's revoke cost three tricks,
	// applied by the code when it is established (Humbug Whist: "the
	// penalty for a revoke is three tricks"); "" for whist's choice of
	// three tricks or three points.
	Tricks string
}

// English is what English Dummy says.
var English = Laws{DummyRevoke: LawDummyRevoke, Revoke: LawRevoke, InError: LawInError, Lead: LawLead}

// Game is a dummy game built on whist: whist's rules, with the dummy
// games' irregularities judged by its Laws (the rest left to whist). The
// dummy games embed it and add their seating, scoring and cut.
type Game struct {
	*whist.Rules
	Laws Laws
}

// exempt reports whether seat's side is liable to no penalty for cards
// exposed or played in error.
func (ir Game) exempt(h *game.Hand, seat cards.Seat) (string, bool) {
	switch {
	case ir.Laws.NoExposed:
		return ir.Laws.InError, true
	case ir.Laws.InError != "" && DummySide(h, seat):
		return ir.Laws.InError, true
	}
	return "", false
}

// PlayLaws implements game.IrregularityRules.
func (ir Game) PlayLaws(h *game.Hand) game.PlayLaws {
	pl := ir.Rules.PlayLaws(h)
	pl.Dummy = ir.Laws.DummyRevoke
	return pl
}

// JudgeCall implements game.IrregularityRules: there is no auction.
func (ir Game) JudgeCall(h *game.Hand, irr *game.Irregularity) error {
	return ir.Rules.JudgeCall(h, irr)
}

// JudgePlay implements game.IrregularityRules.
func (ir Game) JudgePlay(h *game.Hand, irr *game.Irregularity) error {
	switch irr.Kind {
	case game.KindRevoke:
		if err := ir.Rules.JudgePlay(h, irr); err != nil {
			return err
		}
		switch {
		case h.IsDummy(irr.Seat):
			irr.Law = ir.Laws.DummyRevoke
		case !irr.Disobeyed:
			irr.Law = ir.Laws.Revoke
		}
		return nil
	case game.KindLeadOutOfTurn:
		if ir.leadRule(h, irr.Seat) {
			irr.Law = ir.Laws.Lead
			return nil
		}
	case game.KindPlayOutOfTurn:
		if law, ok := ir.exempt(h, irr.Seat); ok {
			irr.Law = law
			return nil
		}
	case game.KindDummyPlayed:
		return game.Illegal(irr.Card.String(), fmt.Sprintf("dummy's cards are played by his partner, %s, who selects the card: record it as dummy's (hoyle play %s)",
			h.SeatName(h.PlayedFrom(irr.Seat)), irr.Card), LawMethod)
	}
	return ir.Rules.JudgePlay(h, irr)
}

// JudgeExposed implements game.IrregularityRules: dummy's partner is liable
// to no penalty for cards dropped face upwards; the adversaries' are
// liable to be called, as at whist.
func (ir Game) JudgeExposed(h *game.Hand, irr *game.Irregularity) error {
	if law, ok := ir.exempt(h, irr.Seat); ok {
		irr.Law = law
		irr.What = fmt.Sprintf("%s exposed %s", h.SeatName(irr.Seat), game.CardList(irr.Cards))
		return nil
	}
	return ir.Rules.JudgeExposed(h, irr)
}

// JudgeNewDeal implements game.IrregularityRules: the deal's errors are
// whist's ("the general rules with regard to irregularities in the deal
// are the same as at whist").
func (ir Game) JudgeNewDeal(h *game.Hand, irr *game.Irregularity) error {
	return ir.Rules.JudgeNewDeal(h, irr)
}

// Established implements game.IrregularityRules: a code whose revoke costs
// three tricks, with no choice, applies them.
func (ir Game) Established(h *game.Hand, irr *game.Irregularity) {
	if ir.Laws.Tricks != "" && !h.IsDummy(irr.Seat) && !irr.Remedied() {
		irr.Remedies = append(irr.Remedies, game.Remedy{Choice: "tricks", Law: ir.Laws.Tricks,
			Effect: fmt.Sprintf("three tricks taken from %s's side and added to the adversary's", h.SideName(h.Offending(irr)))})
		return
	}
	ir.Rules.Established(h, irr)
}

// leadRule reports whether seat's lead out of turn is judged by the Lead
// law: dummy's side's, or (EveryLead) anyone's.
func (ir Game) leadRule(h *game.Hand, seat cards.Seat) bool {
	return ir.Laws.EveryLead || DummySide(h, seat)
}

// Corrected implements game.IrregularityRules: a card renounced in error and
// taken back is liable to be called, as at whist, unless its player is
// liable to no penalty for cards exposed.
func (ir Game) Corrected(h *game.Hand, irr *game.Irregularity) {
	if _, ok := ir.exempt(h, irr.Seat); ok || h.IsDummy(irr.Seat) {
		return
	}
	ir.Rules.Corrected(h, irr)
}

// Choices implements game.IrregularityRules.
func (ir Game) Choices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch irr.Kind {
	case game.KindRevoke:
		if h.IsDummy(irr.Seat) && !irr.Corrected {
			if irr.Established == 0 {
				return nil, "not yet established: it may still be corrected (hoyle correct)"
			}
			return nil, fmt.Sprintf("no penalty: dummy is liable to none, and the game proceeds as if no revoke had occurred (%s)", ir.Laws.DummyRevoke)
		}
		if irr.Corrected {
			if law, ok := ir.exempt(h, irr.Seat); ok || h.IsDummy(irr.Seat) {
				if law == "" {
					law = ir.Laws.DummyRevoke
				}
				return nil, fmt.Sprintf("corrected in time: no penalty (%s)", law)
			}
		}
	case game.KindLeadOutOfTurn:
		if ir.leadRule(h, irr.Seat) {
			return ir.leadChoices(h, irr)
		}
	case game.KindPlayOutOfTurn:
		if law, ok := ir.exempt(h, irr.Seat); ok {
			return nil, fmt.Sprintf("no penalty: the card stands where it was played (%s)", law)
		}
	case game.KindExposed:
		if law, ok := ir.exempt(h, irr.Seat); ok {
			return nil, fmt.Sprintf("no penalty: the cards go back to the hand (%s)", law)
		}
	}
	return ir.Rules.Choices(h, irr)
}

// leadChoices: "Should either dummy or his partner lead out of turn, the
// adversaries may call a suit from the one that should have led. ... if it
// was not the turn of either to lead, there is no penalty; for neither can
// have gained any advantage from knowing what suit the other wished to
// lead, or from the exposed card. Should all have played to the erroneous
// lead, the error cannot be corrected, and no penalty remains."
func (ir Game) leadChoices(h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	switch {
	case irr.Remedied():
		return nil, ""
	case !h.OnTable(irr) || h.PlayedAfter(irr) >= h.Playing()-1:
		return nil, fmt.Sprintf("all played to it: it stands, and no penalty remains (%s)", ir.Laws.Lead)
	}
	by := "the adversaries"
	accept := game.Choice{Name: "accept", Law: ir.Laws.Lead, By: by, Effect: "the lead stands"}
	if h.Seating.SideOf(irr.Proper) != h.Seating.SideOf(irr.Seat) {
		return []game.Choice{accept,
			{Name: "correct", Law: ir.Laws.Lead, By: by, Effect: "the card goes back, with no penalty: it was the turn of neither, and the proper leader leads"},
		}, ""
	}
	return []game.Choice{accept,
		{Name: "call-suit", Arg: "SUIT", Law: ir.Laws.Lead, By: by,
			Effect: fmt.Sprintf("the card goes back, and %s, who should have led, must lead the suit called", h.SeatName(irr.Proper))},
	}, ""
}

// Choose implements game.IrregularityRules.
func (ir Game) Choose(h *game.Hand, irr *game.Irregularity, rem *game.Remedy) error {
	if irr.Kind == game.KindLeadOutOfTurn && ir.leadRule(h, irr.Seat) {
		switch rem.Choice {
		case "accept":
			rem.Effect = "the lead stands"
			return nil
		case "correct":
			if err := h.TakeBack(irr); err != nil {
				return err
			}
			rem.Effect = fmt.Sprintf("%s goes back to the hand, with no penalty; %s leads", irr.Card, h.SeatName(irr.Proper))
			return nil
		case "call-suit":
			if err := h.TakeBack(irr); err != nil {
				return err
			}
			h.CallSuit([]cards.Seat{irr.Proper}, rem.Suit, false, ir.Laws.Lead, irr)
			rem.Effect = fmt.Sprintf("%s goes back; %s must lead %s", irr.Card, h.SeatName(irr.Proper), rem.Suit.Name())
			return nil
		}
		return game.Illegal(rem.Choice, "not a remedy for a lead out of turn by dummy or his partner", ir.Laws.Lead)
	}
	return ir.Rules.Choose(h, irr, rem)
}
