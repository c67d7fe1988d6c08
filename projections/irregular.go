package projections

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// Irregularities in the fold and the decisions that record them: a card
// or call recorded as it was made although the laws forbid it, cards
// exposed, a renounce corrected, a new deal, and the remedy chosen. The
// session's code judges each (projections/game, IrregularityRules).

func init() {
	for _, t := range table.IrregularTypes() {
		undoable[t] = true
	}
}

// applyIrregular folds one of the irregularity events into hand h.
func (s *Session) applyIrregular(h *game.Hand, e events.Envelope) error {
	if h == nil {
		return game.Illegal(e.Type, "no hand has been dealt", "")
	}
	switch p := e.Data.(type) {
	case *table.IrregularCall:
		_, err := h.CallIrregular(s.Rules, p.Seat, p.Call, e.ID)
		return err
	case *table.IrregularPlay:
		_, err := h.PlayIrregular(s.Rules, p.Seat, p.By, p.Card, e.ID)
		return err
	case *table.Exposed:
		_, err := h.Expose(s.Rules, p.Seat, p.Cards, e.ID)
		return err
	case *table.RenounceCorrected:
		_, err := h.CorrectRenounce(s.Rules, p.Seat, p.Card)
		return err
	case *table.NewDeal:
		_, err := h.NewDeal(s.Rules, p.Reason, p.Misdeal, e.ID)
		return err
	case *table.Penalty:
		if err := s.checkClaimTime(h, p.Choice); err != nil {
			return err
		}
		_, err := h.ChooseRemedy(s.Rules, p.Target, p.Choice, p.Card, p.Suit, e.ID)
		return err
	}
	return fmt.Errorf("%w: %s", events.ErrUnknownType, e.Type)
}

// checkClaimTime refuses a remedy for a hand over once the cards are cut
// for the next deal: "A revoke cannot be claimed after the cards have been
// cut for the following deal" (Bridge Law 97, and each code's like it).
func (s *Session) checkClaimTime(h *game.Hand, choice string) error {
	if h.Phase != game.PhaseDone || (s.Cut == nil && s.Shuffle == nil) {
		return nil
	}
	law := ""
	if ir, ok := s.Rules.(game.IrregularityRules); ok {
		law = ir.PlayLaws(h).Claim
	}
	return game.Illegal(choice, fmt.Sprintf("the cards have been cut for the deal after hand %d: its irregularities can no longer be claimed", h.Number), law)
}

// seatOr reads a seat given by name, or, when none is given, the seat
// whose turn it is.
func (s *Session) seatOr(name string) (cards.Seat, error) {
	if strings.TrimSpace(name) == "" {
		return s.ToAct(), nil
	}
	return s.SeatOf(name)
}

// DecideIrregularCalls records calls as they were made although the laws
// forbid them: each by seat (a seat or player's name), or, when seat is
// "", by whoever's turn it is when it comes. Each is named by the code; a
// call the laws allow is refused, to be recorded with DecideCalls.
func (s *Session) DecideIrregularCalls(stamp Stamp, seat string, tokens []string) ([]events.Event, error) {
	var out []events.Event
	for _, tok := range tokens {
		who, err := s.seatOr(seat)
		if err != nil {
			return nil, err
		}
		call, err := s.Rules.ParseCall(tok)
		if err != nil {
			return nil, err
		}
		if who == cards.NoSeat {
			return nil, s.nobodyToAct(tok)
		}
		ev, err := s.propose(stamp, &table.IrregularCall{Seat: who, Call: call})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// DecideIrregularPlays records cards as they were played although the laws
// forbid them: each from seat's hand (or, when seat is "", from the hand
// whose turn it is), played by by when someone else played it (dummy's
// card played by another).
func (s *Session) DecideIrregularPlays(stamp Stamp, seat, by string, tokens []string) ([]events.Event, error) {
	var out []events.Event
	for _, tok := range tokens {
		who, err := s.seatOr(seat)
		if err != nil {
			return nil, err
		}
		player := cards.NoSeat
		if by != "" {
			if player, err = s.SeatOf(by); err != nil {
				return nil, err
			}
		}
		c, err := cards.ParseCard(tok)
		if err != nil {
			return nil, err
		}
		if who == cards.NoSeat {
			return nil, s.nobodyToAct(tok)
		}
		ev, err := s.propose(stamp, &table.IrregularPlay{Seat: who, Card: c, By: player})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// nobodyToAct is the refusal of an entry when it is nobody's turn.
func (s *Session) nobodyToAct(tok string) error {
	h := s.Current()
	if h == nil {
		return game.Illegal(tok, "no hand has been dealt yet; record the deal first", "")
	}
	return h.NotNow("it is nobody's turn", tok)
}

// DecideExpose records cards of seat's hand exposed (dropped face up,
// shown, played two at once).
func (s *Session) DecideExpose(stamp Stamp, seat string, tokens []string) ([]events.Event, error) {
	who, err := s.SeatOf(seat)
	if err != nil {
		return nil, err
	}
	cs, err := parseCards(tokens)
	if err != nil {
		return nil, err
	}
	return s.proposeOne(stamp, &table.Exposed{Seat: who, Cards: cs})
}

// parseCards reads a list of cards, each token one card.
func parseCards(tokens []string) ([]cards.Card, error) {
	var cs []cards.Card
	for _, tok := range tokens {
		c, err := cards.ParseCard(tok)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// DecideNewDeal records a new deal demanded for the hand in progress, for
// the reason given.
func (s *Session) DecideNewDeal(stamp Stamp, reason string, misdeal bool) ([]events.Event, error) {
	if !printable(reason) {
		return nil, fmt.Errorf("%w: the reason %s holds control characters", game.ErrBadOption, cards.Quote(reason))
	}
	return s.proposeOne(stamp, &table.NewDeal{Reason: strings.TrimSpace(reason), Misdeal: misdeal})
}

// DecideCorrect corrects the renounce in error of the current trick before
// it is established: the card is withdrawn. With a substitute (not
// NoCard) the offender's card in its place is recorded too.
func (s *Session) DecideCorrect(stamp Stamp, substitute string) ([]events.Event, error) {
	h := s.Current()
	if h == nil {
		return nil, game.Illegal("correct", "no hand has been dealt", "")
	}
	var irr *game.Irregularity
	for _, x := range h.Irregular {
		if h.Correctable(x) || h.CorrectableTwelfth(s.Rules, x) {
			irr = x
		}
	}
	if irr == nil {
		law := ""
		if ir, ok := s.Rules.(game.IrregularityRules); ok {
			law = ir.PlayLaws(h).Correct
		}
		return nil, game.Illegal("correct", "there is no renounce in the trick on the table that has not been established", law)
	}
	out, err := s.proposeOne(stamp, &table.RenounceCorrected{Seat: irr.Seat, Card: irr.Card})
	if err != nil || substitute == "" {
		return out, err
	}
	more, err := s.DecidePlays(stamp, []string{substitute})
	if err != nil {
		return nil, err
	}
	return append(out, more...), nil
}

// PenaltySpec is a remedy as the scorer gives it: the choice, what it
// names (a card, a suit), and the irregularity it is for (zero: the one
// of the current hand that has the choice open).
type PenaltySpec struct {
	Choice string
	Arg    string
	Target events.ID
}

// DecidePenalty records the remedy chosen for an irregularity of the
// current hand.
func (s *Session) DecidePenalty(stamp Stamp, spec PenaltySpec) ([]events.Event, error) {
	h := s.Current()
	if h == nil {
		return nil, game.Illegal(spec.Choice, "no hand has been dealt", "")
	}
	choice := strings.ToLower(strings.TrimSpace(spec.Choice))
	open := h.Open(s.Rules)
	var target *game.OpenRemedy
	for i, o := range open {
		if (spec.Target != events.ID{}) && o.Irregularity.ID != spec.Target {
			continue
		}
		for _, c := range o.Choices {
			if c.Name == choice && target == nil {
				target = &open[i]
			}
		}
	}
	if target == nil {
		if err := s.checkClaimTime(h, choice); err != nil {
			return nil, err
		}
		return nil, s.noSuchChoice(h, open, choice, spec.Target)
	}
	p := &table.Penalty{Target: target.Irregularity.ID, Choice: choice, Suit: cards.NoSuit}
	for _, c := range target.Choices {
		if c.Name != choice {
			continue
		}
		switch c.Arg {
		case "CARD":
			if spec.Arg == "" {
				return nil, game.Illegal(choice, fmt.Sprintf("name the card: hoyle penalty %s CARD", choice), c.Law)
			}
			card, err := cards.ParseCard(spec.Arg)
			if err != nil {
				return nil, err
			}
			p.Card = card
		case "SUIT":
			if spec.Arg == "" {
				return nil, game.Illegal(choice, fmt.Sprintf("name the suit: hoyle penalty %s SUIT", choice), c.Law)
			}
			suit, err := cards.ParseSuit(spec.Arg)
			if err != nil {
				return nil, err
			}
			p.Suit = suit
		default:
			if spec.Arg != "" {
				return nil, game.Illegal(spec.Arg, choice+" names no card or suit", c.Law)
			}
		}
	}
	return s.proposeOne(stamp, p)
}

// noSuchChoice says why a remedy cannot be chosen: none is open, or not
// that one.
func (s *Session) noSuchChoice(h *game.Hand, open []game.OpenRemedy, choice string, target events.ID) error {
	if target != (events.ID{}) {
		irr := h.Irregularity(target)
		if irr == nil {
			return fmt.Errorf("%w: the moment named is not an irregularity of hand %d", game.ErrNoIrregularity, h.Number)
		}
		for _, o := range open {
			if o.Irregularity.ID == target {
				return game.Illegal(choice, fmt.Sprintf("the remedies open for %s are %s", irr.Describe(h), game.ChoiceNames(o.Choices)), irr.Law)
			}
		}
		return game.Illegal(choice, irr.Describe(h)+": no remedy is open for it now", irr.Law)
	}
	if len(open) == 0 {
		var why []string
		if ir, ok := s.Rules.(game.IrregularityRules); ok {
			for _, irr := range h.Irregular {
				if _, settled := ir.Choices(h, irr); settled != "" {
					why = append(why, fmt.Sprintf("%s: %s", irr.Describe(h), settled))
				}
			}
		}
		if len(why) > 0 {
			return fmt.Errorf("%w: no irregularity of hand %d has a remedy open now; %s", game.ErrNoIrregularity, h.Number, strings.Join(why, "; "))
		}
		if ir, ok := s.Rules.(game.IrregularityRules); ok && len(h.Irregular) == 0 && h.Number > 1 {
			return fmt.Errorf("%w: hand %d has no irregularity, and those of an earlier hand can no longer be claimed (%s)", game.ErrNoIrregularity, h.Number, ir.PlayLaws(h).Claim)
		}
		return fmt.Errorf("%w: no irregularity of hand %d has a remedy open now", game.ErrNoIrregularity, h.Number)
	}
	var parts []string
	for _, o := range open {
		parts = append(parts, fmt.Sprintf("for %s: %s", o.Irregularity.Describe(h), game.ChoiceNames(o.Choices)))
	}
	return game.Illegal(choice, "the remedies open are "+strings.Join(parts, "; "), "")
}

// irregularHint adds to a refusal of an ordinary call the command that
// records it as made, when the laws have a name for it.
func (s *Session) irregularHint(err error, seat cards.Seat, call cards.Call) error {
	var ie *game.IllegalError
	h := s.Current()
	if h == nil || !errors.As(err, &ie) || h.Phase != game.PhaseAuction || errors.Is(err, game.ErrRegular) {
		return err
	}
	if _, ok := s.Rules.(game.IrregularityRules); !ok {
		return err
	}
	if _, err2 := h.Clone().CallIrregular(s.Rules, seat, call, events.ID{}); err2 != nil {
		return err
	}
	hinted := *ie
	hinted.Reason += fmt.Sprintf("; if it was made, record it as made with `hoyle call --irregular %s`", call)
	return &hinted
}
