package jsonview_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// TestScoreSheetViewShape: the score view's nulls and absences, which
// scripts rely on.
func TestScoreSheetViewShape(t *testing.T) {
	// A rubber in play: North-South's game of 30 below the line.
	r := game.Rubber{Number: 1, Games: []cards.Side{cards.NS}, Hands: []int{1},
		Entries: []game.Entry{{Hand: 1, Side: cards.NS, Points: 30, Label: "tricks", GameLine: true}}}
	r.AddUp([]cards.Side{cards.NS, cards.EW}, false)
	v := jsonview.ScoreSheetView(game.ScoreSheet{Rubbers: []game.Rubber{r}}, game.Compass)
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	assert.NotContains(t, m, "boards", "boards only for duplicate")
	view := m["rubbers"].([]any)[0].(map[string]any)
	assert.Nil(t, view["winner"], "in play")
	assert.Contains(t, view, "winner", "winner is null, not absent")
	assert.Equal(t, map[string]any{"above": 0.0, "below": 30.0, "total": 30.0}, view["sides"].(map[string]any)["NS"])

	dup := jsonview.ScoreSheetView(game.ScoreSheet{Rubbers: []game.Rubber{}, Boards: []game.Board{}}, game.Compass)
	b, err = json.Marshal(dup)
	require.NoError(t, err)
	assert.JSONEq(t, `{"rubbers": [], "boards": []}`, string(b))
}
