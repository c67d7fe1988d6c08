package replay_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// Who plays a seat, as every view names it: the player; a dummy, played by
// its partner wherever the tournée seats them; a hand taken up, or laid
// aside; and, before any hand, the table as the session opened.
func TestSeatPlayerNamesWhoPlaysIt(t *testing.T) {
	s, err := projections.Fold(replaytest.Record(t, "dummy"))
	require.NoError(t, err)
	first, third := s.Hands[0], s.Hands[8]
	assert.Equal(t, "dummy, played by Ann", replay.SeatPlayer(s, first, cards.North))
	assert.Equal(t, "Ann's dummy", replay.SeatPlayerShort(s, first, cards.North))
	assert.Equal(t, "Cy", replay.SeatPlayer(s, first, cards.East))
	assert.Equal(t, "dummy, played by Ann", replay.SeatPlayer(s, nil, cards.North), "as the session opened")
	assert.Equal(t, "dummy, played by Cy", replay.SeatPlayer(s, third, cards.North), "Cy takes dummy for the third rubber")
	assert.Equal(t, "Ann", replay.SeatPlayer(s, third, cards.West))

	hb, err := projections.Fold(replaytest.Record(t, "humbug"))
	require.NoError(t, err)
	h2 := hb.Hands[1] // Ann exchanged
	assert.Equal(t, "played by Ann", replay.SeatPlayer(hb, h2, cards.East))
	assert.Equal(t, "Ann, laid aside", replay.SeatPlayer(hb, h2, cards.South))
	assert.Equal(t, "laid aside", replay.SeatPlayer(hb, h2, cards.West))
	assert.Equal(t, "Bob", replay.SeatPlayer(hb, h2, cards.North))
	v := jsonview.NewView(hb) // hand 6: Ann content, Bob takes up West's
	assert.Equal(t, []string{"N", "E"}, v.Out)
	assert.Equal(t, map[string]string{"S": "Ann", "W": "Bob"}, v.PlayedBy)
}

// The status line asks the player who plays the seat whose turn it is.
func TestStatusAsksDummysPartner(t *testing.T) {
	envs := replaytest.RecordText(t, "new --game dummy --players Ann,Bob,Cy\ndeal --seed 31 --cut 10\nplay H5 H4 HJ\n")
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	assert.Contains(t, replay.StatusLine(s), "N (dummy, played by Ann) to play")
}
