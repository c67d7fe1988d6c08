package contract

import "github.com/hoyle/hoyle/projections/game"

// Holdings implements game.HonoursHoldings: the scorable honours of the
// Laws of Rubber Bridge (Law 81), for rubber and Chicago scoring;
// duplicate scoring counts none (Law 77).
func (*Rules) Holdings(opts game.Options) ([]game.Holding, string) {
	if opts["scoring"] == ScoringDuplicate {
		return nil, "Law 77"
	}
	return []game.Holding{
		{Name: HoldingFourInOne, Meaning: "four of the five trump honours in one hand; at no trumps the four aces in one hand"},
		{Name: HoldingFiveInOne, Meaning: "all five trump honours in one hand"},
	}, "Laws of Rubber Bridge, Law 81"
}
