package dummy

import (
	"fmt"
	"sort"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// CutDealer implements game.CutRules: the three players cut "as at whist"
// (the lowest deals, the ace low, ties for it cut again); the lowest takes
// dummy and deals the first hand for it, so dummy (North) deals. The cut
// also orders the tournée, lowest first: the session names its players in
// that order, and a cut that says otherwise is refused with what the
// players' order should be.
func (r *Rules) CutDealer(cuts []game.CutCard, opts game.Options) (cards.Seat, error) {
	return CutOrder(Seating, r.Pack(), cuts, opts[OptionDummy] != OptionContinual, LawPlayers, cards.North)
}

// CutOrder checks a cut of a dummy game whose players take dummy in the
// order of the cut (seating.PlayerSeats: the lowest first), and returns the
// dealer, deals. ordered says the whole order matters (a tournée), not only
// the lowest.
func CutOrder(seating game.Seating, pack []cards.Card, cuts []game.CutCard, ordered bool, law string, deals cards.Seat) (cards.Seat, error) {
	lowest, err := whist.CutLaw.Dealer(seating, pack, cuts)
	if err != nil {
		return cards.NoSeat, err
	}
	ranked := append([]game.CutCard(nil), cuts...)
	sort.SliceStable(ranked, func(i, j int) bool { return game.AceLowOrder(ranked[i].Card) < game.AceLowOrder(ranked[j].Card) })
	want := seating.PlayerSeats()
	name := func(s cards.Seat) string { return seating.Names[s] }
	if lowest != want[0] {
		return cards.NoSeat, game.Illegal(name(lowest)+"="+cardOf(cuts, lowest).String(),
			fmt.Sprintf("%s cut lowest and takes dummy first, but the session seats %s there: name the players in the order of the cut (new --players, lowest first)", name(lowest), name(want[0])), law)
	}
	if !ordered {
		return deals, nil
	}
	for i := 1; i < len(ranked); i++ {
		if i+1 < len(ranked) && game.AceLowOrder(ranked[i].Card) == game.AceLowOrder(ranked[i+1].Card) {
			return cards.NoSeat, game.Illegal(name(ranked[i].Seat)+"="+ranked[i].Card.String()+" "+name(ranked[i+1].Seat)+"="+ranked[i+1].Card.String(),
				"cards of equal value: they cut again for the order in which they take dummy", whist.LawCutAgain)
		}
		if ranked[i].Seat != want[i] {
			return cards.NoSeat, game.Illegal(name(ranked[i].Seat)+"="+ranked[i].Card.String(),
				fmt.Sprintf("%s cut next lowest and takes dummy next, but the session seats %s there: name the players in the order of the cut (new --players, lowest first)", name(ranked[i].Seat), name(want[i])), law)
		}
	}
	return deals, nil
}

func cardOf(cuts []game.CutCard, seat cards.Seat) cards.Card {
	for _, c := range cuts {
		if c.Seat == seat {
			return c.Card
		}
	}
	return cards.NoCard
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(opts game.Options) string {
	return "the three players cut as at whist, the ace lowest: the lowest takes dummy and deals the first hand for it; " + seatingText(opts)
}
