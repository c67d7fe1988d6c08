package cards

import (
	"strings"
)

// Deal is the cards each seat holds, indexed by seat. A seat whose cards are
// not known holds the empty set.
type Deal []Set

// Cards is every card in the deal.
func (d Deal) Cards() Set {
	var all Set
	for _, h := range d {
		all = all.Union(h)
	}
	return all
}

// PBN writes a four-handed deal as PBN's Deal tag does, starting from first
// and going clockwise: "N:AKQ2.K2.A3.AQ432 ...". An unknown hand is "-".
func (d Deal) PBN(first Seat) string {
	var b strings.Builder
	b.WriteString(first.String())
	b.WriteByte(':')
	for i := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		h := d[first.Plus(i, len(d))]
		if h == 0 {
			b.WriteByte('-')
			continue
		}
		b.WriteString(h.PBN())
	}
	return b.String()
}

// ParseDeal reads a PBN deal for four seats: a seat letter, a colon, and the
// four hands clockwise from that seat ("N:AKQ2.K2.A3.AQ432 ..."). A hand may
// be "-" (unknown). No card may appear twice. Whether the hands are complete
// is for the ruleset to judge; see Deal.Complete.
func ParseDeal(tok string) (Deal, error) {
	t := strings.TrimSpace(tok)
	seatTok, rest, ok := strings.Cut(t, ":")
	if !ok {
		return nil, tokenError(ErrBadDeal, tok, `a deal starts with a seat and a colon, such as "N:AKQ2.K2.A3.AQ432 ..."`)
	}
	first, err := ParseSeat(seatTok)
	if err != nil {
		return nil, tokenError(ErrBadDeal, tok, `a deal starts with N:, E:, S: or W:`)
	}
	fields := strings.Fields(rest)
	if len(fields) != 4 {
		return nil, tokenError(ErrBadDeal, tok, "a deal gives four hands separated by spaces")
	}
	d := make(Deal, 4)
	var seen Set
	for i, f := range fields {
		seat := first.Plus(i, 4)
		if f == "-" {
			continue
		}
		h, err := ParseHand(f)
		if err != nil {
			return nil, tokenError(ErrBadDeal, tok, seat.Name()+"'s hand "+err.(*TokenError).Reason)
		}
		if dup := h.Intersect(seen); dup != 0 {
			return nil, tokenError(ErrBadDeal, tok, dup.Cards()[0].String()+" is dealt twice")
		}
		seen = seen.Union(h)
		d[seat] = h
	}
	return d, nil
}
