package compare_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/ruling"
)

// TestTeamCard: a team's score card has a row for each board it played in
// each room, its score and IMPs from its own side: Rovers sat
// North-South in the open room and East-West in the closed.
func TestTeamCard(t *testing.T) {
	c := newClub(t)
	open := c.open("contract", dup, nil, projections.Placement{Event: "League", Table: "1", Room: "open", HomeTeam: "Rovers", VisitTeam: "Wanderers"})
	closed := c.open("contract", dup, nil, projections.Placement{Event: "League", Table: "1", Room: "closed", HomeTeam: "Rovers", VisitTeam: "Wanderers"})
	c.board(open, 1, []string{"4S", "P", "P", "P"}, 11)   // NS +450
	c.board(closed, 1, []string{"2S", "P", "P", "P"}, 10) // NS +170 (Wanderers NS): Rovers +7
	ev := c.compare("League").Events[0]

	g, rows := ev.Card("Rovers")
	assert.Equal(t, []string{"board", "table", "dir", "opponents", "contract", "by", "tricks", "score", "IMPs"}, g.Head)
	require.Len(t, g.Rows, 2)
	require.Len(t, rows, 2)
	assert.Equal(t, []string{"1", "1", "NS", "Wanderers", "4S", "N", "11", "450", "+7"}, g.Rows[0])
	assert.Equal(t, []string{"1", "1", "EW", "Wanderers", "2S", "N", "10", "-170", "+7"}, g.Rows[1])
	assert.Equal(t, open, rows[0].Session)
	assert.Equal(t, closed, rows[1].Session)

	g, _ = ev.Card("Wanderers")
	require.Len(t, g.Rows, 2)
	assert.Equal(t, []string{"1", "1", "EW", "Rovers", "4S", "N", "11", "-450", "-7"}, g.Rows[0])
	assert.Equal(t, []string{"1", "1", "NS", "Rovers", "2S", "N", "10", "170", "-7"}, g.Rows[1])

	g, rows = ev.Card("Nobody")
	assert.Empty(t, g.Rows)
	assert.Empty(t, rows)
}

// TestCardOfARuling: a ruling shows on both sides' cards as on the
// traveller, each side with its own share of it: average plus to
// North-South (60% of a top of 6), average minus to East-West (40%).
func TestCardOfARuling(t *testing.T) {
	c := newClub(t)
	var ids []string
	for i, p := range []map[string]string{{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"}, {"N": "Max", "S": "Ned", "E": "Oz", "W": "Pat"}} {
		ids = append(ids, c.open("contract", dup, p, projections.Placement{Event: "Tuesday", Table: string(rune('1' + i))}))
	}
	c.board(ids[0], 1, []string{"4S", "P", "P", "P"}, 10)
	c.board(ids[1], 1, []string{"4S", "P", "P", "P"}, 10)
	c.rule(ids[1], ruling.Spec{Board: 1, Score: []string{"NS=avg+", "EW=avg-"}})
	ev := c.compare("Tuesday").Events[0]

	g, _ := ev.Card("Max & Ned")
	require.Len(t, g.Rows, 1)
	assert.Equal(t, []string{"1", "2", "NS", "Oz & Pat", "avg+", "-", "-", "-", "1.2", "2", "60.00"}, g.Rows[0])
	g, _ = ev.Card("Oz & Pat")
	require.Len(t, g.Rows, 1)
	assert.Equal(t, []string{"1", "2", "EW", "Max & Ned", "avg+", "-", "-", "-", "0.8", "2", "40.00"}, g.Rows[0])
}

// TestCardOfARosteredPair: under a movement whose roster names the pairs,
// the travellers show a pair by its number and players ("1 NS Ann &
// Bob") while the ranking names it by its number ("1 NS"); the card of
// the ranking's name has every board the pair played (the site's score
// cards were empty, issue 27), and Result.NSName and EWName give the
// ranking's names.
func TestCardOfARosteredPair(t *testing.T) {
	rosters := map[string]map[string][]string{"Mitchell": {
		"1 NS": {"Ann", "Bob"}, "2 NS": {"Cy", "Di"}, "3 NS": {"Ed", "Flo"},
		"1 EW": {"Gus", "Hal"}, "2 EW": {"Ivy", "Jo"}, "3 EW": {"Kit", "Lou"},
	}}
	ev := compare.CompareWith(mitchellTables(t, "mitchell:3x1"), compare.Options{Rosters: rosters}).Events[0]
	for _, tot := range ev.Totals {
		g, rows := ev.Card(tot.Name)
		assert.Len(t, g.Rows, tot.Boards, "%s's card", tot.Name)
		for _, r := range rows {
			assert.Contains(t, []string{r.NSName, r.EWName}, tot.Name)
		}
	}
	g, _ := ev.Card("1 NS")
	require.NotEmpty(t, g.Rows)
	assert.Contains(t, g.Rows[0], "1 EW Gus & Hal", "the opponents as the traveller names them")
}
