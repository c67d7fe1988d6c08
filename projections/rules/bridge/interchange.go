package bridge

import "github.com/hoyle/hoyle/projections/game"

// ScoringName is how PBN's Scoring tag names this game's scoring: the
// rubber, by the Club code.
const ScoringName = "Rubber;Bridge Club code"

// StandardContract implements game.Interchange: the declarer's side
// scores for each trick above six (Law 4), so a declaration is one of the
// strain as contract bridge writes it; doubling goes on past a redouble in
// Bridge (Law 53), and is written as a redouble.
func (*Rules) StandardContract(c game.Contract) game.Contract {
	c.Level = max(c.Level, 1)
	c.Doubled = min(c.Doubled, 2)
	return c
}
