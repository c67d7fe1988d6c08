package pbnsession

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// evening records the tables of events as hoyle new --event does.
type evening struct {
	t   *testing.T
	ctx context.Context
	rec *recorder.Recorder
	ids []string
}

func (e *evening) open(players map[string]string, place projections.Placement) string {
	id, err := e.rec.Open(e.ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}, Players: players, Placement: place})
	require.NoError(e.t, err)
	e.ids = append(e.ids, id)
	return id
}

// board deals a board at random (the recorder's deal), bids it and claims
// the declarer's tricks.
func (e *evening) board(session string, board int, calls []string, tricks int) {
	_, err := e.rec.Deal(e.ctx, session, projections.DealSpec{Board: board})
	require.NoError(e.t, err)
	_, err = e.rec.Calls(e.ctx, session, calls)
	require.NoError(e.t, err)
	_, err = e.rec.Claim(e.ctx, session, projections.ClaimSpec{Tricks: tricks})
	require.NoError(e.t, err)
}

// compared compares the tables, without the sessions' IDs (an import
// makes new ones).
func compared(t *testing.T, folds []*projections.Session) compare.Report {
	return comparedWith(t, folds, nil)
}

// comparedWith is compared with the events' rosters (by event, then by
// pair), as hoyle compare reads them from the events' records.
func comparedWith(t *testing.T, folds []*projections.Session, rosters map[string]map[string][]string) compare.Report {
	var tables []compare.Table
	for _, s := range folds {
		tables = append(tables, compare.Summarize(s))
	}
	rep := compare.CompareWith(tables, compare.Options{Rosters: rosters})
	for i := range rep.Events {
		for j := range rep.Events[i].Boards {
			for k := range rep.Events[i].Boards[j].Results {
				rep.Events[i].Boards[j].Results[k].Session = ""
			}
		}
	}
	return rep
}

// A table of an event exported alone keeps its event: Event (the event's
// name, not the session's), Table, Room and the teams, and Scoring as the
// event scores it (IMP for the match, MP for the pairs: issue 28 saw
// "Event ?" and IMP for a matchpoint pairs event). The tables' exports
// imported into an empty store compare the same.
func TestEventTablesExportKeepTheEvent(t *testing.T) {
	e := &evening{t: t, ctx: context.Background(), rec: recorder.New(memstore.New())}
	open := e.open(map[string]string{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		projections.Placement{Event: "League", Table: "1", Room: "open", HomeTeam: "Lions", VisitTeam: "Bears"})
	closed := e.open(map[string]string{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
		projections.Placement{Event: "League", Table: "1", Room: "closed", HomeTeam: "Lions", VisitTeam: "Bears"})
	var pairs []string
	for i, p := range []map[string]string{{"N": "Ida", "S": "Jo", "E": "Kit", "W": "Lou"}, {"N": "Max", "S": "Ned", "E": "Oz", "W": "Pat"}} {
		pairs = append(pairs, e.open(p, projections.Placement{Event: "Tuesday pairs", Table: string(rune('1' + i))}))
	}
	e.board(open, 1, []string{"4S", "P", "P", "P"}, 10)
	e.board(closed, 1, []string{"4S", "P", "P", "P"}, 9)
	e.board(pairs[0], 1, []string{"1NT", "P", "P", "P"}, 7)
	e.board(pairs[1], 1, []string{"1NT", "P", "P", "P"}, 8)

	var folds []*projections.Session
	var all []pbn.Game
	for _, id := range e.ids {
		fold, envs, err := load.Session(e.ctx, e.rec.Store, id)
		require.NoError(t, err)
		folds = append(folds, fold)
		games, err := Export(fold, envs, ExportOptions{})
		require.NoError(t, err)
		require.Len(t, games, 1)
		all = append(all, games...)
	}
	tags := func(g pbn.Game, names ...string) map[string]string {
		out := map[string]string{}
		for _, n := range names {
			out[n], _ = g.Tag(n)
		}
		return out
	}
	names := []string{"Event", "Table", "Room", "HomeTeam", "VisitTeam", "Scoring"}
	assert.Equal(t, map[string]string{"Event": "League", "Table": "1", "Room": "Open", "HomeTeam": "Lions", "VisitTeam": "Bears", "Scoring": "IMP"}, tags(all[0], names...))
	assert.Equal(t, map[string]string{"Event": "League", "Table": "1", "Room": "Closed", "HomeTeam": "Lions", "VisitTeam": "Bears", "Scoring": "IMP"}, tags(all[1], names...))
	assert.Equal(t, map[string]string{"Event": "Tuesday pairs", "Table": "2", "Room": "", "HomeTeam": "", "VisitTeam": "", "Scoring": "MP"}, tags(all[3], names...))

	var buf bytes.Buffer
	require.NoError(t, pbn.Write(&buf, all))
	back := importText(t, buf.Bytes())
	require.Empty(t, back.res.Warnings)
	want := compared(t, folds)
	require.Len(t, want.Events, 2)
	require.Len(t, want.Events[0].Matches, 1)
	assert.NotZero(t, want.Events[0].Matches[0].IMPs, "a match with a swing")
	assert.Equal(t, want, compared(t, back.folds))
}

// An event's whole file (WriteEvent): every table's records with what
// each earned, each board's ScoreTable, the event's TotalScoreTable; read
// back into an empty store, it compares the same.
func TestWriteEventScoresAndTables(t *testing.T) {
	e := &evening{t: t, ctx: context.Background(), rec: recorder.New(memstore.New())}
	players := []map[string]string{
		{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
		{"N": "Ida", "S": "Jo", "E": "Kit", "W": "Lou"},
	}
	for i, p := range players {
		e.open(p, projections.Placement{Event: "Tuesday pairs", Table: string(rune('1' + i))})
	}
	// Board 1: 4S by North making 10, 11 and 9: 420, 450, -50.
	for i, tricks := range []int{10, 11, 9} {
		e.board(e.ids[i], 1, []string{"4S", "P", "P", "P"}, tricks)
	}
	// Board 2, at two tables: 1NT by East making 7 and 8: -90, -120.
	for i, tricks := range []int{7, 8} {
		e.board(e.ids[i], 2, []string{"1NT", "P", "P", "P"}, tricks)
	}
	var tables []EventTable
	var folds []*projections.Session
	for _, id := range e.ids {
		fold, envs, err := load.Session(e.ctx, e.rec.Store, id)
		require.NoError(t, err)
		tables = append(tables, EventTable{Session: fold, Envs: envs})
		folds = append(folds, fold)
	}
	var summaries []compare.Table
	for _, f := range folds {
		summaries = append(summaries, compare.Summarize(f))
	}
	ev := compare.Compare(summaries, "").Events[0]
	var buf bytes.Buffer
	require.NoError(t, WriteEvent(&buf, tables, ev))
	games, err := pbn.Parse(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.Len(t, games, 5)
	tag := func(i int, name string) string { v, _ := games[i].Tag(name); return v }
	// Board 1: 450 beats both (4 of a top of 4), 420 one (2), -50 none.
	assert.Equal(t, "MP", tag(0, "Scoring"))
	assert.Equal(t, "NS 2 EW 2", tag(0, "ScoreMP"))
	assert.Equal(t, "NS 50 EW 50", tag(0, "ScorePercentage"))
	assert.Equal(t, "NS 4 EW 0", tag(2, "ScoreMP"), "table 2's board 1")
	// The TotalScoreTable on the first record, a ScoreTable on each
	// board's first.
	var total, table1, table2 []string
	for _, tg := range games[0].Tags {
		switch tg.Name {
		case "TotalScoreTable":
			total = tg.SectionLines()
			assert.Equal(t, `Rank\1R;PairId\11L;Names\11L;TotalScoreMP\3R;TotalPercentage\5R`, strings.ReplaceAll(tg.Value, `"`, ""), "header")
		case "ScoreTable":
			table1 = tg.SectionLines()
		}
	}
	for _, tg := range games[1].Tags {
		if tg.Name == "ScoreTable" {
			table2 = tg.SectionLines()
		}
	}
	assert.Len(t, total, 6, "six pairs ranked")
	assert.Len(t, table1, 3, "board 1 at three tables")
	assert.Len(t, table2, 2, "board 2 at two")
	assert.Contains(t, table1[1], `"4S"`)

	back := importText(t, buf.Bytes())
	require.Empty(t, back.res.Warnings)
	assert.Equal(t, compared(t, folds), compared(t, back.folds))
}
