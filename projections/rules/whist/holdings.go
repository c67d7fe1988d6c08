package whist

import "github.com/hoyle/hoyle/projections/game"

// Holdings implements game.HonoursHoldings: English whist counts the four
// honours of trumps, four or three between partners (Law 3); duplicate
// whist is played for the tricks alone.
func (r *Rules) Holdings(game.Options) ([]game.Holding, string) {
	if r.duplicate {
		return nil, ""
	}
	return []game.Holding{
		{Name: "4", Meaning: "the four honours (ace, king, queen, knave of trumps) between partners: 4 points"},
		{Name: "3", Meaning: "any three of them: 2 points"},
	}, LawHonours
}
