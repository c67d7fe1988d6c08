package auction1913

import "github.com/hoyle/hoyle/projections/game"

// Holdings implements game.HonoursHoldings: the holdings of Law 6, with
// the aces at no trump (Law 5) where the holding exists there.
func (*Rules) Holdings(game.Options) ([]game.Holding, string) {
	return honours.List(), "Laws 5 and 6"
}
