package pbnsession

import (
	"bytes"
	"context"
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
	var tables []compare.Table
	for _, s := range folds {
		tables = append(tables, compare.Summarize(s))
	}
	rep := compare.Compare(tables, "")
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
