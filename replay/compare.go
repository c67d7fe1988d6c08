package replay

import (
	"strings"

	"github.com/mattn/go-runewidth"

	"github.com/hoyle/hoyle/projections/compare"
)

// CompareWidth is the width the comparison's text is laid out in.
const CompareWidth = 80

// CompareText is hoyle compare's text: for each event its title, a
// traveller for each board (every table's result and what it earned), the
// matches' scores of a teams event, the ranking, and what did not add up.
// It fits in 80 columns: names too long for their column are cut with
// "…". User text (names, teams, events) is cleaned for the terminal.
func CompareText(rep compare.Report) string {
	var b strings.Builder
	if len(rep.Events) == 0 {
		return "No events to compare: place sessions in one with hoyle new --event NAME --table T.\n"
	}
	for i, ev := range rep.Events {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(Wrap(Clean(ev.Title()), "", "  ", CompareWidth))
		if ev.Form != compare.FormIndividual && len(ev.Boards) == 0 {
			b.WriteString("\nNo board has been finished at any table yet.\n")
		}
		for _, bd := range ev.Boards {
			b.WriteString("\n" + ev.BoardTitle(bd) + "\n")
			b.WriteString(GridText(ev.Traveller(bd), CompareWidth))
			for _, l := range ev.RulingLines(bd) {
				b.WriteString(Wrap(Clean(l), "  ", "    ", CompareWidth))
			}
		}
		if lines := ev.MatchLines(); len(lines) > 0 {
			b.WriteString("\nMatches\n")
			for _, l := range lines {
				b.WriteString("  " + Clean(l) + "\n")
			}
		}
		fields, grids := ev.Ranking()
		for j, g := range grids {
			b.WriteString("\n" + ev.RankingHeading(fields[j]) + "\n")
			b.WriteString(GridText(g, CompareWidth))
		}
		if len(ev.Warnings) > 0 {
			b.WriteString("\nTo look at:\n")
			for _, w := range ev.Warnings {
				b.WriteString(Wrap(Clean(w), "  - ", "    ", CompareWidth))
			}
		}
	}
	return b.String()
}

// GridText lays a grid out in columns two spaces apart within width: when
// it would be wider, the widest text columns are narrowed and their cells
// cut with "…".
func GridText(g compare.Grid, width int) string {
	cells := make([][]string, 0, len(g.Rows)+1)
	cells = append(cells, g.Head)
	for _, r := range g.Rows {
		row := make([]string, len(r))
		for i, c := range r {
			row[i] = Clean(c)
		}
		cells = append(cells, row)
	}
	widths := make([]int, len(g.Head))
	for _, r := range cells {
		for i, c := range r {
			widths[i] = max(widths[i], runewidth.StringWidth(c))
		}
	}
	total := func() int {
		n := 2 * (len(widths) - 1)
		for _, w := range widths {
			n += w
		}
		return n
	}
	for total() > width {
		widest := -1
		for i, w := range widths {
			if (i >= len(g.Right) || !g.Right[i]) && (widest < 0 || w > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 || widths[widest] <= 6 {
			break
		}
		widths[widest]--
	}
	var b strings.Builder
	for _, r := range cells {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			c = runewidth.Truncate(c, widths[i], "…")
			if i < len(g.Right) && g.Right[i] {
				line.WriteString(runewidth.FillLeft(c, widths[i]))
			} else {
				line.WriteString(runewidth.FillRight(c, widths[i]))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// Wrap fills text into lines of at most width columns, the first after
// first and the rest after rest.
func Wrap(text, first, rest string, width int) string {
	var b strings.Builder
	line := first
	empty := true
	for _, w := range strings.Fields(text) {
		if !empty && runewidth.StringWidth(line)+1+runewidth.StringWidth(w) > width {
			b.WriteString(line + "\n")
			line, empty = rest, true
		}
		if !empty {
			line += " "
		}
		line += w
		empty = false
	}
	b.WriteString(line + "\n")
	return b.String()
}
