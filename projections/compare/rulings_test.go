package compare_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/projections/ruling"
)

// rule records a ruling at a table as hoyle adjust does.
func (c *club) rule(session string, spec ruling.Spec) {
	_, err := c.rec.Record(c.ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return ruling.Decide(s, stamp, spec)
	})
	require.NoError(c.t, err)
}

func total(t *testing.T, ev compare.Event, name string) compare.Total {
	t.Helper()
	for _, tot := range ev.Totals {
		if tot.Name == name {
			return tot
		}
	}
	t.Fatalf("no total of %s", name)
	return compare.Total{}
}

// Four tables play board 1 (none vulnerable): 4S by North making 10, 11
// and 9 tricks at tables 1-3, 420, 450 and -50; table 4's result (420) is
// replaced by average plus to North-South and average minus to East-West
// (Law 12C2), and East-West at table 1 get a procedural penalty of 10% of
// the top (Law 90). Recorded through the recorder, read back by the fold.
//
// The top is 2 x (4-1) = 6. Table 4: NS 60% of 6 = 3.6, EW 40% = 2.4.
// Tables 1-3 are matchpointed among themselves (450 > 420 > -50: units 4,
// 2, 0 of a top of 4) and factored by Neuberg to four results:
// (u+1) x 4/3 - 1 = 17/3 = 5.67 (94.44%), 3 (50%), 1/3 = 0.33 (5.56%).
// East-West at table 1 earn 6 - 3 = 3 on the board, less the penalty of
// 10% of 6 = 0.6: 2.4 of 6, 40%; the board's traveller still shows 3.
func TestArtificialScoreAtPairs(t *testing.T) {
	c := newClub(t)
	players := []map[string]string{
		{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
		{"N": "Ida", "S": "Jo", "E": "Kit", "W": "Lou"},
		{"N": "Max", "S": "Ned", "E": "Oz", "W": "Pat"},
	}
	var ids []string
	for i, p := range players {
		ids = append(ids, c.open("contract", dup, p, projections.Placement{Event: "Tuesday", Table: string(rune('1' + i))}))
	}
	for i, tricks := range []int{10, 11, 9, 10} {
		c.board(ids[i], 1, []string{"4S", "P", "P", "P"}, tricks)
	}
	c.rule(ids[3], ruling.Spec{Board: 1, Score: []string{"NS=avg+", "EW=avg-"}})
	c.rule(ids[0], ruling.Spec{Board: 1, Procedural: []string{"EW=10%"}})

	ev := c.compare("Tuesday").Events[0]
	assert.Empty(t, ev.Warnings)
	assert.Equal(t, f(6), ev.Boards[0].Top)
	r4 := result(t, ev, 1, "4")
	require.NotNil(t, r4.Adjusted)
	assert.Equal(t, "avg+", *r4.Adjusted, "the sides balance: North-South's award names it")
	assert.Equal(t, ruling.LawArtificial, r4.Law)
	assert.Equal(t, f(3.6), r4.Matchpoints)
	assert.Equal(t, f(2.4), r4.MatchpointsEW)
	assert.Equal(t, f(60), r4.Percent)
	assert.Equal(t, f(40), r4.PercentEW)
	assert.Equal(t, f(3), result(t, ev, 1, "1").Matchpoints)
	assert.Equal(t, f(5.67), result(t, ev, 1, "2").Matchpoints)
	assert.Equal(t, f(94.44), result(t, ev, 1, "2").Percent)
	assert.Equal(t, f(0.33), result(t, ev, 1, "3").Matchpoints)
	assert.Nil(t, result(t, ev, 1, "1").Adjusted)
	assert.Equal(t, "EW loses 10% of the top", result(t, ev, 1, "1").Penalty)

	assert.Equal(t, f(3.6), total(t, ev, "Max & Ned").Matchpoints)
	assert.Equal(t, f(2.4), total(t, ev, "Oz & Pat").Matchpoints)
	cd := total(t, ev, "Cy & Di")
	assert.Equal(t, f(2.4), cd.Matchpoints, "3 on the board less 0.6")
	assert.Equal(t, f(40), cd.Percent)

	g := ev.Traveller(ev.Boards[0])
	assert.Equal(t, []string{"4", "Max & Ned", "Oz & Pat", "avg+", "-", "-", "-", "3.6", "2.4", "60.00"}, g.Rows[3])
	assert.Contains(t, ev.RulingLines(ev.Boards[0]), "table 4: avg+, artificial (Law 12C2)")
	assert.Contains(t, ev.RulingLines(ev.Boards[0]), "table 1: EW loses 10% of the top (procedural penalty, Law 90)")

	// Withdrawn, the ruling is gone and table 4's 420 stands: 420 ties
	// table 1, so the units are 450: 6, 420: 3 and 3, -50: 0.
	c.rule(ids[3], ruling.Spec{Board: 1, Retract: true})
	ev = c.compare("Tuesday").Events[0]
	assert.Nil(t, result(t, ev, 1, "4").Adjusted)
	assert.Equal(t, f(3), result(t, ev, 1, "4").Matchpoints)
	assert.Equal(t, f(6), result(t, ev, 1, "2").Matchpoints)
}

// pairsTable is a table of a pairs event with one board played.
func pairsTable(n string, ns int, cardsPBN string, rulings ...table.RulingAdjusted) compare.Table {
	return compare.Table{Session: "s" + n, Game: "contract", Place: projections.Placement{Event: "Club", Table: n},
		Players: []string{"N" + n, "E" + n, "S" + n, "W" + n},
		Plays:   []compare.Play{{Hand: 1, Board: 1, Contract: "4S", Declarer: cards.North, Tricks: 10, NS: ns, Cards: cardsPBN}},
		Rulings: rulings}
}

// A weighted score (Law 12C1(c)) at table 4, 4S by North making 10 (420)
// 60% of the time and 9 (-50) 40%, on a board where tables 1-3 scored
// 420, 450 and -50. Four results: the top is 6, no factoring.
//
// Table 4: its 420 would earn 1 (tie 420) + 0 (450) + 2 (-50) = 3, its
// -50 0 + 0 + 1 = 1: 0.6 x 3 + 0.4 x 1 = 2.2 (36.67%).
// Table 1 (420): 0 against 450, 2 against -50, against table 4 0.6 x 1
// (tie) + 0.4 x 2 = 1.4: 3.4. Table 2 (450): 2 + 2 + (0.6 + 0.4) x 2 = 6.
// Table 3 (-50): 0 + 0 + 0.6 x 0 + 0.4 x 1 = 0.4. They add up to 12, the
// board's 4 x 3 units.
func TestWeightedScoreAtPairs(t *testing.T) {
	w := table.RulingAdjusted{Board: 1, Kind: table.RulingWeighted, Law: ruling.LawWeighted, Scores: []table.AssignedScore{
		{Contract: "4S", Declarer: cards.North, Tricks: 10, Weight: 6000}, {Contract: "4S", Declarer: cards.North, Tricks: 9, Weight: 4000}}}
	ev := compare.Compare([]compare.Table{pairsTable("1", 420, ""), pairsTable("2", 450, ""), pairsTable("3", -50, ""),
		pairsTable("4", 450, "", w)}, "").Events[0]
	assert.Empty(t, ev.Warnings)
	r4 := result(t, ev, 1, "4")
	require.NotNil(t, r4.Adjusted)
	assert.Equal(t, "4S N 10=60%,4S N 9=40%", *r4.Adjusted)
	assert.Equal(t, f(2.2), r4.Matchpoints)
	assert.Equal(t, f(36.67), r4.Percent)
	assert.Equal(t, f(3.4), result(t, ev, 1, "1").Matchpoints)
	assert.Equal(t, f(6), result(t, ev, 1, "2").Matchpoints)
	assert.Equal(t, f(0.4), result(t, ev, 1, "3").Matchpoints)
	assert.Equal(t, "weighted", ev.Traveller(ev.Boards[0]).Rows[3][3])

	// An assigned score (Law 12C1(b)) is scored as if played: 4S by North
	// making 11 is 450, tying table 2: 2 + 1 + 2 = 5; table 2 likewise 5.
	a := table.RulingAdjusted{Board: 1, Kind: table.RulingAssigned, Law: ruling.LawAssigned, Scores: []table.AssignedScore{
		{Contract: "4S", Declarer: cards.North, Tricks: 11, Weight: 10000}}}
	ev = compare.Compare([]compare.Table{pairsTable("1", 420, ""), pairsTable("2", 450, ""), pairsTable("3", -50, ""),
		pairsTable("4", -100, "", a)}, "").Events[0]
	r4 = result(t, ev, 1, "4")
	assert.Equal(t, 450, r4.NS)
	assert.Equal(t, f(5), r4.Matchpoints)
	assert.Equal(t, f(5), result(t, ev, 1, "2").Matchpoints)
	assert.Equal(t, "4S (assigned)", ev.Traveller(ev.Boards[0]).Rows[3][3])
}

// A fouled board (Law 87B): tables 1-3 play one deal (420, 450, -50),
// table 4 another (420). Each group is matchpointed apart and factored to
// the full top of 6 by Neuberg, (u+1) x 4/n - 1:
// group of three: units 2, 4, 0 give 3 x 4/3 - 1 = 3, 5 x 4/3 - 1 = 5.67,
// 1 x 4/3 - 1 = 0.33; the group of one: units 0 give 1 x 4/1 - 1 = 3, an
// average (50%), though it tied table 1's 420 on another deal.
func TestFouledBoardGroups(t *testing.T) {
	a := "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	b := "N:AKQ3.K2.A3.AQ432 J92.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	ev := compare.Compare([]compare.Table{pairsTable("1", 420, a), pairsTable("2", 450, a), pairsTable("3", -50, a),
		pairsTable("4", 420, b)}, "").Events[0]
	assert.Equal(t, 2, ev.Boards[0].Groups)
	assert.Equal(t, f(3), result(t, ev, 1, "1").Matchpoints)
	assert.Equal(t, f(5.67), result(t, ev, 1, "2").Matchpoints)
	assert.Equal(t, f(0.33), result(t, ev, 1, "3").Matchpoints)
	r4 := result(t, ev, 1, "4")
	assert.Equal(t, f(3), r4.Matchpoints)
	assert.Equal(t, f(50), r4.Percent)
	assert.True(t, r4.Fouled)
	assert.False(t, result(t, ev, 1, "1").Fouled)
	assert.Equal(t, "4 (fouled)", ev.Traveller(ev.Boards[0]).Rows[3][0])
	require.Len(t, ev.Warnings, 1)
	assert.Contains(t, ev.Warnings[0], "fouled (Law 87)")
}

// fouledAt is pairsTable's result recorded at a table that called the
// board fouled (deal --fouled: its cards differ from the hand record).
func fouledAt(n string, ns int, cardsPBN string) compare.Table {
	t := pairsTable(n, ns, cardsPBN)
	t.Plays[0].Fouled = true
	return t
}

// A board its table recorded as fouled is the changed form, whatever the
// count of tables (Law 87A: the hand record is the board as dealt):
//   - one table a form, the fouled one first: not the first played, but
//     the one called fouled is marked (each is alone in its group, 0 of a
//     top of 0, factored (0+1) x 2/1 - 1 = 1);
//   - tables 1 and 2 called fouled on the same cards, table 3 on the hand
//     record's: the two are not the board's form though more tables played
//     them. Table 3 alone: (0+1) x 3/1 - 1 = 2 of the top of 4; tables 1
//     and 2 (420 < 450) 0 and 2 of a top of 2, factored (u+1) x 3/2 - 1:
//     0.5 and 3.5;
//   - the cards of the unfouled result not known (result --board with no
//     hand record at hand): the board is still played in two forms.
func TestFouledAsTheTableSaid(t *testing.T) {
	a := "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	b := "N:AKQ3.K2.A3.AQ432 J92.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"

	ev := compare.Compare([]compare.Table{fouledAt("1", 450, b), pairsTable("2", 420, a)}, "").Events[0]
	assert.Equal(t, 2, ev.Boards[0].Groups)
	assert.True(t, result(t, ev, 1, "1").Fouled, "the table said so")
	assert.False(t, result(t, ev, 1, "2").Fouled, "the hand record's form")
	assert.Equal(t, f(1), result(t, ev, 1, "1").Matchpoints)
	assert.Equal(t, f(1), result(t, ev, 1, "2").Matchpoints)

	ev = compare.Compare([]compare.Table{fouledAt("1", 420, b), fouledAt("2", 450, b), pairsTable("3", -50, a)}, "").Events[0]
	assert.Equal(t, 2, ev.Boards[0].Groups)
	assert.True(t, result(t, ev, 1, "1").Fouled)
	assert.True(t, result(t, ev, 1, "2").Fouled, "identical cards, but called fouled at both tables")
	assert.False(t, result(t, ev, 1, "3").Fouled)
	assert.Equal(t, f(0.5), result(t, ev, 1, "1").Matchpoints)
	assert.Equal(t, f(3.5), result(t, ev, 1, "2").Matchpoints)
	assert.Equal(t, f(2), result(t, ev, 1, "3").Matchpoints)

	ev = compare.Compare([]compare.Table{pairsTable("1", 420, ""), fouledAt("2", 450, b)}, "").Events[0]
	assert.Equal(t, 2, ev.Boards[0].Groups, "the board was fouled at table 2")
	assert.False(t, result(t, ev, 1, "1").Fouled)
	assert.True(t, result(t, ev, 1, "2").Fouled)
	assert.Equal(t, f(1), result(t, ev, 1, "2").Matchpoints)
}

// teamRoom is one room of Rovers v Wanderers playing boards 1 and 2.
func teamRoom(room string, ns [2]int, rulings ...table.RulingAdjusted) compare.Table {
	t := compare.Table{Session: room, Game: "contract",
		Place:   projections.Placement{Event: "League", Table: "1", Room: room, HomeTeam: "Rovers", VisitTeam: "Wanderers"},
		Rulings: rulings}
	for i, v := range ns {
		t.Plays = append(t.Plays, compare.Play{Hand: i + 1, Board: i + 1, Contract: "4S", Declarer: cards.North, Tricks: 10, NS: v})
	}
	return t
}

// At teams: board 1, Rovers (North-South in the open room) score 420; in
// the closed room the Wanderers' result is weighted 4S by North making 10
// (420) 60%, 9 (-50) 40%. Rovers earn 0.6 x IMPs(0) + 0.4 x IMPs(470) =
// 0.4 x 10 = 4; Wanderers -4. Board 2: the closed room gets average plus
// for North-South (the Wanderers) and average minus for East-West (the
// Rovers): +3 and -3 IMPs (Law 12C2), whatever the open room scored. The
// match is Rovers 4, Wanderers 3; a procedural penalty of 2 IMPs on the
// Rovers (North-South in the open room, board 2, Law 90) makes it 2 - 3,
// and their total 4 - 3 - 2 = -1; the Wanderers' -4 + 3 = -1.
func TestRulingsAtTeams(t *testing.T) {
	w := table.RulingAdjusted{Board: 1, Kind: table.RulingWeighted, Law: ruling.LawWeighted, Scores: []table.AssignedScore{
		{Contract: "4S", Declarer: cards.North, Tricks: 10, Weight: 6000}, {Contract: "4S", Declarer: cards.North, Tricks: 9, Weight: 4000}}}
	avg := table.RulingAdjusted{Board: 2, Kind: table.RulingArtificial, Law: ruling.LawArtificial, NS: "avg+", EW: "avg-"}
	pen := table.RulingAdjusted{Board: 2, Kind: table.RulingProcedural, Law: ruling.LawProcedural, NS: "2"}
	ev := compare.Compare([]compare.Table{teamRoom("open", [2]int{420, 620}, pen), teamRoom("closed", [2]int{0, 0}, w, avg)}, "").Events[0]
	assert.Empty(t, ev.Warnings)
	assert.Equal(t, f(4), result(t, ev, 1, "1").IMPs)
	assert.Equal(t, f(-3), ev.Boards[1].Results[0].IMPs, "the open room: Rovers get avg-")
	assert.Equal(t, f(3), ev.Boards[1].Results[1].IMPs, "the closed room: Wanderers get avg+")
	require.Len(t, ev.Matches, 1)
	assert.Equal(t, [2]float64{2, 3}, ev.Matches[0].IMPs)
	scale := compare.NewVPTable(2, compare.VPContinuous)
	assert.Equal(t, scale.VPs(2, 3), *ev.Matches[0].VPs)
	assert.Equal(t, f(-1), total(t, ev, "Rovers").IMPs)
	assert.Equal(t, f(-1), total(t, ev, "Wanderers").IMPs)

	// A penalty in VPs comes off the match's VPs after the conversion.
	vp := table.RulingAdjusted{Board: 2, Kind: table.RulingProcedural, Law: ruling.LawProcedural, EW: "1VP"}
	ev = compare.Compare([]compare.Table{teamRoom("open", [2]int{420, 620}, vp), teamRoom("closed", [2]int{0, 0}, w, avg)}, "").Events[0]
	want := scale.VPs(4, 3)
	assert.Equal(t, [2]float64{want[0], want[1] - 1}, *ev.Matches[0].VPs, "the Wanderers sat East-West in the open room")
}

// mitchellTables are the tables of a 3-table Mitchell of one board a round,
// each result North-South's 10 x table + round, so that every pair's
// total differs.
func mitchellTables(t *testing.T, spec string) []compare.Table {
	s, err := movement.Parse(spec)
	require.NoError(t, err)
	plan, err := s.Plan()
	require.NoError(t, err)
	var out []compare.Table
	for tb := 1; tb <= 3; tb++ {
		tab := compare.Table{Session: "s" + string(rune('0'+tb)), Game: "contract",
			Place: projections.Placement{Event: "Mitchell", Table: string(rune('0' + tb)), Movement: spec}}
		for r, row := range plan.Sittings {
			for _, b := range row[tb-1].Boards() {
				tab.Plays = append(tab.Plays, compare.Play{Hand: len(tab.Plays) + 1, Board: b, Contract: "1NT", Declarer: cards.North, Tricks: 7, NS: 10*tb + r})
			}
		}
		out = append(out, tab)
	}
	return out
}

// A plain Mitchell ranks North-South and East-West apart; an
// arrow-switched one, and a Howell, rank the pairs as one field, and say
// so.
func TestRankingPerField(t *testing.T) {
	ev := compare.Compare(mitchellTables(t, "mitchell:3x1"), "").Events[0]
	assert.Equal(t, "by direction", ev.Ranked)
	fields, _ := ev.Ranking()
	assert.Equal(t, []string{"NS", "EW"}, fields)
	assert.Equal(t, "Ranking, North-South", ev.RankingHeading("NS"))

	ev = compare.Compare(mitchellTables(t, "mitchell:3x1,arrow=3"), "").Events[0]
	assert.Equal(t, "one field", ev.Ranked)
	fields, grids := ev.Ranking()
	assert.Equal(t, []string{""}, fields)
	assert.Len(t, grids[0].Rows, 6, "six pairs in one ranking")
	assert.Equal(t, "Ranking, one field (the arrow switch turned the pairs round)", ev.RankingHeading(""))
}

// At teams, the two rooms of a match that played different forms of a
// fouled board (Law 87) are not compared: no IMPs, nothing in the match
// for it, and a warning that says to give an adjusted score.
func TestFouledBoardAtTeams(t *testing.T) {
	open := teamRoom("open", [2]int{420, 100})
	closed := teamRoom("closed", [2]int{420, 100})
	open.Plays[0].Cards = "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	closed.Plays[0].Cards = "N:AKQ3.K2.A3.AQ432 J92.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	ev := compare.Compare([]compare.Table{open, closed}, "").Events[0]
	assert.Nil(t, ev.Boards[0].Results[0].IMPs)
	assert.Nil(t, ev.Boards[0].Results[1].IMPs)
	require.Len(t, ev.Matches, 1)
	assert.Equal(t, 1, ev.Matches[0].Boards, "board 2 alone: 100 against 100, 0 IMPs")
	assert.Equal(t, [2]float64{0, 0}, ev.Matches[0].IMPs)
	assert.Contains(t, strings.Join(ev.Warnings, "\n"), "played different forms of the board (fouled, Law 87): not compared")
}

// An evening: five pairs in a Mitchell of three tables, one board a round
// (mitchell:3x1,pairs=5: East-West pair 3 is the phantom, so each board is
// played twice and the top is 2). As the plan seats them:
//
//	round 1: table 1 1NS v 1EW board 1; table 2 2NS v 2EW board 2; table 3 sits out
//	round 2: table 2 2NS v 1EW board 3; table 3 3NS v 2EW board 1; table 1 sits out
//	round 3: table 1 1NS v 2EW board 3; table 3 3NS v 1EW board 2; table 2 sits out
//
// Board 1 is fouled: tables 1 and 3 played different deals (420, 450), so
// each is alone in its group: (0+1) x 2/1 - 1 = 1 each way, where as
// played table 3 would have had the top. Board 2: average plus to 2NS and
// minus to 2EW at table 2 (1.2 and 0.8 of 2); table 3 (-100) alone: 1.
// Board 3: at table 1 a weighted score, 3NT by South making 9 (400) or 8
// (-50) half and half, against table 2's 400: table 1 NS 0.5 x 1 + 0.5 x
// 0 = 0.5 (EW 1.5), table 2 NS 0.5 x 1 + 0.5 x 2 = 1.5 (EW 0.5).
//
// North-South (two boards each, top 4): 1NS 1 + 0.5 = 1.5 (37.50%), 2NS
// 1.2 + 1.5 = 2.7 (67.50%), 3NS 1 + 1 = 2 (50.00%). East-West (three
// boards, top 6): 1EW 1 + 0.5 + 1 = 2.5 (41.67%), 2EW 0.8 + 1 + 1.5 = 3.3
// (55.00%). A plain Mitchell: ranked by direction.
func TestAnEveningWithRulings(t *testing.T) {
	const spec = "mitchell:3x1,pairs=5"
	a := "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	b := "N:AKQ3.K2.A3.AQ432 J92.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	at := func(tb string, plays []compare.Play, rulings ...table.RulingAdjusted) compare.Table {
		return compare.Table{Session: "s" + tb, Game: "contract", Place: projections.Placement{Event: "Evening", Table: tb, Movement: spec},
			Plays: plays, Rulings: rulings}
	}
	play := func(hand, board, ns int, deal string) compare.Play {
		return compare.Play{Hand: hand, Board: board, Contract: "4S", Declarer: cards.North, Tricks: 10, NS: ns, Cards: deal}
	}
	weighted := table.RulingAdjusted{Board: 3, Kind: table.RulingWeighted, Law: ruling.LawWeighted, Scores: []table.AssignedScore{
		{Contract: "3NT", Declarer: cards.South, Tricks: 9, Weight: 5000}, {Contract: "3NT", Declarer: cards.South, Tricks: 8, Weight: 5000}}}
	avg := table.RulingAdjusted{Board: 2, Kind: table.RulingArtificial, Law: ruling.LawArtificial, NS: "avg+", EW: "avg-"}
	ev := compare.Compare([]compare.Table{
		at("1", []compare.Play{play(1, 1, 420, a), play(2, 3, 0, "")}, weighted),
		at("2", []compare.Play{play(1, 2, 0, ""), play(2, 3, 400, "")}, avg),
		at("3", []compare.Play{play(1, 1, 450, b), play(2, 2, -100, "")}),
	}, "").Events[0]
	require.Len(t, ev.Warnings, 1, "%v", ev.Warnings)
	assert.Contains(t, ev.Warnings[0], "board 1 was dealt differently at table 1 and table 3: fouled (Law 87)")
	assert.Equal(t, "by direction", ev.Ranked)
	assert.Equal(t, f(1), result(t, ev, 1, "1").Matchpoints)
	assert.Equal(t, f(1), result(t, ev, 1, "3").Matchpoints)
	assert.True(t, result(t, ev, 1, "3").Fouled, "the deal fewer tables played is the changed form")
	assert.Equal(t, f(1.2), result(t, ev, 2, "2").Matchpoints)
	assert.Equal(t, f(0.8), result(t, ev, 2, "2").MatchpointsEW)
	assert.Equal(t, f(1), result(t, ev, 2, "3").Matchpoints)
	assert.Equal(t, f(0.5), result(t, ev, 3, "1").Matchpoints)
	assert.Equal(t, f(1.5), result(t, ev, 3, "2").Matchpoints)

	type row struct {
		rank    int
		field   string
		mp, pct float64
	}
	want := map[string]row{
		"2 NS": {1, "NS", 2.7, 67.5}, "3 NS": {2, "NS", 2, 50}, "1 NS": {3, "NS", 1.5, 37.5},
		"2 EW": {1, "EW", 3.3, 55}, "1 EW": {2, "EW", 2.5, 41.67},
	}
	require.Len(t, ev.Totals, len(want))
	for _, tot := range ev.Totals {
		w, ok := want[tot.Name]
		require.True(t, ok, "a total of %s", tot.Name)
		assert.Equal(t, row{w.rank, w.field, w.mp, w.pct}, row{tot.Rank, tot.Field, *tot.Matchpoints, *tot.Percent}, tot.Name)
	}
}
