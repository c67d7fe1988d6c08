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
