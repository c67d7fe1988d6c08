package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestMovementRooms: plans for real rooms, printed (golden, within 80
// columns): a Mitchell of seven pairs with the last round arrow-switched,
// a Mitchell of five pairs switched in rounds 2 and 3, Howells of five
// and nine pairs (a sit-out each round).
func TestMovementRooms(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "none.db")
	var all strings.Builder
	for _, args := range [][]string{
		{"mitchell", "--pairs", "7", "--boards", "2", "--arrow-switch", "last"},
		{"mitchell", "--pairs", "5", "--tables", "3", "--boards", "3", "--arrow-switch", "2,3"},
		{"howell", "--pairs", "5", "--boards", "2"},
		{"howell", "--pairs", "9", "--boards", "1"},
	} {
		out := ok(t, db, append([]string{"movement"}, args...)...)
		all.WriteString("$ hoyle movement " + strings.Join(args, " ") + "\n" + out + "\n")
		for _, line := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, len([]rune(line)), 80, "%v: %q", args, line)
		}
	}
	testkit.Golden(t, "testdata/movement-rooms.golden", all.String())
}

// TestMovementJSONSitOut: --json gives the plan as data, the phantom and
// each sit-out marked (no boards at that table that round), the switched
// rounds too. Seven pairs under a Mitchell of four tables: East-West 4 is
// the phantom, and each North-South pair sits out once.
func TestMovementJSONSitOut(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "none.db")
	var plan struct {
		Movement string `json:"movement"`
		Pairs    int    `json:"pairs"`
		Tables   int    `json:"tables"`
		Phantom  string `json:"phantom"`
		Arrow    []int  `json:"arrow_switch"`
		Sittings []struct {
			Round, Table int
			NS, EW       string
			Set          int
			First        int    `json:"first_board"`
			SitOut       string `json:"sit_out"`
			Switched     bool   `json:"arrow_switched"`
		} `json:"sittings"`
	}
	out := ok(t, db, "movement", "mitchell", "--pairs", "7", "--boards", "2", "--arrow-switch", "4", "--json")
	require.NoError(t, json.Unmarshal([]byte(out), &plan))
	assert.Equal(t, "mitchell:4x2,pairs=7,arrow=4", plan.Movement)
	assert.Equal(t, 7, plan.Pairs)
	assert.Equal(t, 4, plan.Tables)
	assert.Equal(t, "4 EW", plan.Phantom)
	assert.Equal(t, []int{4}, plan.Arrow)
	sat := map[string]int{}
	for _, st := range plan.Sittings {
		assert.Equal(t, st.Round == 4, st.Switched, "round %d table %d", st.Round, st.Table)
		if st.SitOut != "" {
			sat[st.SitOut]++
			assert.Zero(t, st.Set, "no boards where a pair sits out")
			assert.Zero(t, st.First)
			assert.Contains(t, []string{st.NS, st.EW}, "4 EW", "it met the phantom")
		} else {
			assert.Positive(t, st.First)
		}
	}
	assert.Equal(t, map[string]int{"1 NS": 1, "2 NS": 1, "3 NS": 1, "4 NS": 1}, sat)
	// Round 4 is switched: East-West pair 1 sits North-South at table 4.
	assert.Equal(t, "1 EW", plan.Sittings[15].NS)
	assert.Equal(t, "4 NS", plan.Sittings[15].EW)
}

// TestMovementRoomsRefused: sizes and rounds that cannot be played are
// refused with what to do, and touch no database.
func TestMovementRoomsRefused(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "none.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mitchell", "--pairs", "3", "--boards", "2"}, "a mitchell is planned for 4 to 60 pairs"},
		{[]string{"howell", "--pairs", "40", "--boards", "2"}, "a howell is planned for 4 to 30 pairs"},
		{[]string{"mitchell", "--pairs", "7", "--tables", "3", "--boards", "2"}, "7 pairs sit at 4 tables, not 3"},
		{[]string{"mitchell", "--tables", "4", "--boards", "2", "--arrow-switch", "5"}, "an arrow-switch round is 1 to 4: the movement has 4 rounds"},
		{[]string{"mitchell", "--tables", "4", "--boards", "2", "--arrow-switch", "first"}, "by number (3,6) or as last"},
		{[]string{"howell", "--tables", "4", "--boards", "2", "--arrow-switch", "last"}, "only a Mitchell is arrow-switched"},
		{[]string{"progressive", "--pairs", "8", "--boards", "4"}, "only a Mitchell or a Howell is sized by its pairs"},
	} {
		r := hoyle(t, db, append([]string{"movement"}, c.args...)...)
		assert.Equal(t, exitUsage, r.code, "%v", c.args)
		assert.Contains(t, r.err, c.want, "%v", c.args)
	}
	_, err := os.Stat(db)
	assert.ErrorIs(t, err, os.ErrNotExist, "movement touches no database")
}

// TestSitOutTableDeals: at table 4 of a Mitchell of seven pairs, North-
// South pair 4 sits out round 1, so the table begins with round 2's
// boards (3-4); round 1's boards are refused there, naming the table's
// boards by round; round 3's move the table on.
func TestSitOutTableDeals(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Friday", "--table", "4", "--movement", "mitchell:4x2,pairs=7")
	r := hoyle(t, db, "deal", "--board", "1")
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "table 4 plays 3-4 (round 2), 7-8 (round 3), 5-6 (round 4)")
	assert.Contains(t, ok(t, db, "deal"), "board 3")
	ok(t, db, "call", "P", "P", "P", "P")
	assert.Contains(t, ok(t, db, "deal", "--board", "7"), "board 7", "round 3's board moves the table on")
}

// TestSitOutArrowCompare: five pairs under a Mitchell of three tables,
// one board a round, round 3 arrow-switched, compared. By hand (top 2 a
// board, two results each): board 1, 1 NS +420 beats 3 NS -50 (East-West
// 2 beats 1); board 2, 2 NS +620 beats East-West pair 1 sitting North-
// South at table 3 in the switched round, -100 (3 NS, sitting East-West
// there, scores 2); board 3, East-West pair 2 sitting North-South at
// table 1, +450, beats 2 NS's +420 (1 NS, East-West there, scores 0, and
// 1 EW at table 2 scores 2). So each North-South pair 2 of 4, 2 EW 4 of
// 6, 1 EW 2 of 6; the phantom (3 EW) is not ranked.
func TestSitOutArrowCompare(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	ids := map[int]string{}
	for tb := 1; tb <= 3; tb++ {
		ids[tb] = strings.TrimSpace(ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Fri",
			"--table", itoa(tb), "--movement", "mitchell:3x1,pairs=5,arrow=3"))
	}
	for _, r := range []struct {
		table, board int
		tricks       string
	}{{1, 1, "10"}, {3, 1, "9"}, {2, 2, "10"}, {3, 2, "9"}, {2, 3, "10"}, {1, 3, "11"}} {
		ok(t, db, "--session", ids[r.table], "result", "--board", itoa(r.board), "4S", "N", r.tricks)
	}
	r := hoyle(t, db, "--session", ids[1], "result", "--board", "2", "4S", "N", "10")
	assert.Equal(t, exitError, r.code, "board 2 never comes to table 1")
	var out struct {
		Events []struct {
			Totals []struct {
				Name        string  `json:"name"`
				Matchpoints float64 `json:"matchpoints"`
				Top         float64 `json:"top"`
			} `json:"totals"`
		} `json:"events"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json")), &out))
	require.Len(t, out.Events, 1)
	got := map[string][2]float64{}
	for _, tot := range out.Events[0].Totals {
		got[tot.Name] = [2]float64{tot.Matchpoints, tot.Top}
	}
	assert.Equal(t, map[string][2]float64{"1 NS": {2, 4}, "2 NS": {2, 4}, "3 NS": {2, 4}, "2 EW": {4, 6}, "1 EW": {2, 6}}, got)
}
