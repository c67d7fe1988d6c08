package game

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// CutCard is the card one seat cut (or drew from the spread pack) in the
// cut for deal. It is the game's own type, not the event's, so that the
// laws do not depend on how the log spells them.
type CutCard struct {
	Seat cards.Seat
	Card cards.Card
}

// CutLaw is how one code of laws reads a cut for deal: the order of the
// cards, whether the lowest or the highest deals, and the laws to cite.
// Most codes differ only in these, so each ruleset fills one in and lets
// Dealer apply it.
type CutLaw struct {
	// Order places a card in the cut: the lower deals first when Highest
	// is false. Cards of equal order are cards "of equal value" (a tie);
	// a code that breaks ties by suit gives every card its own order.
	Order func(c cards.Card) int
	// Highest: the highest card deals (today's rubber bridge), not the
	// lowest (the codes of 1900-1914).
	Highest bool
	// Deals is the law that says who deals; SamePack the law that every
	// player cuts from the same pack (so no card is cut twice); Tie the
	// law that has tied players cut again, "" when the order leaves no tie.
	Deals, SamePack, Tie string
	// Partners is the law that the two players who cut the dealing cards
	// (the two lowest, or the two highest) play together, in a game of two
	// partnerships; "" in a game without partners.
	Partners string
	// Rule says it in a sentence, for people (see CutRules.CutRule).
	Rule string
}

// Dealer settles the deal by the law: every player of the seating cuts once,
// each a different card of the pack, and the player with the lowest card
// (or highest, by the law) deals. When two or more players share the card
// that would deal, the law has them cut again: that is refused, citing it,
// and the scorer records the cut that settles it.
func (l CutLaw) Dealer(seating Seating, pack []cards.Card, cuts []CutCard) (cards.Seat, error) {
	inPack := cards.NewSet(pack...)
	seen := make([]bool, seating.Seats)
	var cut cards.Set
	name := func(s cards.Seat) string {
		if s >= 0 && int(s) < len(seating.Names) {
			return seating.Names[s]
		}
		return s.String()
	}
	for _, c := range cuts {
		tok := name(c.Seat) + "=" + c.Card.String()
		switch {
		case c.Seat < 0 || int(c.Seat) >= seating.Seats:
			return cards.NoSeat, Illegal(tok, fmt.Sprintf("the seats are %s", strings.Join(seating.Names, ", ")), "")
		case !seating.Own(c.Seat):
			return cards.NoSeat, Illegal(tok, fmt.Sprintf("%s is played by %s, who cuts for it: only players cut", name(c.Seat), name(seating.From(c.Seat))), l.Deals)
		case seen[c.Seat]:
			return cards.NoSeat, Illegal(tok, fmt.Sprintf("%s cuts twice: each player cuts one card", name(c.Seat)), "")
		case !c.Card.Valid() || !inPack.Has(c.Card):
			return cards.NoSeat, Illegal(tok, fmt.Sprintf("%s is not in this game's pack", c.Card), l.SamePack)
		case cut.Has(c.Card):
			return cards.NoSeat, Illegal(tok, fmt.Sprintf("%s is cut twice: every player cuts from the same pack", c.Card), l.SamePack)
		}
		seen[c.Seat] = true
		cut = cut.Add(c.Card)
	}
	var missing []string
	for s, ok := range seen {
		if !ok && seating.Own(cards.Seat(s)) {
			missing = append(missing, name(cards.Seat(s)))
		}
	}
	if len(missing) > 0 {
		return cards.NoSeat, Illegal(strings.Join(missing, ", "),
			fmt.Sprintf("every player cuts for the deal: give a card for %s", strings.Join(missing, " and ")), l.Deals)
	}
	better := func(a, b int) bool { return a < b }
	if l.Highest {
		better = func(a, b int) bool { return a > b }
	}
	best := cuts[0]
	for _, c := range cuts[1:] {
		if better(l.Order(c.Card), l.Order(best.Card)) {
			best = c
		}
	}
	var tied, who []string
	for _, c := range cuts {
		if l.Order(c.Card) == l.Order(best.Card) {
			tied = append(tied, name(c.Seat)+"="+c.Card.String())
			who = append(who, name(c.Seat))
		}
	}
	if len(tied) > 1 {
		which := "lowest"
		if l.Highest {
			which = "highest"
		}
		return cards.NoSeat, Illegal(strings.Join(tied, " "),
			fmt.Sprintf("%s cut cards of equal value for the %s, and cut again: record the cut that settles the deal", andList(who), which), l.Tie)
	}
	if err := l.checkPartners(seating, cuts, name); err != nil {
		return cards.NoSeat, err
	}
	return best.Seat, nil
}

// checkPartners: in a game of two partnerships the two lowest cutters play
// against the two highest (the highest two, by a law where the highest
// deals), so a cut recorded by seat must put the two dealing cards in
// partners' seats.
func (l CutLaw) checkPartners(seating Seating, cuts []CutCard, name func(cards.Seat) string) error {
	if l.Partners == "" || seating.Seats != 4 || seating.SideCount() != 2 || len(cuts) != 4 {
		return nil
	}
	ranked := append([]CutCard(nil), cuts...)
	sort.SliceStable(ranked, func(i, j int) bool {
		if l.Highest {
			return l.Order(ranked[i].Card) > l.Order(ranked[j].Card)
		}
		return l.Order(ranked[i].Card) < l.Order(ranked[j].Card)
	})
	which := "lowest"
	if l.Highest {
		which = "highest"
	}
	if l.Order(ranked[1].Card) == l.Order(ranked[2].Card) {
		// Cards of equal value leave the partnerships to a cut again
		// (1900 Bridge Laws 19 and 20); the seats taken after it are the
		// record of how it fell.
		return nil
	}
	if p := seating.Partner(ranked[0].Seat); p != ranked[1].Seat {
		return Illegal(name(ranked[0].Seat)+"="+ranked[0].Card.String()+" "+name(ranked[1].Seat)+"="+ranked[1].Card.String(),
			fmt.Sprintf("the two %s cutters, %s and %s, play together, but the session seats %s with %s: record the cut by the seats the players took after it",
				which, name(ranked[0].Seat), name(ranked[1].Seat), name(ranked[0].Seat), name(p)), l.Partners)
	}
	return nil
}

// AceLowOrder is the order of the cut in the codes where the ace is the
// lowest card, then two to king, suits equal (cards of the same rank are of
// equal value).
func AceLowOrder(c cards.Card) int {
	if c.Rank() == cards.Ace {
		return 1
	}
	return int(c.Rank())
}

// andList writes names as a reader does: "N", "N and E", "N, E and S".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
