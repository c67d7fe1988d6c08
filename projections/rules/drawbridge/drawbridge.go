// Package drawbridge is Draw Bridge, Bridge for two, as Foster's Complete
// Hoyle (1914) describes it among the forms of Bridge, before the American
// laws:
//
//	"This is double Dummy; but instead of laying Dummy's cards face up on
//	the table, each player is provided with a holder in which he places
//	his partner's cards in such a manner that his adversary cannot see
//	them. As it comes to Dummy's turn to play to each trick, a card is
//	drawn from the holder. All four hands are responsible for revokes."
//
// and Double Dummy Bridge, which it is, just before:
//
//	"the dealer always deals for himself. His adversary sits next him on
//	the left for the first deal, and leads for the first trick ... There
//	is no doubling. On the next deal, the adversary must sort his Dummy's
//	hand and must lead from it, before looking at his own. If the
//	declaration is passed, Dummy must make it on the lines laid down for
//	passed makes in Bridge for Three ... otherwise the laws of bridge
//	govern."
//
// The laws of bridge are those of Bridge (straight bridge: the dealer
// names the trump or leaves it to his partner), the Club code as Hoyle's
// Games Modernized (1909) prints it, which projections/rules/bridge
// implements and this package builds on:
//
//   - two players, at South and West (the adversary on the first dealer's
//     left); each plays his partner's hand opposite him (North, East) from
//     a holder, and nobody sits there;
//   - the dealer deals for himself: the two players deal in turn, so the
//     eldest hand, who leads, is the adversary on one deal and the first
//     dealer's partner's hand on the next ("the adversary must ... lead
//     from it");
//   - no doubling: a double is refused, citing the text;
//   - a declaration left to the partner's hand is made by rule, which
//     hoyle checks when that hand was recorded: Foster's rules for Bridge
//     for Three are not in the text, and the nearest published rule of the
//     period is used (bridge.LawForcedMake, the Encyclopaedia Britannica,
//     1911: three or four aces, no trumps; else the longest suit...);
//   - no hand is laid down, so there is no Dummy in the play: every hand
//     answers for its revokes, the three tricks or their value of Law 90;
//   - the cut for deal: the two players cut, the lower deals (Laws 17, 19,
//     20, the ace low);
//   - the score: Bridge's rubbers (Laws 1-11), honours and Chicane counted
//     for both hands of a side as for partners.
package drawbridge

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// ID is the game's ID.
const ID = "draw-bridge"

// The texts the ruleset cites.
const (
	Text            = "Foster's Complete Hoyle (1914), Draw Bridge"
	DoubleDummyText = "Foster's Complete Hoyle (1914), Double Dummy Bridge"
)

// The two players' seats: the first dealer at South, his adversary on his
// left; their partners' hands opposite them.
var players = []cards.Seat{cards.South, cards.West}

// Rules is the Draw Bridge ruleset: Bridge with the changes of Text.
type Rules struct {
	*bridge.Rules
}

// New returns the ruleset.
func New() *Rules {
	return &Rules{bridge.NewVariant(bridge.Variant{
		ID: ID, Title: "Draw Bridge", Options: []game.OptionInfo{bridge.WeOption}, // a game for two: no progressive tables
		Code: Text + " and Double Dummy Bridge: Bridge for two, each player with his partner's hand in a holder, no doubling, a passed declaration made by rule, " +
			"every hand answering for its revokes",
		NoDoubling: DoubleDummyText + ": \"There is no doubling\"",
		ForcedMake: DoubleDummyText + ": \"Dummy must make it on the lines laid down for passed makes in Bridge for Three\"; " + bridge.LawForcedMake,
		NoDummy:    Text + ": \"All four hands are responsible for revokes\"",
	})}
}

// Places implements game.Sitter: the two players, by the seats they take.
func (*Rules) Places(game.Options) []string { return []string{"S", "W"} }

// Sitting implements game.Sitter: each player keeps his seat; nobody sits
// at his partner's hand.
func (*Rules) Sitting([]*game.Hand, cards.Seat, game.Options) game.Sitting {
	sit := game.Sitting{Players: []int{game.NoPlayer, game.NoPlayer, game.NoPlayer, game.NoPlayer}}
	for i, seat := range players {
		sit.Players[seat] = i
	}
	return sit
}

// NextDealer implements game.Ruleset: "the dealer always deals for
// himself", so the two players deal in turn.
func (*Rules) NextDealer(h *game.Hand) cards.Seat {
	if h.Dealer == cards.South {
		return cards.West
	}
	return cards.South
}

// CutDealer implements game.CutRules: the two players cut, and the lower
// deals (Bridge, Laws 17, 19 and 20). Nobody cuts for a partner's hand.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	two := game.Seating{Seats: len(players), Names: []string{"S", "W"}}
	var mine []game.CutCard
	for _, c := range cuts {
		i := -1
		for k, seat := range players {
			if c.Seat == seat {
				i = k
			}
		}
		if i < 0 {
			return cards.NoSeat, game.Illegal(fmt.Sprintf("%s=%s", c.Seat, c.Card), fmt.Sprintf("nobody sits at %s: only the two players (S and W) cut", c.Seat), bridge.LawLowestDeals)
		}
		mine = append(mine, game.CutCard{Seat: cards.Seat(i), Card: c.Card})
	}
	law := bridge.Cut
	law.Partners = ""
	won, err := law.Dealer(two, r.Pack(), mine)
	if err != nil {
		return cards.NoSeat, err
	}
	return players[won], nil
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string {
	return "the two players cut and the lower deals, the ace lowest; equal cards cut again (Bridge, Laws 17, 19, 20)"
}
