package markdown

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// grid is a table being written: its header, alignments and rows. It is
// written as a Markdown table, or, when Options.Width says a terminal is
// too narrow for it, folded into a list, a row an item.
type grid struct {
	head  []string
	align []string // "---" or "---:", by column
	rows  [][]string
	// fold writes a row as a list item, for a narrow terminal.
	fold func(row []string) string
}

// tableMargin is what glamour adds to a table's cells in a terminal: the
// document's margin either side and a rule and a space between cells.
const tableMargin = 4

// width is how many columns the table takes when glamour draws it: each
// column as wide as its widest cell (emphasis marks are not drawn), three
// for each rule between, and the margins.
func (g grid) width() int {
	widths := make([]int, len(g.head))
	for _, row := range append([][]string{g.head}, g.rows...) {
		for i, c := range row {
			if i < len(widths) {
				widths[i] = max(widths[i], replay.Width(strings.ReplaceAll(c, "**", "")))
			}
		}
	}
	w := tableMargin + 3*(len(widths)-1) + 2
	for _, cw := range widths {
		w += cw
	}
	return w
}

func (d *doc) writeGrid(g grid) {
	if d.opts.Width > 0 && g.width() > d.opts.Width {
		for _, row := range g.rows {
			d.printf("- %s\n", g.fold(row))
		}
		d.printf("\n")
		return
	}
	d.printf("| %s |\n| %s |\n", strings.Join(g.head, " | "), strings.Join(g.align, " | "))
	for _, row := range g.rows {
		d.printf("| %s |\n", strings.Join(row, " | "))
	}
	d.printf("\n")
}

// auction writes the calls in a table, a column for each seat from the
// first to call (the dealer in the bridge codes, Foster's Z, the eldest
// hand at Five Hundred) round the table, a row for each round; a seat that
// calls no more is passed over. A game without an auction (whist) says
// instead how the trump was made.
func (d *doc) auction() {
	h := d.h
	if len(h.Calls) == 0 && h.Phase != game.PhaseAuction {
		d.turnUp()
		return
	}
	phase, _ := replay.AuctionWords(d.full.Rules)
	d.printf("## %s%s\n\n", strings.ToUpper(phase[:1]), phase[1:])
	l := replay.LayOutAuction(h)
	g := grid{}
	for _, seat := range l.Seats {
		g.head = append(g.head, d.seatName(seat))
		g.align = append(g.align, "---")
	}
	g.fold = func(row []string) string {
		var parts []string
		for k, c := range row {
			if c != "" {
				parts = append(parts, d.names.Short[l.Seats[k]]+" "+c)
			}
		}
		return strings.Join(parts, ", ")
	}
	var called []noteKey
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
				row[k] = d.callText(c.Call)
				key := noteKey{c.ID, table.NoteOnEvent}
				if len(d.notes[key]) > 0 {
					row[k] += d.ref(key)
					called = append(called, key)
				}
			}
		}
		if r == l.TurnRow {
			row[l.TurnCol] = "?"
		}
		g.rows = append(g.rows, row)
	}
	d.writeGrid(g)
	switch {
	case h.Phase == game.PhaseAuction:
	case h.Annulled && h.Contract == nil:
		d.printf("A new deal: the hand is void.\n\n")
	case h.Contract == nil:
		d.printf("Passed out.\n\n")
	default:
		line := d.contractLine(h)
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
	d.noteList(called, func(k noteKey) string {
		for _, c := range h.Calls {
			if c.ID == k.id {
				return d.names.Short[c.Seat] + " " + d.callText(c.Call)
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

// firstTrick is the index of the first trick the play table shows: with
// From, the trick in progress then, or the next one.
func (d *doc) firstTrick() int {
	if d.fromHand == nil {
		return 0
	}
	return d.fromHand.CompletedTricks()
}

// play writes the tricks: the cards in the order played from the leader,
// the winning card in bold, the winner and the running count of tricks. A
// note on a trick as a whole is marked on its number.
func (d *doc) play() {
	h := d.h
	first := d.firstTrick()
	played := 0
	for i, t := range h.Tricks {
		if i >= first {
			played += len(t.Cards)
		}
	}
	if played == 0 {
		return
	}
	d.printf("## Play\n\n")
	seats := h.Playing() // a card from each hand that plays: Humbug's tricks are of two
	g := grid{head: []string{"Trick"}, align: []string{"---:"}}
	ordinals := []string{"1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"}
	for i := range seats {
		name := fmt.Sprintf("%dth", i+1)
		if i < len(ordinals) {
			name = ordinals[i]
		}
		g.head, g.align = append(g.head, name), append(g.align, "---")
	}
	g.head, g.align = append(g.head, "Won by"), append(g.align, "---")
	for _, s := range d.names.Sides {
		g.head, g.align = append(g.head, s), append(g.align, "---:")
	}
	g.fold = func(row []string) string {
		var cs []string
		for _, c := range row[1 : 1+seats] {
			if c != "" {
				cs = append(cs, c)
			}
		}
		line := fmt.Sprintf("Trick %s: %s", row[0], strings.Join(cs, ", "))
		if row[1+seats] != "" {
			// The winner's card is in bold; the running count follows.
			var counts []string
			for s, n := range row[2+seats:] {
				counts = append(counts, d.names.Sides[s]+" "+n)
			}
			line += "; " + strings.Join(counts, ", ")
		}
		return line
	}
	won := make([]int, len(d.names.Sides))
	var annotated []noteKey
	for i, t := range h.Tricks {
		if t.Winner != cards.NoSeat {
			won[h.Seating.SideOf(t.Winner)]++
		}
		if len(t.Cards) == 0 || i < first {
			continue
		}
		row := []string{fmt.Sprint(i + 1)}
		if t.Winner != cards.NoSeat {
			key := noteKey{t.Cards[len(t.Cards)-1].ID, table.NoteOnTrick}
			if len(d.notes[key]) > 0 {
				if r := strings.TrimSpace(d.ref(key)); r != "" {
					row[0] += " " + r
				}
				annotated = append(annotated, key)
			}
		}
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
			key := noteKey{p.ID, table.NoteOnEvent}
			if len(d.notes[key]) > 0 {
				cell += d.ref(key)
				annotated = append(annotated, key)
			}
			if m := d.ddMark(p.ID); m != "" {
				cell += " " + m
			}
			row = append(row, cell)
		}
		for len(row) < 1+seats {
			row = append(row, "")
		}
		if t.Winner != cards.NoSeat {
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
		g.rows = append(g.rows, row)
		if d.opts.Notes == NotesInline && len(annotated) > 0 {
			// The columnist's layout: the table stops after the trick,
			// its notes follow as prose, and the table takes up again.
			d.writeGrid(g)
			d.noteList(annotated, d.playNoteTarget)
			g.rows, annotated = nil, nil
		}
	}
	if len(g.rows) > 0 {
		d.writeGrid(g)
	}
	d.ddLegend(h)
	d.noteList(annotated, d.playNoteTarget)
}

// playNoteTarget says what a note in the play is on: "Trick 5" for the
// trick as a whole, "Trick 5, N ♣A" for a card.
func (d *doc) playNoteTarget(k noteKey) string {
	for i, t := range d.h.Tricks {
		for _, p := range t.Cards {
			if p.ID != k.id {
				continue
			}
			if k.on == table.NoteOnTrick {
				return fmt.Sprintf("Trick %d", i+1)
			}
			return fmt.Sprintf("Trick %d, %s %s", i+1, d.names.Short[p.Seat], replay.CardText(p.Card, d.ascii))
		}
	}
	return ""
}
