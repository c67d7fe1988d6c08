package game

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
)

// The remedies of the play that the codes share in substance: a lead out
// of turn (the card called, or a suit called, or the lead let stand), a
// card played before its turn (the partner called on to win or not), cards
// exposed (liable to be called), a renounce corrected in time (the
// offender's highest or lowest to the trick), dummy's card played by
// another (played or not). Each code gives its own laws and says when the
// time for a remedy passes; PlayCode carries them.

// LeadStands says when a lead out of turn can no longer be set right.
type LeadStands uint8

// When a false lead stands.
const (
	// StandsSecondHand: once the second hand has played to it (Foster,
	// Leading Out of Turn; contract, Law 53A).
	StandsSecondHand LeadStands = iota
	// StandsTrick: once the other three have followed (the Club code of
	// Bridge, Law 82; the Laws of Whist); a card played to it before
	// then is taken back with it.
	StandsTrick
)

// PlayCode is a code's laws for the irregularities of the play.
type PlayCode struct {
	// Lead is the law on a lead out of turn by a player not of the
	// declaring side (every player, where there is no declarer); Chooser
	// is who chooses its remedy.
	Lead    string
	Chooser string
	// Declarer is what the code calls the declarer ("the dealer" in
	// Bridge); "the declarer" when empty.
	Declarer string
	// NoCallSuit: the code gives no call of a suit for the next lead,
	// only the card led (Five Hundred has no partner to call it from).
	NoCallSuit bool
	// LeadDeclarer is the law on a lead out of turn by the declarer, from
	// his hand or dummy's: no penalty, set right if the adversaries
	// direct (DeclarerCorrects false: Foster) or by the declarer himself
	// before the second hand plays (DeclarerCorrects true: Bridge Law 81).
	LeadDeclarer     string
	DeclarerCorrects bool
	Stands           LeadStands
	// PlayOutOfTurn is the law on the fourth hand playing before his
	// partner, the third: the partner may be called on to win, or not to
	// win, the trick ("" : the code has none).
	PlayOutOfTurn string
	// Exposed is the law on exposed cards; DeclarerExempt says the
	// declarer (and dummy) are liable to no penalty for theirs.
	Exposed        string
	DeclarerExempt bool
	// Correct is the law on a renounce corrected in time by a player not
	// of the declaring side: the card played in error is exposed, liable
	// to be called, or he is called on for his highest or lowest card to
	// the trick. CorrectDeclarer is the law when the declarer corrects
	// (the eldest hand may call for his highest or lowest, both
	// adversaries having played to the trick): "" when the code gives no
	// penalty against him.
	Correct, CorrectDeclarer string
	// DummyPlayed is the law on dummy's card played by dummy himself (the
	// adversaries may have the declarer play it or not).
	DummyPlayed string
	// ForbidLead is the law by which the declarer may forbid the leader
	// the suit of a card his partner exposed before the first lead
	// (forbidLeadChoice), "" where the code has none; ForbidInstead says
	// it is "instead of calling the card", which is then taken up.
	ForbidLead    string
	ForbidInstead bool
}

func (pc PlayCode) declarer() string {
	if pc.Declarer == "" {
		return "the declarer"
	}
	return pc.Declarer
}

// LeadChoices are the remedies open for a lead out of turn or a card from
// the wrong hand, until the lead stands.
func (pc PlayCode) LeadChoices(h *Hand, irr *Irregularity) ([]Choice, string) {
	lead := false
	if irr.Trick >= 1 && irr.Trick <= len(h.Tricks) {
		t := h.Tricks[irr.Trick-1]
		lead = len(t.Cards) > 0 && t.Cards[0].ID == irr.ID
	}
	if irr.Remedied() {
		// The card led, taken back face up, stays liable to be called.
		return h.CallCardChoice(irr, pc.Lead, pc.Chooser), ""
	}
	if !lead {
		if irr.Kind == KindWrongHand {
			return nil, fmt.Sprintf("no penalty: a card of the declaring side played from the wrong hand stands (%s)", pc.LeadDeclarer)
		}
		return nil, ""
	}
	stood := !h.OnTable(irr)
	switch pc.Stands {
	case StandsSecondHand:
		stood = stood || h.PlayedAfter(irr) > 0
	case StandsTrick:
		stood = stood || h.PlayedAfter(irr) >= h.Playing()-1
	}
	if stood {
		if pc.Stands == StandsTrick {
			return nil, fmt.Sprintf("the others followed to it: the trick is complete and stands (%s)", pc.Lead)
		}
		return nil, fmt.Sprintf("the second hand played to it: it stands (%s)", pc.Lead)
	}
	if h.Declaring(irr.Seat) {
		if pc.DeclarerCorrects {
			if h.PlayedAfter(irr) > 0 {
				return nil, fmt.Sprintf("no penalty; the second hand has played, and the declarer may no longer set it right (%s)", pc.LeadDeclarer)
			}
			return []Choice{{Name: "correct", Law: pc.LeadDeclarer, By: pc.declarer(),
				Effect: "the declarer takes the card back, with no penalty, and leads from the right hand"}}, ""
		}
		return []Choice{
			{Name: "accept", Law: pc.LeadDeclarer, By: "either adversary", Effect: "the lead stands: no penalty"},
			{Name: "correct", Law: pc.LeadDeclarer, By: "either adversary", Effect: "the declarer takes the card back, with no penalty, and leads from the right hand"},
		}, ""
	}
	out := []Choice{
		{Name: "accept", Law: pc.Lead, By: pc.Chooser, Effect: "the lead stands"},
		{Name: "call-card", Law: pc.Lead, By: pc.Chooser,
			Effect: fmt.Sprintf("the card led is taken back and left face up, exposed: %s must play it when it is called", h.SeatName(irr.Seat))},
	}
	if !pc.NoCallSuit {
		out = append(out, Choice{Name: "call-suit", Arg: "SUIT", Law: pc.Lead, By: pc.Chooser,
			Effect: fmt.Sprintf("the card led is taken back; the next lead by %s must be of the suit called", h.seatsText(h.leaders(irr.Seat)))})
	}
	return out, ""
}

// leaders are the seats whose next lead a suit called for a lead out of
// turn binds: the offender and his partner.
func (h *Hand) leaders(seat cards.Seat) []cards.Seat {
	out := []cards.Seat{seat}
	if p := h.Seating.Partner(seat); p != cards.NoSeat {
		out = append(out, p)
	}
	return out
}

func (h *Hand) seatsText(seats []cards.Seat) string {
	s := ""
	for i, seat := range seats {
		if i > 0 {
			s += " or "
		}
		s += h.SeatName(seat)
	}
	return s
}

// PlayOutOfTurnChoices are the remedies open for a card played out of turn
// but not led: "should the third hand not have played, and the fourth
// play before his partner" (the second hand), the partner may be called on
// to win, or not to win, the trick (not dummy, nor the declarer's side).
func (pc PlayCode) PlayOutOfTurnChoices(h *Hand, irr *Irregularity) ([]Choice, string) {
	partner := h.Seating.Partner(irr.Seat)
	t := h.CurrentTrick()
	fourth := t != nil && len(t.Cards) > 0 && irr.Seat.Next(h.Seating.Seats) == t.Cards[0].Seat
	switch {
	case irr.Remedied():
		return nil, ""
	case pc.PlayOutOfTurn == "" || partner == cards.NoSeat || !h.OnTable(irr) || !fourth || h.Declaring(irr.Seat) || h.IsDummy(partner):
		return nil, "no penalty: the card stands where it was played"
	}
	third := t.Cards[0].Seat.Plus(2, h.Seating.Seats)
	for _, p := range t.Cards {
		switch p.Seat {
		case partner:
			return nil, "his partner has played: the card stands"
		case third:
			return nil, "the third hand had played before the second: the fourth may play before his partner without penalty"
		}
	}
	by := "the adversaries"
	if h.Contract != nil && h.Contract.Declarer != cards.NoSeat {
		by = pc.declarer()
	}
	return []Choice{
		{Name: PlayWin, Law: pc.PlayOutOfTurn, By: by, Effect: fmt.Sprintf("%s must win the trick if he can", h.SeatName(partner))},
		{Name: PlayNotWin, Law: pc.PlayOutOfTurn, By: by, Effect: fmt.Sprintf("%s must not win the trick if he can help it", h.SeatName(partner))},
	}, ""
}

// ExposedChoices are the remedies open for exposed cards: each liable to
// be called while it lies on the table.
func (pc PlayCode) ExposedChoices(h *Hand, irr *Irregularity) ([]Choice, string) {
	if pc.DeclarerExempt && h.Declaring(irr.Seat) {
		return nil, fmt.Sprintf("no penalty: the declarer is liable to no penalty for exposed cards (%s)", pc.Exposed)
	}
	by := "the adversaries"
	if h.Contract != nil && h.Contract.Declarer != cards.NoSeat {
		by = pc.declarer()
	}
	out := h.CallCardChoice(irr, pc.Exposed, by)
	if pc.ForbidLead != "" {
		out = append(out, h.forbidLeadChoice(irr, pc.ForbidLead, pc.declarer(), pc.ForbidInstead)...)
	}
	if len(out) == 0 {
		if len(h.ExposedOf(irr)) == 0 {
			return nil, "the exposed cards have been played or taken up"
		}
		return nil, "liable to be called when the play begins"
	}
	return out, ""
}

// CorrectedChoices are the remedies open for a renounce corrected in
// time: before the offender plays again to the trick, his highest or
// lowest card of the suit (against the declarer, only if both adversaries
// had played to the trick and he was not fourth hand); and the card
// played in error, exposed, called.
func (pc PlayCode) CorrectedChoices(h *Hand, irr *Irregularity) ([]Choice, string) {
	t := h.CurrentTrick()
	replayed := t == nil || irr.Trick != len(h.Tricks) || h.Phase != PhasePlay
	if !replayed {
		for _, p := range t.Cards {
			replayed = replayed || p.Seat == irr.Seat
		}
	}
	var out []Choice
	declarer := h.Contract != nil && irr.Seat == h.Contract.Declarer
	law, by := pc.Correct, "the adversaries"
	if h.Contract != nil && h.Contract.Declarer != cards.NoSeat {
		by = pc.declarer()
	}
	ok := !replayed && !irr.Chose(PlayHighest) && !irr.Chose(PlayLowest) && !h.IsDummy(irr.Seat)
	if declarer {
		law, by = pc.CorrectDeclarer, "the eldest hand"
		adversaries := 0
		for _, p := range append(append([]PlayedCard(nil), irr.Withdrawn...), t.Cards...) {
			if !h.Declaring(p.Seat) {
				adversaries++
			}
		}
		ok = ok && law != "" && adversaries == 2 && len(t.Cards)+len(irr.Withdrawn) < h.Playing()
	}
	if ok && law != "" {
		out = append(out,
			Choice{Name: PlayHighest, Law: law, By: by, Effect: fmt.Sprintf("%s must play his highest card of the suit he renounced to this trick", h.SeatName(irr.Seat))},
			Choice{Name: PlayLowest, Law: law, By: by, Effect: fmt.Sprintf("%s must play his lowest card of the suit he renounced to this trick", h.SeatName(irr.Seat))})
	}
	out = append(out, h.CallCardChoice(irr, pc.Correct, by)...)
	if len(out) == 0 {
		return nil, "corrected in time: no revoke"
	}
	return out, ""
}

// DummyPlayedChoices are the remedies open for dummy's card played by
// dummy himself: the adversaries may have the declarer play it, or not.
func (pc PlayCode) DummyPlayedChoices(h *Hand, irr *Irregularity) ([]Choice, string) {
	if irr.Remedied() || h.PlayedAfter(irr) > 0 || !h.OnTable(irr) {
		return nil, "the card was played to the trick: it stands"
	}
	return []Choice{
		{Name: "accept", Law: pc.DummyPlayed, By: "either adversary", Effect: "the declarer plays the card dummy suggested"},
		{Name: "withdraw", Law: pc.DummyPlayed, By: "either adversary", Effect: "the card goes back to dummy, and the declarer plays another"},
	}, ""
}

// Choices are the shared remedies for the irregularities of the play, by
// kind; ok is false for the kinds a code decides itself (the revoke, the
// auction's, a new deal).
func (pc PlayCode) Choices(h *Hand, irr *Irregularity) (choices []Choice, settled string, ok bool) {
	switch irr.Kind {
	case KindLeadOutOfTurn, KindWrongHand:
		choices, settled = pc.LeadChoices(h, irr)
	case KindPlayOutOfTurn:
		choices, settled = pc.PlayOutOfTurnChoices(h, irr)
	case KindDummyPlayed:
		choices, settled = pc.DummyPlayedChoices(h, irr)
	case KindExposed:
		choices, settled = pc.ExposedChoices(h, irr)
	case KindRevoke:
		if !irr.Corrected {
			return nil, "", false
		}
		choices, settled = pc.CorrectedChoices(h, irr)
	default:
		return nil, "", false
	}
	return choices, settled, true
}

// Apply applies a shared remedy of the play; ok is false for a choice it
// does not know, which the code applies itself.
func (pc PlayCode) Apply(h *Hand, irr *Irregularity, r *Remedy) (ok bool, err error) {
	switch r.Choice {
	case "accept":
	case "call-card":
		if irr.Kind == KindLeadOutOfTurn && h.OnTable(irr) {
			if err := h.TakeBack(irr); err != nil {
				return true, err
			}
			h.ExposePenalty(irr, []cards.Card{irr.Card}, Callable, pc.Lead)
			r.Effect = fmt.Sprintf("%s is taken back and left face up: %s must play it when it is called", irr.Card, h.SeatName(irr.Seat))
			return true, nil
		}
		return true, h.ApplyCallCard(irr, r)
	case "call-suit":
		if err := h.TakeBack(irr); err != nil {
			return true, err
		}
		leaders := h.leaders(irr.Seat)
		h.CallSuit(leaders, r.Suit, false, pc.Lead, irr)
		r.Effect = fmt.Sprintf("%s is taken back; %s called for the next lead by %s", irr.Card, r.Suit.Name(), h.seatsText(leaders))
	case "forbid-suit":
		if pc.ForbidInstead {
			h.Unexpose(irr) // "instead of calling the card"
		}
		t := h.CurrentTrick()
		if t == nil {
			return true, Illegal(r.Choice, "there is no lead to forbid a suit for", r.Law)
		}
		h.CallSuit([]cards.Seat{t.Leader}, r.Suit, true, r.Law, irr)
		r.Effect = fmt.Sprintf("%s may not lead %s to this trick", h.SeatName(t.Leader), r.Suit.Name())
	case "correct", "withdraw":
		return true, h.TakeBack(irr)
	case PlayHighest, PlayLowest:
		h.Unexpose(irr)
		h.Oblige(irr.Seat, r.Choice, r.Law, irr)
	case PlayWin, PlayNotWin:
		h.Oblige(h.Seating.Partner(irr.Seat), r.Choice, r.Law, irr)
	default:
		return false, nil
	}
	return true, nil
}

// Corrected is what the old codes make of a renounce corrected in time:
// the card played in error by a player not of the declaring side lies
// exposed, liable to be called (Bridge Law 94; the Laws of Whist; Duplicate
// Whist Law X, Sec. 3); the declarer's goes back to his hand.
func (pc PlayCode) Corrected(h *Hand, irr *Irregularity) {
	if pc.DeclarerExempt && h.Declaring(irr.Seat) {
		return
	}
	h.ExposePenalty(irr, []cards.Card{irr.Card}, Callable, pc.Correct)
}

// forbidLeadChoice is the old codes' remedy for a card exposed before the
// first lead by the partner of the player who is to make it: the declarer
// may forbid the leader the suit of the exposed card (the Club code of
// Bridge and the Auction laws of 1908, Law 71, "instead of calling the
// card", instead; Foster, Exposed Cards). None once the lead is made, the
// choice made, or the card taken up.
func (h *Hand) forbidLeadChoice(irr *Irregularity, law, by string, instead bool) []Choice {
	t := h.CurrentTrick()
	if h.Declaring(irr.Seat) || h.Phase != PhasePlay || len(h.Tricks) != 1 || t == nil || len(t.Cards) != 0 ||
		t.Leader != h.Seating.Partner(irr.Seat) || irr.Chose("forbid-suit") || len(h.ExposedOf(irr)) == 0 {
		return nil
	}
	effect := fmt.Sprintf("%s may not lead the suit of the exposed card to the first trick", h.SeatName(t.Leader))
	if instead {
		effect = fmt.Sprintf("instead of calling the card, %s may not lead the suit of the exposed card", h.SeatName(t.Leader))
	}
	return []Choice{{Name: "forbid-suit", Arg: "SUIT", Law: law, By: by, Effect: effect}}
}
