// Package thirteenandtheodd is Thirteen and the Odd, for two, as Foster's
// Complete Hoyle (1914), "THIRTEEN AND THE ODD", gives it in full: "This is
// Humbug Whist without the discard. The dealer gives thirteen cards to his
// adversary and to himself, one at a time, and turns up the next for the
// trump. The trump card belongs to neither player. The winner of the odd
// trick scores a point. Five points is game."
//
// So, and otherwise as Humbug Whist (projections/rules/humbug):
//
//   - Two players, two hands of thirteen, dealt one at a time from the
//     dealer's adversary; the twenty-seventh card is turned up for trump
//     and is nobody's; the other twenty-five are not dealt. The deal passes
//     between the players ("each player deals for himself in turn"); the
//     dealer's adversary leads.
//   - Scoring: a point to the winner of the odd trick, the seventh, on each
//     hand; five points is game. No honours are counted: the text scores
//     the odd trick alone, where Humbug scores tricks and honours. The
//     revoke is Humbug's, three tricks, first; the games make rubbers as
//     at Humbug (and Double Dummy, and whist: Laws 1 and 8-10).
//   - Irregularities: Humbug's (the revoke three tricks; the rest as at
//     Double Dummy).
package thirteenandtheodd

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/dummy"
	"github.com/hoyle/hoyle/projections/rules/humbug"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// ID is the game's ID.
const ID = "thirteen-and-the-odd"

// The text, as hoyle cites it.
const (
	Text     = "Foster's Complete Hoyle (1914), Thirteen and the Odd"
	LawDeal  = Text + ": the dealer gives thirteen cards to his adversary and to himself, one at a time, and turns up the next for the trump, which belongs to neither player"
	LawOdd   = Text + ": the winner of the odd trick scores a point; five points is game"
	LawAsHum = Text + ": Humbug Whist without the discard"
	HandSize = 13
)

// Seating is the table of two: North and South, opposite each other, each
// his own side.
var Seating = game.Seating{Seats: 2, Names: []string{"N", "S"}, Sides: []cards.Side{0, 1}}

// Rules is Thirteen and the Odd.
type Rules struct {
	dummy.Game
}

// New returns Thirteen and the Odd.
func New() *Rules { return &Rules{dummy.Game{Rules: humbug.Whist(), Laws: humbug.Laws}} }

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    ID,
		Title: "Thirteen and the Odd",
		Code: "Foster's Complete Hoyle (1914), Thirteen and the Odd: Humbug Whist without the discard, two hands of thirteen and a trump turned up that is nobody's; " +
			"a point for the odd trick, five points game; the revoke and the rest as Humbug Whist",
	}
}

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// Deal implements game.Ruleset: thirteen cards each, one at a time, the
// adversary first; the next card turned up. The rest is not dealt.
func (*Rules) Deal(pack []cards.Card, dealer cards.Seat) game.DealResult {
	d := game.DealRoundRobin(pack[:min(len(pack), 2*HandSize)], dealer, 2)
	if len(pack) > 2*HandSize {
		d.TurnUp = pack[2*HandSize]
	}
	return d
}

// CheckDeal implements game.Ruleset: thirteen cards a known hand, and the
// card turned up, in no hand, recorded.
func (r *Rules) CheckDeal(d game.DealResult) error {
	if err := game.CheckHands(d, r.Pack(), HandSize); err != nil {
		return err
	}
	switch {
	case d.Widow != 0:
		return game.Illegal(d.Widow.PBN(), "there is no widow: the cards not dealt are not used", LawDeal)
	case d.TurnUp == cards.NoCard:
		return game.Illegal("deal", "record the trump card turned up (deal --turn-up CARD, or --seed)", LawDeal)
	case !cards.NewSet(r.Pack()...).Has(d.TurnUp):
		return game.Illegal(d.TurnUp.String(), "the card turned up is not in the pack", LawDeal)
	}
	for seat, h := range d.Hands {
		if h.Has(d.TurnUp) {
			return game.Illegal(d.TurnUp.String(), fmt.Sprintf("the trump card belongs to neither player, and %s's hand holds it", Seating.Names[seat]), LawDeal)
		}
	}
	return nil
}

// NextDealer implements game.Ruleset: each deals in turn.
func (*Rules) NextDealer(h *game.Hand) cards.Seat { return h.Dealer.Next(2) }

// Score implements game.Ruleset: a point for the odd trick, the revoke's
// three tricks counted first; five points a game, rubbers as at Humbug.
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet { return scorer.Score(in) }

var scorer = &whist.Scorer{
	Tricks: func(h *game.Hand, won []int, side cards.Side) (int, string, string) {
		if won[side] <= HandSize/2 {
			return 0, "", ""
		}
		return 1, fmt.Sprintf("the odd trick (%d tricks)", won[side]), LawOdd
	},
	NoHonours:     true,
	RevokerMayWin: true,
	RevokeLaw:     humbug.LawRevoke,
}

// CheckHonours implements game.HonoursRules: no honours are counted.
func (*Rules) CheckHonours(_ *game.Hand, _ cards.Side, holding string) (string, error) {
	return "", game.Illegal(holding, "Thirteen and the Odd counts no honours: the winner of the odd trick scores a point", LawOdd)
}

// Holdings implements game.HonoursHoldings: none.
func (*Rules) Holdings(game.Options) ([]game.Holding, string) { return nil, "" }

// CutDealer implements game.CutRules: as at Humbug, the lowest deals.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	return whist.CutLaw.Dealer(Seating, r.Pack(), cuts)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string {
	return "the two players cut as at whist, the lowest deals, the ace lowest (" + LawAsHum + "; " + humbug.LawDeal + ")"
}

// Fold implements game.Folding: Score, a hand at a time.
func (*Rules) Fold(_ game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	return scorer.Fold(from)
}
