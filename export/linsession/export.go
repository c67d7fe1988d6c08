package linsession

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// ExportOptions are what Export writes.
type ExportOptions struct {
	// Hand, when not 0, writes that hand alone.
	Hand int
	// Progress, if set, is told after each hand how many of all are done.
	Progress func(done, total int)
}

// Write writes a contract bridge session as LIN, one record (one board)
// to a line (see Export).
func Write(w io.Writer, s *projections.Session, opt ExportOptions) error {
	recs, err := Export(s, opt)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(r.String())
		b.WriteByte('\n')
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// Export turns each hand of a contract bridge session into a LIN record:
// pn| (South, West, North, East), md| (the dealer
// and the hands), ah| ("Board N"), sv|, each call (mb|) with its first
// note as its explanation (an|, the call marked alerted), each card (pc|)
// in the order played, the claim as the declarer's total (mc|), and the
// other notes as table chat (nt|) at their place; notes on the deal or the
// session come before the first call. LIN has no glyphs: a note's glyph is
// written before its text. A session of another game is refused
// (build.ErrNotContract).
func Export(s *projections.Session, opt ExportOptions) ([]lin.Record, error) {
	if err := build.CheckContract(s); err != nil {
		return nil, err
	}
	notes := build.NotesByTarget(s)
	total := len(s.Hands)
	if opt.Hand != 0 {
		total = 1
	}
	var out []lin.Record
	for _, h := range s.Hands {
		if opt.Hand != 0 && h.Number != opt.Hand {
			continue
		}
		out = append(out, linRecord(s, h, notes, len(out) == 0))
		if opt.Progress != nil {
			opt.Progress(len(out), total)
		}
	}
	if opt.Hand != 0 && len(out) == 0 {
		return nil, fmt.Errorf("%w: the session has no hand %d", ErrNoHand, opt.Hand)
	}
	return out, nil
}

// text is a note as a LIN value holds it: its glyph first, no "|" (which
// ends a value), no blanks around it (which LIN readers drop).
func text(n projections.Note) string {
	t := strings.TrimSpace(strings.ReplaceAll(n.Text, "|", "/"))
	if n.Glyph != "" {
		t = strings.TrimSpace(n.Glyph + " " + t)
	}
	return t
}

func linRecord(s *projections.Session, h *game.Hand, notes map[events.ID][]projections.Note, first bool) lin.Record {
	board := h.Board
	if board == 0 {
		board = h.Number
	}
	r := lin.Record{Dealer: h.Dealer, Title: "Board " + strconv.Itoa(board),
		Deal: append(cards.Deal(nil), h.Dealt...)}
	for i := range 4 {
		name := strings.NewReplacer(",", " ", "|", " ").Replace(s.Player(cards.South.Plus(i, 4)))
		r.Players = append(r.Players, name)
	}
	for _, side := range h.Vulnerable {
		switch {
		case side == cards.NS && r.Vul == pbn.VulEW, side == cards.EW && r.Vul == pbn.VulNS:
			r.Vul = pbn.VulAll
		case side == cards.NS:
			r.Vul = pbn.VulNS
		case side == cards.EW:
			r.Vul = pbn.VulEW
		}
	}
	chat := func(at int, list []projections.Note) {
		for _, n := range list {
			if t := text(n); t != "" {
				r.Extra = append(r.Extra, lin.Token{Key: "nt", Value: t, At: at})
			}
		}
	}
	// Notes on the session and on anything of the hand that is not a call,
	// card or claim come first.
	placed := map[events.ID]bool{}
	for _, c := range h.Calls {
		placed[c.ID] = true
	}
	played := build.Played(h)
	for _, pc := range played {
		placed[pc.ID] = true
	}
	if h.Claim != nil {
		placed[h.Claim.ID] = true // its notes go with the claim, below
	}
	for _, st := range s.Steps {
		if st.Type == "note.added" || placed[st.ID] {
			continue
		}
		if st.Hand == h.Number || first && st.Hand == 0 {
			chat(0, notes[st.ID])
		}
	}
	for i, c := range h.Calls {
		call := lin.Call{Call: c.Call}
		list := notes[c.ID]
		if len(list) > 0 {
			call.Alert = true
			if t := text(list[0]); t != "alert" {
				call.Explanation = t
			}
			list = list[1:]
		}
		r.Calls = append(r.Calls, call)
		chat(i+1, list)
	}
	for i, pc := range played {
		r.Cards = append(r.Cards, pc.Card)
		chat(len(h.Calls)+i+1, notes[pc.ID])
	}
	if h.Claim != nil && h.Contract != nil {
		r.Claimed, r.Claim = true, h.Won[h.DeclaringSide()]
		chat(len(h.Calls)+len(played), notes[h.Claim.ID])
	}
	return r
}
