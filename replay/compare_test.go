package replay_test

import (
	"testing"

	"github.com/hoyle/hoyle/events/cards"

	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/replay"
)

// TestCompareTextTeamsVPs: a teams round as the director prints it (golden):
// each match's IMPs and VPs, the ranking by VPs with its IMPs, and teams
// level on both printed "=2".
func TestCompareTextTeamsVPs(t *testing.T) {
	matches := []struct {
		table, home, visit string
		scores             []int // the open room's North-South scores; the closed room passes
	}{
		{"1", "Rovers", "Wanderers", []int{450, 0}}, // Rovers by 10 IMPs
		{"2", "City", "United", []int{0, 0}},        // a draw
	}
	var tables []compare.Table
	for _, m := range matches {
		for _, room := range []string{"open", "closed"} {
			tb := compare.Table{Session: m.table + room, Game: "contract",
				Place: projections.Placement{Event: "League, round 1", Table: m.table, Room: room, HomeTeam: m.home, VisitTeam: m.visit}}
			for i, s := range m.scores {
				p := compare.Play{Hand: i + 1, Board: i + 1, Contract: "Pass", Declarer: cards.NoSeat}
				if room == "open" && s != 0 {
					p.Contract, p.Declarer, p.Tricks, p.NS = "4S", 0, 11, s
				}
				tb.Plays = append(tb.Plays, p)
			}
			tables = append(tables, tb)
		}
	}
	testkit.Golden(t, "testdata/teams-vps.golden", replay.CompareText(compare.Compare(tables, "")))
	testkit.Golden(t, "testdata/teams-vps-discrete.golden",
		replay.CompareText(compare.CompareWith(tables, compare.Options{VPScale: compare.VPDiscrete})))
}
