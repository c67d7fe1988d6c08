package replay

import (
	"strconv"
	"strings"

	"github.com/mattn/go-runewidth"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// colWidth measures text as a terminal and a monospace font show it. The
// condition is fixed (not taken from the locale) so that a diagram is laid
// out the same on every machine: suit symbols and the dash count one column.
var colWidth = &runewidth.Condition{EastAsianWidth: false, StrictEmojiNeutral: true}

// Width is the number of columns text takes in a monospace diagram.
func Width(s string) int { return colWidth.StringWidth(s) }

// Truncate shortens text to at most w columns, marking the cut with "…".
func Truncate(s string, w int) string { return colWidth.Truncate(s, w, "…") }

// padCols fills text with spaces on the right to w columns.
func padCols(s string, w int) string {
	if n := w - Width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// SuitText is a suit's symbol (♠) or, in ASCII, its letter (S).
func SuitText(u cards.Suit, ascii bool) string {
	if ascii {
		return u.String()
	}
	return u.Symbol()
}

// CardText writes a card as a reader expects it: "♥10", or "H10" in ASCII.
func CardText(c cards.Card, ascii bool) string {
	switch {
	case c == cards.Joker:
		return "Joker"
	case !c.Valid():
		return "?"
	}
	return SuitText(c.Suit(), ascii) + c.Rank().Display()
}

// StrainText is a strain as a reader expects it: ♠, NT, R♠ (royal spades);
// in ASCII S, NT, R.
func StrainText(s cards.Strain, ascii bool) string {
	if ascii {
		return s.String()
	}
	return s.Symbol()
}

// CallText writes a call: "1♠", "2NT", "Pass", "X", "XX"; "1S" in ASCII.
func CallText(c cards.Call, ascii bool) string {
	if c.Kind != cards.Bid {
		return c.String()
	}
	s := StrainText(c.Strain, ascii)
	if c.Level == 0 {
		return s
	}
	return strconv.Itoa(int(c.Level)) + s
}

// ContractShort writes a contract: "2NT", "4♠X", "4SXX" in ASCII, or "no
// contract".
func ContractShort(c *game.Contract, ascii bool) string {
	if c == nil {
		return "no contract"
	}
	s := StrainText(c.Strain, ascii)
	if c.Level > 0 {
		s = strconv.Itoa(c.Level) + s
	}
	switch {
	case c.Doubled == 1:
		s += "X"
	case c.Doubled >= 2:
		s += strings.Repeat("X", c.Doubled)
	}
	return s
}

// HandLines writes a hand suit by suit, one line a suit from spades down:
// "♠ A K 10 2", a void as "♠ —" ("S -" in ASCII). The Joker, when held, has
// a line of its own first.
func HandLines(h cards.Set, ascii bool) []string {
	var out []string
	if h.Has(cards.Joker) {
		out = append(out, "Joker")
	}
	void := "—"
	if ascii {
		void = "-"
	}
	for _, u := range cards.Suits {
		ranks := []string{}
		for _, c := range h.Suit(u).Cards() {
			ranks = append(ranks, c.Rank().Display())
		}
		if len(ranks) == 0 {
			ranks = []string{void}
		}
		out = append(out, SuitText(u, ascii)+" "+strings.Join(ranks, " "))
	}
	return out
}

// Diagram is the four hands laid out as the books print them: North at the
// top, West on the left, East on the right, South below, with a compass
// rose between. It is plain monospace text, for a terminal or a Markdown
// code block.
type Diagram struct {
	// Hands by seat: the cards to show (as dealt, or remaining at a
	// moment). A seat whose Known is false shows as not recorded.
	Hands []cards.Set
	Known []bool
	// Labels by seat, printed above each hand ("North: Ann"). They must be
	// one line each (see Clean); they are cut to LabelWidth.
	Labels []string
	// Rose by seat: the letters of the compass rose ("N", or Foster's "Y").
	Rose  []string
	ASCII bool
	// Widow, if any, is shown beside the hands of a table that is not four
	// compass seats (Five Hundred's three cards dealt apart).
	Widow cards.Set
}

// LabelWidth is the widest a label in a diagram may be.
const LabelWidth = 26

// minColumn is the narrowest the West column is, so that short hands
// still leave the rose in the middle.
const minColumn = 14

// Lines lays the diagram out. A seating that is not four compass seats is
// written as columns side by side, one a seat, then the widow.
func (d Diagram) Lines() []string {
	block := func(seat int) []string {
		label := Truncate(d.Labels[seat], LabelWidth)
		if d.ASCII {
			label = colWidth.Truncate(d.Labels[seat], LabelWidth, "...")
		}
		if !d.Known[seat] {
			return []string{label, "(not recorded)", "", "", ""}
		}
		return append([]string{label}, HandLines(d.Hands[seat], d.ASCII)...)
	}
	if len(d.Hands) != 4 {
		var cols [][]string
		for seat := range d.Hands {
			cols = append(cols, block(seat))
		}
		if d.Widow != 0 {
			cols = append(cols, append([]string{"Widow"}, HandLines(d.Widow, d.ASCII)...))
		}
		return sideBySide(cols, 3)
	}
	north, east, south, west := block(int(cards.North)), block(int(cards.East)), block(int(cards.South)), block(int(cards.West))
	colW := minColumn
	for _, l := range west {
		colW = max(colW, Width(l))
	}
	roseW := 0
	for _, r := range d.Rose {
		roseW = max(roseW, Width(r))
	}
	// The rose: North over South in the middle, West and East either side.
	gap := strings.Repeat(" ", 3)
	inner := roseW + 3 + roseW
	mid := func(s string) string {
		left := (inner - Width(s)) / 2
		return strings.Repeat(" ", left) + s
	}
	rose := []string{"", mid(d.Rose[cards.North]), padCols(d.Rose[cards.West], roseW) + gap + d.Rose[cards.East], mid(d.Rose[cards.South]), ""}
	nCol := colW + 3
	eCol := nCol + inner + 4
	indent := strings.Repeat(" ", nCol)
	var out []string
	for _, l := range north {
		out = append(out, strings.TrimRight(indent+l, " "))
	}
	rows := max(len(west), len(east), len(rose))
	for i := range rows {
		line := padCols(lineAt(west, i), nCol) + padCols(lineAt(rose, i), eCol-nCol) + lineAt(east, i)
		out = append(out, strings.TrimRight(line, " "))
	}
	for _, l := range south {
		out = append(out, strings.TrimRight(indent+l, " "))
	}
	return out
}

// sideBySide sets columns of lines next to each other, gap spaces apart.
func sideBySide(cols [][]string, gap int) []string {
	rows := 0
	widths := make([]int, len(cols))
	for i, col := range cols {
		rows = max(rows, len(col))
		for _, l := range col {
			widths[i] = max(widths[i], Width(l))
		}
	}
	out := make([]string, rows)
	for r := range rows {
		line := ""
		for i, col := range cols {
			line += padCols(lineAt(col, r), widths[i]+gap)
		}
		out[r] = strings.TrimRight(line, " ")
	}
	return out
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}
