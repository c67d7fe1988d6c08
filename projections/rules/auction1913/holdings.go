package auction1913

import "github.com/hoyle/hoyle/projections/game"

// Holdings implements game.HonoursHoldings: the holdings of Law 6, with
// the aces at no trump (Law 5) where the holding exists there.
func (*Rules) Holdings(game.Options) ([]game.Holding, string) {
	var out []game.Holding
	for _, h := range holdings {
		meaning := h.label
		if h.aceLabel != "" {
			meaning += "; at no trump " + h.aceLabel
		}
		out = append(out, game.Holding{Name: h.name, Meaning: meaning})
	}
	return out, "Laws 5 and 6"
}
