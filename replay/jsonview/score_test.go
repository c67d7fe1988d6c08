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

// rubberOf is a small rubber: NS 30 below (a game), EW 50 above.
func rubberOf(settled bool) game.Rubber {
	r := game.Rubber{Number: 1, Entries: []game.Entry{
		{Hand: 1, Side: cards.NS, Points: 30, Label: "tricks", Law: "Law 47", GameLine: true},
		{Hand: 2, Side: cards.EW, Above: true, Points: 50, Label: "1 under-trick", Law: "Law 47a"},
	}, Games: []cards.Side{cards.NS}, Hands: []int{1, 2}}
	r.AddUp([]cards.Side{cards.NS, cards.EW}, settled)
	return r
}

// TestScoreSheetViewShape: the score view's nulls and absences, which
// scripts rely on.
func TestScoreSheetViewShape(t *testing.T) {
	v := jsonview.ScoreSheetView(game.ScoreSheet{Rubbers: []game.Rubber{rubberOf(false)}}, game.Compass)
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	assert.NotContains(t, m, "boards", "boards only for duplicate")
	r := m["rubbers"].([]any)[0].(map[string]any)
	assert.Nil(t, r["winner"], "in play")
	assert.Contains(t, r, "winner", "winner is null, not absent")
	assert.Equal(t, map[string]any{"above": 0.0, "below": 30.0, "total": 30.0}, r["sides"].(map[string]any)["NS"])

	dup := jsonview.ScoreSheetView(game.ScoreSheet{Rubbers: []game.Rubber{}, Boards: []game.Board{}}, game.Compass)
	b, err = json.Marshal(dup)
	require.NoError(t, err)
	assert.JSONEq(t, `{"rubbers": [], "boards": []}`, string(b))
}
