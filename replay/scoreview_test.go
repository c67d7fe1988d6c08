package replay_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay/jsonview"
	"github.com/hoyle/hoyle/replay/replaytest"
)

func folded(t *testing.T, script string) *projections.Session {
	t.Helper()
	s, err := projections.Fold(replaytest.Record(t, script))
	require.NoError(t, err)
	require.Empty(t, s.Problems)
	return s
}

// The view carries every part of the sheet: the games of each rubber by
// side, the hands, and each entry; one view serves score --json and show
// --json alike (cmd/hoyle tests that they are equal).
func TestScoreViewCarriesTheSheet(t *testing.T) {
	s := folded(t, "foster-score-pad")
	v := jsonview.NewScoreView(s)
	sheet := s.Score()
	require.Len(t, v.Rubbers, len(sheet.Rubbers))
	for i, r := range sheet.Rubbers {
		assert.Len(t, v.Rubbers[i].Games, len(r.Games))
		assert.Equal(t, r.Hands, v.Rubbers[i].Hands)
		assert.Len(t, v.Rubbers[i].Entries, len(r.Entries))
	}
	assert.Equal(t, []string{"EW", "EW"}, v.Rubbers[0].Games, "THEY (East-West) won both games of Foster's rubber")
}

// At Five Hundred the players are named as the seating names them, A, B
// and C, never by the compass reading of their numbers (NS, EW, side3).
func TestScoreViewNamesFiveHundredsPlayers(t *testing.T) {
	s := folded(t, "five-hundred")
	raw, err := json.Marshal(s.Score())
	require.NoError(t, err)
	require.Contains(t, string(raw), `"side3"`, "the sheet's own JSON reads the sides as compass sides")
	b, err := json.Marshal(jsonview.NewScoreView(s))
	require.NoError(t, err)
	for _, wrong := range []string{`"NS"`, `"EW"`, `"side3"`} {
		assert.NotContains(t, string(b), wrong)
	}
	var v struct {
		Winner  string `json:"winner"`
		Rubbers []struct {
			Winner string         `json:"winner"`
			Sides  map[string]any `json:"sides"`
		} `json:"rubbers"`
		Tally []struct {
			Net     map[string]int `json:"net"`
			Entries []struct {
				Side string `json:"side"`
			} `json:"entries"`
		} `json:"tally"`
	}
	require.NoError(t, json.Unmarshal(b, &v))
	assert.Equal(t, "B", v.Winner, "Bob reached 500")
	assert.Equal(t, "B", v.Rubbers[0].Winner)
	assert.Len(t, v.Rubbers[0].Sides, 3)
	assert.Contains(t, v.Rubbers[0].Sides, "C")
	assert.Equal(t, map[string]int{"A": 10, "B": 500, "C": 370}, v.Tally[len(v.Tally)-1].Net)
	assert.Equal(t, "C", v.Tally[0].Entries[2].Side)
}
