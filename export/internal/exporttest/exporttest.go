// Package exporttest helps the interchange packages' tests: it writes a
// session's fold as text that does not depend on event IDs or times, so
// that a session that went out to a file and came back can be compared
// with the one that left.
package exporttest

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// Options say what Summary leaves out, for formats that do not keep it.
type Options struct {
	NoName   bool // the session's name
	NoGlyphs bool // notes' glyphs (LIN has none: they go into the text)
	NoBy     bool // notes' authors
	// TrimNotes compares notes' texts without their surrounding blanks:
	// LIN's explanations have none, PBN's [Note "1: 2+"] keeps its " 2+".
	TrimNotes bool
}

// place is where a note is, in words that survive a round trip.
type place struct {
	hand  int
	kind  int // 0 session, 1 deal and the rest, 2 call, 3 card, 4 claim
	index int
}

func (p place) String() string {
	switch p.kind {
	case 0:
		return "session"
	case 1:
		return fmt.Sprintf("hand %d deal", p.hand)
	case 2:
		return fmt.Sprintf("hand %d call %d", p.hand, p.index+1)
	case 3:
		return fmt.Sprintf("hand %d card %d", p.hand, p.index+1)
	}
	return fmt.Sprintf("hand %d claim", p.hand)
}

// Summary is the session as text: its game, options and players, and each
// hand's board, dealer, vulnerability, deal, calls, contract, cards in the
// order played with their seats, claim and tricks, then every note in
// force by its place (in the order recorded on each place).
func Summary(s *projections.Session, opt Options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %s options %v players %q\n", s.Opened.Ruleset, s.Opened.Options, s.Opened.Players)
	if !opt.NoName {
		fmt.Fprintf(&b, "name %q\n", s.Opened.Name)
	}
	where := map[events.ID]place{}
	for _, st := range s.Steps {
		if st.Hand == 0 {
			where[st.ID] = place{kind: 0}
		}
	}
	for _, h := range s.Hands {
		fmt.Fprintf(&b, "hand %d board %d dealer %s vul %v deal %s phase %s\n", h.Number, h.Board, h.Dealer, h.Vulnerable,
			cards.Deal(h.Dealt).PBN(cards.North), h.Phase)
		where[h.DealID] = place{hand: h.Number, kind: 1}
		for _, st := range s.Steps {
			if st.Hand == h.Number {
				if _, ok := where[st.ID]; !ok {
					where[st.ID] = place{hand: h.Number, kind: 1}
				}
			}
		}
		var calls []string
		for i, c := range h.Calls {
			calls = append(calls, c.Seat.String()+":"+c.Call.String())
			where[c.ID] = place{h.Number, 2, i}
		}
		fmt.Fprintf(&b, "  calls %s\n", strings.Join(calls, " "))
		if h.Contract != nil {
			fmt.Fprintf(&b, "  contract %d%s x%d by %s\n", h.Contract.Level, h.Contract.Strain, h.Contract.Doubled, h.Contract.Declarer)
		}
		var played []string
		k := 0
		for _, t := range h.Tricks {
			for _, pc := range t.Cards {
				played = append(played, pc.Seat.String()+":"+pc.Card.String())
				where[pc.ID] = place{h.Number, 3, k}
				k++
			}
		}
		fmt.Fprintf(&b, "  play %s\n", strings.Join(played, " "))
		if h.Claim != nil {
			fmt.Fprintf(&b, "  claim %s %d\n", h.Claim.Seat, h.Claim.Tricks)
			where[h.Claim.ID] = place{hand: h.Number, kind: 4}
		}
		fmt.Fprintf(&b, "  won %v\n", h.Won)
	}
	type line struct {
		at   place
		text string
	}
	var notes []line
	for _, n := range s.Notes {
		text, glyph, by := n.Text, n.Glyph, n.By
		if opt.NoGlyphs {
			glyph = ""
		}
		if opt.NoBy {
			by = ""
		}
		if opt.TrimNotes {
			text = strings.TrimSpace(text)
		}
		notes = append(notes, line{where[n.Target], fmt.Sprintf("%q %q %q", text, glyph, by)})
	}
	sort.SliceStable(notes, func(i, j int) bool {
		a, c := notes[i].at, notes[j].at
		if a.hand != c.hand {
			return a.hand < c.hand
		}
		if a.kind != c.kind {
			return a.kind < c.kind
		}
		return a.index < c.index
	})
	for _, n := range notes {
		fmt.Fprintf(&b, "note on %s: %s\n", n.at, n.text)
	}
	return b.String()
}

// Done is whether every hand of the session is over.
func Done(s *projections.Session) bool {
	for _, h := range s.Hands {
		if h.Phase != game.PhaseDone {
			return false
		}
	}
	return true
}
