// Package auction1913 is Auction Bridge by "The American Laws of Bridge,
// revised to November, 1913" (Whist Club of New York), seeds file 001, laws
// 1-62, with Foster's description of the same game (seeds file 003) for what
// the laws leave out (exposed cards, the revoke).
//
// Laws cited by number are the 1913 American laws unless marked "Foster".
package auction1913

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// TrickValue is the value of each trick over six in a strain (Law 3):
// spades 2, clubs 6, diamonds 7, hearts 8, royal spades 9, no trump 10.
func TrickValue(s cards.Strain) int {
	switch s {
	case cards.StrainSpades:
		return 2
	case cards.StrainClubs:
		return 6
	case cards.StrainDiamonds:
		return 7
	case cards.StrainHearts:
		return 8
	case cards.RoyalSpades:
		return 9
	case cards.NoTrump:
		return 10
	}
	return 0
}

// BidValue is the value of a declaration in points: tricks bid times the
// trick value. Doubling does not change it (Law 53).
func BidValue(c cards.Call) int { return int(c.Level) * TrickValue(c.Strain) }

// Higher is Law 44: a declaration is higher when it is worth more points, or
// worth the same and undertakes more tricks ("three spades" is higher than
// "one club").
func Higher(bid, over cards.Call) bool { return higher(bid, over) }

var higher = game.ValueOvercall(TrickValue)

// Rules is the 1913 Auction Bridge ruleset.
type Rules struct {
	game.FourHanded
	// The auction (Start, ParseCall, Call, CallSpace) with this code's laws.
	game.BridgeAuction
	game.RubberScoring // PBN and LIN (game.Interchange, with StandardContract)
}

// New returns the ruleset.
func New() *Rules {
	return &Rules{
		FourHanded: game.FourHanded{CutLaw: "Law 32", RevokeLaw: "Foster, The Revoke"},
		BridgeAuction: game.BridgeAuction{
			Higher:        Higher,
			HigherLaw:     "Law 44",
			Strains:       []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.RoyalSpades, cards.NoTrump},
			MaxLevel:      7,
			DealerMustBid: true,
			DealerLaw:     "Law 42",
			DealerPass:    `record 1S, one spade: "an original bid of one spade can be made only by the dealer, and it simply means, 'I pass'" (Foster's Complete Hoyle, 1914)`,
			DoubleLaw:     "Law 54",
			DeclarerLaw:   "Law 46",
			// Law 50's impossible declaration, by Foster's example.
			UnreachableImpossible: true,
			Describe: func(c cards.Call) string {
				return fmt.Sprintf("%s (worth %d)", c, BidValue(c))
			},
		},
		RubberScoring: game.RubberScoring{Name: ScoringName},
	}
}

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    "auction",
		Title: "Auction Bridge",
		Code:  "The American Laws of Bridge, revised to November 1913 (Whist Club of New York), laws 1-62; Foster's Auction Bridge (1914) for exposed cards and the revoke",
		// The score pad has a WE and a THEY column (Foster, KEEPING SCORE);
		// which partnership is WE is the scorer's, so the session says.
		Options: []game.OptionInfo{game.ProgressiveScoring, {Name: "we", Values: []string{"NS", "EW"}, Summary: "the side written under WE on the score pad (the scorer's side)"}},
	}
}

// Score implements game.Ruleset: rubbers (Laws 1-11), or, in a
// progressive game (scoring=progressive), no rubbers or games
// (game.Progressive).
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet {
	if in.Opts["scoring"] == "progressive" {
		return game.Progressive(in, HandEntries)
	}
	return score(in)
}

// Fold implements game.Folding: Score, a hand at a time.
func (r *Rules) Fold(opts game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	if opts["scoring"] == "progressive" {
		return game.ProgressiveFold(HandEntries, from)
	}
	return rubberLaws.Fold(HandEntries, from)
}
