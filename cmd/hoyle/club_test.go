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

// Events played at several tables: placing sessions in an event, the
// movement's plan and its check of the boards at each deal, and hoyle
// compare over a local file.

// TestSessionsJSONPlacesEachSession: hoyle new places a session in an
// event, and hoyle sessions --json says where each sits.
func TestSessionsJSONPlacesEachSession(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	alone := strings.TrimSpace(ok(t, db, "new", "--game", "auction", "--name", "Friday rubber"))
	open := strings.TrimSpace(ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "League",
		"--table", "1", "--room", "Open", "--home", "Rovers", "--visit", "Wanderers", "--north", "Ann"))
	mitchell := strings.TrimSpace(ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Tuesday",
		"--table", "3", "--movement", "MITCHELL:5x2"))
	ok(t, db, "--session", open, "deal", "--board", "1")

	var list []map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "sessions", "--json")), &list))
	require.Len(t, list, 3)
	assert.Equal(t, map[string]any{"id": alone, "game": "auction", "name": "Friday rubber", "event": "", "table": "", "room": "",
		"teams": nil, "movement": "", "players": []any{"", "", "", ""}, "hands": 0.0, "events": 1.0, "closed": false}, list[0])
	assert.Equal(t, map[string]any{"id": open, "game": "contract", "name": "", "event": "League", "table": "1", "room": "open",
		"teams": map[string]any{"home": "Rovers", "visit": "Wanderers"}, "movement": "", "players": []any{"Ann", "", "", ""},
		"hands": 1.0, "events": 2.0, "closed": false}, list[1])
	assert.Equal(t, "mitchell:5x2", list[2]["movement"], "written out as hoyle movement names it")
	assert.Equal(t, mitchell, list[2]["id"])
	assert.Contains(t, ok(t, db, "sessions"), "[League, table 1, open room, Rovers v Wanderers]")
}

// TestNewRefusesAPlacementThatCannotBe: a placement that cannot be is a
// usage error, and creates nothing.
func TestNewRefusesAPlacementThatCannotBe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "club.db")
	dup := []string{"new", "--game", "contract", "--scoring", "duplicate"}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--event", "E", "--room", "lounge"}, "a room is open or closed"},
		{[]string{"--event", "E", "--home", "Rovers"}, "names both teams"},
		{[]string{"--table", "3"}, "give --event NAME too"},
		{[]string{"--event", "E", "--table", "9", "--movement", "mitchell:5x2"}, "a number from 1 to 5"},
		{[]string{"--event", "E", "--table", "1", "--movement", "mitchell:1x2"}, "2 to 30 tables"},
		{[]string{"--event", "E", "--table", "1", "--movement", "waltz:5x2"}, "the movements are"},
		{[]string{"--event", "E", "--table", "1", "--movement", "howell:3x2", "--home", "A", "--visit", "B"}, "not the teams of a match"},
		{[]string{"--event", "E\x1b[2J"}, "control characters"},
	} {
		r := hoyle(t, db, append(append([]string{}, dup...), c.args...)...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", c.args, r.err)
		assert.Contains(t, r.err, c.msg, c.args)
	}
	r := hoyle(t, db, "new", "--game", "auction", "--event", "E", "--table", "1", "--movement", "mitchell:5x2")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, "not played by boards here")
	_, err := os.Stat(db)
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing was created")
}

// TestMovementPlans: hoyle movement prints the plans (golden), within 80
// columns, and as JSON.
func TestMovementPlans(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "none.db")
	var all strings.Builder
	for _, args := range [][]string{
		{"mitchell", "--tables", "5", "--boards", "2"},
		{"mitchell", "--tables", "8", "--boards", "3"},
		{"howell", "--tables", "4", "--boards", "2"},
		{"howell", "--tables", "3", "--boards", "2"},
		{"progressive", "--tables", "4", "--boards", "4"},
		{"pivot"},
	} {
		out := ok(t, db, append([]string{"movement"}, args...)...)
		all.WriteString("$ hoyle movement " + strings.Join(args, " ") + "\n" + out + "\n")
		for _, line := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, len([]rune(line)), 80, "%v: %q", args, line)
		}
	}
	testkit.Golden(t, "testdata/movements.golden", all.String())

	var plan struct {
		Movement string `json:"movement"`
		Rounds   int    `json:"rounds"`
		Sittings []struct {
			Round, Table int
			NS, EW       string
			First        int `json:"first_board"`
		} `json:"sittings"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "movement", "mitchell", "--tables", "5", "--boards", "2", "--json")), &plan))
	assert.Equal(t, "mitchell:5x2", plan.Movement)
	assert.Equal(t, 5, plan.Rounds)
	assert.Len(t, plan.Sittings, 25)
	assert.Equal(t, "3 NS", plan.Sittings[2].NS)

	r := hoyle(t, db, "movement", "mitchell", "--tables", "1", "--boards", "2")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, "2 to 30 tables")
	_, err := os.Stat(db)
	assert.ErrorIs(t, err, os.ErrNotExist, "movement touches no database")
}

// TestMovementChecksTheBoardsAtTheDeal: at table 3 of a five-table
// Mitchell the boards come round by round (5-6, then 7-8, then 9-10...):
// a deal that names no board takes the next; a board of an earlier round
// or of one not yet come is refused, with the plan.
func TestMovementChecksTheBoardsAtTheDeal(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Tuesday", "--table", "3", "--movement", "mitchell:5x2")
	passOut := func() { ok(t, db, "call", "P", "P", "P", "P") }
	r := hoyle(t, db, "deal", "--board", "1")
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "brings board 1 to table 3 in round 4, and table 3 is in round 1, with boards 5-6")
	assert.Contains(t, ok(t, db, "deal"), "board 5")
	passOut()
	assert.Contains(t, ok(t, db, "deal", "--board", "7"), "board 7", "the next round's board moves the table on")
	passOut()
	r = hoyle(t, db, "deal", "--board", "6")
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "brings board 6 to table 3 in round 1, and table 3 is in round 2, with boards 7-8, then boards 9-10 in round 3")
	r = hoyle(t, db, "deal", "--board", "11")
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, "boards 1 to 10")
	r = hoyle(t, db, "deal", "--board", "7")
	assert.Contains(t, r.err, "board 7 was played at this table already")
	assert.Contains(t, ok(t, db, "deal"), "board 8")
}

// TestThreeTablePairsMatchpoints is the three-table pairs event the issue
// asks for, with played hands (hoyle result, the result-only entry, is not
// on this branch yet): three tables of a Mitchell play boards 1 to 6,
// recorded as a scorer records them (deal, the auction, a claim), and
// compare gives the matchpoints worked out by hand.
// tuesdayPairs opens the three tables of a pairs evening under a Mitchell
// of three tables and two boards a round: a database and its sessions.
func tuesdayPairs(t *testing.T) (db string, ids []string) {
	db = filepath.Join(t.TempDir(), "club.db")
	seats := [][]string{{"Ann", "Bob", "Cy", "Di"}, {"Ed", "Flo", "Gus", "Hal"}, {"Ida", "Jo", "Kit", "Lou"}}
	for i, p := range seats {
		ids = append(ids, strings.TrimSpace(ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--event", "Tuesday pairs",
			"--table", string(rune('1'+i)), "--movement", "mitchell:3x2", "--north", p[0], "--south", p[1], "--east", p[2], "--west", p[3])))
	}
	return db, ids
}

// threeTableTricks is what each table (1, 2, 3) makes on each board in its
// contract, -1 when passed out.
var threeTableTricks = map[int][3]int{1: {10, 11, 9}, 2: {9, 9, 8}, 3: {8, 8, 8}, 4: {7, 6, 9}, 5: {-1, -1, -1}, 6: {12, 11, 12}}

// eachTableBoard calls f for each board each table plays, in the order of
// the Mitchell 3x2: table t plays set t in round 1, set t+1 in round 2,
// set t+2 in round 3.
func eachTableBoard(f func(table, board int)) {
	for round := range 3 {
		for tb := range 3 {
			set := (tb+round)%3 + 1
			for _, board := range []int{2*set - 1, 2 * set} {
				f(tb, board)
			}
		}
	}
}

func TestThreeTablePairsMatchpoints(t *testing.T) {
	t.Parallel()
	db, ids := tuesdayPairs(t)
	// Each board's auction.
	contracts := map[int][]string{1: {"4S", "P", "P", "P"}, 2: {"3NT", "P", "P", "P"}, 3: {"P", "2H", "P", "P", "P"},
		4: {"1NT", "P", "P", "P"}, 5: {"P", "P", "P", "P"}, 6: {"6C", "P", "P", "P"}}
	eachTableBoard(func(tb, board int) {
		ok(t, db, "--session", ids[tb], "deal", "--board", itoa(board))
		ok(t, db, append([]string{"--session", ids[tb], "call"}, contracts[board]...)...)
		if n := threeTableTricks[board][tb]; n >= 0 {
			ok(t, db, "--session", ids[tb], "claim", itoa(n))
		}
	})
	text := ok(t, db, "compare")
	testkit.Golden(t, "testdata/three-table-pairs.golden", text)
	for _, line := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, line)
	}

	// The same evening as IMP pairs: Butler (three results: the datum is
	// their average, nothing dropped) and cross-IMPs. Board 1: 420, 450
	// and -50 average 273.3, a datum of 270: +4, +5 and -8 IMPs.
	butler := ok(t, db, "compare", "--scoring", "butler")
	testkit.Golden(t, "testdata/three-table-butler.golden", butler)
	assert.Contains(t, butler, "Board 1 (datum 270)")
	var impRep struct {
		Events []struct {
			Scoring string
			Boards  []struct {
				Datum   *int
				Results []struct {
					Table string
					IMPs  *float64
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json", "--scoring", "butler")), &impRep))
	assert.Equal(t, "butler", impRep.Events[0].Scoring)
	require.NotNil(t, impRep.Events[0].Boards[0].Datum)
	assert.Equal(t, 270, *impRep.Events[0].Boards[0].Datum)
	for i, want := range []float64{4, 5, -8} {
		assert.Equal(t, want, *impRep.Events[0].Boards[0].Results[i].IMPs, "table %s", impRep.Events[0].Boards[0].Results[i].Table)
	}
	// Cross-IMPs, board 1: 420 against 450 (-1) and -50 (+10): +4.5.
	impRep.Events = nil // decoded afresh: an absent datum leaves a field as it was
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json", "--scoring", "cross-imps")), &impRep))
	assert.Equal(t, "cross-imps", impRep.Events[0].Scoring)
	assert.Nil(t, impRep.Events[0].Boards[0].Datum)
	assert.Equal(t, 4.5, *impRep.Events[0].Boards[0].Results[0].IMPs)
	r := hoyle(t, db, "compare", "--scoring", "board-a-match")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, `unknown scoring of a pairs event "board-a-match"`)

	var rep struct {
		Events []struct {
			Form, Scoring, Movement string
			Warnings                []string
			Boards                  []struct {
				Board   int
				Top     float64
				Results []struct {
					Table       string
					Round       int
					NSPair      string   `json:"ns_pair"`
					NS          int      `json:"ns"`
					IMPs        *float64 `json:"imps"`
					Matchpoints *float64 `json:"matchpoints"`
				}
			}
			Totals []struct {
				Rank        int
				Name, Field string
				Matchpoints float64
				Percent     float64
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json", "--event", "Tuesday pairs")), &rep))
	require.Len(t, rep.Events, 1)
	ev := rep.Events[0]
	assert.Equal(t, "pairs", ev.Form)
	assert.Equal(t, "mitchell:3x2", ev.Movement)
	assert.Empty(t, ev.Warnings)
	require.Len(t, ev.Boards, 6)
	// Board 1: 420, 450, -50 at tables 1, 2, 3: 2, 4 and 0 of a top of 4.
	b1 := ev.Boards[0]
	assert.Equal(t, 4.0, b1.Top)
	mp := map[string]float64{}
	for _, r := range b1.Results {
		mp[r.Table] = *r.Matchpoints
		assert.Nil(t, r.IMPs)
	}
	assert.Equal(t, map[string]float64{"1": 2, "2": 4, "3": 0}, mp)
	// Board 4 (1NT by West, vulnerable both): 7, 6 and 9 tricks for West.
	b4 := map[string]float64{}
	for _, r := range ev.Boards[3].Results {
		b4[r.Table] = *r.Matchpoints
	}
	assert.Equal(t, map[string]float64{"1": 2, "2": 4, "3": 0}, b4, "North-South's -90, +100, -150")
	// Board 5 passed out everywhere: a tie, 2 each.
	for _, r := range ev.Boards[4].Results {
		assert.Equal(t, 2.0, *r.Matchpoints)
	}
	// Totals: the North-South field, then the East-West field.
	byName := map[string]float64{}
	for _, tot := range ev.Totals {
		byName[tot.Name] = tot.Matchpoints
	}
	assert.Equal(t, 36.0, byName["1 NS"]+byName["2 NS"]+byName["3 NS"], "6 boards, 6 units shared on each")
	assert.Equal(t, 17.0, byName["2 NS"], "Ed and Flo: 4+1+2+4+2+4")
	assert.Equal(t, "NS", ev.Totals[0].Field)
	assert.Equal(t, "EW", ev.Totals[len(ev.Totals)-1].Field)

	// The event written up as Markdown says the same.
	md := ok(t, db, "export", "--event", "Tuesday pairs")
	assert.Contains(t, md, "# Tuesday pairs\n")
	assert.Contains(t, md, "## Ranking, North-South")
	assert.Contains(t, md, `| 1 | 1 | 1 NS | 1 EW | 4S | N | 10 | 420 | 2 | 2 | 50.00 |`)
	assert.Contains(t, md, `| 1 | 2 NS | Ed \& Flo | 6 | 17 | 24 | 70.83 |`)
	r = hoyle(t, db, "export", "--event", "Nonesuch")
	assert.Equal(t, exitError, r.code)
	assert.Contains(t, r.err, `no event named "Nonesuch"`)
	// As PBN, every table's records with their matchpoints, the boards'
	// ScoreTables and the ranking (issue 28); not as HTML, nor as LIN,
	// which writes a teams event's matches.
	pbnText := ok(t, db, "export", "--event", "Tuesday pairs", "--format", "pbn")
	for _, want := range []string{"[TotalScoreTable ", "[ScoreTable ", "[ScoreMP \"NS 2 EW 2\"]", "[Scoring \"MP\"]", "[PairNS \"1\"]", "[HoyleMovement "} {
		assert.Contains(t, pbnText, want)
	}
	for _, f := range []string{"html", "lin"} {
		r = hoyle(t, db, "export", "--event", "Tuesday pairs", "--format", f)
		assert.Equal(t, exitUsage, r.code, f)
	}
	// With a roster naming a pair and a director's ruling, read back into
	// an empty database: the Mitchell is the same three tables with their
	// rounds, the roster and the ruling come back, and it compares the
	// same (but the sessions' IDs).
	ok(t, db, "roster", "--event", "Tuesday pairs", `2EW=Zoe Zed & Yan Yu`)
	ok(t, db, "adjust", "--event", "Tuesday pairs", "--table", "3", "--board", "6", "NS=avg-", "EW=avg+")
	pbnText = ok(t, db, "export", "--event", "Tuesday pairs", "--format", "pbn")
	assert.Contains(t, pbnText, `[HoyleRuling "NS=avg- EW=avg+"]`)
	other := filepath.Join(t.TempDir(), "back.db")
	r = hoyleIn(t, other, pbnText, "import", "--format", "pbn", "-")
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, withoutSessions(t, ok(t, db, "compare", "--json")), withoutSessions(t, ok(t, other, "compare", "--json")))
	assert.Contains(t, ok(t, other, "roster", "--event", "Tuesday pairs"), "Zoe Zed")
}

// withoutSessions is compare --json's report without the sessions' IDs,
// which an import makes anew.
func withoutSessions(t *testing.T, text string) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(text), &v))
	var strip func(any)
	strip = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			delete(x, "session")
			for _, y := range x {
				strip(y)
			}
		case []any:
			for _, y := range x {
				strip(y)
			}
		}
	}
	strip(v)
	return v
}

// The same evening scored from the travellers alone (hoyle result, no
// auction, no play): the comparison is the one of the hands played.
func TestThreeTablePairsFromTravellers(t *testing.T) {
	t.Parallel()
	db, ids := tuesdayPairs(t)
	// Each board's contract and declarer, as the auctions of
	// TestThreeTablePairsMatchpoints make them.
	results := map[int][]string{1: {"4S", "N"}, 2: {"3NT", "E"}, 3: {"2H", "W"}, 4: {"1NT", "W"}, 5: {"pass"}, 6: {"6C", "E"}}
	eachTableBoard(func(tb, board int) {
		args := append([]string{"--session", ids[tb], "result", "--board", itoa(board)}, results[board]...)
		if n := threeTableTricks[board][tb]; n >= 0 {
			args = append(args, itoa(n))
		}
		ok(t, db, args...)
	})
	testkit.Golden(t, "testdata/three-table-pairs.golden", ok(t, db, "compare"))
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
