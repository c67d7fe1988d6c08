package pbnsession

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// ExportOptions are what Export writes.
type ExportOptions struct {
	// Hand, when not 0, writes that hand alone.
	Hand int
	// Progress, if set, is told after each hand how many of all are done.
	Progress func(done, total int)
}

// Write writes a contract bridge session as a PBN file (see Export).
func Write(w io.Writer, s *projections.Session, envs []events.Envelope, opt ExportOptions) error {
	games, err := Export(s, envs, opt)
	if err != nil {
		return err
	}
	return pbn.Write(w, games)
}

// Export turns each hand of a contract bridge session into a PBN game
// record: the fifteen mandatory tags in the export order (Event is the
// session's name, Date the day of the deal, Site unknown "?"), the Auction
// from the dealer with its notes as "=n=" references and [Note] tags and
// its glyphs as suffixes, the Play in seat order from the opening leader
// with "*" where a claim ended it, further notes as commentary at their
// place (on the deal after the Deal tag, on the session before the first
// tag), and the score: Score (North-South's points, Law 77) at duplicate;
// Score, ScoreRubber and, at rubber bridge, ScoreRubberHistory at rubber
// and Chicago. A hand still in progress ends its auction or play with "+",
// PBN's mark for a record to be continued. Scoring is written "IMP" for
// duplicate: hoyle keeps how a board is scored, not how the event compares
// boards. A session of another game is refused (build.ErrNotContract).
func Export(s *projections.Session, envs []events.Envelope, opt ExportOptions) ([]pbn.Game, error) {
	if err := build.CheckContract(s); err != nil {
		return nil, err
	}
	at := map[events.ID]time.Time{}
	for _, e := range envs {
		at[e.ID] = e.At
	}
	x := &exporter{s: s, at: at, notes: build.NotesByTarget(s), sheet: s.Score()}
	x.history = rubberHistory(s, x.sheet)
	var games []pbn.Game
	total := len(s.Hands)
	if opt.Hand != 0 {
		total = 1
	}
	for i, h := range s.Hands {
		if opt.Hand != 0 && h.Number != opt.Hand {
			continue
		}
		g, err := x.game(i, h, len(games) == 0)
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", h.Number, err)
		}
		games = append(games, g)
		if opt.Progress != nil {
			opt.Progress(len(games), total)
		}
	}
	if opt.Hand != 0 && len(games) == 0 {
		return nil, fmt.Errorf("%w: the session has no hand %d", ErrNoHand, opt.Hand)
	}
	return games, nil
}

type exporter struct {
	s       *projections.Session
	at      map[events.ID]time.Time
	notes   map[events.ID][]projections.Note
	sheet   game.ScoreSheet
	history map[int]string // ScoreRubberHistory by hand number
}

// unknown is how PBN writes a value not known.
func unknown(v string) string {
	if v == "" {
		return "?"
	}
	return v
}

func vulnerability(sides []cards.Side) pbn.Vulnerability {
	v := pbn.VulNone
	for _, s := range sides {
		switch {
		case s == cards.NS && v == pbn.VulEW, s == cards.EW && v == pbn.VulNS:
			v = pbn.VulAll
		case s == cards.NS && v == pbn.VulNone:
			v = pbn.VulNS
		case s == cards.EW && v == pbn.VulNone:
			v = pbn.VulEW
		}
	}
	return v
}

// noteText is a note as a [Note] tag can hold it: one line, trimmed.
func noteText(t string) string {
	return strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(t))
}

// commentary is a note as commentary: in braces, or after a semicolon when
// its one line holds a closing brace (which would end the braces early).
func commentary(text string, pos pbn.Position) (pbn.Comment, bool) {
	t := strings.TrimSpace(strings.ReplaceAll(text, "\r", ""))
	c := pbn.Comment{Text: t, Pos: pos}
	switch {
	case t == "":
		return c, false
	case strings.Contains(t, "}") && strings.Contains(t, "\n"):
		c.Text = strings.ReplaceAll(t, "}", ")")
	case strings.Contains(t, "}"):
		c.Text, c.Semicolon = " "+t, true
	}
	return c, true
}

func (x *exporter) game(i int, h *game.Hand, first bool) (pbn.Game, error) {
	s := x.s
	g := pbn.Game{}
	set := func(name, value string) { g.Tags = append(g.Tags, pbn.Tag{Name: name, Value: value}) }
	date := "?"
	if t, ok := x.at[h.DealID]; ok {
		date = t.UTC().Format("2006.01.02")
	}
	board := h.Board
	if board == 0 {
		board = h.Number
	}
	set("Event", unknown(s.Opened.Name))
	set("Site", "?")
	set("Date", date)
	set("Board", strconv.Itoa(board))
	for _, seat := range []cards.Seat{cards.West, cards.North, cards.East, cards.South} {
		set(seat.Name(), unknown(s.Player(seat)))
	}
	set("Dealer", h.Dealer.String())
	set("Vulnerable", vulnerability(h.Vulnerable).String())
	deal := "?"
	if cards.Deal(h.Dealt).Cards() != 0 {
		deal = cards.Deal(h.Dealt).PBN(h.Dealer)
	}
	set("Deal", deal)
	scoring := map[string]string{contract.ScoringDuplicate: "IMP", contract.ScoringRubber: "Rubber", contract.ScoringChicago: "Chicago"}[s.Opts["scoring"]]
	set("Scoring", unknown(scoring))
	declarer, contractTag, result := "?", "?", "?"
	switch {
	case h.Phase == game.PhaseAuction:
	case h.Contract == nil:
		declarer, contractTag, result = "", "Pass", ""
	default:
		c := h.Contract
		declarer = c.Declarer.String()
		contractTag = pbn.Contract{Level: c.Level, Strain: c.Strain, Doubled: c.Doubled}.String()
		if h.Phase == game.PhaseDone {
			result = strconv.Itoa(contract.DeclarerTricks(h)) // with any revoke's tricks transferred
		}
	}
	set("Declarer", declarer)
	set("Contract", contractTag)
	set("Result", result)

	var by []string // the authors of the hand's notes
	comment := func(n projections.Note, pos pbn.Position) {
		by = append(by, n.By)
		if c, ok := commentary(n.Text, pos); ok {
			g.Comments = append(g.Comments, c)
		}
	}
	// annotate puts a call's or card's first note in its annotation (a
	// reference to a [Note] and a suffix) and returns the others, which go
	// into commentary. A first note of several lines and no glyph is
	// commentary too: a [Note] holds one line.
	annotate := func(a *pbn.Annotation, notes *map[int]string, list []projections.Note) []projections.Note {
		if len(list) == 0 || list[0].Glyph == "" && list[0].Text != noteText(list[0].Text) {
			return list
		}
		n := list[0]
		by = append(by, n.By)
		if t := noteText(n.Text); t != "" {
			if *notes == nil {
				*notes = map[int]string{}
			}
			a.Note = len(*notes) + 1
			(*notes)[a.Note] = t
		}
		a.Suffix = n.Glyph
		return list[1:]
	}

	// Notes on the session (its opening, the cut for deal) go before the
	// first tag of the first record; notes on anything of this hand that is
	// not a call, card or claim go with the deal.
	if first {
		for _, st := range s.Steps {
			if st.Hand == 0 {
				for _, n := range x.notes[st.ID] {
					comment(n, pbn.Position{})
				}
			}
		}
	}
	placed := map[events.ID]bool{}
	for _, c := range h.Calls {
		placed[c.ID] = true
	}
	for _, pc := range build.Played(h) {
		placed[pc.ID] = true
	}
	if h.Claim != nil {
		placed[h.Claim.ID] = true
	}
	for _, st := range s.Steps {
		if st.Hand == h.Number && st.Type != "note.added" && !placed[st.ID] {
			for _, n := range x.notes[st.ID] {
				comment(n, pbn.Position{After: "Deal"})
			}
		}
	}

	// The auction.
	a := &pbn.Auction{First: h.Dealer}
	for k, c := range h.Calls {
		ac := pbn.AuctionCall{Call: c.Call}
		for _, n := range annotate(&ac.Annotation, &a.Notes, x.notes[c.ID]) {
			comment(n, pbn.Position{After: "Auction", Index: k + 1})
		}
		a.Calls = append(a.Calls, ac)
	}
	if h.Phase == game.PhaseAuction {
		a.Calls = append(a.Calls, pbn.AuctionCall{Placeholder: pbn.Plus})
	}
	g.Auction = a

	// The play, laid out by seat from the opening leader.
	played := build.Played(h)
	if h.Contract != nil && (len(played) > 0 || h.Claim != nil || h.Phase == game.PhasePlay) {
		order := make([]pbn.PlayedCard, len(played))
		for k, pc := range played {
			order[k] = pbn.PlayedCard{Seat: pc.Seat, Card: pc.Card}
		}
		leader := h.Tricks[0].Leader
		p, err := pbn.PlayFromOrder(leader, h.Contract.Strain, order, h.Claim != nil)
		if err != nil {
			return g, err
		}
		cellOf := map[cards.Card]int{}
		for r, row := range p.Tricks {
			for c, e := range row {
				if e.Placeholder == 0 {
					cellOf[e.Card] = r*4 + c
				}
			}
		}
		for _, pc := range played {
			k := cellOf[pc.Card]
			for _, n := range annotate(&p.Tricks[k/4][k%4].Annotation, &p.Notes, x.notes[pc.ID]) {
				comment(n, pbn.Position{After: "Play", Index: k + 1})
			}
		}
		if h.Phase == game.PhasePlay && h.Claim == nil {
			// To be continued: "+" where the next card is due.
			col := int(h.Turn.Plus(-int(leader), 4))
			if len(p.Tricks) == 0 || len(played)%4 == 0 {
				p.Tricks = append(p.Tricks, []pbn.PlayCard{{Placeholder: pbn.Dash}, {Placeholder: pbn.Dash}, {Placeholder: pbn.Dash}, {Placeholder: pbn.Dash}})
			}
			p.Tricks[len(p.Tricks)-1][col] = pbn.PlayCard{Placeholder: pbn.Plus}
		}
		if h.Claim != nil {
			for _, n := range x.notes[h.Claim.ID] {
				comment(n, pbn.Position{After: "Play", Index: p.Entries()})
			}
		}
		g.Play = p
	}

	x.scoreTags(set, h)
	if len(by) > 0 && by[0] != "" {
		same := true
		for _, b := range by {
			same = same && b == by[0]
		}
		if same {
			set("Annotator", by[0])
		}
	}
	return g, nil
}

// scoreTags writes the score of a finished hand: at duplicate its Score
// (North-South's, Law 77); at rubber bridge and Chicago the net points to
// North-South as Score, what each side scored above and below the line as
// ScoreRubber, and at rubber bridge the sheet as it stood before the deal
// as ScoreRubberHistory.
func (x *exporter) scoreTags(set func(name, value string), h *game.Hand) {
	if h.Phase != game.PhaseDone {
		return
	}
	for _, b := range x.sheet.Boards {
		if b.Hand == h.Number {
			set("Score", pbn.Score{Side: cards.NS, Points: b.NS}.String())
			return
		}
	}
	var above, below [2]int
	found := false
	for _, r := range x.sheet.Rubbers {
		for _, e := range r.Entries {
			if e.Hand != h.Number || (e.Side != cards.NS && e.Side != cards.EW) {
				continue
			}
			found = true
			if e.Above {
				above[e.Side] += e.Points
			} else {
				below[e.Side] += e.Points
			}
		}
	}
	if !found && h.Contract != nil {
		return // not scored (the sheet says why)
	}
	net := above[cards.NS] + below[cards.NS] - above[cards.EW] - below[cards.EW]
	set("Score", pbn.Score{Side: cards.NS, Points: net}.String())
	set("ScoreRubber", fmt.Sprintf("NS %d/%d EW %d/%d", above[cards.NS], below[cards.NS], above[cards.EW], below[cards.EW]))
	if hist, ok := x.history[h.Number]; ok {
		set("ScoreRubberHistory", hist)
	}
}

// rubberHistory is PBN's ScoreRubberHistory of each hand of a rubber
// bridge session: for each side, the points above the line in earlier
// rubbers, then those above the line in the current rubber and below it in
// each game so far ("NS 0 50/40 EW 0 0/0"), as they stood before the deal.
func rubberHistory(s *projections.Session, sheet game.ScoreSheet) map[int]string {
	if s.Opts["scoring"] != contract.ScoringRubber {
		return nil
	}
	out := map[int]string{}
	var prevAbove, curAbove [2]int
	below := [][2]int{{}}
	snapshot := func() string {
		var b strings.Builder
		for _, side := range []cards.Side{cards.NS, cards.EW} {
			if side == cards.EW {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%s %d %d/", side, prevAbove[side], curAbove[side])
			for k, g := range below {
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.Itoa(g[side]))
			}
		}
		return b.String()
	}
	for _, r := range sheet.Rubbers {
		for _, hand := range r.Hands {
			out[hand] = snapshot()
			for _, e := range r.Entries {
				if e.Hand != hand || (e.Side != cards.NS && e.Side != cards.EW) {
					continue
				}
				if e.Above {
					curAbove[e.Side] += e.Points
					continue
				}
				below[len(below)-1][e.Side] += e.Points
				if e.GameLine && len(below) < 3 {
					below = append(below, [2]int{})
				}
			}
		}
		if r.Complete {
			prevAbove[cards.NS] += curAbove[cards.NS]
			prevAbove[cards.EW] += curAbove[cards.EW]
			curAbove, below = [2]int{}, [][2]int{{}}
		}
	}
	for _, h := range s.Hands {
		if _, ok := out[h.Number]; !ok {
			out[h.Number] = snapshot()
		}
	}
	return out
}
