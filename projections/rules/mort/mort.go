// Package mort is Mort, whist à trois, or French Dummy, as far as Foster's
// Complete Hoyle (1914), "MORT. WHIST À TROIS; OR FRENCH DUMMY", describes
// it. The text given (002) stops after the cut: it gives the cards, the
// markers, the players, the ties and the cutting, and then breaks off, before
// the deal, the play and "a better system of scoring" that "The Whist
// Family" (003) says distinguishes Mort from English Dummy. hoyle
// implements what the text supports and takes the rest from the nearest
// code, English Dummy in the same chapter (projections/rules/dummy), and
// through it English whist; it says so wherever it does. It does not guess
// Mort's own scoring.
//
// From Mort's text:
//
//   - "MORT means simply the dead hand; and is the equivalent of the
//     English word Dummy; the partner being known as Vivant, or the living
//     hand."
//   - Cards: "a full pack of fifty-two cards, ranking as at whist for
//     cutting and playing".
//   - Markers "are necessary to count the game points only. Four circular
//     counters for each side ... At the end of each game, the score of the
//     points won or lost by each player must be transferred to a
//     score-sheet": each game is scored by itself, and the sheet says what
//     each player won or lost on it.
//   - Players: "Mort is played by three persons; but the table is usually
//     composed of four." What a fourth player does is not in the text:
//     hoyle seats three.
//   - Cutting: "the one cutting the lowest card takes dummy for the first
//     game; he ... may deal the first hand for himself or for Mort, as he
//     pleases; but having once made his choice, he must abide by it. The
//     player cutting the intermediate card takes dummy for the second
//     game; and the player cutting the highest card takes it for the third
//     game ... These three games finish the rubber or tournée." new
//     --players names them in the order of the cut; --option deal=mort
//     or deal=self is the choice, and each player taking dummy deals the
//     first hand of his game so. Ties "are decided in the same manner as
//     at whist".
//
// From English Dummy, the nearest code, since Mort's text breaks off: the
// play (dummy's partner selects dummy's cards), the irregularities, and the
// game: five points, each trick over six and honours as in whist, the
// game worth a treble, double or single by the losers' score (Laws 2-8 of
// whist), settled between dummy's partner and each adversary (English
// Dummy, Stakes). A tournée of three games has no rubber points: Mort's
// text calls its three games the rubber, and gives no premium for it.
package mort

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/dummy"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// ID is the game's ID.
const ID = "mort"

// The text's sections, as hoyle cites them.
const (
	Text       = "Foster's Complete Hoyle (1914), Mort"
	LawPlayers = Text + ", Players: played by three persons"
	LawCutting = Text + ", Cutting: the lowest takes dummy for the first game, the intermediate for the second, the highest for the third; each deals the first hand for himself or for Mort, as he pleases, and abides by it; ties as at whist"
	LawMarkers = Text + ", Markers: the game points only; at the end of each game the points won or lost by each player are transferred to a score-sheet"
	LawCutOff  = "the text of Mort breaks off after the cut; as English Dummy, the nearest code (Foster's Complete Hoyle, 1914)"
	OptionDeal = "deal"
	DealMort   = "mort"
	DealSelf   = "self"
)

// Seating is Mort's table, English Dummy's: Mort at North, Vivant (its
// partner) at South, the adversaries West and East; --players in the order
// of the cut.
var Seating = dummy.Seating

// Rules is Mort.
type Rules struct {
	dummy.Game
}

// New returns Mort.
func New() *Rules { return &Rules{dummy.Game{Rules: whist.New(), Laws: dummy.English}} }

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    ID,
		Title: "Mort (French Dummy)",
		Code: "Foster's Complete Hoyle (1914), Mort, whist à trois: three players, each taking dummy (Mort) for one game of a tournée of three. " +
			"The text breaks off after the cut: the play, irregularities and game (whist's five points and game values) follow English Dummy, the nearest code; Mort's own scoring is not in the text",
		Options: []game.OptionInfo{{Name: OptionDeal, Values: []string{DealMort, DealSelf},
			Summary: "the player taking dummy deals the first hand of his game for Mort (mort) or for himself (self), and abides by it"}},
	}
}

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// FirstDealer implements game.FirstDealer: the lowest deals the first
// hand for Mort or for himself.
func (*Rules) FirstDealer(opts game.Options) cards.Seat {
	if opts[OptionDeal] == DealSelf {
		return cards.South
	}
	return cards.North
}

// Sitting implements game.Reseater: the next player takes dummy for each
// game, and deals its first hand as the option says.
func (r *Rules) Sitting(before []*game.Hand, first cards.Seat, opts game.Options) game.Sitting {
	t := dummy.Tournee{Seating: Seating, Score: scorer, Next: r.NextDealer}
	if opts[OptionDeal] == DealSelf {
		t.Place = func(dealer cards.Seat) cards.Seat { return dealer.Plus(2, 4) } // he deals for himself: Mort lies opposite
	}
	return t.Sitting(before, first)
}

// scorer scores each game by itself (Markers), as whist scores a game.
var scorer = &whist.Scorer{OneGame: true}

// Score implements game.Ruleset: each game by itself, worth its value by
// whist's Law 8, and what each player won or lost on it (Markers; English
// Dummy, Stakes).
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet {
	sheet := scorer.Score(in)
	dummy.Settle(&sheet, in)
	return sheet
}

// CutDealer implements game.CutRules: as at English Dummy, the three cut,
// and the order of the cut is the order in which they take Mort.
func (r *Rules) CutDealer(cuts []game.CutCard, opts game.Options) (cards.Seat, error) {
	return dummy.CutOrder(Seating, r.Pack(), cuts, true, LawCutting, r.FirstDealer(opts))
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(opts game.Options) string {
	who := "for Mort (North)"
	if opts[OptionDeal] == DealSelf {
		who = "for himself (South)"
	}
	return "the three players cut as at whist, the ace lowest; the lowest takes Mort for the first game and deals its first hand " + who +
		", the intermediate takes it for the second, the highest for the third (" + LawCutting + ")"
}
