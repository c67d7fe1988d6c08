// Package replay turns a session into what a person looks at: the table at
// a moment, the moments of a session by name, and the cursor that steps
// through them. The --json views built from them are in replay/jsonview.
package replay

import (
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// SideName names a side at a seating: NS and EW at a compass table, the
// seat names joined otherwise.
func SideName(seating game.Seating, side cards.Side) string {
	if seating.CompassSides() {
		return side.String()
	}
	return strings.Join(seating.SideSeats(side), "")
}
