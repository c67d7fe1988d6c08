package game

import "strings"

// Interchange is implemented by rulesets whose sessions the bridge
// interchange formats can carry (PBN and LIN: four seats by the compass, a
// pack of 52, and a contract with a declarer and a dummy). Those formats
// speak contract bridge; this says how the game's contract and its scoring
// read in their terms. The interchange packages ask for it, and refuse a
// session whose ruleset lacks it; what is the game's own (its calls, its
// options) they write in hoyle's words, in tags other programs ignore.
type Interchange interface {
	// StandardContract is a contract as contract bridge writes it: a
	// level of 1 to 7, a strain of clubs, diamonds, hearts, spades or no
	// trumps, doubled at most twice; the declarer as he is.
	StandardContract(c Contract) Contract
	// ScoringName is the session's scoring as PBN's Scoring tag names it
	// ("IMP", "Rubber", "Chicago"; a game of another period names its
	// code after the scoring it is closest to).
	ScoringName(opts Options) string
	// ScoringOptions reads a Scoring tag back into the session's options;
	// ok is false when the game does not know the scoring the tag names
	// (the options are then its defaults).
	ScoringOptions(name string) (opts Options, ok bool)
	// DeclarerTricks is what a finished hand's result says (PBN's Result,
	// LIN's mc): the tricks the declarer is scored with, with any tricks a
	// revoke penalty transferred by the game's laws.
	DeclarerTricks(h *Hand) int
}

// RubberScoring is the part of Interchange that the rubber codes of
// another period share (Bridge, Auction Bridge of 1908 and 1913): one
// scoring, which PBN's Scoring tag names Name, and a result that is the
// tricks the declaring side won in play (a revoke's penalty is scored on
// the sheet, not as tricks moved in the record). A ruleset embeds it and
// adds its StandardContract.
type RubberScoring struct{ Name string }

// ScoringName implements Interchange.
func (r RubberScoring) ScoringName(Options) string { return r.Name }

// ScoringOptions implements Interchange: the game has one scoring.
func (r RubberScoring) ScoringOptions(name string) (Options, bool) {
	return Options{}, strings.EqualFold(strings.TrimSpace(name), r.Name)
}

// DeclarerTricks implements Interchange: the tricks the declaring side
// won in play.
func (RubberScoring) DeclarerTricks(h *Hand) int { return h.DeclarerWon() }
