package replay_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

func folded(t *testing.T, script string) *projections.Session {
	t.Helper()
	s, err := projections.Fold(replaytest.Record(t, script))
	require.NoError(t, err)
	require.Empty(t, s.Problems)
	return s
}

// At a compass table the named sheet is the sheet's own JSON, byte for
// byte: show --json did not change for the bridge games and whist.
func TestNamedSheetIsTheSheetAtACompassTable(t *testing.T) {
	for _, script := range []string{"demo", "claim", "foster-score-pad", "bridge", "whist", "duplicate-whist"} {
		t.Run(script, func(t *testing.T) {
			s := folded(t, script)
			sheet := s.Score()
			want, err := json.Marshal(sheet)
			require.NoError(t, err)
			got, err := json.Marshal(replay.NameSheet(sheet, s.Seating()))
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(got))
			assert.Equal(t, string(want), string(got), "the same bytes, in the same order")
		})
	}
}

// At Five Hundred the players are named as the seating names them, A, B
// and C, never by the compass reading of their numbers (NS, EW, side3).
func TestNamedSheetNamesFiveHundredsPlayers(t *testing.T) {
	s := folded(t, "five-hundred")
	raw, err := json.Marshal(s.Score())
	require.NoError(t, err)
	require.Contains(t, string(raw), `"side3"`, "the sheet's own JSON reads the sides as compass sides")
	b, err := json.Marshal(replay.NameSheet(s.Score(), s.Seating()))
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
			Net     []int `json:"net"`
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
	assert.Equal(t, []int{10, 500, 370}, v.Tally[len(v.Tally)-1].Net)
	assert.Equal(t, "C", v.Tally[0].Entries[2].Side)
}
