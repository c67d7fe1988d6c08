package pbnsession

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
)

// slotKind is the kind of event a note is on.
type slotKind uint8

const (
	onDeal slotKind = iota
	onSession
	onCall  // i: index of the call in the auction section
	onCard  // i: index of the entry in the play section
	onClaim // what ends the play: a claim (a "*" in the play section), or the result given
	// onContract: commentary after the Contract tag: on the contract when
	// it is given (auction.contract), else on the deal.
	onContract
)

// slot is what a note is on, before the events exist.
type slot struct {
	kind slotKind
	i    int
}

// pendingNote is a note waiting for its event.
type pendingNote struct {
	text, glyph string
	line        int
}

// addNote records a note on target, signed by the record's Annotator.
func (rc *record) addNote(target events.ID, n pendingNote) error {
	if _, err := rc.b.Add(rc.at(), &table.Noted{Target: target, Text: n.text, Glyph: n.glyph, By: text(rc.g, "Annotator")}); err != nil {
		return fail(rc.g, n.line, err)
	}
	return nil
}

// addNotes records the notes of a slot on target: ann (a call's or card's
// own annotation) first.
func (rc *record) addNotes(target events.ID, sl slot, ann *pendingNote) error {
	list := rc.notes[sl]
	delete(rc.notes, sl)
	if ann != nil {
		list = append([]pendingNote{*ann}, list...)
	}
	for _, n := range list {
		if err := rc.addNote(target, n); err != nil {
			return err
		}
	}
	return nil
}

// routeNotes places the record's commentary and unreferenced notes (see
// the package doc); annotations are placed as their calls and cards are
// recorded. claims says the play ends by a claim or a result, which takes
// the commentary after the play and after the Result tag.
func (rc *record) routeNotes(claims bool) map[slot][]pendingNote {
	g, first := rc.g, rc.first
	out := map[slot][]pendingNote{}
	put := func(sl slot, n pendingNote) { out[sl] = append(out[sl], n) }
	a, pl := g.Auction, g.Play
	var calls []pbn.AuctionCall
	var auctionNotes map[int]string
	if a != nil {
		calls, auctionNotes = a.Calls, a.Notes
	}
	lastCall := func() slot {
		for i := len(calls) - 1; i >= 0; i-- {
			if calls[i].Placeholder == 0 {
				return slot{onCall, i}
			}
		}
		return slot{kind: onDeal}
	}
	// cardBefore is the slot of the last card written before entry k of the
	// play section.
	cardBefore := func(k int) slot {
		if pl != nil {
			for j := k - 1; j >= 0; j-- {
				if c := pl.Tricks[j/4][j%4]; c.Placeholder == 0 {
					return slot{onCard, j}
				}
			}
		}
		return lastCall()
	}
	referenced := func(section string, n int) slot {
		switch {
		case section == "Auction":
			for i, c := range calls {
				if c.Note == n {
					return slot{onCall, i}
				}
			}
		case section == "Play" && pl != nil:
			k := 0
			for _, row := range pl.Tricks {
				for _, c := range row {
					if c.Placeholder == 0 && c.Note == n {
						return slot{onCard, k}
					}
					k++
				}
			}
		}
		return slot{kind: onDeal}
	}
	for _, c := range g.Comments {
		n := pendingNote{text: strings.TrimSpace(c.Text), line: c.Line}
		if n.text == "" {
			continue
		}
		switch p := c.Pos; p.After {
		case "":
			if first {
				put(slot{kind: onSession}, n)
			} else {
				put(slot{kind: onDeal}, n)
			}
		case "Auction":
			if p.Index == 0 {
				put(slot{kind: onDeal}, n)
			} else {
				put(slot{onCall, p.Index - 1}, n)
			}
		case "Play":
			if claims && pl != nil && p.Index >= pl.Entries() {
				put(slot{kind: onClaim}, n)
			} else {
				put(cardBefore(p.Index), n)
			}
		case "Note":
			put(referenced(p.Section, p.Note), n)
		case "Contract":
			put(slot{kind: onContract}, n)
		case "Result":
			if claims {
				put(slot{kind: onClaim}, n)
			} else {
				put(slot{kind: onDeal}, n)
			}
		default:
			put(slot{kind: onDeal}, n)
		}
	}
	// Notes nothing refers to are kept on the deal, with their number. A
	// note of the record (outside the sections) is referred to by a call or
	// card whose own section lacks that number (or by hoyle's HoyleAuction).
	var playNotes map[int]string
	if pl != nil {
		playNotes = pl.Notes
	}
	used := func(section string, own map[int]string, n int) bool {
		_, shadowed := own[n]
		return referenced(section, n).kind != onDeal && !shadowed
	}
	hoyleRefs := rc.hoyleRefs()
	unreferenced := func(notes map[int]string, isUsed func(int) bool, line int) {
		for _, num := range slices.Sorted(maps.Keys(notes)) {
			if !isUsed(num) {
				// "3: text"; a note with no text is "3:", as commentary
				// reads it back.
				text := strings.TrimSpace(fmt.Sprintf("%d: %s", num, notes[num]))
				put(slot{kind: onDeal}, pendingNote{text: text, line: line})
			}
		}
	}
	if a != nil {
		unreferenced(auctionNotes, func(n int) bool { return referenced("Auction", n).kind != onDeal }, a.Line)
	}
	if pl != nil {
		unreferenced(pl.Notes, func(n int) bool { return referenced("Play", n).kind != onDeal }, pl.Line)
	}
	unreferenced(g.Notes, func(n int) bool {
		return used("Auction", auctionNotes, n) || used("Play", playNotes, n) || hoyleRefs[n]
	}, g.Line)
	return out
}

// hoyleRefs are the note numbers HoyleAuction refers to.
func (rc *record) hoyleRefs() map[int]bool {
	out := map[int]bool{}
	for _, tok := range strings.Fields(rc.hoyleTag(tagAuction)) {
		if strings.HasPrefix(tok, "=") {
			var n int
			if _, err := fmt.Sscanf(tok, "=%d=", &n); err == nil {
				out[n] = true
			}
		}
	}
	return out
}

// annotation is the note a call's or card's annotation makes: the text of
// its "=n=" note (from the section's notes, or the record's), and its
// suffix or numeric glyph; nil when it has neither.
func (rc *record) annotation(a pbn.Annotation, notes map[int]string, line int) *pendingNote {
	g := rc.g
	n := pendingNote{glyph: a.Suffix, line: line}
	if a.Note != 0 {
		t, ok := notes[a.Note]
		if !ok {
			t, ok = g.Notes[a.Note]
		}
		if ok {
			n.text = t
		} else {
			rc.warn(line, "board %s: note =%d= has no [Note \"%d:...\"]; the reference is dropped", boardText(g), a.Note, a.Note)
		}
	}
	for _, nag := range a.NAGs {
		if gl := build.Glyph(nag); gl != "" && n.glyph == "" {
			n.glyph = gl
		} else {
			rc.warn(line, "board %s: glyph $%d has no place in hoyle's notes; dropped", boardText(g), nag)
		}
	}
	if len(a.Irregularities) > 0 {
		rc.warn(line, "board %s: irregularity marks %v are not recorded", boardText(g), a.Irregularities)
	}
	if n.text == "" && n.glyph == "" {
		return nil
	}
	return &n
}
