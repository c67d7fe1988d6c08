package contract

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Scoring styles a session may choose (option "scoring").
const (
	ScoringRubber    = "rubber"
	ScoringDuplicate = "duplicate"
	ScoringChicago   = "chicago"
)

// Higher is the modern order of bids (Law 18): a higher level, or the same
// level in a higher strain, clubs lowest and no trump highest.
func Higher(bid, over cards.Call) bool {
	if bid.Level != over.Level {
		return bid.Level > over.Level
	}
	return strainRank(bid.Strain) > strainRank(over.Strain)
}

func strainRank(s cards.Strain) int {
	switch s {
	case cards.StrainClubs:
		return 0
	case cards.StrainDiamonds:
		return 1
	case cards.StrainHearts:
		return 2
	case cards.StrainSpades:
		return 3
	case cards.NoTrump:
		return 4
	}
	return -1
}

// Rules is contract bridge: rubber, Chicago or duplicate scoring.
type Rules struct {
	game.FourHanded
	// The auction (Start, ParseCall, Call, CallSpace) with this code's laws.
	game.BridgeAuction
}

// New returns the ruleset.
func New() *Rules {
	return &Rules{
		FourHanded: game.FourHanded{CutLaw: "Law 6", RevokeLaw: "Law 44"},
		BridgeAuction: game.BridgeAuction{
			Higher:      Higher,
			HigherLaw:   "Law 18",
			Strains:     []cards.Strain{cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades, cards.NoTrump},
			MaxLevel:    7,
			DoubleLaw:   "Law 19",
			DeclarerLaw: "Law 22",
		},
	}
}

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    "contract",
		Title: "Contract Bridge",
		Code:  "The Laws of Duplicate Bridge 2017 (WBF) for the auction, play and duplicate scoring (Law 77); the Laws of Rubber Bridge for rubber and Chicago scoring",
		Options: []game.OptionInfo{
			{Name: "scoring", Values: []string{ScoringRubber, ScoringDuplicate, ScoringChicago},
				Summary: "rubber bridge, duplicate (board by board, Law 77) or Chicago (four deals)"},
			{Name: "we", Values: []string{"NS", "EW"}, Summary: "the side the score pad calls WE"},
		},
	}
}

// Score implements game.Ruleset.
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet { return scoreSession(in) }
