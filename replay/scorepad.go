package replay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// SheetSideName names side s of a score sheet for people: the sheet's own
// side (a pair of Six-hand Bridge by its players, a player of King's
// Bridge), else the seating's side.
func SheetSideName(sheet game.ScoreSheet, seating game.Seating, s cards.Side) string {
	if len(sheet.Sides) == 0 {
		return SideName(seating, s)
	}
	if int(s) < 0 || int(s) >= len(sheet.Sides) {
		return s.String()
	}
	if n := Clean(sheet.Sides[s].Name); n != "" { // names are user text
		return n
	}
	return sheet.Sides[s].Label
}

// PlayerName names a player of a score sheet as the session named him
// (game.PlayerScore.Name), else by his number.
func PlayerName(p game.PlayerScore) string {
	if p.Name != "" {
		return Clean(p.Name)
	}
	return fmt.Sprintf("player %d", p.Player+1)
}

// WeSide is the side a session writes under WE on the score pad: its
// option "we" (NS or EW), else North-South.
func WeSide(opts game.Options) cards.Side {
	if s, err := cards.ParseSide(opts["we"]); err == nil {
		return s
	}
	return cards.NS
}

// PadStyle is one of the two styles of score pad Foster describes
// (Auction Bridge, KEEPING SCORE).
type PadStyle int

const (
	// PadColumn is the pad with one column a side: honours above the line,
	// tricks below it with a line under each game, then the rubber, the
	// totals and the rubber's value.
	PadColumn PadStyle = iota
	// PadSplit is the pad with two columns a side, tricks beside honours
	// and penalties, one row a hand, and four additions at the end.
	PadSplit
)

// ScorePad draws the session's score sheet as players draw it.
func ScorePad(s *projections.Session, style PadStyle) string {
	return DrawScoreSheet(s.Score(), s.Seating(), WeSide(s.Opts), style)
}

// ScorePadFit is ScorePad for a terminal width columns wide (0: no limit):
// a running tally too wide for it is drawn a player at a time.
func ScorePadFit(s *projections.Session, style PadStyle, width int) string {
	return drawScoreSheet(s.Score(), s.Seating(), WeSide(s.Opts), style, width)
}

// DrawScoreSheet draws a score sheet: each rubber as a pad of the given
// style, with WE the side we (THEY the other; at a table of other than two
// sides each side has its own column), duplicate boards as a table, and
// the sheet's notes.
func DrawScoreSheet(sheet game.ScoreSheet, seating game.Seating, we cards.Side, style PadStyle) string {
	return drawScoreSheet(sheet, seating, we, style, 0)
}

func drawScoreSheet(sheet game.ScoreSheet, seating game.Seating, we cards.Side, style PadStyle, width int) string {
	var b strings.Builder
	for i, r := range sheet.Rubbers {
		if len(sheet.Tally) > 0 {
			// A running total: each game is drawn from the tally's lines.
			break
		}
		if i > 0 {
			b.WriteString("\n")
		}
		cols := rubberColumns(sheet, r, seating, we)
		title := RubberName(r)
		switch {
		case len(sheet.Sides) > 0:
			// A rubber between two of the sheet's own sides: each by name.
			var names []string
			for _, c := range cols {
				names = append(names, c.head)
			}
			title += ", " + strings.Join(names, " v ")
		case len(cols) == 2:
			title += fmt.Sprintf(" (WE %s, THEY %s)", SideName(seating, cols[0].side), SideName(seating, cols[1].side))
		}
		if r.GameTo > 0 {
			title += fmt.Sprintf(", games of %d points", r.GameTo)
		}
		b.WriteString(title + "\n")
		switch {
		case r.GameTo > 0 || r.Running:
			drawGames(&b, r, cols)
		case style == PadSplit:
			drawSplit(&b, r, cols)
		default:
			drawColumn(&b, r, cols)
		}
		b.WriteString(rubberResult(r, sheet, seating, cols) + "\n")
		if r.Note != "" {
			b.WriteString(r.Note + "\n")
		}
		if len(r.Players) > 0 {
			b.WriteString("players: " + playersLine(r.Players) + "\n")
		}
	}
	if sheet.Boards != nil {
		drawBoards(&b, sheet.Boards, seating)
	}
	if len(sheet.Tally) > 0 {
		drawTally(&b, sheet, seating, width)
	}
	if len(sheet.Rubbers) == 0 && sheet.Boards == nil && len(sheet.Tally) == 0 {
		b.WriteString("nothing scored yet: no hand is finished\n")
	}
	if len(sheet.Players) > 0 {
		b.WriteString("\nIn all: " + playersLine(sheet.Players) + "\n")
	}
	for _, n := range sheet.Notes {
		b.WriteString("note: " + n + "\n")
	}
	return b.String()
}

type padColumn struct {
	side cards.Side
	head string
}

// rubberColumns are the columns of a rubber's pad: WE and THEY at a table
// of two sides; a column a side, by name, where the sheet has its own
// sides (the two sides of the rubber: Six-hand Bridge's three rubbers are
// each between two of its pairs).
func rubberColumns(sheet game.ScoreSheet, r game.Rubber, seating game.Seating, we cards.Side) []padColumn {
	if len(sheet.Sides) == 0 {
		return padColumns(seating, we)
	}
	var cols []padColumn
	for _, s := range rubberSides(r, len(sheet.Sides)) {
		cols = append(cols, padColumn{s, SheetSideName(sheet, seating, s)})
	}
	return cols
}

// rubberSides are the sides a rubber is between, in order: those its
// totals are kept for, else the first n.
func rubberSides(r game.Rubber, n int) []cards.Side {
	var out []cards.Side
	for s := range r.Sides {
		out = append(out, s)
	}
	if len(out) == 0 {
		for s := range n {
			out = append(out, cards.Side(s))
		}
	}
	slices.Sort(out)
	return out
}

func padColumns(seating game.Seating, we cards.Side) []padColumn {
	n := seating.SideCount()
	if n == 2 {
		return []padColumn{{we, "WE"}, {1 - we, "THEY"}}
	}
	var cols []padColumn
	for s := range cards.Side(n) {
		cols = append(cols, padColumn{s, SideName(seating, s)})
	}
	return cols
}

func (c padColumn) is(s cards.Side) bool { return c.side == s }

// PadHead is the head of side s's column on a pad whose own side is we:
// WE or THEY where two sides play, else the side's name.
func PadHead(seating game.Seating, we, s cards.Side) string {
	for _, c := range padColumns(seating, we) {
		if c.is(s) {
			return c.head
		}
	}
	return SideName(seating, s)
}

// padRow is one row of a pad: a figure (or nothing) under each column.
type padRow []string

// padGrid lays rows out in columns of equal width, right-aligned, with rules
// between the sections.
type padGrid struct {
	heads []string
	rows  []padRow // a nil row is a rule: "=" the line, "-" a game line
	rules []byte
	notes []string // by row: text after it, or ""
}

func (p *padGrid) row(r padRow) { p.noted(r, "") }

// noted adds a row with a note written after it (what a figure is for).
func (p *padGrid) noted(r padRow, note string) {
	p.rows, p.rules, p.notes = append(p.rows, r), append(p.rules, 0), append(p.notes, note)
}

// rule draws a rule; two rules running together are drawn as one, the
// line of the pad ('=') winning over a game line.
func (p *padGrid) rule(ch byte) {
	if n := len(p.rows); n > 0 && p.rows[n-1] == nil {
		if ch == '=' {
			p.rules[n-1] = ch
		}
		return
	}
	p.rows, p.rules, p.notes = append(p.rows, nil), append(p.rules, ch), append(p.notes, "")
}
func (p *padGrid) empty() padRow { return make(padRow, len(p.heads)) }
func num(n int) string           { return strconv.Itoa(n) }
func (p *padGrid) width() int {
	w := 6
	for _, h := range p.heads {
		w = max(w, len(h)+2)
	}
	for _, r := range p.rows {
		for _, c := range r {
			w = max(w, len(c)+2)
		}
	}
	return w
}

func (p *padGrid) write(b *strings.Builder) {
	w := p.width()
	line := func(cells []string, note string) {
		var parts []string
		for _, c := range cells {
			parts = append(parts, fmt.Sprintf("%*s ", w-1, c))
		}
		text := strings.Join(parts, "│")
		if note != "" {
			text += "  " + note
		}
		b.WriteString(strings.TrimRight(text, " ") + "\n")
	}
	line(p.heads, "")
	for i, r := range p.rows {
		if r == nil {
			seg := strings.Repeat(string(ruleRune(p.rules[i])), w)
			segs := make([]string, len(p.heads))
			for j := range segs {
				segs[j] = seg
			}
			b.WriteString(strings.Join(segs, string(crossRune(p.rules[i]))) + "\n")
			continue
		}
		line(r, p.notes[i])
	}
}

func ruleRune(ch byte) rune {
	if ch == '=' {
		return '═'
	}
	return '─'
}

func crossRune(ch byte) rune {
	if ch == '=' {
		return '╪'
	}
	return '┼'
}

// settlement is the entries made when the rubber was settled (hand 0): the
// rubber premium, an unfinished rubber's make-up.
func settlement(r game.Rubber) []game.Entry {
	var out []game.Entry
	for _, e := range r.Entries {
		if e.Hand == 0 {
			out = append(out, e)
		}
	}
	return out
}

// pairRows writes entries side by side: the k-th figure of each column on
// the k-th row.
func pairRows(p *padGrid, cols []padColumn, es []game.Entry) []padRow {
	var rows []padRow
	count := make([]int, len(cols))
	for _, e := range es {
		for j, c := range cols {
			if !c.is(e.Side) {
				continue
			}
			if count[j] == len(rows) {
				rows = append(rows, p.empty())
			}
			rows[count[j]][j] = num(e.Points)
			count[j]++
		}
	}
	return rows
}

// drawColumn is Foster's first pad: honours and penalties above the line,
// the newest on top; tricks below it in order, a line under each game; the
// settlement; the totals; then under the winner's total the loser's, and
// the difference, which is the rubber's value.
func drawColumn(b *strings.Builder, r game.Rubber, cols []padColumn) {
	p := &padGrid{heads: headsOf(cols)}
	byHand := map[int][]game.Entry{}
	var hands []int
	for _, e := range r.Entries {
		if e.Hand == 0 || !e.Above {
			continue
		}
		if _, seen := byHand[e.Hand]; !seen {
			hands = append(hands, e.Hand)
		}
		byHand[e.Hand] = append(byHand[e.Hand], e)
	}
	for i := len(hands) - 1; i >= 0; i-- {
		rows := pairRows(p, cols, byHand[hands[i]])
		for k := len(rows) - 1; k >= 0; k-- {
			p.row(rows[k])
		}
	}
	p.rule('=')
	games := 0
	for _, e := range r.Entries {
		if e.Above || e.Hand == 0 {
			continue
		}
		if !e.GameLine {
			p.row(pairRows(p, cols, []game.Entry{e})[0])
			continue
		}
		games++
		p.noted(pairRows(p, cols, []game.Entry{e})[0], gameNote(games, r, cols))
		p.rule('-')
	}
	for _, row := range pairRows(p, cols, settlement(r)) {
		p.row(row)
	}
	writeTotals(p, r, cols, nil)
	p.write(b)
}

// drawSplit is Foster's second pad: each side has a column of tricks and
// one of honours and penalties, a row a hand; the four additions, the
// trick totals carried into the honour columns, the settlement, the totals
// and the rubber's value.
func drawSplit(b *strings.Builder, r game.Rubber, cols []padColumn) {
	var heads []string
	sub := padRow{}
	above := r.Above
	if above == "" {
		above = "above"
	}
	for _, c := range cols {
		heads = append(heads, c.head, "")
		sub = append(sub, "tricks", above)
	}
	p := &padGrid{heads: heads}
	p.row(sub)
	var hands []int
	seen := map[int]bool{}
	for _, e := range r.Entries {
		if e.Hand != 0 && !seen[e.Hand] {
			seen[e.Hand] = true
			hands = append(hands, e.Hand)
		}
	}
	below := make([]int, len(cols))
	aboveSum := make([]int, len(cols))
	games := 0
	for _, h := range hands {
		row := p.empty()
		gameEnds := false
		for j, c := range cols {
			t, a, anyT, anyA := 0, 0, false, false
			for _, e := range r.Entries {
				if e.Hand != h || !c.is(e.Side) {
					continue
				}
				if e.Above {
					a, anyA = a+e.Points, true
				} else {
					t, anyT = t+e.Points, true
				}
				gameEnds = gameEnds || e.GameLine
			}
			if anyT {
				row[2*j] = num(t)
			}
			if anyA {
				row[2*j+1] = num(a)
			}
			below[j] += t
			aboveSum[j] += a
		}
		if !gameEnds {
			p.row(row)
			continue
		}
		games++
		p.noted(row, gameNote(games, r, cols))
		p.rule('-')
	}
	p.rule('=')
	sums, carried := p.empty(), p.empty()
	for j := range cols {
		sums[2*j], sums[2*j+1] = num(below[j]), num(aboveSum[j])
		carried[2*j+1] = num(below[j])
	}
	p.row(sums)
	p.row(carried)
	for _, row := range pairRows(&padGrid{heads: headsOf(cols)}, cols, settlement(r)) {
		p.row(spread(p, row))
	}
	writeTotals(p, r, cols, func(row padRow) padRow { return spread(p, row) })
	p.write(b)
}

// gameNote says, beside the score that won it, which game a line ends
// and whose it is: "game 1 to THEY".
func gameNote(n int, r game.Rubber, cols []padColumn) string {
	if n > len(r.Games) {
		return fmt.Sprintf("game %d", n)
	}
	w := r.Games[n-1]
	for _, c := range cols {
		if c.is(w) {
			return fmt.Sprintf("game %d to %s", n, c.head)
		}
	}
	return fmt.Sprintf("game %d", n)
}

// spread moves a row of one figure a side into the premium (honour)
// columns of the split pad.
func spread(p *padGrid, row padRow) padRow {
	out := p.empty()
	for j, c := range row {
		out[2*j+1] = c
	}
	return out
}

func headsOf(cols []padColumn) []string {
	var h []string
	for _, c := range cols {
		h = append(h, c.head)
	}
	return h
}

// writeTotals writes the totals row and, when the rubber is settled with
// two sides, the loser's total under the winner's and the difference.
func writeTotals(p *padGrid, r game.Rubber, cols []padColumn, shape func(padRow) padRow) {
	if shape == nil {
		shape = func(row padRow) padRow { return row }
	}
	p.rule('-')
	totals := make(padRow, len(cols))
	for j, c := range cols {
		if t := r.Sides[c.side]; t != nil {
			totals[j] = num(t.Total)
		} else {
			totals[j] = "0"
		}
	}
	p.row(shape(totals))
	if r.Winner == nil || len(cols) != 2 {
		return
	}
	for j, c := range cols {
		if !c.is(*r.Winner) {
			continue
		}
		loser, value := make(padRow, len(cols)), make(padRow, len(cols))
		loser[j] = totals[1-j]
		value[j] = num(r.Points)
		p.row(shape(loser))
		p.rule('-')
		p.row(shape(value))
	}
}

func rubberResult(r game.Rubber, sheet game.ScoreSheet, seating game.Seating, cols []padColumn) string {
	name := func(s cards.Side) string {
		for _, c := range cols {
			if c.is(s) && len(cols) == 2 {
				return c.head
			}
		}
		return SheetSideName(sheet, seating, s)
	}
	gamesText := gamesWon(r, name)
	switch {
	case r.Running && r.Winner == nil && r.Complete:
		return "over, with no winner settled"
	case r.Running && r.Winner == nil:
		return "in play"
	case r.NoGames:
		return "no rubbers or games: each side keeps what it scores"
	case r.Winner != nil:
		return fmt.Sprintf("%s win %d (%s)", name(*r.Winner), r.Points, gamesText)
	case r.Complete:
		return fmt.Sprintf("the totals are equal: nobody wins the rubber (%s)", gamesText)
	}
	return fmt.Sprintf("in play (%s)", gamesText)
}

func drawBoards(b *strings.Builder, boards []game.Board, seating game.Seating) {
	if len(boards) == 0 {
		b.WriteString("no board finished yet\n")
		return
	}
	fmt.Fprintf(b, "%5s  %-8s %-3s %6s %7s %7s\n", "Board", "Contract", "By", "Tricks", "NS", "EW")
	for _, bd := range boards {
		by := ""
		if bd.Declarer != cards.NoSeat {
			by = seating.Names[bd.Declarer]
		}
		ns, ew := "", ""
		switch {
		case bd.NS > 0:
			ns = num(bd.NS)
		case bd.NS < 0:
			ew = num(-bd.NS)
		}
		tricks := ""
		if bd.Contract != "Pass" {
			tricks = num(bd.Tricks)
		}
		b.WriteString(strings.TrimRight(fmt.Sprintf("%5d  %-8s %-3s %6s %7s %7s", bd.Board, bd.Contract, by, tricks, ns, ew), " ") + "\n")
	}
}

// drawTally draws a score kept as a running total, game by game, as Five
// Hundred's players keep it: "each player keeps his score in three
// columns, one for plus points (headed WON), one for minus points (headed
// LOST), and the third for the net total" (seeds 000). A line a hand: what
// each player won and lost on it, and his net after it; then the columns'
// totals and the game's result.
//
// Wider than width (a terminal of 60 columns holds two players, not
// three), the tally is drawn a player at a time, each with the hands.
func drawTally(b *strings.Builder, sheet game.ScoreSheet, seating game.Seating, width int) {
	n := seating.SideCount()
	if len(sheet.Sides) > 0 {
		n = len(sheet.Sides)
	}
	for i, r := range sheet.Rubbers {
		if i > 0 {
			b.WriteString("\n")
		}
		title := fmt.Sprintf("Game %d", r.Number)
		if r.GameTo > 0 {
			title += fmt.Sprintf(", to %d", r.GameTo)
		}
		b.WriteString(title + "\n")
		players := make([]int, n)
		for s := range n {
			players[s] = s
		}
		if p := tallyGrid(sheet, r, seating, players); width > 0 && p.width()*p.cols()+p.cols()-1 > width {
			for _, s := range players {
				tallyGrid(sheet, r, seating, []int{s}).write(b)
			}
		} else {
			p.write(b)
		}
		switch {
		case r.Winner != nil:
			fmt.Fprintf(b, "%s wins with %d\n", SheetSideName(sheet, seating, *r.Winner), r.Points)
		case r.GameTo > 0:
			fmt.Fprintf(b, "in play: the first to %d wins\n", r.GameTo)
		default:
			b.WriteString("in play\n")
		}
		if r.Note != "" {
			b.WriteString(r.Note + "\n")
		}
	}
}

// tallyPad is a running tally's grid for some of its players, each
// player's name over his three columns.
type tallyPad struct {
	*padGrid
	names []string
}

func (p *padGrid) cols() int { return len(p.heads) }

// tallyGrid lays out the tally of game r for the players given: a row a
// hand (what each won and lost on it, and his net after it), then the
// totals.
func tallyGrid(sheet game.ScoreSheet, r game.Rubber, seating game.Seating, players []int) tallyPad {
	heads := []string{"hand"}
	for range players {
		heads = append(heads, "WON", "LOST", "net")
	}
	p := &padGrid{heads: heads}
	blank := func(v int) string {
		if v == 0 {
			return ""
		}
		return num(v)
	}
	for _, t := range sheet.Tally {
		if !slices.Contains(r.Hands, t.Hand) {
			continue
		}
		row := padRow{num(t.Hand)}
		for _, s := range players {
			row = append(row, blank(at(t.Won, s)), blank(at(t.Lost, s)), num(at(t.Net, s)))
		}
		p.row(row)
	}
	p.rule('=')
	totals := padRow{"total"}
	for _, s := range players {
		t := r.Sides[cards.Side(s)]
		if t == nil {
			t = &game.SideTotal{}
		}
		totals = append(totals, num(t.Above), num(t.Below), num(t.Total))
	}
	p.row(totals)
	if r.Balance != nil {
		balance := padRow{"balance"}
		for _, s := range players {
			balance = append(balance, "", "", fmt.Sprintf("%+d", at(r.Balance, s)))
		}
		p.row(balance)
	}
	var names []string
	for _, s := range players {
		names = append(names, SheetSideName(sheet, seating, cards.Side(s)))
	}
	return tallyPad{p, names}
}

// write draws the tally, each player's name heading his three columns.
func (t tallyPad) write(b *strings.Builder) {
	w := t.width()
	var names []string
	for _, name := range t.names {
		span := 3*w + 2
		pad := max(0, span-len([]rune(name)))
		names = append(names, strings.Repeat(" ", pad-pad/2)+name+strings.Repeat(" ", pad/2))
	}
	b.WriteString(strings.TrimRight(strings.Repeat(" ", w)+"│"+strings.Join(names, "│"), " ") + "\n")
	t.padGrid.write(b)
}

// at is figs[i], or 0 past its end.
func at(figs []int, i int) int {
	if i < len(figs) {
		return figs[i]
	}
	return 0
}

// drawGames draws a rubber of games won by reaching a score, as whist is
// scored: under each side its running score in the game, hand by hand; a
// line under the hand that ends a game, and the game's value to its
// winners (a treble, a double, a single); then what the rubber adds, the
// totals of the values and the rubber's result.
func drawGames(b *strings.Builder, r game.Rubber, cols []padColumn) {
	p := &padGrid{heads: append([]string{"hand"}, headsOf(cols)...)}
	running := make([]int, len(cols))
	games := 0
	valueRow := func(label string, e game.Entry) {
		row := p.empty()
		row[0] = label
		for j, c := range cols {
			if c.is(e.Side) {
				row[1+j] = num(e.Points)
			}
		}
		p.noted(row, e.Label)
	}
	for _, h := range r.Hands {
		ends := false
		for _, e := range r.Entries {
			if e.Hand != h || e.Above {
				continue
			}
			for j, c := range cols {
				if c.is(e.Side) {
					running[j] += e.Points
				}
			}
			ends = ends || e.GameLine
		}
		row := padRow{num(h)}
		for _, v := range running {
			row = append(row, num(v))
		}
		p.row(row)
		if !ends {
			continue
		}
		games++
		p.rule('-')
		for _, e := range r.Entries {
			if e.Hand == h && e.Above {
				valueRow(fmt.Sprintf("game %d", games), e)
			}
		}
		p.rule('-')
		running = make([]int, len(cols))
	}
	for _, e := range settlement(r) {
		valueRow("rubber", e)
	}
	p.rule('=')
	totals := padRow{"total"}
	for _, c := range cols {
		t := 0
		if st := r.Sides[c.side]; st != nil {
			t = st.Total
		}
		totals = append(totals, num(t))
	}
	p.row(totals)
	p.write(b)
}

// ExplainScore lists every entry of the sheet with the law that produced
// it, hand by hand: what a write-up quotes to explain the score.
func ExplainScore(sheet game.ScoreSheet, seating game.Seating, we cards.Side) string {
	return ExplainScoreFit(sheet, seating, we, 0)
}

// ExplainScoreFit is ExplainScore for a terminal width columns wide (0:
// no limit): what an entry is for, and its law, are folded onto lines of
// their own under it, indented, instead of running past the edge.
func ExplainScoreFit(sheet game.ScoreSheet, seating game.Seating, we cards.Side, width int) string {
	var b strings.Builder
	cols := padColumns(seating, we)
	who := func(s cards.Side) string {
		name := SheetSideName(sheet, seating, s)
		if len(cols) == 2 && len(sheet.Sides) == 0 {
			if cols[0].is(s) {
				return name + " (WE)"
			}
			return name + " (THEY)"
		}
		return name
	}
	// A running total (Five Hundred) has WON and LOST columns, not a line.
	running := len(sheet.Tally) > 0
	line := true // the rubber being listed has a line (not Running)
	entry := func(e game.Entry) {
		where := "below"
		switch {
		case !running && !line:
			where = ""
		case running && e.Above:
			where = "won"
		case running:
			where = "lost"
		case e.Above:
			where = "above"
		}
		hand := "at the end"
		if e.Hand > 0 {
			hand = "hand " + num(e.Hand)
		}
		head := fmt.Sprintf("  %-11s %-10s %5d %-5s  ", hand, who(e.Side), e.Points, where)
		text := e.Label + " — " + e.Law
		if width <= 0 || Width(head)+Width(text) <= width {
			b.WriteString(head + text + "\n")
			return
		}
		b.WriteString(strings.TrimRight(head, " ") + "\n")
		for _, line := range fold(text, width-6) {
			b.WriteString("      " + line + "\n")
		}
	}
	for _, r := range sheet.Rubbers {
		if running {
			fmt.Fprintf(&b, "Game %d\n", r.Number)
		} else {
			fmt.Fprintf(&b, "%s\n", RubberName(r))
		}
		line = !r.Running
		for _, e := range r.Entries {
			entry(e)
		}
	}
	for _, bd := range sheet.Boards {
		fmt.Fprintf(&b, "Board %d: %s\n", bd.Board, bd.Contract)
		for _, e := range bd.Entries {
			entry(e)
		}
	}
	return b.String()
}

// fold breaks text into lines of at most width columns at spaces (a word
// longer than width has a line of its own).
func fold(text string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case Width(line)+1+Width(w) <= width:
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// playersLine writes players' shares: "Ann +12 (dummy's partner), Bob -6,
// Cy -6".
func playersLine(ps []game.PlayerScore) string {
	var parts []string
	for _, p := range ps {
		part := fmt.Sprintf("%s %+d", PlayerName(p), p.Points)
		if p.Role != "" {
			part += " (" + p.Role + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}
