package replay

import (
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

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
