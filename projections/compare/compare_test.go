package compare_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// club records sessions the way tables do, and compares them.
type club struct {
	t   *testing.T
	ctx context.Context
	rec *recorder.Recorder
}

func newClub(t *testing.T) *club {
	return &club{t: t, ctx: context.Background(), rec: recorder.New(memstore.New())}
}

// open opens a table's session.
func (c *club) open(game string, opts map[string]string, players map[string]string, place projections.Placement) string {
	id, err := c.rec.Open(c.ctx, projections.SessionSpec{Game: game, Options: opts, Players: players, Placement: place})
	require.NoError(c.t, err)
	return id
}

// board plays a board without its cards: the calls, then a claim of the
// declarer's tricks (none when passed out).
func (c *club) board(session string, board int, calls []string, tricks int) {
	_, err := c.rec.Deal(c.ctx, session, projections.DealSpec{Board: board})
	require.NoError(c.t, err)
	_, err = c.rec.Calls(c.ctx, session, calls)
	require.NoError(c.t, err)
	if tricks >= 0 {
		_, err = c.rec.Claim(c.ctx, session, projections.ClaimSpec{Tricks: tricks})
		require.NoError(c.t, err)
	}
}

func (c *club) compare(event string) compare.Report {
	infos, err := c.rec.Store.Sessions(c.ctx)
	require.NoError(c.t, err)
	var tables []compare.Table
	for _, info := range infos {
		s, err := load.Stream(c.ctx, c.rec.Store, info.ID)
		require.NoError(c.t, err)
		tables = append(tables, compare.Summarize(s))
	}
	return compare.Compare(tables, event)
}

var dup = map[string]string{"scoring": "duplicate"}

func f(x float64) *float64 { return &x }

// result finds a table's result on a board.
func result(t *testing.T, ev compare.Event, board int, table string) compare.Result {
	t.Helper()
	for _, b := range ev.Boards {
		if b.Board != board {
			continue
		}
		for _, r := range b.Results {
			if r.Table == table {
				return r
			}
		}
	}
	t.Fatalf("no result of board %d at table %s", board, table)
	return compare.Result{}
}

// TestPairsMatchpoints: three tables play boards 1 and 2; board 3 is
// played at two. Matchpoints by Law 78A (two a result beaten, one a tie,
// the top 2 for each other result) and Neuberg's adjustment for board 3.
func TestPairsMatchpoints(t *testing.T) {
	c := newClub(t)
	pairs := []map[string]string{
		{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
		{"N": "Ida", "S": "Jo", "E": "Kit", "W": "Lou"},
	}
	var ids []string
	for i, p := range pairs {
		ids = append(ids, c.open("contract", dup, p, projections.Placement{Event: "Tuesday", Table: string(rune('1' + i))}))
	}
	// Board 1 (North deals): 4S making 10, 11 and 9 tricks: 420, 450, -50.
	c.board(ids[0], 1, []string{"4S", "P", "P", "P"}, 10)
	c.board(ids[1], 1, []string{"4S", "P", "P", "P"}, 11)
	c.board(ids[2], 1, []string{"4S", "P", "P", "P"}, 9)
	// Board 2 (East deals): 3NT by East making 9 at two tables: -400 twice,
	// and passed out at the third: 0.
	c.board(ids[0], 2, []string{"3NT", "P", "P", "P"}, 9)
	c.board(ids[1], 2, []string{"3NT", "P", "P", "P"}, 9)
	c.board(ids[2], 2, []string{"P", "P", "P", "P"}, -1)
	// Board 3, played at tables 1 and 2 only: 1NT by South, 7 and 8 tricks.
	c.board(ids[0], 3, []string{"1NT", "P", "P", "P"}, 7)
	c.board(ids[1], 3, []string{"1NT", "P", "P", "P"}, 8)

	rep := c.compare("")
	require.Len(t, rep.Events, 1)
	ev := rep.Events[0]
	assert.Equal(t, compare.FormPairs, ev.Form)
	assert.Equal(t, compare.ScoringMatchpoints, ev.Scoring)
	assert.Empty(t, ev.Warnings)
	require.Len(t, ev.Boards, 3)

	assert.Equal(t, f(4), ev.Boards[0].Top)
	for table, want := range map[string]float64{"1": 2, "2": 4, "3": 0} {
		r := result(t, ev, 1, table)
		assert.Equal(t, f(want), r.Matchpoints, "board 1 table %s", table)
		assert.Equal(t, f(100*want/4), r.Percent)
		assert.Nil(t, r.IMPs)
	}
	for table, want := range map[string]float64{"1": 1, "2": 1, "3": 4} {
		assert.Equal(t, f(want), result(t, ev, 2, table).Matchpoints, "board 2 table %s: a tie is one a result", table)
	}
	// Neuberg: (units+1) * 3/2 - 1; units 0 and 2 become 0.5 and 3.5 of 4.
	assert.Equal(t, f(0.5), result(t, ev, 3, "1").Matchpoints)
	assert.Equal(t, f(3.5), result(t, ev, 3, "2").Matchpoints)
	assert.Equal(t, 120, result(t, ev, 3, "2").NS)
	assert.Equal(t, "Ann & Bob", result(t, ev, 1, "1").NSPair)

	// Totals: Ann & Bob 2+1+0.5 of 12; Ed & Flo 4+1+3.5; Ida & Jo 0+4 of 8.
	byName := map[string]compare.Total{}
	for _, tot := range ev.Totals {
		byName[tot.Name] = tot
	}
	assert.Equal(t, f(8.5), byName["Ed & Flo"].Matchpoints)
	assert.Equal(t, f(12), byName["Ed & Flo"].Top)
	assert.Equal(t, f(70.83), byName["Ed & Flo"].Percent)
	assert.Equal(t, f(4), byName["Ida & Jo"].Matchpoints)
	assert.Equal(t, f(50), byName["Ida & Jo"].Percent)
	assert.Equal(t, f(3.5), byName["Gus & Hal"].Matchpoints, "East-West: the top less North-South's: 0+3+0.5")
	assert.Equal(t, f(8.5), byName["Cy & Di"].Matchpoints, "2+3+3.5")
	assert.Equal(t, 1, byName["Ed & Flo"].Rank)
	assert.Equal(t, 1, byName["Cy & Di"].Rank, "a tie shares the rank")
	assert.Equal(t, 3, byName["Ida & Jo"].Rank)
	assert.Equal(t, 3, byName["Kit & Lou"].Rank)
	assert.Equal(t, 5, byName["Ann & Bob"].Rank)
}

// TestTeamsOpenAndClosedRooms: a match of two teams at one table, the
// home team North-South in the open room and East-West in the closed.
func TestTeamsOpenAndClosedRooms(t *testing.T) {
	c := newClub(t)
	open := c.open("contract", dup, nil, projections.Placement{Event: "League", Table: "1", Room: "open", HomeTeam: "Rovers", VisitTeam: "Wanderers"})
	closed := c.open("contract", dup, nil, projections.Placement{Event: "League", Table: "1", Room: "closed", HomeTeam: "Rovers", VisitTeam: "Wanderers"})
	// Board 1: 4S+1 (450) in the open room, 2S+2 (170) in the closed: 280, 7 IMPs.
	c.board(open, 1, []string{"4S", "P", "P", "P"}, 11)
	c.board(closed, 1, []string{"2S", "P", "P", "P"}, 10)
	// Board 2 (East deals): 3NT by East -1 in the open (NS +50), made in
	// the closed (NS -400): 450, 10 IMPs to the home team, East-West there.
	c.board(open, 2, []string{"3NT", "P", "P", "P"}, 8)
	c.board(closed, 2, []string{"3NT", "P", "P", "P"}, 9)
	// Board 3 is played in the open room only.
	c.board(open, 3, []string{"P", "P", "P", "P"}, -1)

	ev := c.compare("League").Events[0]
	assert.Equal(t, compare.FormTeams, ev.Form)
	assert.Equal(t, f(7), result(t, ev, 1, "1").IMPs)
	assert.Equal(t, "Rovers", ev.Boards[0].Results[0].NSPair, "the open room first, the home team North-South")
	assert.Equal(t, f(-7), ev.Boards[0].Results[1].IMPs)
	assert.Equal(t, "Wanderers", ev.Boards[0].Results[1].NSPair)
	assert.Equal(t, f(10), ev.Boards[1].Results[0].IMPs)
	assert.Nil(t, ev.Boards[2].Results[0].IMPs, "nothing to compare board 3 with")
	require.Len(t, ev.Matches, 1)
	// 17 IMPs over 2 boards: the blitz is 15·√2 = 21.2 IMPs, and
	// 10 + 10(1−τ^(51/21.2))/(1−τ³) = 18.97 VPs.
	assert.Equal(t, compare.Match{Teams: [2]string{"Rovers", "Wanderers"}, IMPs: [2]float64{17, 0}, VPs: &[2]float64{18.97, 1.03}, Boards: 2}, ev.Matches[0])
	assert.Equal(t, "Rovers", ev.Totals[0].Name)
	assert.Equal(t, f(17), ev.Totals[0].IMPs)
	assert.Equal(t, f(-17), ev.Totals[1].IMPs)
}

// TestDuplicateWhistPairs: duplicate whist compared trick for trick, each
// pair against the average of the deal.
func TestDuplicateWhistPairs(t *testing.T) {
	c := newClub(t)
	seed := uint64(11)
	var ids []string
	for i := range 3 {
		ids = append(ids, c.open("duplicate-whist", nil, nil, projections.Placement{Event: "Whist drive", Table: string(rune('1' + i))}))
	}
	for i, ns := range []int{8, 7, 6} {
		_, err := c.rec.Deal(c.ctx, ids[i], projections.DealSpec{Board: 1, Seed: &seed})
		require.NoError(t, err)
		_, err = c.rec.Claim(c.ctx, ids[i], projections.ClaimSpec{Tricks: ns, By: "NS"})
		require.NoError(t, err)
	}
	ev := c.compare("").Events[0]
	assert.Equal(t, compare.ScoringTricks, ev.Scoring)
	assert.Empty(t, ev.Warnings)
	assert.Equal(t, f(1), result(t, ev, 1, "1").Plus)
	assert.Equal(t, f(-1), result(t, ev, 1, "1").PlusEW)
	assert.Equal(t, f(0), result(t, ev, 1, "2").Plus)
	assert.Equal(t, f(-1), result(t, ev, 1, "3").Plus)
	assert.Equal(t, 2, result(t, ev, 1, "1").NS, "tricks over the book")
	assert.Equal(t, "table 1 NS", ev.Totals[0].Name)
	assert.Equal(t, f(1), ev.Totals[0].Tricks)
}

// TestPivot: one table, the first dealer sits still and the others move
// round her every two deals (pivot:2); each keeps what her side scores.
func TestPivot(t *testing.T) {
	c := newClub(t)
	id := c.open("contract", map[string]string{"scoring": "chicago"}, map[string]string{"N": "Ann", "E": "Bea", "S": "Cora", "W": "Dot"},
		projections.Placement{Event: "Pivot tea", Movement: "pivot:2"})
	// Chicago: South deals first (the session's default dealer). Each deal
	// a part score by the dealer: 1NT making 7 = 90 to the dealer's side.
	for range 4 {
		_, err := c.rec.Deal(c.ctx, id, projections.DealSpec{})
		require.NoError(t, err)
		_, err = c.rec.Calls(c.ctx, id, []string{"1NT", "P", "P", "P"})
		require.NoError(t, err)
		_, err = c.rec.Claim(c.ctx, id, projections.ClaimSpec{Tricks: 7})
		require.NoError(t, err)
	}
	ev := c.compare("").Events[0]
	assert.Equal(t, compare.FormIndividual, ev.Form)
	points := map[string]int{}
	for _, tot := range ev.Totals {
		points[tot.Name] = *tot.Points
		assert.Equal(t, 4, tot.Boards)
	}
	// Deals 1-2 as seated: S (Cora) and W (Dot) deal, so NS and EW score
	// once each. Deals 3-4, rotated round Cora: Dot (her left) is East,
	// Ann (opposite) West, Bea (her right) North; N (Bea) and E (Dot) deal.
	s, _, err := load.Session(c.ctx, c.rec.Store, id)
	require.NoError(t, err)
	var per [4][2]int
	for _, r := range s.Score().Rubbers {
		for _, e := range r.Entries {
			per[e.Hand-1][e.Side] += e.Points
		}
	}
	want := map[string]int{
		"Cora": per[0][0] + per[1][0] + per[2][0] + per[3][0],
		"Ann":  per[0][0] + per[1][0] + per[2][1] + per[3][1],
		"Dot":  per[0][1] + per[1][1] + per[2][1] + per[3][1],
		"Bea":  per[0][1] + per[1][1] + per[2][0] + per[3][0],
	}
	assert.Equal(t, want, points)
	assert.NotEqual(t, points["Ann"], points["Cora"], "partners for two deals only")
}

// TestDuplicateWhistTeams: a whist team match in two rooms, trick for
// trick: the home team takes 8 tricks North-South in the open room and
// its adversaries 6 North-South in the closed room, where it sits
// East-West and takes 7: two tricks to the home team.
func TestDuplicateWhistTeams(t *testing.T) {
	c := newClub(t)
	seed := uint64(5)
	for _, x := range []struct {
		room string
		ns   int
	}{{"open", 8}, {"closed", 6}} {
		id := c.open("duplicate-whist", nil, nil, projections.Placement{Event: "Whist match", Table: "1", Room: x.room, HomeTeam: "Rovers", VisitTeam: "Wanderers"})
		_, err := c.rec.Deal(c.ctx, id, projections.DealSpec{Board: 1, Seed: &seed})
		require.NoError(t, err)
		_, err = c.rec.Claim(c.ctx, id, projections.ClaimSpec{Tricks: x.ns, By: "NS"})
		require.NoError(t, err)
	}
	ev := c.compare("").Events[0]
	assert.Equal(t, compare.FormTeams, ev.Form)
	assert.Equal(t, compare.ScoringTricks, ev.Scoring)
	assert.Equal(t, f(2), ev.Boards[0].Results[0].Plus)
	assert.Equal(t, f(-2), ev.Boards[0].Results[1].Plus)
	assert.Equal(t, compare.Match{Teams: [2]string{"Rovers", "Wanderers"}, IMPs: [2]float64{2, 0}, Boards: 1}, ev.Matches[0])
	assert.Equal(t, "Rovers", ev.Totals[0].Name)
	assert.Equal(t, f(2), ev.Totals[0].Tricks)
}

// TestProgressive: two tables, the East-West pairs moving up a table
// after every deal (progressive:2x1): each player totals what his side
// scored on the hands he played, wherever he sat.
func TestProgressive(t *testing.T) {
	c := newClub(t)
	var ids []string
	for i, p := range []map[string]string{
		{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
	} {
		ids = append(ids, c.open("contract", dup, p, projections.Placement{Event: "Drive", Table: string(rune('1' + i)), Movement: "progressive:2x1"}))
	}
	// Deal 1 at each table (board 1, North deals): 4S by North making 10
	// at table 1 (NS 420), 9 at table 2 (NS -50). Deal 2 (board 2, East
	// deals) after the move: 3NT by East making 9 at both (NS -400).
	c.board(ids[0], 1, []string{"4S", "P", "P", "P"}, 10)
	c.board(ids[1], 1, []string{"4S", "P", "P", "P"}, 9)
	c.board(ids[0], 2, []string{"3NT", "P", "P", "P"}, 9)
	c.board(ids[1], 2, []string{"3NT", "P", "P", "P"}, 9)
	ev := c.compare("").Events[0]
	assert.Equal(t, compare.FormIndividual, ev.Form)
	points := map[string]int{}
	for _, tot := range ev.Totals {
		points[tot.Name] = *tot.Points
		assert.Equal(t, 2, tot.Boards)
	}
	// Round 2: Gus and Hal (who began at table 2) are East-West at table
	// 1, Cy and Di at table 2. Each keeps what his side scored.
	assert.Equal(t, map[string]int{
		"Ann": 420, "Bob": 420, "Cy": 0 + 400, "Di": 0 + 400,
		"Ed": 0, "Flo": 0, "Gus": 50 + 400, "Hal": 50 + 400,
	}, points)
	assert.Equal(t, 1, ev.Totals[0].Rank)
	assert.Equal(t, 1, ev.Totals[1].Rank, "Gus and Hal share the first place")
	assert.ElementsMatch(t, []string{"Gus", "Hal"}, []string{ev.Totals[0].Name, ev.Totals[1].Name})
}

// TestDuplicateWhistRevokeAcrossRooms: a revoke recorded at the table is
// penalised in the comparison by Law X: in the open room a player
// renounces and his side plays on to the next trick, which establishes
// the revoke; the result is marked and the transfer made, held to the
// average of the deal.
func TestDuplicateWhistRevokeAcrossRooms(t *testing.T) {
	c := newClub(t)
	seed := uint64(5)
	var revoker cards.Side
	for _, room := range []string{"open", "closed"} {
		id := c.open("duplicate-whist", nil, nil, projections.Placement{Event: "Whist match", Table: "1", Room: room, HomeTeam: "Rovers", VisitTeam: "Wanderers"})
		_, err := c.rec.Deal(c.ctx, id, projections.DealSpec{Board: 1, Seed: &seed})
		require.NoError(t, err)
		if room == "open" {
			revoker = c.renounceAndPlayOn(id)
		}
		_, err = c.rec.Record(c.ctx, id, func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
			h := s.Current()
			rest := s.Rules.Tricks() - h.CompletedTricks()
			return s.DecideClaim(st, projections.ClaimSpec{Tricks: rest/2 + 1, By: "NS"})
		})
		require.NoError(t, err)
	}
	ev := c.compare("").Events[0]
	open, closed := result(t, ev, 1, "1"), ev.Boards[0].Results[1]
	require.Equal(t, table.RoomOpen, open.Room)
	mark := map[cards.Side]string{cards.NS: "NS -R", cards.EW: "EW -R"}[revoker]
	assert.Contains(t, open.Revoke, mark)
	assert.Empty(t, closed.Revoke)
	// The revoking side bears the transfer of two tricks, held to no more
	// than the average of the deal: North-South's tricks as made in the
	// open room less two, against the closed room's East-West (13 less
	// its North-South's 7); without the revoke it would be as made.
	require.Equal(t, cards.NS, revoker, "seed 5: North-South renounce first")
	s, err := load.Stream(c.ctx, c.rec.Store, open.Session)
	require.NoError(t, err)
	made := s.Current().Won[cards.NS]
	average := float64(made+7) / 2
	require.LessOrEqual(t, float64(made-2), average)
	assert.Equal(t, float64(made-2+(13-7)-13), *open.Plus)
	assert.Equal(t, -*open.Plus, *closed.Plus)
	assert.Equal(t, -1.0, *open.Plus, "8 made, 6 after the transfer, against 6 in the closed room")
}

// renounceAndPlayOn plays the first trick with a renounce by the first
// player after the leader who holds the suit led and another, then plays
// legal cards until the revoking side has played to the next trick (Law X,
// Sec. 1: the revoke is established). It returns the revoking side.
func (c *club) renounceAndPlayOn(id string) cards.Side {
	t := c.t
	var side cards.Side
	renounced := false
	for step := 0; step < 20; step++ {
		s, err := load.Stream(c.ctx, c.rec.Store, id)
		require.NoError(t, err)
		h := s.Current()
		if len(h.Revokes()) > 0 {
			return side
		}
		seat := h.Turn
		legal := h.LegalCards(s.Rules)
		var off cards.Card = cards.NoCard
		if !renounced && len(h.Tricks) > 0 && len(h.Tricks[len(h.Tricks)-1].Cards) > 0 {
			for _, x := range h.Held[seat].Cards() {
				if !slices.Contains(legal, x) {
					off = x
				}
			}
		}
		if off != cards.NoCard {
			_, err = c.rec.Record(c.ctx, id, func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
				return s.DecideIrregularPlays(st, "", "", []string{off.String()})
			})
			require.NoError(t, err)
			renounced, side = true, h.Seating.SideOf(seat)
			continue
		}
		_, err = c.rec.Plays(c.ctx, id, []string{legal[0].String()})
		require.NoError(t, err)
	}
	t.Fatal("no revoke was established")
	return side
}

// A board dealt differently at two sessions that no table number places
// (an archive file's import) is warned of by session and teams, never as
// "table  and table " (issue 28).
func TestWarningsNameTablesWithoutNumbers(t *testing.T) {
	place := projections.Placement{Event: "Archive", HomeTeam: "Lions", VisitTeam: "Bears"}
	a := compare.Table{Session: "s1", Game: "contract", Place: place, Plays: []compare.Play{{Hand: 1, Board: 1, Contract: "1NT", Declarer: cards.North, Tricks: 7, NS: 90, Cards: "N:AKQJ.T98.765.432 T987.654.32.AKQJ 6543.32.AKQJ.T98 2.AKQJ.T98.7654"}}}
	b := a
	b.Session = "s2"
	b.Plays = []compare.Play{{Hand: 1, Board: 1, Contract: "1NT", Declarer: cards.North, Tricks: 7, NS: 90, Cards: "N:T987.654.32.AKQJ AKQJ.T98.765.432 6543.32.AKQJ.T98 2.AKQJ.T98.7654"}}
	ev := compare.Compare([]compare.Table{a, b}, "").Events[0]
	require.NotEmpty(t, ev.Warnings)
	assert.Equal(t, "board 1 was dealt differently at session s1, Lions v Bears and session s2, Lions v Bears: fouled (Law 87), scored within each group of identical deals", ev.Warnings[0])
}
