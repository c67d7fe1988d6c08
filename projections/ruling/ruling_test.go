package ruling_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/ruling"
)

// table opens a table of an event (pairs, or a closed room at teams)
// under a 3-table Mitchell of 2 boards a round and plays board 1 there
// (table 1, round 1: boards 1 and 2).
func openTable(t *testing.T, teams bool) (*recorder.Recorder, string) {
	ctx := context.Background()
	rec := recorder.New(memstore.New())
	place := projections.Placement{Event: "Tuesday", Table: "1", Movement: "mitchell:3x2"}
	if teams {
		place = projections.Placement{Event: "League", Table: "1", Room: "closed", HomeTeam: "Rovers", VisitTeam: "Wanderers"}
	}
	id, err := rec.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}, Placement: place})
	require.NoError(t, err)
	_, err = rec.Deal(ctx, id, projections.DealSpec{Board: 1})
	require.NoError(t, err)
	_, err = rec.Calls(ctx, id, []string{"4S", "P", "P", "P"})
	require.NoError(t, err)
	_, err = rec.Claim(ctx, id, projections.ClaimSpec{Tricks: 10})
	require.NoError(t, err)
	return rec, id
}

func decide(rec *recorder.Recorder, id string, spec ruling.Spec) ([]events.Envelope, error) {
	return rec.Record(context.Background(), id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return ruling.Decide(s, stamp, spec)
	})
}

// Bad rulings are refused, each saying what is wrong, and nothing is
// appended.
func TestBadRulingsAreRefused(t *testing.T) {
	for _, c := range []struct {
		name  string
		teams bool
		spec  ruling.Spec
		is    error
		says  string
	}{
		{"a board not played at the table", false, ruling.Spec{Board: 7, Score: []string{"avg"}}, ruling.ErrNotAtTable,
			"board 7 was not played at table 1 (its session dealt boards 1; under mitchell:3x2 table 1 plays boards 1, 2, 3, 4, 5, 6)"},
		{"a board not dealt at a table of no movement", true, ruling.Spec{Board: 2, Score: []string{"avg"}}, ruling.ErrNotAtTable,
			"board 2 was not played at table 1 (its session dealt boards 1)"},
		{"a percentage over 100", false, ruling.Spec{Board: 1, Score: []string{"NS=110%"}}, ruling.ErrBadRuling, "a percentage of the top is 0 to 100"},
		{"a negative percentage", false, ruling.Spec{Board: 1, Score: []string{"NS=-5%"}}, ruling.ErrBadRuling, "a percentage of the top is 0 to 100"},
		{"weights short of 100%", false, ruling.Spec{Board: 1, Score: []string{"4S N 10=60%,4S N 9=30%"}}, ruling.ErrBadRuling, "the weights add up to 90%, not 100%"},
		{"an impossible trick count", false, ruling.Spec{Board: 1, Score: []string{"4S N 14"}}, ruling.ErrBadRuling, "declarer takes 0 to 13 tricks, not 14"},
		{"IMPs at pairs", false, ruling.Spec{Board: 1, Score: []string{"NS=+3"}}, ruling.ErrBadRuling, "IMPs are an award at teams"},
		{"a percentage at teams", true, ruling.Spec{Board: 1, Score: []string{"NS=55%"}}, ruling.ErrBadRuling, "a percentage is an award at pairs"},
		{"a penalty in VPs at pairs", false, ruling.Spec{Board: 1, Procedural: []string{"NS=1VP"}}, ruling.ErrBadRuling, "a penalty in VPs is for teams"},
		{"nothing to rule", false, ruling.Spec{Board: 1}, ruling.ErrBadRuling, "give the adjusted score"},
		{"no ruling to withdraw", false, ruling.Spec{Board: 1, Retract: true}, ruling.ErrNoRuling, "no ruling on board 1 is in force at table 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, id := openTable(t, c.teams)
			before, err := rec.Store.Sessions(context.Background())
			require.NoError(t, err)
			_, err = decide(rec, id, c.spec)
			require.ErrorIs(t, err, c.is)
			assert.Contains(t, err.Error(), c.says)
			after, err := rec.Store.Sessions(context.Background())
			require.NoError(t, err)
			assert.Equal(t, before[0].Version, after[0].Version, "nothing appended")
		})
	}
}

// The forms of a ruling, as recorded: one side alone gives the other the
// complement; a weighted score keeps its weights; a penalty and a score
// given together are two rulings, each with its law.
func TestRulingsAsRecorded(t *testing.T) {
	for _, c := range []struct {
		teams bool
		spec  ruling.Spec
		want  []table.RulingAdjusted
	}{
		{false, ruling.Spec{Board: 1, Score: []string{"NS=avg+"}}, []table.RulingAdjusted{{Board: 1, Kind: table.RulingArtificial, Law: "Law 12C2", NS: "avg+", EW: "avg-"}}},
		{false, ruling.Spec{Board: 2, Score: []string{"NS=55%"}}, []table.RulingAdjusted{{Board: 2, Kind: table.RulingArtificial, Law: "Law 12C2", NS: "55%", EW: "45%"}}},
		{false, ruling.Spec{Board: 1, Score: []string{"avg"}}, []table.RulingAdjusted{{Board: 1, Kind: table.RulingArtificial, Law: "Law 12C2", NS: "avg", EW: "avg"}}},
		{true, ruling.Spec{Board: 1, Score: []string{"EW=+3"}}, []table.RulingAdjusted{{Board: 1, Kind: table.RulingArtificial, Law: "Law 12C2", NS: "-3", EW: "+3"}}},
		{false, ruling.Spec{Board: 1, Score: []string{"4s", "n", "10=60%,", "4S", "N", "9=40%"}, By: "TD"}, []table.RulingAdjusted{{Board: 1, Kind: table.RulingWeighted, Law: "Law 12C1(c)", By: "TD",
			Scores: []table.AssignedScore{{Contract: "4S", Declarer: cards.North, Tricks: 10, Weight: 6000}, {Contract: "4S", Declarer: cards.North, Tricks: 9, Weight: 4000}}}}},
		{false, ruling.Spec{Board: 1, Score: []string{"3NTX E 7"}, Procedural: []string{"EW=-10%"}}, []table.RulingAdjusted{
			{Board: 1, Kind: table.RulingAssigned, Law: "Law 12C1(b)", Scores: []table.AssignedScore{{Contract: "3NTX", Declarer: cards.East, Tricks: 7, Weight: 10000}}},
			{Board: 1, Kind: table.RulingProcedural, Law: "Law 90", EW: "10%"}}},
		{true, ruling.Spec{Board: 1, Procedural: []string{"NS=2", "EW=-1vp"}}, []table.RulingAdjusted{{Board: 1, Kind: table.RulingProcedural, Law: "Law 90", NS: "2", EW: "1VP"}}},
	} {
		rec, id := openTable(t, c.teams)
		stored, err := decide(rec, id, c.spec)
		require.NoError(t, err, "%v", c.spec)
		var got []table.RulingAdjusted
		for _, e := range stored {
			got = append(got, *e.Data.(*table.RulingAdjusted))
		}
		assert.Equal(t, c.want, got)
		s, err := load.Stream(context.Background(), rec.Store, id)
		require.NoError(t, err)
		assert.Len(t, s.Rulings, len(c.want), "the fold holds them")
		assert.Empty(t, s.Problems)
	}
}

// undo withdraws the latest ruling like any entry, and the fold drops it.
func TestUndoWithdrawsARuling(t *testing.T) {
	rec, id := openTable(t, false)
	_, err := decide(rec, id, ruling.Spec{Board: 1, Score: []string{"NS=avg+", "EW=avg-"}})
	require.NoError(t, err)
	_, err = rec.Record(context.Background(), id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideUndo(stamp)
	})
	require.NoError(t, err)
	s, err := load.Stream(context.Background(), rec.Store, id)
	require.NoError(t, err)
	assert.Empty(t, s.Rulings)
	assert.Equal(t, 1, len(s.Hands), "the board stays")
	assert.Equal(t, game.PhaseDone, s.Hands[0].Phase)
}

// An assigned score's North-South score is Law 77's on the board's Law 2
// vulnerability: board 2 (North-South vulnerable), 4S by North making 10
// is 620; by East making 10 (East-West not vulnerable) -420; 3NT doubled
// by South down 2 vulnerable: -500.
func TestOutcomesScoreAsPlayed(t *testing.T) {
	r := table.RulingAdjusted{Board: 2, Kind: table.RulingWeighted, Scores: []table.AssignedScore{
		{Contract: "4S", Declarer: cards.North, Tricks: 10, Weight: 5000},
		{Contract: "4S", Declarer: cards.East, Tricks: 10, Weight: 2500},
		{Contract: "3NTX", Declarer: cards.South, Tricks: 7, Weight: 2500}}}
	out, err := ruling.Outcomes(r)
	require.NoError(t, err)
	assert.Equal(t, []ruling.Outcome{{NS: 620, Weight: 0.5}, {NS: -420, Weight: 0.25}, {NS: -500, Weight: 0.25}}, out)
}

// A ruling recorded while a scorer's command was being typed does not move
// the table: the scorer's entry, typed before it, is recorded all the same
// (as a note does not), where any table entry in between refuses it.
func TestRulingDoesNotMoveTheTable(t *testing.T) {
	rec, id := openTable(t, false)
	time.Sleep(5 * time.Millisecond)
	typed := time.Now() // after the board, before the ruling
	time.Sleep(5 * time.Millisecond)
	_, err := decide(rec, id, ruling.Spec{Board: 1, Score: []string{"avg"}})
	require.NoError(t, err)
	_, err = rec.RecordTyped(context.Background(), id, typed, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(stamp, projections.DealSpec{Board: 2})
	})
	require.NoError(t, err)
	s, err := load.Stream(context.Background(), rec.Store, id)
	require.NoError(t, err)
	assert.Len(t, s.Hands, 2)
	assert.Len(t, s.Rulings, 1)
}

// A ruling written as hoyle adjust's arguments (Args, PBN's HoyleRuling)
// reads back (ParseArgs, Build) as the same ruling, of every kind.
func TestArgsReadBack(t *testing.T) {
	specs := []struct {
		spec ruling.Spec
		form string
	}{
		{ruling.Spec{Board: 3, Score: []string{"NS=avg+", "EW=avg-"}, By: "Jo Smith"}, ruling.Pairs},
		{ruling.Spec{Board: 3, Score: []string{"NS=55%"}}, ruling.Pairs},
		{ruling.Spec{Board: 4, Score: []string{"NS=+3"}}, ruling.Teams},
		{ruling.Spec{Board: 5, Score: []string{"4S", "N", "10"}}, ruling.Pairs},
		{ruling.Spec{Board: 6, Score: []string{"4S N 10=60%,4S N 9=40%"}, By: "TD"}, ruling.Pairs},
		{ruling.Spec{Board: 7, Procedural: []string{"NS=2", "EW=10%"}}, ruling.Pairs},
		{ruling.Spec{Board: 8, Procedural: []string{"EW=1VP"}}, ruling.Teams},
	}
	for _, c := range specs {
		rs, err := ruling.Build(c.spec, c.form)
		require.NoError(t, err)
		require.Len(t, rs, 1)
		text := ruling.Args(rs[0])
		spec, err := ruling.ParseArgs(c.spec.Board, text)
		require.NoError(t, err, text)
		back, err := ruling.Build(spec, c.form)
		require.NoError(t, err, text)
		assert.Equal(t, rs, back, text)
	}
	_, err := ruling.ParseArgs(1, "NS=avg+ --retract")
	assert.ErrorIs(t, err, ruling.ErrBadRuling)
}
