package bridge

import "github.com/hoyle/hoyle/projections/game"

// Holdings implements game.HonoursHoldings: the holdings of Law 6, with
// the aces at no trumps (Law 7) where the holding exists there.
func (*Rules) Holdings(game.Options) ([]game.Holding, string) {
	return honours.List(), "Laws 6 and 7"
}
