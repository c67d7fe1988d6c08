package markdown

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
)

// Labels says whether a write-up's notes carry their moments.
type Labels uint8

// The label styles.
const (
	// LabelsNone: notes say what they are on ("S 1♠", "Trick 3"), for
	// readers; the default of hoyle export.
	LabelsNone Labels = iota
	// LabelsMoments: notes also carry the moment they are at ("S 1♠
	// (1.a1)"), which hoyle show --at and note --at take; the default of
	// hoyle show, for a reviewer.
	LabelsMoments
)

// String is the style's name as --labels takes it.
func (l Labels) String() string {
	if l == LabelsMoments {
		return "moments"
	}
	return "none"
}

// ParseLabels reads "none" (or "") or "moments"; other text is a
// *cards.TokenError unwrapping to ErrBadLabels.
func ParseLabels(tok string) (Labels, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "", "none":
		return LabelsNone, nil
	case "moments":
		return LabelsMoments, nil
	}
	return 0, &cards.TokenError{Kind: ErrBadLabels, Token: tok, Reason: "the label styles are none (for readers) and moments (1.a1, 1.5: for a reviewer)"}
}

// NotesStyle says where a write-up places its notes.
type NotesStyle uint8

// The note styles.
const (
	// NotesFootnotes: a note's place in a table is marked with its glyph
	// and a number, and the notes follow the table as a numbered list;
	// the default.
	NotesFootnotes NotesStyle = iota
	// NotesInline: the columnist's layout. The notes are prose, a
	// paragraph each, after the trick they belong to: the play table
	// stops there and takes up again after them; a call's notes follow
	// the auction. A place in a table keeps its glyph, without a number.
	NotesInline
)

// String is the style's name as --notes takes it.
func (n NotesStyle) String() string {
	if n == NotesInline {
		return "inline"
	}
	return "footnotes"
}

// ParseNotes reads "footnotes" (or "") or "inline"; other text is a
// *cards.TokenError unwrapping to ErrBadNotes.
func ParseNotes(tok string) (NotesStyle, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "", "footnotes":
		return NotesFootnotes, nil
	case "inline":
		return NotesInline, nil
	}
	return 0, &cards.TokenError{Kind: ErrBadNotes, Token: tok, Reason: "notes go as footnotes (numbered, after each table) or inline (prose after the trick they belong to, as a column prints them)"}
}

// noteKey is what notes are on: an event, or the trick or hand it
// completes or deals.
type noteKey struct {
	id events.ID
	on table.NoteOn
}

// collectNotes gathers the notes told: those on the hand's steps from the
// moment the narrative starts (From) to the moment it stops (At). A note
// on the hand as a whole is told whatever the moments; notes on the play
// are not told without the play table.
func (d *doc) collectNotes(number int) {
	d.notes = map[noteKey][]projections.Note{}
	for _, st := range d.full.Steps {
		if st.Hand != number || (d.at != nil && st.Version > d.at.Version) {
			continue
		}
		for _, n := range d.full.NotesOn(st.ID) {
			before := d.from != nil && st.Version <= d.from.Version
			switch {
			case n.On == table.NoteOnHand:
			case before:
				continue
			case d.opts.NoPlay && (n.On == table.NoteOnTrick || st.Type == table.TypePlayed):
				continue
			}
			k := noteKey{st.ID, n.On}
			d.notes[k] = append(d.notes[k], n)
		}
	}
}

// ref gives the notes on k a reference number, in order of appearance,
// and returns the marker for a table cell: the glyphs and "(n)".
func (d *doc) ref(k noteKey) string {
	ns := d.notes[k]
	if len(ns) == 0 {
		return ""
	}
	n, ok := d.refs[k]
	if !ok {
		d.next++
		n, d.refs[k] = d.next, d.next
	}
	if d.opts.Notes == NotesInline {
		return glyphs(ns) // the note follows as prose: no number to find it by
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

// noteList writes the notes on the given keys as a list, each with its
// reference, what it is on, its moment when Labels asks for it, and its
// glyph.
func (d *doc) noteList(keys []noteKey, what func(k noteKey) string) {
	var lines []string
	for _, k := range keys {
		moment := ""
		if d.opts.Labels == LabelsMoments {
			st, _ := d.full.StepOf(k.id)
			moment = " (" + replay.MomentOf(d.full, st).String() + ")"
		}
		for _, n := range d.notes[k] {
			line := fmt.Sprintf("- (%d) %s%s%s:", d.refs[k], what(k), Text(n.Glyph), moment)
			if d.opts.Notes == NotesInline {
				// Prose: what it is on, in bold, then the note.
				line = fmt.Sprintf("**%s%s**%s", what(k), Text(n.Glyph), moment)
			}
			if t := Text(n.Text); t != "" {
				line += " " + t
			}
			if by := Text(n.By); by != "" {
				line += " (" + by + ")"
			}
			lines = append(lines, line)
		}
	}
	sep := "\n"
	if d.opts.Notes == NotesInline {
		sep = "\n\n" // a paragraph each
	}
	if len(lines) > 0 {
		d.printf("%s\n\n", strings.Join(lines, sep))
	}
}

// commentary writes the notes on the hand as a whole, a paragraph each,
// after everything else: the writer's word on the hand.
func (d *doc) commentary() {
	ns := d.notes[noteKey{d.h.DealID, table.NoteOnHand}]
	if len(ns) == 0 {
		return
	}
	d.printf("## Commentary\n\n")
	for _, n := range ns {
		var parts []string
		if g := Text(n.Glyph); g != "" {
			parts = append(parts, "**"+g+"**")
		}
		if t := Text(n.Text); t != "" {
			parts = append(parts, t)
		}
		line := strings.Join(parts, " ")
		if by := Text(n.By); by != "" {
			line += " (" + by + ")"
		}
		d.printf("%s\n\n", line)
	}
}

// parseHide reads Options.Hide into the seats hidden: each word a seat as
// the write-up names it (short or long: "E", "East", Foster's "A"), a
// player's name, or a side ("EW", Foster's "AB"), several to a word
// between commas. A word that names nothing is a *cards.TokenError
// unwrapping to ErrBadSeat.
func (d *doc) parseHide(words []string) ([]bool, error) {
	seats := d.h.Seating.Seats
	if len(words) == 0 {
		return nil, nil
	}
	hidden := make([]bool, seats)
	for _, w := range words {
		for _, tok := range strings.FieldsFunc(w, func(r rune) bool { return r == ',' || r == ' ' }) {
			// A seat as the write-up names it wins over a player of the
			// same name (Foster's seat A against a player called A): a
			// word means one thing, and the seat letters are the
			// write-up's own.
			found := false
			for seat := range seats {
				if strings.EqualFold(tok, d.names.Short[seat]) || strings.EqualFold(tok, d.names.Long[seat]) ||
					(d.opts.Seats != replay.FosterSeats && strings.EqualFold(tok, d.h.Seating.Names[seat])) {
					hidden[seat], found = true, true
				}
			}
			seatNamed := found
			for seat := range seats {
				s := cards.Seat(seat)
				if !seatNamed && d.h.PlayedFrom(s) == s && strings.EqualFold(tok, replay.Clean(d.full.PlayerIn(d.h, s))) {
					hidden[seat], found = true, true
				}
			}
			for side, name := range d.names.Sides {
				if strings.EqualFold(tok, name) {
					for seat := range seats {
						if int(d.h.Seating.SideOf(cards.Seat(seat))) == side {
							hidden[seat], found = true, true
						}
					}
				}
			}
			if !found {
				var names []string
				first := 0
				if d.opts.Seats == replay.FosterSeats {
					first = int(d.h.Dealer) // Z, A, Y, B
				}
				for k := range seats {
					names = append(names, d.names.Short[(first+k)%seats])
				}
				return nil, &cards.TokenError{Kind: ErrBadSeat, Token: tok,
					Reason: fmt.Sprintf("hide a seat (%s), a player or a side (%s)", strings.Join(names, ", "), strings.Join(d.names.Sides, ", "))}
			}
		}
	}
	return hidden, nil
}
