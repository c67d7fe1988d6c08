package auction1908

import "github.com/hoyle/hoyle/projections/game"

// ScoringName is how PBN's Scoring tag names this game's scoring: the
// rubber, by the 1908 code (game.RubberScoring carries it).
const ScoringName = "Rubber;Auction Bridge 1908"

// StandardContract implements game.Interchange: the declarations of 1908
// are contract bridge's (one to seven tricks in a suit or no trumps,
// doubled and re-doubled once).
func (*Rules) StandardContract(c game.Contract) game.Contract { return c }
