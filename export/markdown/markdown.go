// Package markdown writes a hand up as Markdown, the way Foster's Hoyle
// presents its illustrative hands: a title line, the four hands as a
// diagram, the auction in columns by seat from the first to call (or, in a
// game without one, the card turned up for trumps), the play trick by
// trick with the winner marked, each note at its moment with its glyph, and
// the result with the score entries and the laws that produced them.
//
// Written at a moment (Options.At), the diagram shows the cards remaining
// then: the end-position problem of the books. The same Markdown is what
// `hoyle show` renders in a terminal (see Terminal).
//
// User text (names, notes) goes through Text, so it can never break a table,
// inject HTML or carry terminal control sequences.
//
// It imports events, projections and replay.
package markdown

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// Options say which hand to write, at which moment, and how.
type Options struct {
	// Hand is the hand's number; 0 means the hand of At, or else the
	// session's latest hand.
	Hand int
	// At, when set, writes the hand as it stood at that moment.
	At *replay.Moment
	// Seats names the seats by compass (default) or by Foster's letters.
	Seats replay.SeatStyle
	// ASCII writes suits as S H D C instead of ♠ ♥ ♦ ♣.
	ASCII bool
}

// Write writes the write-up of a hand of the session whose log is envs.
func Write(w io.Writer, envs []events.Envelope, opts Options) error {
	b, err := Render(envs, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Render is the write-up of a hand of the session whose log is envs.
func Render(envs []events.Envelope, opts Options) ([]byte, error) {
	full, err := projections.Fold(envs)
	if err != nil {
		return nil, err
	}
	return RenderFolded(full, envs, opts)
}

// RenderFolded is Render of a session already folded: full is the fold of
// envs, or a session read for the hand written up, with envs that hand's
// events (see projections/load.Hand), which costs the hand, not the
// session.
func RenderFolded(full *projections.Session, envs []events.Envelope, opts Options) ([]byte, error) {
	d := &doc{envs: envs, full: full, state: full, ascii: opts.ASCII, refs: map[events.ID]int{}}
	number := opts.Hand
	var err error
	if opts.At != nil {
		p, err := replay.Resolve(full, *opts.At)
		if err != nil {
			return nil, err
		}
		if d.state, err = replay.FoldAt(full, envs, p); err != nil {
			return nil, err
		}
		cur := d.state.Current()
		if cur == nil {
			return nil, fmt.Errorf("%w: no hand had been dealt at %s", ErrNoHand, opts.At)
		}
		if number != 0 && number != cur.Number {
			return nil, fmt.Errorf("%w: %s is in hand %d, not hand %d", ErrHandMismatch, opts.At, cur.Number, number)
		}
		number, d.at = cur.Number, &p
	}
	if number == 0 {
		number = len(full.Hands)
	}
	if number < 1 || number > len(full.Hands) || number > len(d.state.Hands) {
		if len(full.Hands) == 0 {
			return nil, fmt.Errorf("%w: no hand has been dealt in this session", ErrNoHand)
		}
		return nil, fmt.Errorf("%w: hand %d; the session has hands 1 to %d", ErrNoHand, number, len(full.Hands))
	}
	d.h = d.state.Hands[number-1]
	if d.names, err = replay.SeatNames(d.h.Seating, d.h.Dealer, opts.Seats); err != nil {
		return nil, err
	}
	d.collectNotes(number)
	d.write()
	return d.b.Bytes(), nil
}

// doc is one write-up being written.
type doc struct {
	b     bytes.Buffer
	envs  []events.Envelope
	full  *projections.Session // the whole session: notes, score entries
	state *projections.Session // the session at the moment written
	h     *game.Hand           // the hand as it stood at the moment
	at    *replay.Point        // the moment, or nil for the whole hand
	names replay.Names
	ascii bool

	notes map[events.ID][]projections.Note // notes shown, by the event they are on
	refs  map[events.ID]int                // reference number of each annotated event
	next  int
}

func (d *doc) printf(format string, a ...any) { fmt.Fprintf(&d.b, format, a...) }

// collectNotes gathers the notes on the hand's steps; at a moment, only
// those on steps up to it (a note shows when its step is reached).
func (d *doc) collectNotes(number int) {
	d.notes = map[events.ID][]projections.Note{}
	for _, st := range d.full.Steps {
		if st.Hand != number || (d.at != nil && st.Version > d.at.Version) {
			continue
		}
		if ns := d.full.NotesOn(st.ID); len(ns) > 0 {
			d.notes[st.ID] = ns
		}
	}
}

// ref gives the event's notes a reference number, in order of appearance,
// and returns the marker for a table cell: the glyphs and "(n)".
func (d *doc) ref(id events.ID) string {
	ns := d.notes[id]
	if len(ns) == 0 {
		return ""
	}
	n, ok := d.refs[id]
	if !ok {
		d.next++
		n, d.refs[id] = d.next, d.next
	}
	return glyphs(ns) + fmt.Sprintf(" (%d)", n)
}

// glyphs joins the distinct glyphs of notes ("!", or "!/?" when two notes
// disagree).
func glyphs(ns []projections.Note) string {
	var out []string
	seen := map[string]bool{}
	for _, n := range ns {
		if g := Text(n.Glyph); g != "" && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return strings.Join(out, "/")
}

// noteList writes the notes on the given events as a list, each with its
// reference, moment, what it is on and its glyph.
func (d *doc) noteList(ids []events.ID, what func(id events.ID) string) {
	var lines []string
	for _, id := range ids {
		st, _ := d.full.StepOf(id)
		m := replay.MomentOf(d.full, st)
		for _, n := range d.notes[id] {
			line := fmt.Sprintf("- (%d) %s%s (%s):", d.refs[id], what(id), Text(n.Glyph), m)
			if t := Text(n.Text); t != "" {
				line += " " + t
			}
			if by := Text(n.By); by != "" {
				line += " (" + by + ")"
			}
			lines = append(lines, line)
		}
	}
	if len(lines) > 0 {
		d.printf("%s\n\n", strings.Join(lines, "\n"))
	}
}

func (d *doc) write() {
	d.title()
	d.diagram()
	d.auction()
	d.play()
	if d.h.Phase == game.PhaseDone {
		d.result()
	}
}

// title is the heading and the line under it: the session, the hand, the
// game, the dealer, the score and vulnerability when the hand was dealt.
func (d *doc) title() {
	name := Text(d.full.Opened.Name)
	if name == "" {
		name = "Session " + d.full.ID
	}
	head := fmt.Sprintf("%s: hand %d", name, d.h.Number)
	if d.at != nil {
		head += ", " + strings.TrimPrefix(d.at.Moment.Describe(), fmt.Sprintf("hand %d, ", d.h.Number))
	}
	d.printf("# %s\n\n", head)
	parts := []string{Text(d.full.Rules.Info().Title)}
	if d.h.Board != 0 {
		parts = append(parts, fmt.Sprintf("board %d", d.h.Board))
	}
	parts = append(parts, "dealer "+d.names.Long[d.h.Dealer])
	if d.h.TurnUp != cards.NoCard {
		parts = append(parts, "turned up "+replay.CardText(d.h.TurnUp, d.ascii))
	}
	if v := d.vulnerable(); v != "" {
		parts = append(parts, v)
	}
	parts = append(parts, "score before the hand: "+d.scoreBefore())
	sep := " · "
	if d.ascii {
		sep = "; "
	}
	d.printf("%s\n\n", strings.Join(parts, sep))
}

// vulnerable says which sides were vulnerable, when the deal says (a
// duplicate board, or a ruleset that records it); "" when the game has no
// vulnerability on record.
func (d *doc) vulnerable() string {
	var sides []string
	for _, s := range d.h.Vulnerable {
		if int(s) >= 0 && int(s) < len(d.names.Sides) {
			sides = append(sides, d.names.Sides[s])
		}
	}
	switch {
	case len(sides) == len(d.names.Sides) && len(sides) > 1:
		return "both sides vulnerable"
	case len(sides) > 0:
		return strings.Join(sides, " and ") + " vulnerable"
	case d.h.Board != 0:
		return "neither side vulnerable"
	}
	return ""
}

// scoreBefore is the score when the hand was dealt.
func (d *doc) scoreBefore() string {
	s := d.full
	if p, err := replay.Resolve(d.full, replay.Moment{Kind: replay.Dealt, Hand: d.h.Number}); err == nil {
		if before, err := replay.FoldAt(d.full, d.envs, p); err == nil {
			s = before
		}
	}
	return replay.ScoreSummary(s.Score(), d.names)
}

// diagram writes the four hands (as dealt, or remaining at the moment) in
// a code block, then the notes on the deal and, at a moment, where the play
// stands.
func (d *doc) diagram() {
	h := d.h
	seats := h.Seating.Seats
	dg := replay.Diagram{Hands: make([]cards.Set, seats), Known: make([]bool, seats), Labels: make([]string, seats),
		Rose: d.names.Short, ASCII: d.ascii}
	for seat := range seats {
		dg.Known[seat] = h.Known(cards.Seat(seat))
		dg.Hands[seat] = h.Dealt[seat]
		if d.at != nil {
			dg.Hands[seat] = h.Held[seat]
		}
		dg.Labels[seat] = d.names.Long[seat]
		if p := replay.Clean(d.full.Player(cards.Seat(seat))); p != "" {
			dg.Labels[seat] += ": " + p
		}
	}
	if d.at == nil {
		dg.Widow = h.Widow
	}
	d.printf("```\n%s\n```\n\n", strings.Join(dg.Lines(), "\n"))
	if d.ref(h.DealID) != "" {
		d.noteList([]events.ID{h.DealID}, func(events.ID) string { return "The deal" })
	}
	if d.at != nil && h.Phase != game.PhaseDone {
		d.position()
	}
}

// position says where the hand stands at the moment: the stage, the trick
// on the table, whose turn, the tricks so far.
func (d *doc) position() {
	h := d.h
	var parts []string
	switch h.Phase {
	case game.PhaseAuction:
		parts = append(parts, fmt.Sprintf("The auction is not over; %s to call.", d.names.Long[h.Turn]))
	case game.PhasePlay:
		parts = append(parts, d.contractLine()+".")
		if t := h.CurrentTrick(); t != nil && len(t.Cards) > 0 {
			var cs []string
			for _, p := range t.Cards {
				cs = append(cs, d.names.Short[p.Seat]+" "+replay.CardText(p.Card, d.ascii))
			}
			parts = append(parts, fmt.Sprintf("On the table, trick %d: %s.", len(h.Tricks), strings.Join(cs, ", ")))
		}
		who := d.names.Long[h.Turn]
		if h.Turn == h.Dummy {
			who += " (dummy)"
		}
		parts = append(parts, fmt.Sprintf("Tricks so far: %s; %s to play.", d.tricksWon(h.Won), who))
	default:
		parts = append(parts, fmt.Sprintf("Phase: %s.", h.Phase))
	}
	d.printf("%s\n\n", strings.Join(parts, " "))
}

// contractLine is "2NT by East, West dummy"; in a hand nobody declares,
// what made the trump: the card turned up (whist), or nobody bidding (Five
// Hundred, played at no trumps).
func (d *doc) contractLine() string {
	c := d.h.Contract
	if c == nil {
		return "No contract"
	}
	if c.Declarer == cards.NoSeat {
		switch {
		case d.h.TurnUp != cards.NoCard:
			return fmt.Sprintf("Trumps: %s, %s turned up by %s", c.Strain.Name(), replay.CardText(d.h.TurnUp, d.ascii), d.names.Long[d.h.Dealer])
		case len(d.h.Calls) > 0:
			return "Nobody bid: played at " + c.Strain.Name()
		}
		return "Trumps: " + c.Strain.Name()
	}
	line := fmt.Sprintf("%s by %s", replay.ContractShort(c, d.ascii), d.names.Long[c.Declarer])
	if d.h.Dummy != cards.NoSeat {
		line += fmt.Sprintf(", %s dummy", d.names.Long[d.h.Dummy])
	}
	return line
}

// tricksTaken is "NS took 12 tricks, EW 1".
func (d *doc) tricksTaken(won []int) string {
	var parts []string
	for s, n := range won {
		if s == 0 {
			parts = append(parts, fmt.Sprintf("%s took %s", d.names.Sides[s], replay.Count(n, "trick")))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d", d.names.Sides[s], n))
	}
	return strings.Join(parts, ", ")
}

// tricksWon is "NS 3, EW 5".
func (d *doc) tricksWon(won []int) string {
	var parts []string
	for s, n := range won {
		parts = append(parts, fmt.Sprintf("%s %d", d.names.Sides[s], n))
	}
	return strings.Join(parts, ", ")
}

// auction writes the calls in a table, a column for each seat from the
// first to call (the dealer in the bridge codes, the eldest hand at Five
// Hundred) round the table, a row for each round; a seat that calls no
// more is passed over. A game without an auction (whist) says instead how
// the trump was made.
func (d *doc) auction() {
	h := d.h
	if len(h.Calls) == 0 && h.Phase != game.PhaseAuction {
		d.turnUp()
		return
	}
	d.printf("## Auction\n\n")
	l := replay.LayOutAuction(h)
	head, rule := []string{}, []string{}
	for _, seat := range l.Seats {
		head = append(head, d.names.Long[seat])
		rule = append(rule, "---")
	}
	d.printf("| %s |\n| %s |\n", strings.Join(head, " | "), strings.Join(rule, " | "))
	var called []events.ID
	rows := len(l.Rows)
	if l.TurnRow >= rows {
		rows = l.TurnRow + 1
	}
	for r := range rows {
		row := make([]string, len(l.Seats))
		if r < len(l.Rows) {
			for k, i := range l.Rows[r] {
				if i < 0 {
					continue
				}
				c := h.Calls[i]
				row[k] = replay.CallText(c.Call, d.ascii)
				if ref := d.ref(c.ID); ref != "" {
					row[k] += ref
					called = append(called, c.ID)
				}
			}
		}
		if r == l.TurnRow {
			row[l.TurnCol] = "?"
		}
		d.printf("| %s |\n", strings.Join(row, " | "))
	}
	d.printf("\n")
	switch {
	case h.Phase == game.PhaseAuction:
	case h.Contract == nil:
		d.printf("Passed out.\n\n")
	default:
		line := d.contractLine()
		if len(h.Discards) > 0 {
			var cs []string
			for _, c := range h.Discards {
				cs = append(cs, replay.CardText(c, d.ascii))
			}
			line += fmt.Sprintf("; %s takes the widow and lays away %s", d.names.Long[h.Contract.Declarer], strings.Join(cs, " "))
		}
		if len(h.Tricks) > 0 {
			line += fmt.Sprintf("; %s leads", d.names.Long[h.Tricks[0].Leader])
		}
		d.printf("%s.\n\n", line)
	}
	d.noteList(called, func(id events.ID) string {
		for _, c := range h.Calls {
			if c.ID == id {
				return d.names.Short[c.Seat] + " " + replay.CallText(c.Call, d.ascii)
			}
		}
		return ""
	})
}

// turnUp writes, for a game without an auction, the card the dealer turned
// up for the trump and who leads.
func (d *doc) turnUp() {
	h := d.h
	if h.Contract == nil || h.TurnUp == cards.NoCard {
		return
	}
	d.printf("## Trumps\n\n")
	line := fmt.Sprintf("%s, the dealer, turned up %s: %s are trumps", d.names.Long[h.Dealer], replay.CardText(h.TurnUp, d.ascii), h.Contract.Strain.Name())
	if len(h.Tricks) > 0 {
		line += fmt.Sprintf("; %s leads", d.names.Long[h.Tricks[0].Leader])
	}
	d.printf("%s.\n\n", line)
}

// play writes the tricks: the cards in the order played from the leader,
// the winning card in bold, the winner and the running count of tricks.
func (d *doc) play() {
	h := d.h
	played := 0
	for _, t := range h.Tricks {
		played += len(t.Cards)
	}
	if played == 0 {
		return
	}
	d.printf("## Play\n\n")
	seats := h.Seating.Seats
	head := []string{"Trick"}
	rule := []string{"---:"}
	ordinals := []string{"1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"}
	for i := range seats {
		name := fmt.Sprintf("%dth", i+1)
		if i < len(ordinals) {
			name = ordinals[i]
		}
		head, rule = append(head, name), append(rule, "---")
	}
	head, rule = append(head, "Won by"), append(rule, "---")
	for _, s := range d.names.Sides {
		head, rule = append(head, s), append(rule, "---:")
	}
	d.printf("| %s |\n| %s |\n", strings.Join(head, " | "), strings.Join(rule, " | "))
	won := make([]int, len(d.names.Sides))
	var annotated []events.ID
	for i, t := range h.Tricks {
		if len(t.Cards) == 0 {
			continue
		}
		row := []string{fmt.Sprint(i + 1)}
		for k, p := range t.Cards {
			cell := d.names.Short[p.Seat] + " " + replay.CardText(p.Card, d.ascii)
			if k == 0 && t.Named {
				// The suit the leader named for a card of no suit: Five
				// Hundred's Joker led at no trumps.
				cell += " for " + replay.SuitText(t.LedAs, d.ascii)
			}
			if t.Winner == p.Seat {
				cell = "**" + cell + "**"
			}
			if r := d.ref(p.ID); r != "" {
				cell += r
				annotated = append(annotated, p.ID)
			}
			row = append(row, cell)
		}
		for len(row) < 1+seats {
			row = append(row, "")
		}
		if t.Winner != cards.NoSeat {
			won[h.Seating.SideOf(t.Winner)]++
			row = append(row, d.names.Short[t.Winner])
			for _, n := range won {
				row = append(row, fmt.Sprint(n))
			}
		} else {
			row = append(row, "")
			for range won {
				row = append(row, "")
			}
		}
		d.printf("| %s |\n", strings.Join(row, " | "))
	}
	d.printf("\n")
	d.noteList(annotated, func(id events.ID) string {
		for i, t := range h.Tricks {
			for _, p := range t.Cards {
				if p.ID == id {
					return fmt.Sprintf("Trick %d, %s %s", i+1, d.names.Short[p.Seat], replay.CardText(p.Card, d.ascii))
				}
			}
		}
		return ""
	})
}

// result writes how the hand ended and what it scored.
func (d *doc) result() {
	h := d.h
	d.printf("## Result\n\n")
	switch {
	case h.Contract == nil && len(h.Tricks) == 0:
		d.printf("Passed out; the deal passes.\n\n")
	default:
		line := d.contractLine() + ". " + d.tricksTaken(h.Won)
		if c := h.Claim; c != nil {
			done := 0
			for _, t := range h.Tricks {
				if t.Winner != cards.NoSeat {
					done++
				}
			}
			line += fmt.Sprintf("; the last %d by a claim (%s claimed %d of them)",
				d.state.Rules.Tricks()-done, d.names.Long[c.Seat], c.Tricks)
		}
		d.printf("%s.\n\n", line)
	}
	var others []events.ID
	for _, st := range d.full.Steps {
		if st.Hand != h.Number || st.ID == h.DealID || d.refs[st.ID] != 0 || len(d.notes[st.ID]) == 0 {
			continue
		}
		if d.at != nil && st.Version > d.at.Version {
			continue
		}
		d.ref(st.ID)
		others = append(others, st.ID)
	}
	d.noteList(others, func(id events.ID) string {
		st, _ := d.full.StepOf(id)
		if h.Claim != nil && h.Claim.ID == id {
			return "The claim"
		}
		return st.Type
	})
	d.scoreEntries()
}

// scoreEntries writes the score sheet's entries for this hand, each with
// the law that produced it, and the score after the hand.
func (d *doc) scoreEntries() {
	sheet := d.state.Score()
	if d.at == nil {
		// The whole hand: the score as the hand's last step left it, not
		// as later hands have made it.
		if c, err := replay.NewCursor(d.envs, d.full, d.h.Number); err == nil {
			c.Last()
			if after, err := c.State(); err == nil {
				sheet = after.Score()
			}
		}
	}
	type row struct {
		e    game.Entry
		line string
	}
	// A ruleset may keep the same entries in more than one form (Five
	// Hundred's tally and rubber); the first form that has any is used, in
	// the order ScoreSummary reads them.
	var rows []row
	for _, b := range sheet.Boards {
		for _, e := range b.Entries {
			if e.Hand == d.h.Number {
				rows = append(rows, row{e, ""})
			}
		}
	}
	for _, t := range sheet.Tally {
		for _, e := range t.Entries {
			if e.Hand == d.h.Number && len(sheet.Boards) == 0 {
				rows = append(rows, row{e, ""})
			}
		}
	}
	for _, r := range sheet.Rubbers {
		for _, e := range r.Entries {
			if e.Hand == d.h.Number && len(sheet.Boards) == 0 && len(sheet.Tally) == 0 {
				line := "below"
				if e.Above {
					line = "above"
				}
				rows = append(rows, row{e, line})
			}
		}
	}
	if len(rows) == 0 {
		d.printf("The score sheet has no entry for this hand.\n\n")
	} else {
		// A list rather than a table: the laws are sentences, and a table
		// of sentences is unreadable in an 80-column terminal. The lead-in
		// keeps it from running into a list of notes just before.
		d.printf("The score sheet for this hand:\n\n")
		for _, r := range rows {
			side := r.e.Side.String()
			if int(r.e.Side) >= 0 && int(r.e.Side) < len(d.names.Sides) {
				side = d.names.Sides[r.e.Side]
			}
			line := fmt.Sprintf("- %s %d", side, r.e.Points)
			if r.line != "" {
				line += ", " + r.line + " the line"
			}
			line += ": " + Text(r.e.Label)
			if r.e.GameLine {
				line += "; game"
			}
			line += "."
			if law := Text(r.e.Law); law != "" {
				line += " *" + law + "*"
			}
			d.printf("%s\n", line)
		}
		d.printf("\n")
	}
	d.printf("Score after the hand: %s.\n", replay.ScoreSummary(sheet, d.names))
}
