package linsession

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
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

// Write writes a session as LIN, one record (one board) to a line, a
// record at a time (see Export). The vugraph header a session was imported
// with (vg|, rs|, pn|...) comes first, before its first record.
func Write(w io.Writer, s *projections.Session, opt ExportOptions) error {
	bw := bufio.NewWriter(w)
	err := each(s, opt, func(r lin.Record, header []lin.Token) {
		for _, t := range header {
			bw.WriteString(strings.ReplaceAll(t.Key, "|", "") + "|" + strings.ReplaceAll(t.Value, "|", "") + "|")
		}
		bw.WriteString(r.String())
		bw.WriteByte('\n')
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// Export turns each hand of a session of the bridge family into a LIN
// record: qx| (the board id it was imported with), pn| (South, West,
// North, East, cleaned of control characters; none when a vugraph header
// names the players), md| (the dealer and the hands), ah| ("Board N", or
// the title it was imported with), sv|, each call (mb|) with its first note
// as its explanation (an|, the call marked alerted), each card (pc|) in the
// order played, the claim as the declarer's total (mc|), the other notes
// as table chat (nt|) at their place (notes on the deal or the session come
// before the first call), and the pairs hoyle kept from an imported record
// (st|, rh|, pg|...) at theirs. LIN has no glyphs: a note's glyph is
// written before its text.
//
// What LIN cannot say goes into hoyle's own pairs, which other programs
// skip: hy|contract| for a contract given without its auction (a
// traveller's result, or a file's whose auction disagreed with it); and,
// for a game of another period, hy|game| and hy|options|, its calls in its
// own words (ha|, each followed by its notes) instead of mb|, honours
// claimed at the table, a hand not dealt as a board, the end of the
// session. A session of a game LIN cannot carry is refused
// (build.ErrNotBridge). It takes time linear in the session's size.
func Export(s *projections.Session, opt ExportOptions) ([]lin.Record, error) {
	var out []lin.Record
	err := each(s, opt, func(r lin.Record, _ []lin.Token) { out = append(out, r) })
	return out, err
}

func each(s *projections.Session, opt ExportOptions, put func(lin.Record, []lin.Token)) error {
	if _, err := build.Bridge(s); err != nil {
		return err
	}
	x := &exporter{s: s, notes: build.NotesByTarget(s), steps: build.StepsByHand(s), closed: map[int]string{},
		native: s.Rules.Info().ID == build.NativeGame}
	for _, st := range s.Steps {
		if c, ok := st.Data.(*table.SessionClosed); ok {
			x.closed[st.Hand] = c.Reason
		}
	}
	return build.EachHand(s, opt.Hand, opt.Progress, func(h *game.Hand, first bool) error {
		put(x.record(h, first))
		return nil
	})
}

type exporter struct {
	s      *projections.Session
	notes  map[events.ID][]projections.Note
	steps  map[int][]projections.Step
	closed map[int]string
	native bool
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

// name is a player's name as pn| holds it: printable, without the comma
// that separates names or the bar that ends the value.
func name(s string) string {
	return strings.NewReplacer(",", " ", "|", " ").Replace(build.Name(s))
}

func (x *exporter) record(h *game.Hand, first bool) (lin.Record, []lin.Token) {
	s := x.s
	board := h.Board
	if board == 0 {
		board = h.Number
	}
	r := lin.Record{Dealer: h.Dealer, Title: "Board " + strconv.Itoa(board), Deal: append(cards.Deal(nil), h.Dealt...)}
	// What hoyle kept of the record: the header, qx|, ah|, other pairs.
	var header []lin.Token
	var vugraph []string     // the header's pn|: both rooms' players
	var alerted map[int]bool // the calls alerted, when the record said
	if k := s.Kept[h.DealID]; k != nil && k.Format == "lin" {
		for _, t := range k.Tags {
			at := ""
			if len(t.Section) > 0 {
				at = t.Section[0]
			}
			switch {
			case t.Name == keyAlerts:
				alerted = map[int]bool{}
				for _, f := range strings.Fields(t.Value) {
					n, _ := strconv.Atoi(f)
					alerted[n] = true
				}
			case at == "header":
				if t.Name == "pn" {
					vugraph = strings.Split(t.Value, ",")
				}
				if first {
					header = append(header, lin.Token{Key: t.Name, Value: t.Value})
				}
			case t.Name == "qx":
				r.BoardID = t.Value
			case t.Name == "ah":
				r.Title = t.Value
			case at == afterClaim:
				r.Extra = append(r.Extra, lin.Token{Key: t.Name, Value: t.Value, At: -1, AfterClaim: true})
			default:
				n, _ := strconv.Atoi(at)
				r.Extra = append(r.Extra, lin.Token{Key: t.Name, Value: t.Value, At: n})
			}
		}
	}
	for i := range 4 {
		r.Players = append(r.Players, name(s.PlayerAt(h.Number, cards.South.Plus(i, 4))))
	}
	if room := vugraph; len(room) >= 8 {
		// The header names the players of both rooms: a record of them
		// names none of its own.
		if strings.HasPrefix(strings.ToLower(r.BoardID), "c") {
			room = room[4:]
		}
		same := true
		for i, n := range r.Players {
			same = same && n == name(room[i])
		}
		if same {
			r.Players = nil
		}
	}
	if r.Players != nil {
		// A record that names its players: the header's pn| would be a
		// second pn| of the record (LIN has one to a record).
		kept := header[:0:0]
		for _, t := range header {
			if t.Key != "pn" {
				kept = append(kept, t)
			}
		}
		header = kept
	}
	r.Vul = h.Vulnerable
	chat := func(at int, list []projections.Note) {
		for _, n := range list {
			if t := text(n); t != "" {
				r.Extra = append(r.Extra, lin.Token{Key: "nt", Value: t, At: at, AfterClaim: at < 0})
			}
		}
	}
	hoyle := func(name, value string) {
		r.Extra = append(r.Extra, lin.Token{Key: keyHoyle, Value: strings.TrimSpace(name + " " + value)})
	}
	// Notes on the session and on anything of the hand that is not a call,
	// card, claim or result come first.
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
	if h.Result != nil {
		placed[h.Result.ID] = true
	}
	if h.Given != nil {
		placed[h.Given.ID] = true
	}
	steps := x.steps[h.Number]
	if first {
		steps = append(append([]projections.Step(nil), x.steps[0]...), steps...)
	}
	for _, st := range steps {
		if st.Type != table.TypeNoted && !placed[st.ID] {
			chat(0, x.notes[st.ID])
		}
	}
	if !x.native {
		hoyle(hyGame, s.Rules.Info().ID)
	}
	var implied game.Options
	if x.native {
		implied = game.Options{"scoring": "duplicate"} // LIN records boards
	}
	if opts := build.OptionsText(s.Rules, s.Opened.Options, implied); opts != "" {
		hoyle(hyOptions, opts)
	}
	type callNotes struct {
		call  cards.Call
		notes []projections.Note
	}
	var calls []callNotes
	if h.Given != nil {
		for i, c := range h.Given.Calls {
			var notes []projections.Note
			if i == len(h.Given.Calls)-1 {
				notes = x.notes[h.Given.ID]
			}
			calls = append(calls, callNotes{c, notes})
		}
	} else {
		for _, c := range h.Calls {
			calls = append(calls, callNotes{c.Call, x.notes[c.ID]})
		}
	}
	if h.Given != nil || len(h.Calls) == 0 && h.Phase != game.PhaseAuction {
		// The contract was given, not called: a traveller's result (or a
		// board passed out), or a file's whose auction disagreed.
		hoyle(hyContract, givenText(h))
	}
	if x.native {
		for i, c := range calls {
			call := lin.Call{Call: c.call}
			list := c.notes
			if len(list) > 0 {
				call.Alert = true
				if t := text(list[0]); t != "alert" {
					call.Explanation = t
				}
				list = list[1:]
			}
			if alerted != nil {
				call.Alert = alerted[i+1]
			}
			r.Calls = append(r.Calls, call)
			chat(i+1, list)
		}
	} else {
		for _, c := range calls {
			r.Extra = append(r.Extra, lin.Token{Key: keyCall, Value: c.call.String()})
			for k, n := range c.notes {
				key := "nt"
				if k == 0 {
					key = "an"
				}
				if t := text(n); t != "" {
					r.Extra = append(r.Extra, lin.Token{Key: key, Value: t})
				}
			}
		}
		var honours []string
		for _, side := range []cards.Side{cards.NS, cards.EW} {
			if v, ok := h.HonoursClaimed[side]; ok {
				honours = append(honours, side.String()+" "+v)
			}
		}
		if len(honours) > 0 {
			hoyle(hyHonours, strings.Join(honours, " "))
		}
	}
	if h.Board == 0 {
		hoyle(hyBoard, "none")
	}
	if reason, ok := x.closed[h.Number]; ok {
		hoyle(hyClose, reason)
	}
	for i, pc := range played {
		r.Cards = append(r.Cards, pc.Card)
		chat(len(r.Calls)+i+1, x.notes[pc.ID])
	}
	if h.Contract != nil && (h.Claim != nil || h.Result != nil) {
		r.Claimed, r.Claim = true, h.DeclarerWon()
		var end []projections.Note
		if h.Claim != nil {
			end = x.notes[h.Claim.ID]
		} else {
			end = x.notes[h.Result.ID]
		}
		chat(-1, end) // after mc|: on the claim
	}
	for i := range r.Extra {
		if r.Extra[i].AfterClaim {
			r.Extra[i].At = len(r.Calls) + len(played) // the end, whether or not there is a claim
		}
	}
	return r, header
}

// givenText is a contract given without its auction, as hy|contract|
// writes it: the contract in the game's words and its declarer ("4SX N"),
// or "Pass".
//
// LIN's calls are from the dealer: the calls as given of a source that
// began them at another seat (a PBN Auction section) say where, "from E".
func givenText(h *game.Hand) string {
	text := "Pass"
	if h.Contract != nil {
		text = game.ContractText(h.Contract) + " " + h.Contract.Declarer.String()
	}
	if h.Given != nil && len(h.Given.Calls) > 0 && h.Given.First != h.Dealer {
		text += " from " + h.Given.First.String()
	}
	return text
}
