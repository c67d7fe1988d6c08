package auction1913

import "github.com/hoyle/hoyle/projections/game"

func score(in game.ScoreInput) game.ScoreSheet { return game.ScoreSheet{} }
