package game

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
)

// The pieces the codes build their remedies from: naming an irregular
// call of a competitive auction, entering and withdrawing calls, telling
// whether the time for a remedy has passed, and imposing what a remedy
// imposes.

// ClassifyCall names an irregular call of a competitive auction: out of
// turn, by a player barred, impossible (more tricks than the game has),
// insufficient, or an inadmissible double or redouble. It refuses what is
// not a call of the game at all. irr.Law is left to the code.
func (a BridgeAuction) ClassifyCall(h *Hand, irr *Irregularity) error {
	seat, c := irr.Seat, irr.Call
	tok := c.String()
	who := h.SeatName(seat)
	st := a.State(h)
	switch {
	case c.Kind == cards.Bid && c.Level == 0:
		return Illegal(tok, "a bid names a number of tricks: 1C to 7NT", "")
	case c.Kind == cards.Bid && !a.allows(c.Strain):
		return Illegal(tok, c.Strain.Name()+" cannot be bid in this game", "")
	case seat != h.Turn:
		irr.Kind = KindCallOutOfTurn
		irr.What = fmt.Sprintf("%s called %s out of turn, when it was %s's turn", who, CallWords(c), h.SeatName(h.Turn))
		if c.Kind == cards.Pass {
			irr.What = fmt.Sprintf("%s passed out of turn, when it was %s's turn", who, h.SeatName(h.Turn))
		}
	case h.CheckRestrictedCall(seat, c) != nil:
		irr.Kind = KindBarredCall
		irr.What = fmt.Sprintf("%s called %s, although %s", who, CallWords(c), reasonOf(h.CheckRestrictedCall(seat, c)))
	case c.Kind == cards.Bid && int(c.Level) > a.MaxLevel:
		irr.Kind = KindImpossible
		irr.What = fmt.Sprintf("%s bid %s: there are no more than %d tricks over the book", who, CallWords(c), a.MaxLevel)
	case c.Kind == cards.Bid && st.HasBid && a.UnreachableImpossible && !a.reachable(c.Strain, st.LastBid):
		irr.Kind = KindImpossible
		irr.What = fmt.Sprintf("%s bid %s: no bid in %s overcalls %s", who, a.describe(c), c.Strain.Name(), a.describe(st.LastBid))
	case c.Kind == cards.Bid && st.HasBid && !a.Higher(c, st.LastBid):
		irr.Kind = KindInsufficient
		irr.What = fmt.Sprintf("%s bid %s, which does not overcall %s", who, a.describe(c), a.describe(st.LastBid))
	case c.Kind == cards.Double || c.Kind == cards.Redouble:
		irr.Kind = KindBadDouble
		irr.What = who + " " + a.badDouble(h, seat, c)
	default:
		return Illegal(tok, "the laws have no irregularity of that name: record it with hoyle call", "")
	}
	return nil
}

// badDouble says what is wrong with a double or redouble.
func (a BridgeAuction) badDouble(h *Hand, seat cards.Seat, c cards.Call) string {
	st := a.State(h)
	partner := st.HasBid && h.Seating.SideOf(st.LastBidder) == h.Seating.SideOf(seat)
	switch {
	case c.Kind == cards.Double && !st.HasBid:
		return "doubled when there was no declaration to double"
	case c.Kind == cards.Double && partner:
		return "doubled his partner's declaration"
	case c.Kind == cards.Double:
		return "doubled a declaration already doubled"
	case st.Doubled == 0:
		return "redoubled a declaration that had not been doubled"
	case st.Doubled >= 2:
		return "redoubled more than once"
	}
	return "redoubled his partner's double"
}

// DoubleOfPartner reports whether an inadmissible double or redouble was
// of the offender's own side: a double of his partner's declaration, or a
// redouble of his partner's double.
func (a BridgeAuction) DoubleOfPartner(h *Hand, irr *Irregularity) bool {
	before := &Hand{Calls: h.Calls[:min(irr.Calls, len(h.Calls))], Seating: h.Seating}
	st := a.State(before)
	switch irr.Call.Kind {
	case cards.Double:
		return st.HasBid && h.Seating.SideOf(st.LastBidder) == h.Seating.SideOf(irr.Seat)
	case cards.Redouble:
		return st.Doubled == 1 && h.Seating.SideOf(st.LastBidder) != h.Seating.SideOf(irr.Seat)
	}
	return false
}

// RedoubledTwice reports whether an inadmissible redouble was a second
// redouble.
func (a BridgeAuction) RedoubledTwice(h *Hand, irr *Irregularity) bool {
	before := &Hand{Calls: h.Calls[:min(irr.Calls, len(h.Calls))], Seating: h.Seating}
	return irr.Call.Kind == cards.Redouble && a.State(before).Doubled >= 2
}

// CallWords writes a call for a sentence: "4C", "a pass", "a double".
func CallWords(c cards.Call) string {
	switch c.Kind {
	case cards.Pass:
		return "a pass"
	case cards.Double:
		return "a double"
	case cards.Redouble:
		return "a redouble"
	case cards.Exchange:
		return "an exchange"
	}
	return c.String()
}

// Entered reports whether the irregular call stands in the auction (its
// place is h.Calls[irr.Calls]).
func Entered(h *Hand, irr *Irregularity) bool {
	return irr.Calls < len(h.Calls) && h.Calls[irr.Calls].ID == irr.ID
}

// CallsSince lists the calls made after the irregular one.
func CallsSince(h *Hand, irr *Irregularity) []CallEntry {
	from := irr.Calls
	if Entered(h, irr) {
		from++
	}
	if from > len(h.Calls) {
		return nil
	}
	return h.Calls[from:]
}

// AdversaryCalled reports whether an adversary of the offender has called
// since the irregular call: past that, most codes let it stand (1913
// Law 50b; contract Law 29A, the offender's left-hand opponent calling).
func AdversaryCalled(h *Hand, irr *Irregularity) bool {
	for _, c := range CallsSince(h, irr) {
		if h.Seating.SideOf(c.Seat) != h.Seating.SideOf(irr.Seat) {
			return true
		}
	}
	return false
}

// WithdrawCall takes the irregular call out of the auction (it stays in
// the record) and gives the turn to turn.
func WithdrawCall(h *Hand, irr *Irregularity, turn cards.Seat) {
	if Entered(h, irr) {
		h.Calls = slices.Delete(h.Calls, irr.Calls, irr.Calls+1)
	}
	h.Turn = turn
}

// ReplaceCall puts c in the irregular call's place in the auction: an
// insufficient bid made sufficient, a declaration that does not stand
// counted as a pass. The auction is settled again.
func (a BridgeAuction) ReplaceCall(h *Hand, irr *Irregularity, c cards.Call) {
	if Entered(h, irr) {
		h.Calls[irr.Calls].Call = c
	}
	a.Settle(h)
}

// SufficientBid is the lowest bid of the irregular bid's strain that
// overcalls the last bid before it; ok is false when no bid of the game
// does (it would be more than MaxLevel).
func (a BridgeAuction) SufficientBid(h *Hand, irr *Irregularity) (cards.Call, bool) {
	before := &Hand{Calls: h.Calls[:min(irr.Calls, len(h.Calls))], Seating: h.Seating}
	st := a.State(before)
	for level := int(irr.Call.Level); level <= a.MaxLevel; level++ {
		b := cards.NewBid(level, irr.Call.Strain)
		if !st.HasBid || a.Higher(b, st.LastBid) {
			return b, true
		}
	}
	return cards.Call{}, false
}

// reachable reports whether some bid of strain s overcalls over.
func (a BridgeAuction) reachable(s cards.Strain, over cards.Call) bool {
	return a.Higher(cards.NewBid(a.MaxLevel, s), over)
}

// LastBidOf is the last bid of side before the irregular call, with its
// place in the auction; ok is false when the side has not bid.
func LastBidOf(h *Hand, irr *Irregularity, side cards.Side) (CallEntry, int, bool) {
	for i := min(irr.Calls, len(h.Calls)) - 1; i >= 0; i-- {
		c := h.Calls[i]
		if c.Call.Kind == cards.Bid && h.Seating.SideOf(c.Seat) == side {
			return c, i, true
		}
	}
	return CallEntry{}, 0, false
}

// EndAuction makes the bid at place i of the auction the final
// declaration (an impossible bid penalized by making the non-offending
// side's last declaration final, 1913 Law 50): the doubles that followed
// it, before any other bid, stand; the side's first to name the strain
// plays it.
func (a BridgeAuction) EndAuction(h *Hand, i int) {
	c := h.Calls[i]
	doubled := 0
	for _, x := range h.Calls[i+1:] {
		if x.Call.Kind == cards.Bid {
			break
		}
		if x.Call.Kind == cards.Double || x.Call.Kind == cards.Redouble {
			doubled++
		}
	}
	trial := &Hand{Calls: h.Calls[:i+1], Seating: h.Seating}
	declarer := FirstToName(trial, c.Seat, c.Call.Strain)
	h.Contract = &Contract{Level: int(c.Call.Level), Strain: c.Call.Strain, Doubled: min(doubled, 2), Declarer: declarer}
	h.Dummy = h.Seating.Partner(declarer)
	h.StartPlay(declarer.Next(h.Seating.Seats))
	h.AfterCall(cards.NoSeat)
}

// Bar keeps seat from the auction, from now, for as long as until says.
func (h *Hand) Bar(seat cards.Seat, until BarUntil, noDouble bool, law string, irr *Irregularity) {
	h.Restrict.Bars = append(h.Restrict.Bars, Bar{Seat: seat, Until: until, NoDouble: noDouble, After: len(h.Calls), Law: law, From: irr.ID})
}

// PlayedAfter counts the cards played to the irregular card's trick after
// it (the second hand playing to a false lead lets it stand).
func (h *Hand) PlayedAfter(irr *Irregularity) int {
	if irr.Trick < 1 || irr.Trick > len(h.Tricks) {
		return 0
	}
	t := h.Tricks[irr.Trick-1]
	i := slices.IndexFunc(t.Cards, func(p PlayedCard) bool { return p.ID == irr.ID })
	if i < 0 {
		return 0
	}
	return len(t.Cards) - i - 1
}

// OnTable reports whether the irregular card is still on the table in the
// trick being played: nobody has played to the next trick.
func (h *Hand) OnTable(irr *Irregularity) bool {
	t := h.CurrentTrick()
	return t != nil && irr.Trick == len(h.Tricks) && slices.ContainsFunc(t.Cards, func(p PlayedCard) bool { return p.ID == irr.ID })
}

// ExposedOf lists the cards of an irregularity still on the table as
// penalty cards.
func (h *Hand) ExposedOf(irr *Irregularity) []cards.Card {
	var out []cards.Card
	for _, p := range h.Restrict.Exposed {
		if p.From == irr.ID {
			out = append(out, p.Card)
		}
	}
	return out
}

// Call obliges seat to play card at his next turn, if he can without
// revoking (a penalty card called).
func (h *Hand) Call(seat cards.Seat, card cards.Card, law string, irr *Irregularity) {
	h.Restrict.Called = append(h.Restrict.Called, CalledCard{Seat: seat, Card: card, Law: law, From: irr.ID})
}

// CallSuit calls (or, with forbid, forbids) suit for the next lead by one
// of seats.
func (h *Hand) CallSuit(seats []cards.Seat, suit cards.Suit, forbid bool, law string, irr *Irregularity) {
	h.Restrict.Leads = append(h.Restrict.Leads, LeadRule{Seats: seats, Suit: suit, Forbid: forbid, Law: law, From: irr.ID})
}

// Oblige obliges seat to a card in the current trick: his highest or
// lowest of the suit led, to win or not, to trump or not.
func (h *Hand) Oblige(seat cards.Seat, rule, law string, irr *Irregularity) {
	h.Restrict.Plays = append(h.Restrict.Plays, PlayRule{Seat: seat, Trick: len(h.Tricks), Rule: rule, Law: law, From: irr.ID})
}

// Unexpose takes an irregularity's cards off the table: they are no
// longer penalty cards.
func (h *Hand) Unexpose(irr *Irregularity) {
	var keep []PenaltyCard
	for _, p := range h.Restrict.Exposed {
		if p.From != irr.ID {
			keep = append(keep, p)
		}
	}
	h.Restrict.Exposed = keep
}

// Pending reports whether a card called of seat has still to be played.
func (h *Hand) Pending(seat cards.Seat) bool {
	return slices.ContainsFunc(h.Restrict.Called, func(c CalledCard) bool { return c.Seat == seat })
}

// CallCardChoice is the choice of calling an exposed card of the
// irregularity, when one is still on the table and none is called
// already: its holder must play it at his next turn, if he can without
// revoking.
func (h *Hand) CallCardChoice(irr *Irregularity, law, by string) []Choice {
	if len(h.ExposedOf(irr)) == 0 || h.Phase != PhasePlay || h.Pending(irr.Seat) {
		return nil
	}
	return []Choice{{Name: "call-card", Arg: "CARD", Law: law, By: by,
		Effect: fmt.Sprintf("%s must play the card called (%s) at his next turn, if he can without revoking", h.SeatName(irr.Seat), CardList(h.ExposedOf(irr)))}}
}

// ApplyCallCard applies a call-card choice: the card must be one of the
// irregularity's exposed cards.
func (h *Hand) ApplyCallCard(irr *Irregularity, r *Remedy) error {
	if !slices.Contains(h.ExposedOf(irr), r.Card) {
		return Illegal(r.Card.String(), fmt.Sprintf("the exposed cards that may be called are %s", CardList(h.ExposedOf(irr))), r.Law)
	}
	h.Call(irr.Seat, r.Card, r.Law, irr)
	r.Effect = fmt.Sprintf("%s called: %s must play it at his next turn, if he can without revoking", r.Card, h.SeatName(irr.Seat))
	return nil
}

// Side names a side of the hand's table for a sentence: "North-South".
func (h *Hand) SideName(side cards.Side) string {
	if h.Seating.CompassSides() {
		return side.String()
	}
	names := h.Seating.SideSeats(side)
	if len(names) == 0 {
		return side.String()
	}
	out := names[0]
	for _, n := range names[1:] {
		out += "-" + n
	}
	return out
}
