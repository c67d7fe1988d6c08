package compare

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/movement"
)

// Grid is a table of text: the headings and rows of a traveller or a
// ranking, from which the terminal's columns (replay) and the Markdown
// export (export/eventreport) are both drawn, so that the two say the same.
type Grid struct {
	Head  []string
	Right []bool // numbers are right-aligned
	Rows  [][]string
}

// Title says what the event is and how it is scored.
func (ev *Event) Title() string {
	parts := []string{ev.Event}
	switch {
	case ev.Form == FormTeams && ev.Scoring == ScoringTricks:
		parts = append(parts, "teams, trick for trick (Duplicate Whist)")
	case ev.Form == FormTeams:
		parts = append(parts, "teams, IMPs (Law 78B), WBF "+ev.VPScale+" VPs")
	case ev.Scoring == ScoringTricks:
		parts = append(parts, "pairs, tricks against the average (Duplicate Whist)")
	case ev.Scoring == ScoringButler:
		parts = append(parts, "pairs, IMPs against a Butler datum")
	case ev.Scoring == ScoringCrossIMPs:
		parts = append(parts, "pairs, cross-IMPs")
	case ev.Form == FormPairs:
		parts = append(parts, "pairs, matchpoints (Law 78A)")
	default:
		parts = append(parts, "each player's own score")
	}
	if ev.Movement != "" {
		parts = append(parts, ev.Movement)
	}
	parts = append(parts, plural(ev.Tables, "table"))
	return strings.Join(parts, " · ")
}

// BoardTitle heads a board's traveller: "Board 7", with its top.
func (ev *Event) BoardTitle(b Board) string {
	s := "Board " + strconv.Itoa(b.Board)
	if b.Top != nil {
		s += " (top " + fnum(*b.Top) + ")"
	}
	if b.Datum != nil {
		s += " (datum " + strconv.Itoa(*b.Datum) + ")"
	}
	return s
}

// Traveller is a board's results as the traveller the director reads.
func (ev *Event) Traveller(b Board) Grid {
	g := Grid{Head: []string{"table"}}
	rooms := false
	for _, r := range b.Results {
		rooms = rooms || r.Room != ""
	}
	if rooms {
		g.Head = append(g.Head, "room")
	}
	if ev.Movement != "" {
		g.Head = append(g.Head, "round")
	}
	g.Head = append(g.Head, "NS", "EW")
	if ev.Scoring == ScoringTricks {
		g.Head = append(g.Head, "trumps", "NS tricks", "over")
	} else {
		g.Head = append(g.Head, "contract", "by", "tricks", "NS score")
	}
	switch {
	case ev.Scoring == ScoringTricks && ev.Form == FormTeams:
		g.Head = append(g.Head, "NS +/-")
	case ev.Scoring == ScoringTricks:
		g.Head = append(g.Head, "NS +/-", "EW +/-")
	case ev.Form == FormTeams:
		g.Head = append(g.Head, "IMPs")
	case ev.Scoring == ScoringButler || ev.Scoring == ScoringCrossIMPs:
		g.Head = append(g.Head, "NS IMPs", "EW IMPs")
	default:
		g.Head = append(g.Head, "NS mp", "EW mp", "NS %")
	}
	for _, r := range b.Results {
		row := []string{r.Table}
		if r.Fouled {
			row[0] += " (fouled)"
		}
		if rooms {
			row = append(row, r.Room)
		}
		if ev.Movement != "" {
			row = append(row, optInt(r.Round))
		}
		row = append(row, r.NSPair, r.EWPair)
		if ev.Scoring == ScoringTricks {
			row = append(row, r.Contract, strconv.Itoa(r.Tricks), signed(float64(r.NS)))
		} else if r.Adjusted != nil && r.Ruling != table.RulingAssigned {
			// No result stands: the matchpoints or IMPs are the ruling's.
			row = append(row, tableContract(r), "-", "-", "-")
		} else {
			row = append(row, tableContract(r), r.Declarer, strconv.Itoa(r.Tricks), strconv.Itoa(r.NS))
		}
		switch {
		case ev.Scoring == ScoringTricks && ev.Form == FormTeams:
			row = append(row, optSigned(r.Plus)+mark(r.Revoke))
		case ev.Scoring == ScoringTricks:
			row = append(row, optSigned(r.Plus), optSigned(r.PlusEW)+mark(r.Revoke))
		case ev.Form == FormTeams:
			row = append(row, optSigned(r.IMPs))
		case ev.Scoring == ScoringButler || ev.Scoring == ScoringCrossIMPs:
			ew := "-"
			if r.IMPs != nil {
				ew = signed(*num(-*r.IMPs))
			}
			row = append(row, optSigned(r.IMPs), ew)
		default:
			ew := "-"
			switch {
			case r.MatchpointsEW != nil:
				ew = fnum(*r.MatchpointsEW)
			case r.Matchpoints != nil && b.Top != nil:
				ew = fnum(*num(*b.Top - *r.Matchpoints))
			}
			row = append(row, optNum(r.Matchpoints), ew, optPercent(r.Percent))
		}
		g.Rows = append(g.Rows, row)
	}
	g.Right = make([]bool, len(g.Head))
	for i, h := range g.Head {
		switch h {
		case "round", "tricks", "NS score", "NS tricks", "over", "NS +/-", "EW +/-", "IMPs", "VPs", "NS IMPs", "EW IMPs", "NS mp", "EW mp", "NS %":
			g.Right[i] = true
		}
	}
	return g
}

// Ranking is the event's ranking: one grid, or in a Mitchell one for each
// field, with the field's name ("" for one field).
func (ev *Event) Ranking() (fields []string, grids []Grid) {
	named := false // pairs numbered by a movement, with their players apart
	for _, t := range ev.Totals {
		named = named || (ev.Form == FormPairs && ev.Movement != "" && len(t.Players) > 0)
	}
	for _, t := range ev.Totals {
		if len(fields) == 0 || fields[len(fields)-1] != t.Field {
			fields = append(fields, t.Field)
			grids = append(grids, ev.rankingHead(named))
		}
		g := &grids[len(grids)-1]
		row := []string{ev.RankText(t), t.Name}
		if g.Head[2] == "players" {
			row = append(row, strings.Join(t.Players, " & "))
		}
		row = append(row, strconv.Itoa(t.Boards))
		switch {
		case t.IMPs != nil && t.VPs != nil:
			row = append(row, signed(*t.IMPs), fixed2(*t.VPs))
		case t.IMPs != nil:
			row = append(row, signed(*t.IMPs))
		case t.Matchpoints != nil:
			row = append(row, fnum(*t.Matchpoints), optNum(t.Top), optPercent(t.Percent))
		case t.Tricks != nil:
			row = append(row, signed(*t.Tricks))
		case t.Points != nil:
			row = append(row, strconv.Itoa(*t.Points))
		}
		g.Rows = append(g.Rows, row)
	}
	return fields, grids
}

func (ev *Event) rankingHead(named bool) Grid {
	g := Grid{Head: []string{"rank"}}
	switch {
	case ev.Form == FormTeams:
		g.Head = append(g.Head, "team", "boards")
	case ev.Form == FormPairs && named:
		g.Head = append(g.Head, "pair", "players", "boards")
	case ev.Form == FormPairs:
		g.Head = append(g.Head, "pair", "boards")
	default:
		g.Head = append(g.Head, "player", "hands")
	}
	switch ev.Scoring {
	case ScoringIMPs:
		g.Head = append(g.Head, "IMPs", "VPs")
	case ScoringButler, ScoringCrossIMPs:
		g.Head = append(g.Head, "IMPs")
	case ScoringMatchpoints:
		g.Head = append(g.Head, "matchpoints", "top", "%")
	case ScoringTricks:
		g.Head = append(g.Head, "tricks")
	default:
		g.Head = append(g.Head, "points")
	}
	g.Right = make([]bool, len(g.Head))
	for i, h := range g.Head {
		g.Right[i] = h != "team" && h != "pair" && h != "players" && h != "player"
	}
	return g
}

// RankText is a total's rank as a director prints it: "=1" when another
// of its field shares it.
func (ev *Event) RankText(t Total) string {
	shared := 0
	for _, o := range ev.Totals {
		if o.Field == t.Field && o.Rank == t.Rank {
			shared++
		}
	}
	if shared > 1 {
		return "=" + strconv.Itoa(t.Rank)
	}
	return strconv.Itoa(t.Rank)
}

// RankingHeading heads a ranking of the event, saying how its pairs are
// ranked: "Ranking, North-South" and "Ranking, East-West" in a Mitchell,
// "Ranking, one field (…)" under a Howell or an arrow-switched Mitchell,
// else "Ranking".
func (ev *Event) RankingHeading(field string) string {
	if field != "" || ev.Form != FormPairs || ev.Movement == "" {
		return RankingTitle(field)
	}
	spec, err := movement.Parse(ev.Movement)
	switch {
	case err != nil:
		return RankingTitle(field)
	case spec.Kind == movement.Mitchell && len(spec.Arrow) > 0:
		return "Ranking, one field (the arrow switch turned the pairs round)"
	case spec.Kind == movement.Howell:
		return "Ranking, one field (a Howell)"
	}
	return RankingTitle(field)
}

// RankingTitle heads a ranking: "Ranking", or in a Mitchell "Ranking,
// North-South" and "Ranking, East-West".
func RankingTitle(field string) string {
	switch field {
	case "NS":
		return "Ranking, North-South"
	case "EW":
		return "Ranking, East-West"
	}
	return "Ranking"
}

// MatchLines says each match's score: "AUSTRIA 25 – 14 DENMARK (10
// boards)", and with Victory Points "AUSTRIA 25 – 14 DENMARK IMPs, 13.72
// – 6.28 VPs (10 boards)".
func (ev *Event) MatchLines() []string {
	var out []string
	for _, m := range ev.Matches {
		if m.VPs != nil {
			out = append(out, fmt.Sprintf("%s %s – %s %s IMPs, %s – %s VPs (%s)", m.Teams[0], fnum(m.IMPs[0]), fnum(m.IMPs[1]), m.Teams[1],
				fixed2(m.VPs[0]), fixed2(m.VPs[1]), plural(m.Boards, "board")))
			continue
		}
		out = append(out, fmt.Sprintf("%s %s – %s %s (%s)", m.Teams[0], fnum(m.IMPs[0]), fnum(m.IMPs[1]), m.Teams[1], plural(m.Boards, "board")))
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// fnum writes a number with at most two decimals and none when whole.
func fnum(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func signed(x float64) string {
	if x > 0 {
		return "+" + fnum(x)
	}
	return fnum(x)
}

func optNum(x *float64) string {
	if x == nil {
		return "-"
	}
	return fnum(*x)
}

// fixed2 writes a number with two decimals, as percentages and VPs are
// printed: 50.00 beside 54.17.
func fixed2(x float64) string {
	return strconv.FormatFloat(x, 'f', 2, 64)
}

func optPercent(x *float64) string {
	if x == nil {
		return "-"
	}
	return fixed2(*x)
}

func optSigned(x *float64) string {
	if x == nil {
		return "-"
	}
	return signed(*x)
}

func optInt(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func mark(revoke string) string {
	if revoke == "" {
		return ""
	}
	return " (" + revoke + ")"
}
