package replay

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/projections/movement"
)

// planColumns is how many tables a block of the movement's grid shows, so
// that a line stays within 80 columns.
const planColumns = 6

// MovementText is a movement's plan as a director prints it: what moves,
// how to record a table, and a grid of rounds by tables (in blocks of six
// tables), each cell the pairs that meet there and the boards they play.
func MovementText(p *movement.Plan) string {
	var b strings.Builder
	s := p.Spec
	switch s.Kind {
	case movement.Mitchell:
		fmt.Fprintf(&b, "Mitchell movement: %d tables, %d rounds, %d boards (%d sets of %d).\n", s.Tables, p.Rounds, p.TotalBoards(), p.Sets, s.Boards)
		b.WriteString("The North-South pairs sit still; after each round the East-West pairs move\nup one table (the last to table 1) and the boards down one (table 1's to the\nlast).\n")
		if s.Tables%2 == 0 {
			fmt.Fprintf(&b, "With an even number of tables, tables 1 and %d share (relay) a set each round,\nand a bye stand between tables %d and %d holds the set that rests: the boards\ngo from table %d to the stand, and from the stand to table %d.\n",
				s.Tables, s.Tables/2, s.Tables/2+1, s.Tables/2+1, s.Tables/2)
		}
		if p.Phantom.Number > 0 {
			fmt.Fprintf(&b, "%d pairs: East-West pair %d is missing (a phantom); the North-South pair\nit would meet sits out that round, and the boards rest at its table.\n", s.Pairs, p.Phantom.Number)
		}
		if len(s.Arrow) > 0 {
			b.WriteString(Wrap(fmt.Sprintf("Arrow-switch in %s (marked *): the East-West pairs sit North-South for those boards and the North-South pairs East-West, so every pair plays both ways and the pairs can be ranked as one field.", roundsText(s.Arrow)), "", "", 78))
		}
	case movement.Howell:
		fmt.Fprintf(&b, "Howell movement: %d tables, %d pairs, %d rounds, %d boards (%d sets of %d).\n", s.Tables, s.FullPairs(), p.Rounds, p.TotalBoards(), p.Sets, s.Boards)
		if p.Phantom.Number > 0 {
			fmt.Fprintf(&b, "Every pair meets every other once and plays every board at most once. Pair\n%d is missing (a phantom) and would sit still at table 1, so table 1 is not\nset up: the pair due there sits out that round. The others move as the cards\nbelow say.\n", p.Phantom.Number)
		} else {
			fmt.Fprintf(&b, "Every pair meets every other once and plays every board once. Pair %d sits\nstill at table 1; the others move as the cards below say.\n", 2*s.Tables)
		}
		if p.Copies > 1 {
			fmt.Fprintf(&b, "At %d tables all tables play the same boards each round: make %d copies of\neach board (or deal them from a record).\n", s.Tables, p.Copies)
		}
	case movement.Progressive:
		fmt.Fprintf(&b, "Progressive: %d tables, rounds of %d deals.\n", s.Tables, s.Boards)
		b.WriteString("The North-South pairs sit still; after each round the East-West pairs move\nup one table (Foster's Complete Hoyle, 1914, \"Progressive Bridge\"). Each\ntable deals its own hands; hoyle compare totals each player's score.\n")
	case movement.Pivot:
		b.WriteString("Pivot: one table. The first dealer sits still; ")
		if s.Boards == 0 {
			b.WriteString("at the end of each rubber\n")
		} else {
			fmt.Fprintf(&b, "after every %d deals\n", s.Boards)
		}
		b.WriteString("the player on her left passes behind her to her right, and the others move\nround her, so that in three rotations each has partnered each other\n(Foster's Complete Hoyle, 1914). hoyle compare totals each player's score.\n")
		b.WriteString("\nRecord it with:\n  hoyle new --players A,B,C,D --dealer SEAT --event NAME --movement " + s.String() + "\n")
		return b.String()
	}
	fmt.Fprintf(&b, "\nRecord each table with:\n  hoyle new ... --event NAME --table T --movement %s\n", s)
	for from := 0; from < s.Tables; from += planColumns {
		to := min(from+planColumns, s.Tables)
		line := "round"
		for t := from; t < to; t++ {
			line += fmt.Sprintf(" %-11s", fmt.Sprintf("table %d", t+1))
		}
		b.WriteString("\n" + strings.TrimRight(line, " ") + "\n")
		for r, row := range p.Sittings {
			line := fmt.Sprintf("%5d", r+1)
			if row[0].Switched {
				line = fmt.Sprintf("%4d*", r+1)
			}
			for t := from; t < to; t++ {
				line += fmt.Sprintf(" %-11s", cell(p, row[t]))
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	b.WriteString("\n")
	switch s.Kind {
	case movement.Mitchell:
		b.WriteString("Each cell: North-South v East-West pair, then the boards.\n")
		if len(s.Arrow) > 0 {
			b.WriteString("In a switched round (*) the first number is the East-West pair, sitting\nNorth-South, and the second the North-South pair.\n")
		}
		if p.Phantom.Number > 0 {
			b.WriteString(sitOutLegend)
		}
		if len(p.Bye) > 0 {
			b.WriteString("R: the relay, shared by tables 1 and " + fmt.Sprint(s.Tables) + ". On the bye stand:\n")
			var parts []string
			for r, set := range p.Bye {
				parts = append(parts, fmt.Sprintf("round %d boards %s", r+1, rangeOf((set-1)*s.Boards+1, set*s.Boards)))
			}
			b.WriteString(Wrap(strings.Join(parts, "; ")+".", "", "", 78))
		}
	case movement.Howell:
		b.WriteString("Each cell: North-South v East-West pair, then the boards.\n")
		if p.Phantom.Number > 0 {
			b.WriteString(sitOutLegend)
		}
	case movement.Progressive:
		b.WriteString("Each cell: the North-South v the East-West pair, by the table each began at.\n")
	}
	return b.String()
}

// sitOutLegend explains a sit-out's cell.
const sitOutLegend = "\"3v- out\" or \"-v3 out\": pair 3 sits out the round (it would meet the phantom).\n"

// rangeOf writes boards first to last: "9-10", or "9".
func rangeOf(first, last int) string {
	if first == last {
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d-%d", first, last)
}

// cell is one table in one round: "3v5 9-10", R marking a relay.
func cell(p *movement.Plan, st movement.Sitting) string {
	if !st.Plays() {
		if st.NS == p.Phantom {
			return fmt.Sprintf("-v%d out", st.EW.Number)
		}
		return fmt.Sprintf("%dv- out", st.NS.Number)
	}
	c := fmt.Sprintf("%dv%d", st.NS.Number, st.EW.Number)
	if st.Set == 0 {
		return c
	}
	c += " " + rangeOf(st.First, st.Last)
	if len(st.Shares) > 0 && p.Copies == 1 {
		c += "R"
	}
	return c
}

// roundsText names rounds: "round 4", "rounds 3 and 6", "rounds 2, 4 and 6".
func roundsText(rounds []int) string {
	if len(rounds) == 1 {
		return fmt.Sprintf("round %d", rounds[0])
	}
	parts := make([]string, len(rounds))
	for i, r := range rounds {
		parts[i] = fmt.Sprint(r)
	}
	return "rounds " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
