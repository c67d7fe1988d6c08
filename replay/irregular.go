package replay

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

func init() {
	// A replay stops at each irregularity and remedy, as at any card.
	for _, t := range table.IrregularTypes() {
		tableMoves[t] = true
	}
}

// OpenChoices are the choices open for irr, and what settled it when
// none is.
func OpenChoices(s *projections.Session, h *game.Hand, irr *game.Irregularity) ([]game.Choice, string) {
	ir, ok := s.Rules.(game.IrregularityRules)
	if !ok {
		return nil, ""
	}
	cs, settled := ir.Choices(h, irr)
	if len(cs) > 0 && h.Phase == game.PhaseDone && s.Current() == h && (s.Cut != nil || s.Shuffle != nil) {
		return nil, "the cards have been cut for the next deal: it can no longer be claimed"
	}
	return cs, settled
}

// ChoiceCommand is the command that makes a choice: "hoyle penalty
// call-suit SUIT".
func ChoiceCommand(c game.Choice) string {
	cmd := "hoyle penalty " + c.Name
	if c.Arg != "" {
		cmd += " " + c.Arg
	}
	return cmd
}

// IrregularityMoment is the moment of an irregularity: its card (H.T.C)
// or call (H.aK), or the event that recorded it (@N).
func IrregularityMoment(s *projections.Session, h *game.Hand, irr *game.Irregularity) Moment {
	if st, ok := s.StepOf(irr.ID); ok {
		return MomentOf(s, st)
	}
	return Moment{Kind: Dealt, Hand: h.Number}
}

// RemedyText says what was done about an irregularity: each remedy with
// its effect and law.
func RemedyText(s *projections.Session, h *game.Hand, irr *game.Irregularity) string {
	return remedyText(game.RemediesOf(s.Rules, h, irr))
}

func remedyText(rs []game.Remedy) string {
	var parts []string
	for _, r := range rs {
		line := r.Choice
		if r.Card != cards.NoCard {
			line += " " + r.Card.String()
		}
		if r.Suit != cards.NoSuit {
			line += " " + r.Suit.Name()
		}
		switch {
		case r.ID == (events.ID{}):
			line = "by the laws"
		case r.By != "":
			line = r.By + " chose " + line
		default:
			line = "chosen: " + line
		}
		if r.Effect != "" {
			line += ": " + r.Effect
		}
		if r.Law != "" {
			line += " (" + r.Law + ")"
		}
		parts = append(parts, line)
	}
	return strings.Join(parts, "; then ")
}

// IrregularityLine says an irregularity in a line, for a person: what
// happened, where, by which law, when it was established, and what was
// done about it or what is open: "E revoked (trick 1, established at trick
// 2); the declarer took three tricks, Foster's Complete Hoyle (1914)...".
func IrregularityLine(s *projections.Session, h *game.Hand, irr *game.Irregularity) string {
	var b strings.Builder
	b.WriteString(sentence(Clean(irr.What)))
	var where []string
	if irr.Trick > 0 && irr.Card != cards.NoCard {
		where = append(where, fmt.Sprintf("trick %d", irr.Trick))
	}
	if irr.Found {
		where = append(where, "found in the record")
	}
	if irr.Kind == game.KindRevoke && irr.Established > 0 && !irr.Corrected {
		where = append(where, fmt.Sprintf("established at trick %d", irr.Established))
	}
	if irr.Corrected {
		where = append(where, "corrected in time")
	}
	if len(where) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(where, ", "))
	}
	if irr.Law != "" {
		fmt.Fprintf(&b, "; %s", irr.Law)
	}
	remedies := game.RemediesOf(s.Rules, h, irr)
	if len(remedies) > 0 {
		fmt.Fprintf(&b, ". Remedy: %s", remedyText(remedies))
	}
	choices, settled := OpenChoices(s, h, irr)
	switch {
	case len(choices) > 0:
		by := choices[0].By
		if by == "" {
			by = "the non-offending side"
		}
		var names []string
		for _, c := range choices {
			names = append(names, ChoiceCommand(c))
		}
		fmt.Fprintf(&b, ". Open to %s: %s", by, strings.Join(names, ", "))
	case settled != "" && len(remedies) == 0:
		fmt.Fprintf(&b, ". %s", capital(settled))
	}
	return b.String() + "."
}

// sentence makes a phrase a sentence's start.
func sentence(s string) string { return capital(strings.TrimSuffix(s, ".")) }

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// IrregularStepText says what an irregularity event did, at its moment in
// a replay: the irregularity named, or the remedy chosen with its effect.
func IrregularStepText(state *projections.Session, p Point, names Names, ascii bool) (string, bool) {
	if !table.IsIrregular(p.Step.Type) || p.Hand < 1 || p.Hand > len(state.Hands) {
		return "", false
	}
	h := state.Hands[p.Hand-1]
	seat := func(x cards.Seat) string {
		if x >= 0 && int(x) < len(names.Short) {
			return names.Short[x]
		}
		return x.String()
	}
	switch d := p.Step.Data.(type) {
	case *table.IrregularPlay:
		// Said as any card (the trick it completes, the revokes it proves
		// or establishes), then named.
		q := p
		q.Step.Type, q.Step.Data = table.TypePlayed, &table.Played{Seat: d.Seat, Card: d.Card}
		line := StepText(state, q, names, ascii)
		if irr := h.Irregularity(p.Step.ID); irr != nil {
			line += " — irregular: " + Clean(irr.What)
			if irr.Law != "" {
				line += " (" + irr.Law + ")"
			}
		}
		return line, true
	case *table.IrregularCall:
		line := seat(d.Seat) + " " + CallText(d.Call, ascii)
		if irr := h.Irregularity(p.Step.ID); irr != nil {
			line += " — irregular: " + Clean(irr.What)
			if irr.Law != "" {
				line += " (" + irr.Law + ")"
			}
		}
		return line, true
	case *table.Exposed:
		if irr := h.Irregularity(p.Step.ID); irr != nil {
			return fmt.Sprintf("%s exposed %s (%s)", seat(d.Seat), cardsText(d.Cards, ascii), irr.Law), true
		}
		return fmt.Sprintf("%s exposed %s", seat(d.Seat), cardsText(d.Cards, ascii)), true
	case *table.RenounceCorrected:
		return fmt.Sprintf("%s corrects his renounce: %s withdrawn", seat(d.Seat), CardText(d.Card, ascii)), true
	case *table.NewDeal:
		line := "a new deal"
		if d.Reason != "" {
			line += ": " + Clean(d.Reason)
		}
		if irr := h.Irregularity(p.Step.ID); irr != nil && irr.Law != "" {
			line += " (" + irr.Law + ")"
		}
		return line, true
	case *table.Penalty:
		irr := h.Irregularity(d.Target)
		if irr == nil {
			return "penalty: " + d.Choice, true
		}
		for _, r := range irr.Remedies {
			if r.ID == p.Step.ID {
				line := fmt.Sprintf("for %s, %s", irr.Describe(h), r.Choice)
				if r.Effect != "" {
					line += ": " + r.Effect
				}
				if r.Law != "" {
					line += " (" + r.Law + ")"
				}
				return line, true
			}
		}
		return fmt.Sprintf("for %s, %s", irr.Describe(h), d.Choice), true
	}
	return "", false
}

func cardsText(cs []cards.Card, ascii bool) string {
	var out []string
	for _, c := range cs {
		out = append(out, CardText(c, ascii))
	}
	return strings.Join(out, " ")
}

// RestrictionsText says in words what the remedies in force impose on the
// current hand: the players barred, the penalty cards, the cards and
// suits called or forbidden, the cards a player must play.
func RestrictionsText(s *projections.Session) []string {
	out := []string{}
	h := s.Current()
	if h == nil || h.Phase == game.PhaseDone {
		return out
	}
	out = append(out, h.BarsText()...)
	r := h.Restrict
	for _, p := range r.Exposed {
		kind := "liable to be called"
		switch p.Kind {
		case game.Major:
			kind = "a major penalty card, to be played at the first legal opportunity"
		case game.Minor:
			kind = "a minor penalty card"
		}
		out = append(out, fmt.Sprintf("%s's %s lies face up, %s (%s)", h.SeatName(p.Seat), p.Card, kind, p.Law))
	}
	for _, c := range r.Called {
		out = append(out, fmt.Sprintf("%s is called: %s must play it at his next turn (%s)", c.Card, h.SeatName(c.Seat), c.Law))
	}
	for _, l := range r.Leads {
		var who []string
		for _, seat := range l.Seats {
			who = append(who, h.SeatName(seat))
		}
		verb := "must lead"
		if l.Forbid {
			verb = "may not lead"
		}
		out = append(out, fmt.Sprintf("at the next lead, %s %s %s (%s)", strings.Join(who, " or "), verb, l.Suit.Name(), l.Law))
	}
	for _, p := range r.Plays {
		out = append(out, fmt.Sprintf("%s must play %s to trick %d (%s)", h.SeatName(p.Seat), p.Rule, p.Trick, p.Law))
	}
	for _, rc := range r.Repeat {
		out = append(out, fmt.Sprintf("%s must repeat %s if his right-hand opponent passes (%s)", h.SeatName(rc.Seat), rc.Call, rc.Law))
	}
	return out
}

// RevokesAtStep says what a card did to the hand's revokes, for a replay
// at its moment: the revokes it proved (found in the record) and those it
// established.
func RevokesAtStep(state *projections.Session, p Point) string {
	if p.Hand < 1 || p.Hand > len(state.Hands) {
		return ""
	}
	h := state.Hands[p.Hand-1]
	trick := h.TrickOf(p.Step.ID)
	var parts []string
	for _, irr := range h.Irregular {
		if irr.Kind != game.KindRevoke || irr.Corrected {
			continue
		}
		switch {
		case irr.Found && irr.Proof == p.Step.ID:
			parts = append(parts, fmt.Sprintf("this card proves a revoke by %s at trick %d (%s)", h.SeatName(irr.Seat), irr.Trick, irr.Law))
		case irr.Established > 0 && irr.Established == trick && firstOfEstablishing(h, irr) == p.Step.ID:
			parts = append(parts, fmt.Sprintf("%s's revoke at trick %d is now established", h.SeatName(irr.Seat), irr.Trick))
		}
	}
	return strings.Join(parts, "; ")
}

// firstOfEstablishing is the card that established a revoke: the first of
// its establishing trick played by its offender or his partner, or the
// trick's first card when quitting the trick established it.
func firstOfEstablishing(h *game.Hand, irr *game.Irregularity) (id events.ID) {
	if irr.Established < 1 || irr.Established > len(h.Tricks) {
		return id
	}
	t := h.Tricks[irr.Established-1]
	for i, c := range t.Cards {
		if i == 0 || c.Seat == irr.Seat || c.Seat == h.Seating.Partner(irr.Seat) {
			return c.ID
		}
	}
	return id
}
