// Package doubledummy is Double Dummy: whist for two players, each with a
// dummy. It follows Foster's Complete Hoyle (1914), "DOUBLE DUMMY", which
// "so closely resembles dummy as to need no further description": what it
// does not change is English Dummy's (projections/rules/dummy), and through
// it English whist's, the Laws of Short Whist (projections/rules/whist).
//
// What the text says, and hoyle does:
//
//   - Players: two; "the table is complete with that number". Four hands
//     are dealt. The player who cuts lowest "deals for his dummy first,
//     and has the choice of sitting to the right or left of his opponent.
//     It is usual to select the seat on the right of the living player":
//     hoyle seats him South, his dummy North, his adversary West (on
//     whose right South sits) and her dummy East. new --players names them
//     in the order of the cut, lowest first; North deals the first hand,
//     and the deal passes to the left ("placed on the left of the player
//     or dummy whose turn it will be to deal next").
//   - Position of the players: "the whist notation is used, A being the
//     leader, and Z the dealer": --seats foster names them so.
//   - Method of playing: as at dummy, each player selects his dummy's
//     cards. "It is very common for one player to claim that he will win a
//     certain number of tricks, and for his adversary to admit it": hoyle
//     claim N --by SEAT.
//   - Irregularities: "Neither dummy can revoke, and there are no such
//     things as exposed cards, or cards played in error": a dummy's revoke
//     carries no penalty, and no card exposed or played in error carries
//     one. A player's revoke is dummy's partner's at English Dummy: whist's
//     three tricks or three points, and he cannot win the game that hand.
//     "Should either of the dummies or the players lead out of turn, the
//     adversary may call a suit from the one that ought to have led; but
//     if it was the turn of neither, there is no penalty. If all four have
//     played to the trick, the error cannot be corrected."
//   - Scoring: "The methods of Taking Tricks; Scoring; Claiming and
//     Counting Honours; Marking Rubber Points, etc., are the same as in
//     whist"; "if the first two games are won by the same player and his
//     dummy, the third is not played": whist's rubber, Laws 1-10. "Each
//     player wins from or loses to his living adversary the unit agreed
//     upon": each side is a player, and the rubber's points are his.
package doubledummy

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/dummy"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// ID is the game's ID.
const ID = "double-dummy"

// The text's sections, as hoyle cites them.
const (
	Text        = "Foster's Complete Hoyle (1914), Double Dummy"
	LawCutting  = Text + ", Cutting: the lowest deals for his dummy first, and sits to the right or left of his opponent (usually the right); ties as at whist"
	LawDealing  = Text + ", Dealing: the still pack is placed on the left of the player or dummy whose turn it will be to deal next"
	LawMethod   = Text + ", Method of Playing: it so closely resembles dummy as to need no further description"
	LawNoRevoke = Text + ", Method of Playing: neither dummy can revoke"
	LawRevoke   = Text + ", Method of Playing, as at dummy: " + "the penalties of a revoke may be enforced against the player, the English three tricks or three points, and he cannot win the game that hand (English Dummy, The Revoke)"
	LawNoError  = Text + ", Method of Playing: there are no such things as exposed cards, or cards played in error"
	LawLead     = Text + ", Leading out of Turn: the adversary may call a suit from the one that ought to have led; if it was the turn of neither, there is no penalty; if all four have played to the trick, it stands"
	LawRubbers  = Text + ", Rubbers: if the first two games are won by the same player and his dummy, the third is not played"
	LawStakes   = Text + ", Stakes: each player wins from or loses to his living adversary the unit agreed upon"
)

// Seating is Double Dummy's table: two players, South and West, and their
// dummies opposite them, North and East.
var Seating = game.Seating{
	Seats:      4,
	Names:      []string{"N", "E", "S", "W"},
	Sides:      []cards.Side{cards.NS, cards.EW, cards.NS, cards.EW},
	Compass:    true,
	PlayedFrom: []cards.Seat{cards.South, cards.West, cards.South, cards.West},
	Dummies:    []bool{true, true, false, false},
	Players:    []cards.Seat{cards.South, cards.West},
}

// Laws are Double Dummy's on the irregularities of the play.
var Laws = dummy.Laws{DummyRevoke: LawNoRevoke, Revoke: LawRevoke, InError: LawNoError, NoExposed: true, Lead: LawLead}

// Rules is Double Dummy: a dummy game, with two dummies.
type Rules struct {
	dummy.Game
}

// New returns Double Dummy.
func New() *Rules { return &Rules{dummy.Game{Rules: whist.New(), Laws: Laws}} }

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    ID,
		Title: "Double Dummy",
		Code: "Foster's Complete Hoyle (1914), Double Dummy: two players, each with a dummy; otherwise as English Dummy, " +
			"and the Laws of Short Whist (Hoyle's Games Modernized, 1909) for the rubber, honours and revoke",
		Options: []game.OptionInfo{{Name: "we", Values: []string{"NS", "EW"},
			Summary: "the side written under WE on the score pad: NS, the first player named and his dummy, or EW"}},
	}
}

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// FirstDealer implements game.FirstDealer: the lowest "deals for his dummy
// first".
func (*Rules) FirstDealer(game.Options) cards.Seat { return cards.North }

// Score implements game.Ruleset: whist's rubbers; each side is a player
// and his dummy.
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet { return (&whist.Scorer{}).Score(in) }

// CutDealer implements game.CutRules: the two players cut as at whist, and
// the lowest deals for his dummy, North; the session names him first.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	return dummy.CutOrder(Seating, r.Pack(), cuts, false, LawCutting, cards.North)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string {
	return "the two players cut as at whist, the lowest deals, the ace lowest: he deals for his dummy (North) first, and is named first (" + LawCutting + ")"
}

// Fold implements game.Folding: whist's rubbers, a hand at a time.
func (*Rules) Fold(_ game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	return (&whist.Scorer{}).Fold(from)
}
