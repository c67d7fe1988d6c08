package pbnsession

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/compare"
)

const championshipFile = "testdata/archive/championship.pbn"

// comparison compares every event of an import, as hoyle compare does.
func comparison(im imported) compare.Report {
	var tables []compare.Table
	for _, s := range im.folds {
		tables = append(tables, compare.Summarize(s))
	}
	return compare.Compare(tables, "")
}

// matchText is a match's score, "USA 19 ITALY 5".
func matchText(m compare.Match) string {
	return fmt.Sprintf("%s %g %s %g", m.Teams[0], m.IMPs[0], m.Teams[1], m.IMPs[1])
}

// An archive file of three matches in three forms of omission (see the
// file's commentary): every record lands under its board, its match and
// its room, one warning says how many records continued the one before,
// and compare scores each match. The IMPs, by hand (the home team's net
// on each board, WBF scale of Law 78B):
//
// Bermuda Bowl, Round Robin, round 1, USA v ITALY
//
//	1  open 3NT S =  NS +400 (USA); closed 1NT N +1 NS +120 (ITALY): USA +280 = 7
//	2  open 4H N =  NS vul +620; closed 4H S -1 +100 to USA: USA +720 = 12
//	3  open 2S W = EW vul +110 (ITALY); closed 4S E -1 +100 to ITALY: ITALY +210 = 5
//	   USA 19, ITALY 5
//
// Bermuda Bowl, Round Robin, round 1, FRANCE v POLAND
//
//	1  open 3NT S +1 +430 (FRANCE); closed 3NT N = +400 (POLAND): FRANCE +30 = 1
//	2  open 4H N -1 -100 (FRANCE NS vul); closed 2H N +1 +140 (POLAND): POLAND +240 = 6
//	3  open 3S W = +140 (POLAND EW vul); closed 4S W = +620 (FRANCE): FRANCE +480 = 10
//	   FRANCE 11, POLAND 6
//
// Venice Cup, Round Robin, round 1, NETHERLANDS v CHINA
//
//	1  open 2H N = +110 (NETHERLANDS); closed 3H S -1 +50 to NETHERLANDS: +160 = 4
//	2  open 3NT E = +400 (CHINA, EW not vul); closed 3NT W +1 +430 (NETHERLANDS): +30 = 1
//	   NETHERLANDS 5, CHINA 0
func TestChampionshipFileScoresEachMatch(t *testing.T) {
	im := importText(t, readFile(t, championshipFile))
	var warnings []string
	for _, w := range im.res.Warnings {
		warnings = append(warnings, w.String())
	}
	require.Len(t, warnings, 1, "one warning for the file: %q", warnings)
	assert.Contains(t, warnings[0], "14 records left out tags the record before gave")
	assert.Equal(t, 30, im.res.Warnings[0].Line, "the first that did: the closed room's board 1")

	// Records continued: match 1's five after its first, match 2's six,
	// match 3's three after its first (which gives everything).
	//
	// Every record under its board, match and room: 16 records, each
	// room of each match a session of its own.
	type where struct{ event, table, room, ns string }
	records := map[where][]int{}
	hands := 0
	for _, s := range im.folds {
		p := s.Placement()
		ns, _ := p.Teams()
		w := where{p.Event, p.Table, p.Room, ns}
		for _, h := range s.Hands {
			records[w] = append(records[w], h.Board)
			hands++
		}
	}
	assert.Equal(t, 16, hands)
	bb := "Bermuda Bowl, Round Robin, round 1"
	vc := "Venice Cup, Round Robin, round 1"
	assert.Equal(t, map[where][]int{
		{bb, "1", table.RoomOpen, "USA"}:         {1, 2, 3},
		{bb, "1", table.RoomClosed, "ITALY"}:     {1, 2, 3},
		{bb, "2", table.RoomOpen, "FRANCE"}:      {1, 2, 3},
		{bb, "2", table.RoomClosed, "POLAND"}:    {1, 2, 3},
		{vc, "1", table.RoomOpen, "NETHERLANDS"}: {1, 2},
		{vc, "1", table.RoomClosed, "CHINA"}:     {1, 2},
	}, records)

	rep := comparison(im)
	require.Len(t, rep.Events, 2, "the two events stay apart")
	byEvent := map[string][]string{}
	for _, ev := range rep.Events {
		assert.Equal(t, compare.FormTeams, ev.Form)
		assert.Empty(t, ev.Warnings, ev.Event)
		for _, m := range ev.Matches {
			byEvent[ev.Event] = append(byEvent[ev.Event], matchText(m))
			assert.NotNil(t, m.VPs, "VPs where the event scores by IMPs")
		}
	}
	assert.Equal(t, map[string][]string{
		bb: {"ITALY 5 USA 19", "FRANCE 11 POLAND 6"}, // the teams in compare's order
		vc: {"CHINA 0 NETHERLANDS 5"},
	}, byEvent)

	// The deals came from the first record of each board: the closed
	// rooms' boards are dealt as the open rooms' were.
	for _, ev := range rep.Events {
		for _, b := range ev.Boards {
			assert.Len(t, b.Results, map[string]int{bb: 4, vc: 2}[ev.Event], "%s board %d", ev.Event, b.Board)
		}
	}
	assert.True(t, strings.HasPrefix(im.folds[0].Opened.Name, bb+", table 1, open room"), im.folds[0].Opened.Name)
}
