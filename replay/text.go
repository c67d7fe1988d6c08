package replay

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
)

// TextTable is the current hand in plain text: the status line, each seat's
// remaining cards, the auction and the trick on the table.
func TextTable(s *projections.Session) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", StatusLine(s))
	h := s.Current()
	if h == nil {
		return b.String()
	}
	seating := s.Seating()
	for seat := range seating.Seats {
		cs := "(not recorded)"
		if h.Known(cards.Seat(seat)) {
			cs = HandSymbols(h.Held[seat])
		}
		fmt.Fprintf(&b, "  %-2s %s\n", seating.Names[seat], cs)
	}
	if len(h.Calls) > 0 {
		var calls []string
		for _, c := range h.Calls {
			calls = append(calls, seating.Names[c.Seat]+" "+c.Call.String())
		}
		fmt.Fprintf(&b, "  auction: %s\n", strings.Join(calls, ", "))
	}
	return b.String()
}

// HandSymbols writes a set of cards suit by suit with symbols:
// "♠ A K Q 2  ♥ K 2  ♦ A 3  ♣ A Q 4 3 2"; a void is "—".
func HandSymbols(h cards.Set) string {
	var parts []string
	if h.Has(cards.Joker) {
		parts = append(parts, "Joker")
	}
	for _, u := range cards.Suits {
		var ranks []string
		for _, c := range h.Suit(u).Cards() {
			ranks = append(ranks, c.Rank().Display())
		}
		if len(ranks) == 0 {
			ranks = []string{"—"}
		}
		parts = append(parts, u.Symbol()+" "+strings.Join(ranks, " "))
	}
	return strings.Join(parts, "  ")
}
