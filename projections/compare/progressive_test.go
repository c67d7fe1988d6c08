package compare_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/load"
)

// A progressive game of Auction Bridge (1913) at two tables, two deals a
// round: "there are no rubbers or games" (Foster's Progressive Bridge), so
// each table's score is its hands' points, never a game or the 250 of a
// rubber, and each player keeps what his side scores on the hands he
// plays, wherever he sits. The East-West pairs change tables after two
// deals.
func TestProgressiveAuctionHasNoRubbers(t *testing.T) {
	c := newClub(t)
	var ids []string
	for i, p := range []map[string]string{
		{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
	} {
		ids = append(ids, c.open("auction", nil, p, projections.Placement{Event: "Drive", Table: string(rune('1' + i)), Movement: "progressive:2x2"}))
	}
	// Each deal: the dealer bids one no trump and his side makes 10 tricks
	// (40 below, by Law 3; honours are claimed by nobody, the deal not being
	// recorded). South, West, North, East deal in turn.
	for range 4 {
		for _, id := range ids {
			_, err := c.rec.Deal(c.ctx, id, projections.DealSpec{})
			require.NoError(t, err)
			_, err = c.rec.Calls(c.ctx, id, []string{"1NT", "P", "P", "P"})
			require.NoError(t, err)
			_, err = c.rec.Claim(c.ctx, id, projections.ClaimSpec{Tricks: 10})
			require.NoError(t, err)
		}
	}
	for _, id := range ids {
		s, _, err := load.Session(c.ctx, c.rec.Store, id)
		require.NoError(t, err)
		assert.Equal(t, "progressive", s.Opts["scoring"], "the movement makes the table a progressive game")
		sheet := s.Score()
		require.Len(t, sheet.Rubbers, 1)
		r := sheet.Rubbers[0]
		assert.True(t, r.NoGames)
		assert.Empty(t, r.Games)
		assert.False(t, r.Complete)
		for _, e := range r.Entries {
			assert.False(t, e.GameLine, "no games")
			assert.NotEqual(t, 250, e.Points, "no rubber")
		}
		assert.Equal(t, 80, r.Sides[0].Total, "NS: two deals of 40")
		assert.Equal(t, 80, r.Sides[1].Total)
	}
	ev := c.compare("").Events[0]
	assert.Equal(t, compare.FormIndividual, ev.Form)
	points := map[string]int{}
	for _, tot := range ev.Totals {
		points[tot.Name] = *tot.Points
	}
	// Every side scored 40 on two of its four deals.
	assert.Equal(t, map[string]int{"Ann": 80, "Bob": 80, "Cy": 80, "Di": 80, "Ed": 80, "Flo": 80, "Gus": 80, "Hal": 80}, points)
	s, _, err := load.Session(c.ctx, c.rec.Store, ids[0])
	require.NoError(t, err)
	assert.Equal(t, "Ann", s.PlayerAt(3, 0))
	assert.Equal(t, "", s.PlayerAt(3, 1), "round 2: East came from table 2, named in its session")
	assert.Equal(t, "Cy", s.PlayerAt(2, 1))
}
