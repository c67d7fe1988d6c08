// Package eventreport writes an event's comparison (projections/compare)
// as Markdown: the event and how it is scored, a traveller for each board
// (every table's result and what it earned), the matches of a teams event,
// the ranking, and what did not add up. The columns are the ones hoyle
// compare prints (compare.Grid), so the two say the same.
package eventreport

import (
	"io"
	"strings"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections/compare"
)

// Write writes every event of the report as Markdown.
func Write(w io.Writer, rep compare.Report) error {
	_, err := io.WriteString(w, Render(rep))
	return err
}

// Render is the report as Markdown.
func Render(rep compare.Report) string {
	var b strings.Builder
	if len(rep.Events) == 0 {
		b.WriteString("No events to compare.\n")
	}
	for i, ev := range rep.Events {
		if i > 0 {
			b.WriteString("\n")
		}
		event(&b, ev)
	}
	return b.String()
}

func event(b *strings.Builder, ev compare.Event) {
	title := ev.Title()
	name, rest, _ := strings.Cut(title, " · ")
	b.WriteString("# " + markdown.Text(name) + "\n\n")
	b.WriteString(markdown.Text(strings.ReplaceAll(rest, " · ", ", ")) + ".\n")
	if len(ev.Boards) > 0 {
		b.WriteString("\n## Travellers\n")
	}
	for _, bd := range ev.Boards {
		b.WriteString("\n### " + markdown.Text(ev.BoardTitle(bd)) + "\n\n")
		grid(b, ev.Traveller(bd))
		if lines := ev.RulingLines(bd); len(lines) > 0 {
			b.WriteString("\n")
			for _, l := range lines {
				b.WriteString("- " + markdown.Text(l) + "\n")
			}
		}
	}
	if lines := ev.MatchLines(); len(lines) > 0 {
		b.WriteString("\n## Matches\n\n")
		for _, l := range lines {
			b.WriteString("- " + markdown.Text(l) + "\n")
		}
	}
	fields, grids := ev.Ranking()
	for i, g := range grids {
		b.WriteString("\n## " + ev.RankingHeading(fields[i]) + "\n\n")
		grid(b, g)
	}
	if len(ev.Warnings) > 0 {
		b.WriteString("\n## To look at\n\n")
		for _, w := range ev.Warnings {
			b.WriteString("- " + markdown.Text(w) + "\n")
		}
	}
}

// grid writes a table, numbers right-aligned.
func grid(b *strings.Builder, g compare.Grid) {
	row := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + markdown.Text(c) + " |")
		}
		b.WriteString("\n")
	}
	row(g.Head)
	b.WriteString("|")
	for i := range g.Head {
		if i < len(g.Right) && g.Right[i] {
			b.WriteString(" ---: |")
		} else {
			b.WriteString(" --- |")
		}
	}
	b.WriteString("\n")
	for _, r := range g.Rows {
		row(r)
	}
}
