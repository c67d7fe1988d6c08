package replay

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The laws' texts said in a view's names: Foster's letters and suit
// symbols for the compass and card codes (issue 27: "N renounced in
// diamonds with S2 … DK" under --seats foster).
func TestInNames(t *testing.T) {
	seating := game.Compass
	foster, err := SeatNames(seating, cards.North, FosterSeats)
	require.NoError(t, err)
	got := InNames("N renounced in diamonds with S2, holding DK D10 (trick 2); E's claim; NS score 100 (Law 64A2, Foster's Hoyle)", seating, foster, false)
	assert.Equal(t, "Z renounced in diamonds with ♠2, holding ♦K ♦10 (trick 2); A's claim; YZ score 100 (Law 64A2, Foster's Hoyle)", got)
	compass, err := SeatNames(seating, cards.North, CompassSeats)
	require.NoError(t, err)
	assert.Equal(t, "N renounced with S2", InNames("N renounced with S2", seating, compass, true))
	assert.Equal(t, "The Declarer and Ann, at SA", InNames("The Declarer and Ann, at SA", seating, compass, true))
	assert.Equal(t, "The Declarer and Ann, at ♠A", InNames("The Declarer and Ann, at SA", seating, compass, false))
}
