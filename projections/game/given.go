package game

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// What the scorer knows without having seen it happen: a contract and a
// result from a traveller, and hands shown after the deal (given, or
// revealed by the play).

// Result is how a hand ended when its tricks were given rather than
// played: a traveller's result, or an imported record's.
type Result struct {
	Won []int // by side
	ID  events.ID
}

// GivenAuction is what the hand knows of an auction it was not told call by
// call: the calls as a source gave them, from First (the dealer, unless the
// source named another), and why they could not be this contract's auction
// ("" when they could).
type GivenAuction struct {
	Calls        []cards.Call
	First        cards.Seat
	Inconsistent string
	ID           events.ID
}

// GiveResult ends the hand with the tricks each side took, given rather
// than played: it must come before any card, once the contract (or the
// trump) is settled, and share out all the hand's tricks.
func (h *Hand) GiveResult(rs Ruleset, won []int, id events.ID) error {
	tok := fmt.Sprint(won)
	switch {
	case h.Phase == PhaseAuction:
		return Illegal(tok, "the contract is not settled: give it with the result (result CONTRACT DECLARER TRICKS), or record the auction", "")
	case h.Phase == PhaseDone:
		return Illegal(tok, "the hand is over; deal the next hand", "")
	case len(h.Tricks) > 1 || len(h.Tricks) == 1 && len(h.Tricks[0].Cards) > 0:
		return Illegal(tok, "cards have been played: end the hand with a claim of the tricks left (claim N)", "")
	case len(won) != h.Seating.SideCount():
		return Illegal(tok, fmt.Sprintf("a result gives the tricks of each of the %d sides", h.Seating.SideCount()), "")
	}
	total := 0
	for _, n := range won {
		if n < 0 {
			return Illegal(tok, "a side cannot take fewer than no tricks", "")
		}
		total += n
	}
	if total != rs.Tricks() {
		return Illegal(tok, fmt.Sprintf("the tricks add up to %d; a hand has %d", total, rs.Tricks()), "")
	}
	copy(h.Won, won)
	h.Result = &Result{Won: append([]int(nil), won...), ID: id}
	h.Tricks = nil
	h.Phase, h.Turn = PhaseDone, cards.NoSeat
	return nil
}

// PlayedBy is every card seat has played in the hand.
func (h *Hand) PlayedBy(seat cards.Seat) cards.Set {
	var out cards.Set
	for _, t := range h.Tricks {
		for _, p := range t.Cards {
			if p.Seat == seat {
				out = out.Add(p.Card)
			}
		}
	}
	return out
}

// Reveal records seat's cards as dealt, learned after the deal: given when
// the hand was turned up, or shown by the play. They must hold every card
// the seat has played and none another seat has played or is known to
// hold; Held becomes what is left. A ruleset's deal check (the size of a
// hand, the pack) applies as at the deal.
func (h *Hand) Reveal(rs Ruleset, seat cards.Seat, dealt cards.Set) error {
	tok := dealt.PBN()
	if seat < 0 || int(seat) >= h.Seating.Seats {
		return Illegal(tok, "not a seat at this table", "")
	}
	if missing := h.PlayedBy(seat) &^ dealt; missing != 0 {
		return Illegal(tok, fmt.Sprintf("%s played %s, which the hand given does not hold", h.SeatName(seat), missing.PBN()), "")
	}
	for s := range h.Seating.Seats {
		other := cards.Seat(s)
		if other == seat {
			continue
		}
		if both := dealt & (h.PlayedBy(other) | h.Dealt[other]); both != 0 {
			return Illegal(tok, fmt.Sprintf("%s is %s's: %s played or holds it", both.Cards()[0], h.SeatName(other), h.SeatName(other)), "")
		}
	}
	d := DealResult{Hands: make([]cards.Set, h.Seating.Seats), Widow: h.Widow, TurnUp: h.TurnUp}
	copy(d.Hands, h.Dealt)
	d.Hands[seat] = dealt
	if err := CheckDealWith(rs, d, h.Opts); err != nil {
		return err
	}
	h.Dealt[seat] = dealt
	h.Held[seat] = dealt &^ h.Played
	if h.Revealed == nil {
		h.Revealed = make([]bool, h.Seating.Seats)
	}
	h.Revealed[seat] = true
	return nil
}

// dealtWhole reports whether the ruleset deals its whole pack into the
// hands, each seat playing every card it was dealt (no widow, no
// exchange): then the play shows each hand as dealt.
func dealtWhole(rs Ruleset) bool {
	pack := rs.Pack()
	d := rs.Deal(pack, 0)
	return d.Widow == 0 && rs.Tricks()*len(d.Hands) == len(pack)
}

// InferHands fills in the hands the record shows although they were not
// given: a seat that has played every trick shows its hand as dealt, and
// when every hand but one is known the last holds the rest of the pack.
// It applies only to games that deal the whole pack into the hands (not
// Five Hundred, whose bidder's widow leaves his hand as dealt unknown).
// It returns the seats it filled in.
func (h *Hand) InferHands(rs Ruleset) []cards.Seat {
	if h.DealKnown() || !dealtWhole(rs) {
		return nil // every hand known (nothing to infer, and dealtWhole deals a pack to say so)
	}
	var out []cards.Seat
	for s := range h.Seating.Seats {
		seat := cards.Seat(s)
		if h.Known(seat) {
			continue
		}
		if played := h.PlayedBy(seat); played.Len() == rs.Tricks() && h.Reveal(rs, seat, played) == nil {
			out = append(out, seat)
		}
	}
	unknown, rest := cards.NoSeat, cards.NewSet(rs.Pack()...)
	for s := range h.Seating.Seats {
		seat := cards.Seat(s)
		if !h.Known(seat) {
			if unknown != cards.NoSeat {
				return out // two or more unknown: the rest is not settled
			}
			unknown = seat
			continue
		}
		rest &^= h.Dealt[seat]
	}
	if unknown != cards.NoSeat && rest.Len() == rs.Tricks() && h.Reveal(rs, unknown, rest) == nil {
		out = append(out, unknown)
	}
	return out
}
