package pbnsession

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/ruling"
)

// mitchell records a matchpoint pairs Mitchell of three tables and three
// rounds of two boards as hoyle records one: a session a table, opened
// with the pairs of round 1. play, when given, records a board at a table
// in a round instead of the usual deal and claim.
func mitchell(t *testing.T, play func(e *evening, tb, round, board int) bool) (*evening, *movement.Plan) {
	e := &evening{t: t, ctx: context.Background(), rec: recorder.New(memstore.New())}
	plan, err := mitchellPlace(1).Plan()
	require.NoError(t, err)
	require.Equal(t, 3, plan.Rounds)
	names := func(tb int) map[string]string {
		n := strconv.Itoa(tb)
		return map[string]string{"N": "N" + n, "S": "S" + n, "E": "E" + n, "W": "W" + n}
	}
	for tb := 1; tb <= 3; tb++ {
		e.open(names(tb), mitchellPlace(tb))
	}
	contracts := [][]string{{"4S", "P", "P", "P"}, {"1NT", "P", "P", "P"}, {"P", "2H", "P", "P", "P"}}
	for r := range plan.Rounds {
		for tb := range 3 {
			st := plan.Sittings[r][tb]
			for b := st.First; b <= st.Last; b++ {
				if play != nil && play(e, tb+1, r+1, b) {
					continue
				}
				// Each board is made by a different number of tricks at
				// each table: matchpoints that tell the tables apart.
				e.board(e.ids[tb], b, contracts[b%3], 6+(b+tb+r)%5)
			}
		}
	}
	return e, plan
}

const mitchellMovement = "mitchell:3x2"

func mitchellPlace(tb int) projections.Placement {
	return projections.Placement{Event: "Tuesday pairs", Table: strconv.Itoa(tb), Movement: mitchellMovement}
}

// A matchpoint pairs Mitchell of several rounds, recorded as hoyle
// records one (a session a table, opened with the pairs of round 1, the
// movement bringing the others), goes out as the event's PBN file and
// comes back as the same tables: one session a table with its rounds, not
// one a round (issue 28 saw a table split where its East-West pair
// changed), and the same compare.
func TestMitchellEventRoundTrip(t *testing.T) {
	e, _ := mitchell(t, nil)
	place, mv := mitchellPlace, mitchellMovement
	var tables []EventTable
	var folds []*projections.Session
	for _, id := range e.ids {
		fold, envs, err := load.Session(e.ctx, e.rec.Store, id)
		require.NoError(t, err)
		tables = append(tables, EventTable{Session: fold, Envs: envs})
		folds = append(folds, fold)
	}
	want := compared(t, folds)
	// Round 2 brings another East-West pair to each table.
	seatAsTheySat(t, folds, nil)
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

// seatAsTheySat names the players of a movement's tables as they sat,
// board by board, as hoyle export does (cmd's seatRoster): the pairs by
// the tables they began at.
func seatAsTheySat(t *testing.T, folds []*projections.Session, roster map[string][]string) {
	plan, err := folds[0].Placement().Plan()
	require.NoError(t, err)
	starters := map[int][]string{}
	for i, f := range folds {
		starters[i+1] = f.Opened.Players
	}
	for i, f := range folds {
		f.SetRoster(&eventbook.Seats{Plan: plan, Table: i + 1, Names: eventbook.PairNames(plan, &eventbook.Book{Roster: roster}, starters)})
	}
}

// exportEvent writes an event's tables with WriteEvent, as hoyle export
// --event does, and returns the file with the compare it was written
// from (without the sessions' IDs).
func exportEvent(t *testing.T, e *evening, roster map[string][]string) ([]byte, compare.Report, []*projections.Session) {
	var tables []EventTable
	var folds []*projections.Session
	for _, id := range e.ids {
		fold, envs, err := load.Session(e.ctx, e.rec.Store, id)
		require.NoError(t, err)
		tables = append(tables, EventTable{Session: fold, Envs: envs, Roster: roster})
		folds = append(folds, fold)
	}
	want := comparedWith(t, folds, map[string]map[string][]string{"Tuesday pairs": roster})
	seatAsTheySat(t, folds, roster)
	var summaries []compare.Table
	for _, f := range folds {
		summaries = append(summaries, compare.Summarize(f))
	}
	var buf bytes.Buffer
	require.NoError(t, WriteEvent(&buf, tables, compare.Compare(summaries, "").Events[0]))
	return buf.Bytes(), want, folds
}

// The director's rulings and a fouled board travel with the event (issue
// 28): each ruling in force as hoyle adjust takes it (HoyleRuling: an
// avg+/avg- score, a weighted score, a procedural penalty), a board whose
// cards differ from the hand record as HoyleFouled. Read back, the tables
// hold the same rulings and the fouled deal, and compare the same.
func TestEventRulingsAndFouledRoundTrip(t *testing.T) {
	// Every board dealt as the hand record gives it (the same cards, for
	// the test), but board 5 at table 3 in round 1: its North and South
	// hands swapped, and recorded as fouled.
	const deal = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
	const fouled = "N:AJ92.874.JT6.AQ3 Q5.KJ52.KQ874.T8 KT8.A96.A95.7542 7643.QT3.32.KJ96"
	e, _ := mitchell(t, func(e *evening, tb, round, board int) bool {
		id := e.ids[tb-1]
		_, err := e.rec.Record(e.ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			if tb != 3 || round != 1 || board != 5 {
				return s.DecideDeal(stamp, projections.DealSpec{Board: board, PBN: deal})
			}
			evs, err := s.DecideDeal(stamp, projections.DealSpec{Board: board, PBN: fouled})
			for _, ev := range evs {
				if d, ok := ev.Data.(*table.Dealt); ok {
					d.Fouled = true
				}
			}
			return evs, err
		})
		require.NoError(t, err)
		_, err = e.rec.Calls(e.ctx, id, []string{"3NT", "P", "P", "P"})
		require.NoError(t, err)
		_, err = e.rec.Claim(e.ctx, id, projections.ClaimSpec{Tricks: 6 + (board+tb+round)%5})
		require.NoError(t, err)
		return true
	})
	rule := func(tb int, spec ruling.Spec) {
		_, err := e.rec.Record(e.ctx, e.ids[tb-1], func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return ruling.Decide(s, stamp, spec)
		})
		require.NoError(t, err)
	}
	rule(1, ruling.Spec{Board: 1, Score: []string{"NS=avg+", "EW=avg-"}, By: "Jo Director"})
	rule(2, ruling.Spec{Board: 3, Score: []string{"4S N 10=60%,4S N 9=40%"}})
	rule(2, ruling.Spec{Board: 3, Procedural: []string{"EW=10%"}})

	// The roster names two pairs; the others are named by the tables
	// they began at.
	roster := map[string][]string{"1 NS": {"Ann", "Bob"}, "2 EW": {"Cy", "Di"}}
	text, want, folds := exportEvent(t, e, roster)
	assert.Contains(t, string(text), `[HoyleRuling "NS=avg+ EW=avg- --by Jo Director"]`)
	assert.Contains(t, string(text), `[HoyleRuling "4S N 10=60%,4S N 9=40%; --procedural EW=10%"]`)
	assert.Contains(t, string(text), `[HoyleFouled "Law 87"]`)

	back := importText(t, text)
	require.Empty(t, back.res.Warnings)
	require.Len(t, back.folds, 3)
	rulings := func(fs []*projections.Session) [][]table.RulingAdjusted {
		var out [][]table.RulingAdjusted
		for _, f := range fs {
			var rs []table.RulingAdjusted
			for _, r := range f.Rulings {
				rs = append(rs, r.RulingAdjusted)
			}
			out = append(out, rs)
		}
		return out
	}
	assert.Equal(t, rulings(folds), rulings(back.folds))
	var wasFouled []int
	for _, env := range back.envs[2] {
		if d, ok := env.Data.(*table.Dealt); ok && d.Fouled {
			wasFouled = append(wasFouled, d.Board)
		}
	}
	assert.Equal(t, []int{5}, wasFouled, "table 3's board 5")
	groups := 0
	for _, b := range want.Events[0].Boards {
		if b.Board == 5 {
			groups = b.Groups
		}
	}
	assert.Equal(t, 2, groups, "board 5 scored in two groups, the fouled deal apart")

	// The event's own record: the roster's pairs named as they sat, and
	// the hand record from the boards the tables did not foul.
	require.Len(t, back.res.Events, 1)
	book := back.res.Events[0]
	assert.Equal(t, "Tuesday pairs", book.Event)
	got := map[string][]string{}
	for _, en := range book.Roster {
		got[en.Who] = en.Names
	}
	assert.Equal(t, roster, got)
	assert.Equal(t, want, comparedWith(t, back.folds, map[string]map[string][]string{"Tuesday pairs": got}))
	var players []string
	for _, tot := range want.Events[0].Totals {
		players = append(players, tot.Players...)
	}
	assert.Subset(t, players, []string{"Ann", "Cy", "E1", "N2"}, "the roster's names, and the tables' for the pairs it does not name")
	assert.NotContains(t, players, "E2")
	require.Len(t, book.Deals, 6)
	for _, d := range book.Deals {
		assert.Equal(t, deal, cards.Deal(d.Hands[:]).PBN(cards.North), "board %d", d.Board)
	}
}
