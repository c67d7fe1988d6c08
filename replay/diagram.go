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

// TrumpNamedBy is who named the trump of a hand nobody declares, by a call
// that declares it (Humbug Whist's dealer announcing it): the first bare
// declaration of the contract's strain.
func TrumpNamedBy(h *game.Hand) (cards.Seat, bool) {
	if h.Contract == nil || h.Contract.Declarer != cards.NoSeat {
		return cards.NoSeat, false
	}
	for _, c := range h.Calls {
		if c.Call.Kind == cards.Bid && c.Call.Level == 0 && c.Call.Strain == h.Contract.Strain {
			return c.Seat, true
		}
	}
	return cards.NoSeat, false
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

// Diagram is the four hands laid out as the books print them, with a
// compass rose between: by the compass, North at the top, West on the
// left, East on the right, South below; turned (Turn), as Foster draws
// every hand, with the dealer, Z, at the bottom, A on his left, Y his
// partner at the top and B on his right. It is plain monospace text, for
// a terminal or a Markdown code block; Places says which seat is drawn
// where, for a renderer that lays the hands out as a grid.
type Diagram struct {
	// Hands by seat: the cards to show (as dealt, or remaining at a
	// moment). A seat whose Known is false shows as not recorded.
	Hands []cards.Set
	Known []bool
	// Hidden by seat (or nil): hands left out, for a problem ("you are
	// South; plan the play"): the label is shown and the hand as "—".
	Hidden []bool
	// Labels by seat, printed above each hand ("North: Ann"). They must be
	// one line each (see Clean); they are cut to LabelWidth.
	Labels []string
	// Rose by seat: the letters of the compass rose ("N", or Foster's "Y").
	Rose  []string
	ASCII bool
	// Turn is how many places clockwise the four seats are turned from
	// the compass layout: 0 draws South at the bottom; Names.Turn is the
	// turn of a seat style (Foster's puts the dealer at the bottom).
	Turn int
	// Width, when more than 0, is the widest the text may be: labels are
	// cut shorter than LabelWidth so that the diagram fits (a narrow
	// terminal). The hands themselves are never cut.
	Width int
	// Widow, if any, is shown beside the hands of a table that is not four
	// compass seats (Five Hundred's three cards dealt apart), and under the
	// four hands of one that is (Quinto's cachette). WidowName is what the
	// game calls it; "Widow" when empty.
	Widow     cards.Set
	WidowName string
}

// WidowLabel is what the cards dealt apart are called.
func (d Diagram) WidowLabel() string {
	if d.WidowName == "" {
		return "Widow"
	}
	return strings.ToUpper(d.WidowName[:1]) + d.WidowName[1:]
}

// Places are the seats drawn at the top, on the left, on the right and at
// the bottom of a diagram of four seats.
func (d Diagram) Places() (top, left, right, bottom cards.Seat) {
	return cards.North.Plus(d.Turn, 4), cards.West.Plus(d.Turn, 4), cards.East.Plus(d.Turn, 4), cards.South.Plus(d.Turn, 4)
}

// Shown says whether a seat's hand is drawn: recorded and not hidden.
func (d Diagram) Shown(seat int) bool {
	return d.Known[seat] && (seat >= len(d.Hidden) || !d.Hidden[seat])
}

// Block is what is drawn for a seat, one line each: its label (cut to
// width columns) and its hand suit by suit, "(not recorded)", or "—" for a
// hand hidden.
func (d Diagram) Block(seat, width int) []string {
	label := Truncate(d.Labels[seat], width)
	if d.ASCII {
		label = colWidth.Truncate(d.Labels[seat], width, "...")
	}
	switch {
	case !d.Known[seat]:
		return []string{label, "(not recorded)", "", "", ""}
	case !d.Shown(seat):
		dash := "—"
		if d.ASCII {
			dash = "-"
		}
		return []string{label, dash}
	}
	return append([]string{label}, HandLines(d.Hands[seat], d.ASCII)...)
}

// LabelWidth is the widest a label in a diagram may be.
const LabelWidth = 26

// minColumn is the narrowest the left column is, so that short hands
// still leave the rose in the middle.
const minColumn = 14

// Lines lays the diagram out. A seating that is not four compass seats is
// written as columns side by side, one a seat, then the widow.
func (d Diagram) Lines() []string {
	if len(d.Hands) != 4 {
		var cols [][]string
		for seat := range d.Hands {
			cols = append(cols, d.Block(seat, LabelWidth))
		}
		if d.Widow != 0 {
			cols = append(cols, append([]string{d.WidowLabel()}, HandLines(d.Widow, d.ASCII)...))
		}
		return sideBySide(cols, 3)
	}
	for labelW := LabelWidth; ; labelW-- {
		lines := d.compass(labelW)
		if d.Widow != 0 {
			lines = append(lines, "", d.WidowLabel()+": "+strings.Join(HandLines(d.Widow, d.ASCII), "  "))
		}
		if d.Width <= 0 || labelW <= minLabel || widest(lines) <= d.Width {
			return lines
		}
	}
}

// minLabel is the narrowest a label is cut to for a narrow Width.
const minLabel = 8

func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, Width(l))
	}
	return w
}

// compass lays four hands out round the rose, labels cut to labelW.
func (d Diagram) compass(labelW int) []string {
	t, l, r, b := d.Places()
	top, right, bottom, left := d.Block(int(t), labelW), d.Block(int(r), labelW), d.Block(int(b), labelW), d.Block(int(l), labelW)
	colW := minColumn
	for _, line := range left {
		colW = max(colW, Width(line))
	}
	roseW := 0
	for _, x := range d.Rose {
		roseW = max(roseW, Width(x))
	}
	// The rose: the top seat's letter over the bottom's in the middle,
	// the left's and the right's either side.
	gap := strings.Repeat(" ", 3)
	inner := roseW + 3 + roseW
	mid := func(s string) string {
		left := (inner - Width(s)) / 2
		return strings.Repeat(" ", left) + s
	}
	rose := []string{"", mid(d.Rose[t]), padCols(d.Rose[l], roseW) + gap + d.Rose[r], mid(d.Rose[b]), ""}
	nCol := colW + 3
	eCol := nCol + inner + 4
	indent := strings.Repeat(" ", nCol)
	var out []string
	for _, line := range top {
		out = append(out, strings.TrimRight(indent+line, " "))
	}
	rows := max(len(left), len(right), len(rose))
	for i := range rows {
		line := padCols(lineAt(left, i), nCol) + padCols(lineAt(rose, i), eCol-nCol) + lineAt(right, i)
		out = append(out, strings.TrimRight(line, " "))
	}
	for _, line := range bottom {
		out = append(out, strings.TrimRight(indent+line, " "))
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
