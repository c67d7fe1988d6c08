package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// One model of who sits where: a game whose seats have parts (a hand
// played from another seat, a dummy) names its players seat by seat, so
// that a player's index in the session is the seat he was named to, and a
// hand's Sitting says which part each seat plays; a game that names its
// players by places (game.Sitter) has no parts. And a game that reseats
// its players sits them, before the first hand, as its seating names them
// or as it says, a seat at most once each.
func TestSeatsWithPartsAreNamedSeatBySeat(t *testing.T) {
	for _, rs := range rules.All() {
		seating := rs.Seating()
		if _, places := rs.(game.Sitter); places {
			assert.Nil(t, seating.PlayedFrom, "%s names its players by places: no seat is played from another", rs.Info().ID)
			assert.Nil(t, seating.Dummies, "%s names its players by places: it lays no dummy", rs.Info().ID)
		}
		r, reseats := rs.(game.Reseater)
		if !reseats {
			continue
		}
		sit := r.Sitting(nil, cards.North, nil)
		if !sit.Seated() {
			continue
		}
		assert.Len(t, sit.Players, seating.Seats, rs.Info().ID)
		seen := map[int]bool{}
		for _, i := range sit.Players {
			assert.False(t, i != game.NoPlayer && seen[i], "%s seats player %d twice", rs.Info().ID, i)
			seen[i] = true
		}
	}
}
