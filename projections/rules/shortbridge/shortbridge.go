// Package shortbridge is Short Bridge as Foster's Complete Hoyle (1914)
// describes it among the forms of Bridge, before the American laws:
//
//	"This is bridge without any doubling or rubbers, and is played for so
//	much a game instead of for so much a point, the winners being the
//	side that has the higher score for tricks and honours combined when
//	either side reaches thirty points below the line."
//
// It is Bridge (straight bridge: the dealer names the trump or leaves it
// to his partner, Dummy is laid down, the tricks are worth 2 to 12), so
// everything the text does not change is the Club code of the Laws of
// Bridge as Hoyle's Games Modernized (1909) prints it, which
// projections/rules/bridge implements and this package builds on:
//
//   - no doubling: a double or re-double is refused, citing the text, and
//     the eldest hand leads as soon as the trump is declared (there is no
//     "May I lead?");
//   - no rubbers: each game ends when either side's trick score reaches 30
//     (Laws 2 and 3: by tricks alone, the whole hand played out), and the
//     side with the higher total of tricks and honours (Chicane and Slam
//     count with the honours, Laws 8-10) wins it, whoever reached 30; the
//     next hand begins a new game from love. A game left unfinished when
//     the session is closed is won by nobody: the text decides a game only
//     at thirty;
//   - the rest (the declaration, Laws 47-52; the play and its
//     irregularities, Laws 62-99, the revoke's three tricks or their value
//     and its cap at 28 toward the game) as in Bridge.
package shortbridge

import (
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// ID is the game's ID.
const ID = "short-bridge"

// Text is where the game is described.
const Text = "Foster's Complete Hoyle (1914), Short Bridge"

// New returns the Short Bridge ruleset: Bridge with the changes of Text, which
// need no rule of their own.
func New() *bridge.Rules {
	return bridge.NewVariant(bridge.Variant{
		ID: ID, Title: "Short Bridge", Options: []game.OptionInfo{bridge.WeOption}, // no rubbers to choose from
		Code:       Text + ": Bridge without doubling or rubbers, each game won by the higher score for tricks and honours when a side reaches 30 below the line",
		NoDoubling: Text + ": \"bridge without any doubling or rubbers\"",
		ShortGame:  Text,
	})
}
