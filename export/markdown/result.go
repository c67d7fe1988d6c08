package markdown

import (
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// result writes how the hand ended and what it scored.
func (d *doc) result() {
	h := d.h
	d.printf("## Result\n\n")
	switch {
	case h.Annulled:
		d.printf("A new deal was demanded: the hand is void, scores nothing, and the same dealer deals again.\n\n")
	case h.Contract == nil && len(h.Tricks) == 0:
		d.printf("Passed out; the deal passes.\n\n")
	default:
		line := d.contractLine(h) + ". " + d.tricksTaken(h.Won)
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
	var others []noteKey
	for _, st := range d.full.Steps {
		k := noteKey{st.ID, table.NoteOnEvent}
		if st.Hand != h.Number || st.ID == h.DealID || d.refs[k] != 0 || len(d.notes[k]) == 0 {
			continue
		}
		if d.at != nil && st.Version > d.at.Version {
			continue
		}
		d.ref(k)
		others = append(others, k)
	}
	d.noteList(others, func(k noteKey) string {
		st, _ := d.full.StepOf(k.id)
		if h.Claim != nil && h.Claim.ID == k.id {
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
			} else if errors.Is(err, replay.ErrWholeLog) {
				d.wholeLog = true
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
				switch {
				case r.Running:
					line = "" // a running score has no line
				case e.Above:
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
			switch {
			case len(sheet.Sides) > 0:
				side = Text(replay.SheetSideName(sheet, d.h.Seating, r.e.Side))
			case int(r.e.Side) >= 0 && int(r.e.Side) < len(d.names.Sides):
				side = d.names.Sides[r.e.Side]
			}
			line := fmt.Sprintf("- %s %d", side, r.e.Points)
			if r.line != "" {
				line += ", " + r.line + " the line"
			}
			line += ": " + Text(replay.InNames(r.e.Label, d.h.Seating, d.names, d.ascii))
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
	d.printf("Score after the hand: %s.\n\n", replay.ScoreSummary(sheet, d.names))
}
