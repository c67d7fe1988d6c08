package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoTables opens tables 1 and 2 of a pairs event and plays board 1 at
// each: 4S by North making 10 (420) at both.
func twoTables(t *testing.T, db string) {
	for _, tb := range []string{"1", "2"} {
		ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "club", "--table", tb)
		ok(t, db, "--event", "club", "--table", tb, "deal", "--board", "1")
		ok(t, db, "--event", "club", "--table", tb, "call", "4S", "P", "P", "P")
		ok(t, db, "--event", "club", "--table", tb, "claim", "10")
	}
}

// hoyle adjust records a ruling in the table's session and compare --json
// scores by it: average plus and minus at table 2 are 60% and 40% of the
// top of 2 (1.2 and 0.8); table 1, alone in its comparison, is factored
// to an average, (0+1) x 2/1 - 1 = 1. Bad rulings are refused with
// nothing written.
func TestAdjustCommand(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	twoTables(t, db)
	out := ok(t, db, "adjust", "--event", "club", "--table", "2", "--board", "1", "NS=avg+", "EW=avg-")
	assert.Equal(t, "board 1, table 2: NS avg+, EW avg-, Law 12C2\n", out)

	var rep struct {
		Events []struct {
			Boards []struct {
				Results []struct {
					Table       string   `json:"table"`
					Adjusted    *string  `json:"adjusted"`
					Matchpoints *float64 `json:"matchpoints"`
				} `json:"results"`
			} `json:"boards"`
		} `json:"events"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json")), &rep))
	res := rep.Events[0].Boards[0].Results
	require.Len(t, res, 2)
	assert.Nil(t, res[0].Adjusted)
	assert.Equal(t, 1.0, *res[0].Matchpoints)
	require.NotNil(t, res[1].Adjusted)
	assert.Equal(t, "avg+", *res[1].Adjusted)
	assert.Equal(t, 1.2, *res[1].Matchpoints)
	assert.True(t, strings.Contains(ok(t, db, "compare"), "table 2: avg+, artificial (Law 12C2)"))

	ok(t, db, "--event", "club", "--table", "2", "undo")
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json")), &rep))
	assert.Nil(t, rep.Events[0].Boards[0].Results[1].Adjusted, "undo withdrew the ruling")
}

func TestAdjustRefusesBadRulings(t *testing.T) {
	t.Parallel()
	refused(t, []badInput{
		{"a board not played at that table", twoTables, []string{"adjust", "--event", "club", "--table", "1", "--board", "9", "avg"}, exitError,
			[]string{"board 9 was not played at table 1 (its session dealt boards 1)"}},
		{"a percentage over 100", twoTables, []string{"adjust", "--event", "club", "--table", "1", "--board", "1", "NS=110%"}, exitError,
			[]string{`"110%": a percentage of the top is 0 to 100`}},
		{"no board", twoTables, []string{"adjust", "--event", "club", "--table", "1", "avg"}, exitUsage,
			[]string{"--board N"}},
	})
}
