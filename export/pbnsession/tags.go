package pbnsession

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/pbn"
)

// hoyle's own tags: what a session of another game than contract bridge
// needs beyond what PBN says, so that hoyle reads back exactly what it
// wrote. Other programs ignore tags they do not know (PBN 2.1), and read
// the rest: the deal, the play, the contract in contract bridge's strains,
// the result and the score. Their names carry hoyle's name, as the
// standard asks of a program's own tags (tag names are letters, digits and
// underscores, so not "hoyle:Game").
const (
	tagGame     = "HoyleGame"     // the ruleset ("auction", "bridge")
	tagOptions  = "HoyleOptions"  // its options: "name=value ..." (for contract bridge, when Scoring does not give them all)
	tagAuction  = "HoyleAuction"  // the calls in the game's words, each followed by its notes' references ("=n=", with a glyph: "=n=!?")
	tagContract = "HoyleContract" // a contract given without the calls, in the game's words ("2RX")
	tagHonours  = "HoyleHonours"  // honours claimed at the table: "NS 4 EW 3"
	tagBoard    = "HoyleBoard"    // "none": a hand not dealt as a board, as at rubber bridge (the Board tag holds its number in the session)
	tagClose    = "HoyleClose"    // the session was closed after this hand; the value is the reason
	tagMovement = "HoyleMovement" // the pairs movement of the table's event ("mitchell:5x3"), which PBN has no tag for
	tagRuling   = "HoyleRuling"   // the director's rulings in force on the board at this table, each as hoyle adjust takes it, ";" between them
	tagFouled   = "HoyleFouled"   // "Law 87": the board's cards at this table differ from the event's hand record
	tagRoster   = "HoyleRoster"   // the sides ("NS EW") whose players' names are the event's roster's, not only the table's
)

var hoyleTags = map[string]bool{tagGame: true, tagOptions: true, tagAuction: true, tagContract: true, tagHonours: true, tagBoard: true, tagClose: true, tagMovement: true, tagRuling: true, tagFouled: true, tagRoster: true, tagTurnUp: true, tagClaim: true}

// folded are the tags hoyle records as events of its own (the seats, the
// deal, the contract and the result) rather than keeping them as the
// record has them: an export writes them from the hand.
var folded = map[string]bool{
	"West": true, "North": true, "East": true, "South": true, "Dealer": true, "Vulnerable": true,
	"Deal": true, "Declarer": true, "Contract": true, "Result": true,
}

// keptTags are the tags of a record that hoyle does not fold, in the
// record's order, with their sections' lines: Event, Site, Date, Scoring,
// Score and every other, known or not (the Board too when it is not the
// board recorded). A section that would not read back as itself once
// written (a broken tag in it, where the file ended) is a problem: the
// addKeptTags records the tags of g that hoyle has no event for
// (keptTags), so that an export writes them back as they were.
func (rc *record) addKeptTags(g *pbn.Game, keepBoard bool) error {
	kept, err := rc.keptTags(g, keepBoard)
	if err != nil || len(kept) == 0 {
		return err
	}
	if _, err := rc.add(&table.TagsKept{Format: "pbn", Tags: kept}); err != nil {
		return fail(g, g.Line, err)
	}
	return nil
}

// tag is kept without it.
func (rc *record) keptTags(g *pbn.Game, keepBoard bool) ([]table.Tag, error) {
	var out []table.Tag
	for _, t := range g.Tags {
		if folded[t.Name] || hoyleTags[t.Name] || t.Name == "Board" && !keepBoard {
			continue
		}
		k := table.Tag{Name: t.Name, Value: t.Value, Section: t.SectionLines()}
		if err := pbn.CheckSection(pbnTag(k).Section); err != nil {
			if e := rc.problem(t.Line, fmt.Errorf("tag %s: %w", t.Name, err), "the tag is kept without its section"); e != nil {
				return nil, e
			}
			k.Section = nil
		}
		out = append(out, k)
	}
	return out, nil
}

// pbnTag is a kept tag as the codec writes it: its section's lines after
// the tag's line, but for a first line that begins with %, which PBN
// would read at the start of a line as an escaped line, not data: that
// one stays on the tag's line, where the record had it.
func pbnTag(t table.Tag) pbn.Tag {
	out := pbn.Tag{Name: t.Name, Value: t.Value}
	switch {
	case len(t.Section) > 0 && strings.HasPrefix(t.Section[0], "%"):
		out.Section = " " + strings.Join(t.Section, "\n")
	case len(t.Section) > 0:
		out.Section = "\n" + strings.Join(t.Section, "\n")
	}
	return out
}
