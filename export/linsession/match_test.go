package linsession

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// A team match goes out as one vugraph file (issue 28): the header names
// the event, the boards, the teams, each board's result in both rooms and
// the eight players; each board's open room record comes before its
// closed room's. hoyle import reads it back as the match's two rooms, and
// compare scores the match the same.
func TestWriteMatchRoundTrip(t *testing.T) {
	ctx := context.Background()
	rec := recorder.New(memstore.New())
	open, err := rec.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"},
		Players:   map[string]string{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"},
		Placement: projections.Placement{Event: "League", Table: "1", Room: "open", HomeTeam: "Lions", VisitTeam: "Bears"}})
	require.NoError(t, err)
	closed, err := rec.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"},
		Players:   map[string]string{"N": "Ed", "S": "Flo", "E": "Gus", "W": "Hal"},
		Placement: projections.Placement{Event: "League", Table: "1", Room: "closed", HomeTeam: "Lions", VisitTeam: "Bears"}})
	require.NoError(t, err)
	deals := []string{
		"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96",
		"E:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6",
	}
	play := func(s string, board int, calls []string, tricks int) {
		_, err := rec.Deal(ctx, s, projections.DealSpec{Board: board, PBN: deals[board-1]})
		require.NoError(t, err)
		_, err = rec.Calls(ctx, s, calls)
		require.NoError(t, err)
		if tricks >= 0 {
			_, err = rec.Claim(ctx, s, projections.ClaimSpec{Tricks: tricks})
			require.NoError(t, err)
		}
	}
	// Board 1: 3NT by North, 10 tricks in the open room (+430 to the
	// Lions), 8 in the closed (-50 to the Bears sitting North-South, +50
	// to the Lions): 480, 10 IMPs to the Lions. Board 2 (North-South
	// vulnerable): passed out in the open room, 2H doubled by East down
	// two in the closed (+300 to the Bears, North-South there): 7 IMPs to
	// the Bears.
	play(open, 1, []string{"3NT", "P", "P", "P"}, 10)
	play(closed, 1, []string{"3NT", "P", "P", "P"}, 8)
	play(open, 2, []string{"P", "P", "P", "P"}, -1)
	play(closed, 2, []string{"2H", "X", "P", "P", "P"}, 6)
	var folds []*projections.Session
	for _, id := range []string{open, closed} {
		f, _, err := load.Session(ctx, rec.Store, id)
		require.NoError(t, err)
		folds = append(folds, f)
	}
	var buf bytes.Buffer
	matches := Matches([]*projections.Session{folds[1], folds[0]})
	require.Equal(t, []Match{{Event: "League", Home: "Lions", Visit: "Bears", Open: folds[0], Closed: folds[1]}}, matches)
	require.NoError(t, WriteMatch(&buf, matches[0]))
	text := buf.String()
	assert.Contains(t, text, "vg|League,,I,1,2,Lions,0,Bears,0|rs|3NN+1,3NN-1,PASS,2HXE-2|pn|Bob,Di,Ann,Cy,Flo,Hal,Ed,Gus|pg||\n")
	assert.Contains(t, text, "\nqx|o1|md|")
	assert.Contains(t, text, "\nqx|c2|md|")

	back := importText(t, text)
	require.Empty(t, back.res.Warnings)
	require.Len(t, back.folds, 2)
	match := func(fs []*projections.Session) []compare.Match {
		var tables []compare.Table
		for _, f := range fs {
			tables = append(tables, compare.Summarize(f))
		}
		rep := compare.Compare(tables, "")
		require.Len(t, rep.Events, 1)
		return rep.Events[0].Matches
	}
	want := match(folds)
	require.Len(t, want, 1)
	assert.Equal(t, [2]string{"Bears", "Lions"}, want[0].Teams)
	assert.Equal(t, [2]float64{7, 10}, want[0].IMPs)
	assert.Equal(t, want, match(back.folds))
}

// Two matches one after the other, each with its header (hoyle export
// --event --format lin): the second header begins a record of its own, so
// the first match's last board keeps its own header's teams and results.
func TestTwoMatchesInOneFile(t *testing.T) {
	const file = "vg|League,,I,1,1,Lions,0,Bears,0|rs|1NN=,1NS=|pn|a,b,c,d,e,f,g,h|pg||\n" +
		"qx|o1|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 1|sv|o|mb|1N|mb|p|mb|p|mb|p|mc|7|pg||\n" +
		"qx|c1|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 1|sv|o|mb|p|mb|p|mb|1N|mb|p|mb|p|mb|p|mc|7|pg||\n" +
		"vg|League,,I,1,1,Owls,0,Cats,0|rs|PASS,1NS=|pn|i,j,k,l,m,n,o,p|pg||\n" +
		"qx|o1|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 1|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n" +
		"qx|c1|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 1|sv|o|mb|p|mb|p|mb|1N|mb|p|mb|p|mb|p|mc|7|pg||\n"
	im := importText(t, file)
	require.Empty(t, im.res.Warnings)
	require.Len(t, im.folds, 4)
	var teams []string
	for _, f := range im.folds {
		p := f.Placement()
		teams = append(teams, p.HomeTeam+" v "+p.VisitTeam+" "+p.Room)
	}
	assert.Equal(t, []string{"Lions v Bears open", "Lions v Bears closed", "Owls v Cats open", "Owls v Cats closed"}, teams)
}
