package replay

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
)

// FrameOptions say how a replay names seats and writes suits.
type FrameOptions struct {
	Seats SeatStyle
	ASCII bool
	// NoDD leaves out the double-dummy analysis: each card's value and
	// cost, and the value of the position (see dd.go).
	NoDD bool
	// DD gives the solver's answers (a ddkeep source, which finds them
	// beside the log); nil: the process's keeper (see HandAnalysis).
	DD ddhand.Solutions
}

// ScoreSummary sums a score sheet up in a line: the boards' running total
// (duplicate), else the running tally (games scored as a running total),
// else the current rubber's totals; "nothing scored yet" for an empty
// sheet. Sides are named as names says.
func ScoreSummary(sheet game.ScoreSheet, names Names) string {
	side := func(s cards.Side) string {
		if int(s) >= 0 && int(s) < len(names.Sides) {
			return names.Sides[s]
		}
		return s.String()
	}
	if len(sheet.Sides) > 0 {
		side = func(s cards.Side) string { return SheetSideName(sheet, game.Seating{}, s) }
	}
	switch {
	case len(sheet.Sides) > 0 && len(sheet.Tally) == 0 && len(sheet.Rubbers) > 0:
		// Several rubbers at once, each between two of the sheet's own
		// sides (Six-hand Bridge): each one in play, else the latest.
		var parts []string
		for _, r := range sheet.Rubbers {
			if !r.Complete {
				parts = append(parts, rubberSummary(r, len(sheet.Sides), side))
			}
		}
		if len(parts) == 0 {
			parts = append(parts, rubberSummary(sheet.Rubbers[len(sheet.Rubbers)-1], len(sheet.Sides), side))
		}
		return strings.Join(parts, "; ")
	case len(sheet.Boards) > 0:
		ns := 0
		for _, b := range sheet.Boards {
			ns += b.NS
		}
		return fmt.Sprintf("%s %+d over %s", side(cards.NS), ns, Count(len(sheet.Boards), "board"))
	case len(sheet.Tally) > 0:
		t := sheet.Tally[len(sheet.Tally)-1]
		var parts []string
		for s, n := range t.Net {
			parts = append(parts, fmt.Sprintf("%s %d", side(cards.Side(s)), n))
		}
		return strings.Join(parts, ", ")
	case len(sheet.Rubbers) > 0 && sheet.Rubbers[len(sheet.Rubbers)-1].GameTo > 0:
		return gameSummary(sheet.Rubbers[len(sheet.Rubbers)-1], len(names.Sides), side)
	case len(sheet.Rubbers) > 0:
		return rubberSummary(sheet.Rubbers[len(sheet.Rubbers)-1], len(names.Sides), side)
	}
	return "nothing scored yet"
}

// gamesWon names the games of a rubber won so far, each by the side that
// won it: "games: NS, EW", or "no game yet".
func gamesWon(r game.Rubber, side func(cards.Side) string) string {
	if len(r.Games) == 0 {
		return "no game yet"
	}
	games := make([]string, len(r.Games))
	for i, g := range r.Games {
		games[i] = side(g)
	}
	return "games: " + strings.Join(games, ", ")
}

// gameSummary sums up a rubber of games won by reaching a score (whist's
// five): the score of the game in play, and the games won; or, once the
// rubber is over, who won it and by how much.
func gameSummary(r game.Rubber, sides int, side func(cards.Side) string) string {
	won := gamesWon(r, side)
	unit := "rubber"
	if r.Name != "" {
		unit = strings.ToLower(r.Name)
	}
	if r.Complete {
		if r.Winner != nil {
			return fmt.Sprintf("%s %d won by %s, %d points (%s)", unit, r.Number, side(*r.Winner), r.Points, won)
		}
		return fmt.Sprintf("%s %d over (%s)", unit, r.Number, won)
	}
	score := make([]int, sides)
	for _, e := range r.Entries {
		switch {
		case e.GameLine:
			score = make([]int, sides) // a game ended: the next starts at love
		case !e.Above && int(e.Side) >= 0 && int(e.Side) < sides:
			score[e.Side] += e.Points
		}
	}
	var parts []string
	for s, n := range score {
		parts = append(parts, fmt.Sprintf("%s %d", side(cards.Side(s)), n))
	}
	if r.Name != "" {
		return fmt.Sprintf("%s %d to %d: %s", unit, r.Number, r.GameTo, strings.Join(parts, ", "))
	}
	return fmt.Sprintf("rubber %d, game %d to %d: %s (%s)", r.Number, len(r.Games)+1, r.GameTo, strings.Join(parts, ", "), won)
}

// StepText says what happened at a point, in one line, from the state
// folded at it: "S 1♠", "W ♥3", "E ♥A: trick 1 to E (NS 0, EW 1)", "the
// deal", "N claims 9 of the 10 tricks left".
func StepText(state *projections.Session, p Point, names Names, ascii bool) string {
	if p.Hand < 1 || p.Hand > len(state.Hands) {
		return p.Step.Type
	}
	h := state.Hands[p.Hand-1]
	seat := func(s cards.Seat) string {
		if s >= 0 && int(s) < len(names.Short) {
			return names.Short[s]
		}
		return s.String()
	}
	if line, ok := IrregularStepText(state, p, names, ascii); ok {
		return line // an irregularity or its remedy (irregular.go)
	}
	switch d := p.Step.Data.(type) {
	case *table.Dealt:
		return fmt.Sprintf("the deal, by %s", seat(d.Dealer))
	case *table.Called:
		line := seat(d.Seat) + " " + CallText(d.Call, ascii)
		inAuction := slices.ContainsFunc(h.Calls, func(c game.CallEntry) bool { return c.ID == p.Step.ID })
		switch {
		case !inAuction && h.Phase != game.PhaseAuction:
			// A call in the play: the leader names the suit of the card of
			// no suit he leads (Five Hundred's Joker at no trumps).
			line = fmt.Sprintf("%s names %s for the card he leads", seat(d.Seat), CallText(d.Call, ascii))
		case h.Phase != game.PhaseAuction && h.Contract != nil && h.Calls[len(h.Calls)-1].ID == p.Step.ID && worded(state.Rules):
			phase, _ := AuctionWords(state.Rules)
			line += ": the " + phase + " is over; played at " + state.Rules.(game.ContractWording).ContractWords(h)
		case h.Phase != game.PhaseAuction && h.Contract != nil && h.Contract.Declarer == cards.NoSeat && h.Calls[len(h.Calls)-1].ID == p.Step.ID:
			by, named := TrumpNamedBy(h)
			switch {
			case named:
				line += fmt.Sprintf(": the play begins; %s trumps, announced by %s", h.Contract.Strain.Name(), seat(by))
			case h.TurnUp != cards.NoCard:
				line += fmt.Sprintf(": the play begins; %s trumps, turned up", h.Contract.Strain.Name())
			default:
				line += fmt.Sprintf(": the auction is over; nobody bid, played at %s", h.Contract.Strain.Name())
			}
		case h.Phase != game.PhaseAuction && h.Contract != nil && len(h.Calls) > 0 && h.Calls[len(h.Calls)-1].ID == p.Step.ID:
			line += fmt.Sprintf(": the auction is over, %s by %s", ContractShort(h.Contract, ascii), seat(h.Contract.Declarer))
		case h.Phase == game.PhaseDone && h.Contract == nil:
			line += ": passed out"
		}
		return line
	case *table.Played:
		line := seat(d.Seat) + " " + CardText(d.Card, ascii)
		if p.Moment.Kind == AfterTrick {
			t := h.Tricks[p.Moment.Trick-1]
			var won []string
			for s, n := range h.Won {
				won = append(won, fmt.Sprintf("%s %d", names.Sides[s], n))
			}
			line += fmt.Sprintf(": trick %d to %s (%s)", p.Moment.Trick, seat(t.Winner), strings.Join(won, ", "))
		}
		if revokes := RevokesAtStep(state, p); revokes != "" {
			line += "; " + revokes
		}
		return line
	case *table.TrickWon:
		var won []string
		for s, n := range h.Won {
			won = append(won, fmt.Sprintf("%s %d", names.Sides[s], n))
		}
		return fmt.Sprintf("trick %d to %s, as the table says (%s)", d.Trick, seat(d.Seat), strings.Join(won, ", "))
	case *table.Claimed:
		return fmt.Sprintf("%s claims %d of the tricks left", seat(d.Seat), d.Tricks)
	case *table.Seated:
		return SeatedText(state, h, names)
	case *table.Discarded:
		var cs []string
		for _, c := range d.Cards {
			cs = append(cs, CardText(c, ascii))
		}
		return fmt.Sprintf("%s lays away %s", seat(d.Seat), strings.Join(cs, " "))
	case *table.HonoursClaimed:
		if int(d.Side) >= 0 && int(d.Side) < len(names.Sides) {
			return fmt.Sprintf("%s claim honours: %s", names.Sides[d.Side], Clean(d.Holding))
		}
	}
	return p.Step.Type
}

// SeatedText says who sits where on a hand whose players move between
// hands: "the players: N Bea, E Dot, S Cora, W Ann (round 2)", a seat
// nobody sits in "nobody" (a dummy kept in a holder), a hand another plays
// by who does ("Ann's dummy").
func SeatedText(s *projections.Session, h *game.Hand, names Names) string {
	var parts []string
	for seat := range h.Seating.Seats {
		p := Clean(s.PlayerAt(h.Number, cards.Seat(seat)))
		switch {
		case h.PlayedFrom(cards.Seat(seat)) != cards.Seat(seat):
			p = SeatPlayerShort(s, h, cards.Seat(seat))
		case p == "" && h.Sitting.Player(cards.Seat(seat)) == game.NoPlayer:
			p = "nobody"
		case p == "":
			p = "(not named)"
		}
		short := cards.Seat(seat).String()
		if seat < len(names.Short) {
			short = names.Short[seat]
		}
		parts = append(parts, short+" "+p)
	}
	line := "the players: " + strings.Join(parts, ", ")
	var where []string
	if h.Sitting.Table > 0 {
		where = append(where, fmt.Sprintf("table %d", h.Sitting.Table))
	}
	if h.Sitting.Round > 0 {
		where = append(where, fmt.Sprintf("round %d", h.Sitting.Round))
	}
	if len(where) > 0 {
		line += " (" + strings.Join(where, ", ") + ")"
	}
	return line
}

// NoteText writes a note in one line for a terminal: what it is on, when
// that is a trick or the hand as a whole rather than the step itself, its
// glyph, text and author, cleaned of anything a terminal would act on.
func NoteText(n projections.Note) string {
	var parts []string
	switch n.On {
	case table.NoteOnTrick:
		parts = append(parts, "on the trick:")
	case table.NoteOnHand:
		parts = append(parts, "on the hand:")
	}
	if g := Clean(n.Glyph); g != "" {
		parts = append(parts, g)
	}
	if t := Clean(n.Text); t != "" {
		parts = append(parts, t)
	}
	line := strings.Join(parts, " ")
	if by := Clean(n.By); by != "" {
		line += " (" + by + ")"
	}
	return line
}

// Frame draws the table at the cursor's moment: where it is, what just
// happened, the cards remaining, the auction so far, the trick on the
// table, the tricks won, the notes on this step and the score so far.
func Frame(c *Cursor, o FrameOptions) ([]string, error) {
	state, err := c.State()
	if err != nil {
		return nil, err
	}
	p := c.Point()
	h := state.Hands[p.Hand-1]
	names, err := SeatNames(h.Seating, h.Dealer, o.Seats)
	if err != nil {
		return nil, err
	}
	full := c.Session()
	title := Clean(full.Opened.Name)
	if title == "" {
		title = "session " + full.ID
	}
	a, err := frameAnalysis(c, o)
	if err != nil {
		return nil, err
	}
	out := []string{
		fmt.Sprintf("%s · hand %d · %s · step %d of %d", title, h.Number, p.Moment, c.Index()+1, c.Len()),
		"> " + StepText(state, p, names, o.ASCII) + ddStepText(a.analysis, p, names),
		"",
	}
	dg := Diagram{Hands: h.Held, Known: make([]bool, len(h.Held)), Labels: make([]string, len(h.Held)), Rose: names.Short, ASCII: o.ASCII, Turn: names.Turn}
	for seat := range h.Held {
		dg.Known[seat] = h.Known(cards.Seat(seat))
		dg.Labels[seat] = names.Long[seat]
		if pl := SeatPlayerShort(full, h, cards.Seat(seat)); pl != "" {
			dg.Labels[seat] += ": " + pl
		}
		if cards.Seat(seat) == h.Turn {
			dg.Labels[seat] = "> " + dg.Labels[seat]
		}
	}
	out = append(out, dg.Lines()...)
	out = append(out, "")
	out = append(out, auctionLines(state.Rules, h, names, o.ASCII)...)
	out = append(out, playLines(h, names, o.ASCII)...)
	out = append(out, a.lines(h, names, o.ASCII)...)
	if notes := c.Notes(); len(notes) > 0 {
		out = append(out, "", "Notes at "+p.Moment.String()+":")
		for _, n := range notes {
			out = append(out, "  "+NoteText(n))
		}
	}
	out = append(out, "", "Score so far: "+ScoreSummary(state.Score(), names))
	return out, nil
}

// auctionLines writes the calls so far in columns by seat from the first
// to call (see LayOutAuction).
func auctionLines(rs game.Ruleset, h *game.Hand, names Names, ascii bool) []string {
	if len(h.Calls) == 0 && h.Phase != game.PhaseAuction {
		return nil
	}
	l := LayOutAuction(h)
	cells := [][]string{{}}
	for _, seat := range l.Seats {
		cells[0] = append(cells[0], names.Short[seat])
	}
	for r := 0; r < len(l.Rows) || r <= l.TurnRow; r++ {
		row := make([]string, len(l.Seats))
		if r < len(l.Rows) {
			for k, i := range l.Rows[r] {
				if i >= 0 {
					row[k] = CallText(h.Calls[i].Call, ascii)
				}
			}
		}
		if r == l.TurnRow {
			row[l.TurnCol] = "?"
		}
		cells = append(cells, row)
	}
	phase, _ := AuctionWords(rs)
	label := strings.ToUpper(phase[:1]) + phase[1:]
	w := max(9, utf8.RuneCountInString(label)+1)
	var out []string
	for i, r := range cells {
		line := strings.Repeat(" ", w)
		if i == 0 {
			line = padCols(label, w)
		}
		for _, cell := range r {
			line += padCols(cell, 6)
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	if line := ContractWords(rs, h, names, ascii); line != "" {
		out = append(out, line)
	}
	return out
}

// ContractWords says what the hand is played at once the auction is over,
// in the game's own words: "Contract 2NT by East", "Played at two royals",
// "Trumps: hearts, announced by North"; "" while there is no contract.
func ContractWords(rs game.Ruleset, h *game.Hand, names Names, ascii bool) string {
	cw, worded := rs.(game.ContractWording)
	switch {
	case h.Contract != nil && worded:
		return "Played at " + cw.ContractWords(h)
	case h.Contract != nil && h.Contract.Declarer == cards.NoSeat:
		if by, ok := TrumpNamedBy(h); ok {
			return fmt.Sprintf("Trumps: %s, announced by %s", h.Contract.Strain.Name(), names.Long[by])
		}
		return "Nobody bid: played at " + h.Contract.Strain.Name()
	case h.Contract != nil:
		return fmt.Sprintf("Contract %s by %s", ContractShort(h.Contract, ascii), names.Long[h.Contract.Declarer])
	}
	return ""
}

// TrickShown is the trick a view of h shows: the one on the table, or,
// between tricks, the one just completed (with its winner); n is its
// number from 1. nil when no card has been played.
func TrickShown(h *game.Hand) (t *game.Trick, n int) {
	t = h.CurrentTrick()
	n = len(h.Tricks)
	if t != nil && len(t.Cards) == 0 && n > 1 {
		t, n = &h.Tricks[n-2], n-1
	}
	if t == nil || len(t.Cards) == 0 {
		return nil, 0
	}
	return t, n
}

// playLines writes the trick on the table (or the one just completed, with
// its winner) and the tricks won so far.
func playLines(h *game.Hand, names Names, ascii bool) []string {
	t, n := TrickShown(h)
	if t == nil {
		if h.Phase == game.PhasePlay && h.Turn >= 0 && int(h.Turn) < len(names.Long) {
			// Nobody leads while a remedy waits to be chosen (NoSeat).
			return []string{fmt.Sprintf("%s to lead", names.Long[h.Turn])}
		}
		return nil
	}
	var cs []string
	for k, pc := range t.Cards {
		c := names.Short[pc.Seat] + " " + CardText(pc.Card, ascii)
		if k == 0 && t.Named {
			c += " for " + SuitText(t.LedAs, ascii) // the suit named for the Joker led at no trumps
		}
		cs = append(cs, c)
	}
	line := fmt.Sprintf("Trick %d: %s", n, strings.Join(cs, "  "))
	if t.Winner != cards.NoSeat {
		line += " · won by " + names.Short[t.Winner]
	}
	var won []string
	for s, k := range h.Won {
		won = append(won, fmt.Sprintf("%s %d", names.Sides[s], k))
	}
	out := []string{line, "Tricks: " + strings.Join(won, ", ")}
	if h.Claim != nil {
		out = append(out, fmt.Sprintf("%s claimed %d of the tricks left", names.Long[h.Claim.Seat], h.Claim.Tricks))
	}
	return out
}

// Transcript writes a hand as plain text from the cursor's moment to its
// end: the table at that moment, then each later step on a line of its own
// with its moment, followed by the notes on it. It is what `hoyle replay`
// prints when it is not talking to a terminal.
func Transcript(w io.Writer, c *Cursor, o FrameOptions) error {
	lines, err := Frame(c, o)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	state, err := c.State()
	if err != nil {
		return err
	}
	h := state.Hands[c.Hand()-1]
	names, err := SeatNames(h.Seating, h.Dealer, o.Seats)
	if err != nil {
		return err
	}
	if c.Index()+1 < c.Len() {
		b.WriteString("\n")
	}
	a, err := frameAnalysis(c, o)
	if err != nil {
		return err
	}
	moved := false
	for c.Next() {
		if state, err = c.State(); err != nil {
			return err
		}
		p := c.Point()
		fmt.Fprintf(&b, "%-8s %s%s\n", p.Moment, StepText(state, p, names, o.ASCII), ddStepText(a.analysis, p, names))
		for _, n := range c.Notes() {
			fmt.Fprintf(&b, "%-8s   %s\n", "", NoteText(n))
		}
		moved = true
	}
	if moved {
		fmt.Fprintf(&b, "\nScore so far: %s\n", ScoreSummary(state.Score(), names))
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// worded reports whether rs says what its hands are played at in its own
// words (game.ContractWording).
func worded(rs game.Ruleset) bool {
	_, ok := rs.(game.ContractWording)
	return ok
}
