// Package reversibridge is Reversi Bridge as Foster's Complete Hoyle
// (1914) describes it among the forms of Bridge, before the American laws:
//
//	"This is playing bridge to lose, and the object of the declaration is
//	to pick out the make which is likely to win the least tricks. At the
//	end of the hand, each side scores what the other makes; so that if the
//	dealer declares no-trumps, and loses two by cards, and finds thirty
//	aces against him, he scores 24 and 30 to his own credit. The
//	adversaries can double if they wish to, and all the rules of regular
//	bridge apply, except that if a revoke is made the usual penalty is
//	reversed, the player in error taking three tricks instead of losing
//	them."
//
// "Regular bridge" is Bridge, the dealer naming the trump (the worked
// figures are Bridge's: two by cards at no trumps is 24, at 12 a trick), so
// the game is the Club code of the Laws of Bridge as Hoyle's Games
// Modernized (1909) prints it, which projections/rules/bridge implements
// and this package builds on, with two changes:
//
//   - each side scores what the other makes: the tricks over six, honours,
//     Chicane and Slam each go to the score of the other side than the one
//     that made or held them, below the line or above it as in Bridge
//     (Laws 2-10); games and rubbers are won on those scores (Laws 1, 11);
//   - the revoke (Law 90): when the adversaries choose the tricks, the
//     revoking side takes three of theirs instead of giving up three of its
//     own, and scores for its adversaries what it then makes. The other two
//     penalties of Law 90, the value of three tricks deducted from the
//     revoking side's score or added to the adversaries', are penalties on
//     the score, not tricks made, and stand as in Bridge, as do Law 90's
//     other consequences: the side penalized cannot win the game that hand
//     nor pass 28 toward it.
package reversibridge

import (
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// ID is the game's ID.
const ID = "reversi-bridge"

// Text is where the game is described.
const Text = "Foster's Complete Hoyle (1914), Reversi Bridge"

// New returns the Reversi Bridge ruleset: Bridge with the changes of Text, which
// need no rule of their own.
func New() *bridge.Rules {
	return bridge.NewVariant(bridge.Variant{
		ID: ID, Title: "Reversi Bridge", Options: bridge.New().Info().Options,
		Code:        Text + ": Bridge played to lose, each side scoring what the other makes, the revoke's three tricks taken by the side in error",
		Reversed:    Text + ": \"each side scores what the other makes\"",
		RevokeTaken: Text + ": \"the usual penalty is reversed, the player in error taking three tricks instead of losing them\"",
	})
}
