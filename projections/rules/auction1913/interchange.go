package auction1913

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// ScoringName is how PBN's Scoring tag names this game's scoring: the
// rubber, by the 1913 code.
const ScoringName = "Rubber;Auction Bridge 1913"

// StandardContract implements game.Interchange: royal spades are spades
// (the suit; only their value differs, Law 3).
func (*Rules) StandardContract(c game.Contract) game.Contract {
	if c.Strain == cards.RoyalSpades {
		c.Strain = cards.StrainSpades
	}
	return c
}

// ScoringName implements game.Interchange.
func (*Rules) ScoringName(game.Options) string { return ScoringName }

// ScoringOptions implements game.Interchange: the game has one scoring.
func (*Rules) ScoringOptions(name string) (game.Options, bool) {
	return game.OneScoring(name, ScoringName)
}

// DeclarerTricks implements game.Interchange: the tricks the declaring side
// won in play (a revoke's penalty is scored on the sheet, not as tricks
// moved in the record).
func (*Rules) DeclarerTricks(h *game.Hand) int { return h.DeclarerWon() }
