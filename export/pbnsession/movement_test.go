package pbnsession

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// A matchpoint pairs Mitchell of several rounds, recorded as hoyle
// records one (a session a table, opened with the pairs of round 1, the
// movement bringing the others), goes out as the event's PBN file and
// comes back as the same tables: one session a table with its rounds, not
// one a round (issue 28 saw a table split where its East-West pair
// changed), and the same compare.
func TestMitchellEventRoundTrip(t *testing.T) {
	e := &evening{t: t, ctx: context.Background(), rec: recorder.New(memstore.New())}
	const mv = "mitchell:3x2"
	place := func(tb int) projections.Placement {
		return projections.Placement{Event: "Tuesday pairs", Table: strconv.Itoa(tb), Movement: mv}
	}
	plan, err := place(1).Plan()
	require.NoError(t, err)
	require.Equal(t, 3, plan.Rounds)
	names := func(tb int) map[string]string {
		n := strconv.Itoa(tb)
		return map[string]string{"N": "N" + n, "S": "S" + n, "E": "E" + n, "W": "W" + n}
	}
	for tb := 1; tb <= 3; tb++ {
		e.open(names(tb), place(tb))
	}
	contracts := [][]string{{"4S", "P", "P", "P"}, {"1NT", "P", "P", "P"}, {"P", "2H", "P", "P", "P"}}
	for r := range plan.Rounds {
		for tb := range 3 {
			st := plan.Sittings[r][tb]
			for b := st.First; b <= st.Last; b++ {
				// Each board is made by a different number of tricks at
				// each table: matchpoints that tell the tables apart.
				e.board(e.ids[tb], b, contracts[b%3], 6+(b+tb+r)%5)
			}
		}
	}
	var tables []EventTable
	var folds []*projections.Session
	for _, id := range e.ids {
		fold, envs, err := load.Session(e.ctx, e.rec.Store, id)
		require.NoError(t, err)
		tables = append(tables, EventTable{Session: fold, Envs: envs})
		folds = append(folds, fold)
	}
	want := compared(t, folds)
	// The players as they sat, board by board (hoyle export seats them
	// so): round 2 brings another East-West pair to each table.
	starters := map[int][]string{}
	for i, f := range folds {
		starters[i+1] = f.Opened.Players
	}
	for i, f := range folds {
		f.SetRoster(&eventbook.Seats{Plan: plan, Table: i + 1, Names: eventbook.PairNames(plan, nil, starters)})
	}
	var summaries []compare.Table
	for _, f := range folds {
		summaries = append(summaries, compare.Summarize(f))
	}
	ev := compare.Compare(summaries, "").Events[0]
	require.Equal(t, mv, ev.Movement)
	require.Empty(t, ev.Warnings)
	var buf bytes.Buffer
	require.NoError(t, WriteEvent(&buf, tables, ev))
	games, err := pbn.Parse(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.Len(t, games, 18)
	// Table 1 meets another East-West pair each round, named as it sits.
	east := map[string]string{}
	for _, g := range games {
		if tb, _ := g.Tag("Table"); tb == "1" {
			r, _ := g.Tag("Round")
			east[r], _ = g.Tag("East")
		}
	}
	assert.Equal(t, map[string]string{"1": "E1", "2": "E3", "3": "E2"}, east)

	back := importText(t, buf.Bytes())
	require.Empty(t, back.res.Warnings)
	require.Len(t, back.folds, 3, "one session a table")
	for i, f := range back.folds {
		assert.Equal(t, place(i+1), f.Placement())
		assert.Len(t, f.Hands, 6)
	}
	assert.Equal(t, want, compared(t, back.folds))
}
