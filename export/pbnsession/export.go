package pbnsession

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/ruling"
)

// ExportOptions are what Export writes.
type ExportOptions struct {
	// Hand, when not 0, writes that hand alone.
	Hand int
	// Progress, if set, is told after each hand how many of all are done.
	Progress func(done, total int)
}

// Write writes a session as a PBN file, a game at a time (see Export).
func Write(w io.Writer, s *projections.Session, envs []events.Envelope, opt ExportOptions) error {
	pw := pbn.NewWriter(w)
	if err := each(s, envs, opt, func(g *pbn.Game) error { return pw.Write(g) }); err != nil {
		return err
	}
	return pw.Flush()
}

// Export turns each hand of a session of the bridge family into a PBN
// game record:
//
//   - the fifteen mandatory tags in the export order: Event (the record's
//     own when the session was imported, else the session's name), Site,
//     Date (the record's, else the day of the deal), Board, the players
//     (cleaned of control characters), Dealer, Vulnerable, Deal (as dealt,
//     or as the play showed it), Scoring, and the contract (in contract
//     bridge's strains: game.Interchange), Declarer and Result;
//   - the Auction from the dealer with its notes as "=n=" references and
//     [Note] tags and its glyphs as suffixes, or the auction as a file gave
//     it when the contract was given against it; none for a result-only
//     hand;
//   - the Play in seat order from the opening leader with "*" where a
//     claim ended it;
//   - further notes as commentary at their place (on the deal after the
//     Deal tag, on the session before the first tag);
//   - the tags of the imported record that hoyle keeps (record.tags), in
//     the record's order: Site, Table, HomeTeam, ScoreIMP, OptimumScore,
//     DoubleDummyTricks, OptimumResultTable with its rows, and any other;
//   - the score: Score (North-South's points, Law 77) at duplicate; Score,
//     ScoreRubber and, in a rubber, ScoreRubberHistory otherwise.
//
// A hand still in progress ends its auction or play with "+", PBN's mark
// for a record to be continued. A session of another game than contract
// bridge writes, besides, hoyle's own tags (HoyleGame, HoyleOptions,
// HoyleAuction...: see tags.go), which other programs ignore and hoyle
// reads back to the same events; a hand not dealt as a board says so
// (HoyleBoard "none"), and the hand after which the session was closed
// carries HoyleClose. A session of a game PBN cannot carry is refused
// (build.ErrNotBridge).
//
// It takes time linear in the session's size: everything it looks up by
// hand is indexed once.
func Export(s *projections.Session, envs []events.Envelope, opt ExportOptions) ([]pbn.Game, error) {
	var games []pbn.Game
	err := each(s, envs, opt, func(g *pbn.Game) error {
		games = append(games, *g)
		return nil
	})
	return games, err
}

// each makes the game of each hand to write, in order.
func each(s *projections.Session, envs []events.Envelope, opt ExportOptions, put func(*pbn.Game) error) error {
	return eachWithHand(s, envs, opt, func(_ *game.Hand, g *pbn.Game) error { return put(g) })
}

// eachWithHand is each, telling put the hand each game is of.
func eachWithHand(s *projections.Session, envs []events.Envelope, opt ExportOptions, put func(*game.Hand, *pbn.Game) error) error {
	if trickGame(s.Rules) {
		return eachTrickGame(s, envs, opt, put)
	}
	x, err := newExporter(s, envs)
	if err != nil {
		return err
	}
	return build.EachHand(s, opt.Hand, opt.Progress, func(h *game.Hand, first bool) error {
		g, err := x.game(h, first)
		if err != nil {
			return err
		}
		return put(h, &g)
	})
}

type exporter struct {
	s      *projections.Session
	ic     game.Interchange
	native bool
	dealt  map[events.ID]time.Time
	notes  map[events.ID][]projections.Note
	steps  map[int][]projections.Step // by hand number (0: the session's)
	score  build.HandScores
	closed map[int]string     // the reason the session was closed, by the hand it follows
	fouled map[events.ID]bool // the deals recorded as fouled (Law 87)
	ruled  map[int]bool       // the boards whose rulings are written already
}

func newExporter(s *projections.Session, envs []events.Envelope) (*exporter, error) {
	ic, err := build.Bridge(s)
	if err != nil {
		return nil, err
	}
	x := &exporter{s: s, ic: ic, native: s.Rules.Info().ID == build.NativeGame, dealt: map[events.ID]time.Time{},
		notes: build.NotesByTarget(s), steps: build.StepsByHand(s), closed: map[int]string{}, fouled: map[events.ID]bool{}, ruled: map[int]bool{}}
	for _, e := range envs {
		if d, ok := e.Data.(*table.Dealt); ok {
			x.dealt[e.ID] = e.At
			x.fouled[e.ID] = d.Fouled
		}
	}
	x.score = build.ScoresByHand(s, strings.HasPrefix(ic.ScoringName(s.Opts), "Rubber"))
	for _, st := range s.Steps {
		if c, ok := st.Data.(*table.SessionClosed); ok {
			x.closed[st.Hand] = c.Reason
		}
	}
	return x, nil
}

// unknown is how PBN writes a value not known.
func unknown(v string) string {
	if v == "" {
		return "?"
	}
	return v
}

// noteText is a note as a [Note] tag can hold it: one line. Its blanks
// are kept: an imported note holds its text as the file wrote it after
// "n:" (" 2+" of [Note "1: 2+"]), and goes back the same.
func noteText(t string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(t)
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

// tagList is a game's tags being made: the mandatory ones, then the
// record's kept tags in their order with the values hoyle computes put in
// their place, then what hoyle adds.
type tagList struct {
	tags []pbn.Tag
	at   map[string]int
}

// set gives a tag a value: in its place if it is there, else at the end.
func (l *tagList) set(name, value string) {
	if l.at == nil {
		l.at = map[string]int{}
	}
	if i, ok := l.at[name]; ok {
		l.tags[i].Value, l.tags[i].Section = value, ""
		return
	}
	l.at[name] = len(l.tags)
	l.tags = append(l.tags, pbn.Tag{Name: name, Value: value})
}

func (l *tagList) add(t pbn.Tag) {
	if _, ok := l.at[t.Name]; ok {
		return
	}
	l.set(t.Name, t.Value)
	l.tags[len(l.tags)-1].Section = t.Section
}

func (l *tagList) get(name string) (string, bool) {
	if i, ok := l.at[name]; ok {
		return l.tags[i].Value, true
	}
	return "", false
}

func (x *exporter) game(h *game.Hand, first bool) (pbn.Game, error) {
	s := x.s
	g := pbn.Game{}
	kept := &tagList{}
	if k := s.Kept[h.DealID]; k != nil && k.Format == "pbn" {
		for _, t := range k.Tags {
			kept.add(pbnTag(t))
		}
	}
	tags := &tagList{}
	// A tag the record gave is written back as it was, but an empty one
	// says nothing: the session's own value stands (a record with an
	// empty Date was read into the session of the records around it, and
	// must be read back into it).
	keptOr := func(name, value string) {
		if v, ok := kept.get(name); ok && v != "" {
			value = v
		}
		tags.set(name, value)
	}
	date := "?"
	if t, ok := x.dealt[h.DealID]; ok {
		date = t.UTC().Format("2006.01.02")
	}
	board := h.Board
	if board == 0 {
		board = h.Number
	}
	place := s.Placement()
	event := s.Opened.Name
	if place.InEvent() {
		event = place.Event // the event, not the table's session name
	}
	keptOr("Event", unknown(event))
	keptOr("Site", "?")
	keptOr("Date", date)
	keptOr("Board", strconv.Itoa(board))
	for _, seat := range []cards.Seat{cards.West, cards.North, cards.East, cards.South} {
		tags.set(seat.Name(), unknown(build.Name(s.PlayerAt(h.Number, seat))))
	}
	tags.set("Dealer", h.Dealer.String())
	tags.set("Vulnerable", h.Vulnerable.PBN())
	deal := "?"
	if cards.Deal(h.Dealt).Cards() != 0 {
		deal = cards.Deal(h.Dealt).PBN(h.Dealer)
	}
	tags.set("Deal", deal)
	keptOr("Scoring", unknown(x.scoring(place)))
	declarer, contractTag, result := "?", "?", "?"
	switch {
	case h.Phase == game.PhaseAuction:
	case h.Contract == nil:
		declarer, contractTag, result = "", "Pass", ""
	default:
		c := x.ic.StandardContract(*h.Contract)
		declarer = c.Declarer.String()
		contractTag = game.ContractText(&c)
		if h.Phase == game.PhaseDone {
			result = strconv.Itoa(x.ic.DeclarerTricks(h)) // with any revoke's tricks transferred
		}
	}
	tags.set("Declarer", declarer)
	tags.set("Contract", contractTag)
	tags.set("Result", result)
	for _, t := range kept.tags {
		tags.add(t)
	}
	x.placeTags(tags, place, h)

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
		for _, st := range x.steps[0] {
			for _, n := range x.notes[st.ID] {
				comment(n, pbn.Position{})
			}
		}
	}
	placed := map[events.ID]bool{}
	for _, c := range h.Calls {
		placed[c.ID] = true
	}
	played := build.Played(h)
	for _, pc := range played {
		placed[pc.ID] = true
	}
	for _, id := range []events.ID{claimID(h), resultID(h), givenID(h)} {
		if id != (events.ID{}) {
			placed[id] = true
		}
	}
	for _, st := range x.steps[h.Number] {
		if st.Type != table.TypeNoted && !placed[st.ID] {
			for _, n := range x.notes[st.ID] {
				comment(n, pbn.Position{After: "Deal"})
			}
		}
	}

	// The auction: PBN's, or hoyle's words for another game (its tags come
	// last: what the record kept comes back before them, in its order).
	hoyle := &tagList{}
	if x.native {
		x.auction(&g, h, annotate, comment)
	} else {
		x.hoyleAuction(&g, hoyle, h, func(n projections.Note) { by = append(by, n.By) })
	}

	// The play, laid out by seat from the opening leader.
	if h.Contract != nil && (len(played) > 0 || h.Claim != nil || h.Phase == game.PhasePlay) {
		order := make([]pbn.PlayedCard, len(played))
		for k, pc := range played {
			order[k] = pbn.PlayedCard{Seat: pc.Seat, Card: pc.Card}
		}
		leader := h.Tricks[0].Leader
		strain := x.ic.StandardContract(*h.Contract).Strain
		p, err := pbn.PlayFromOrder(leader, strain, order, h.Claim != nil)
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
	if h.Result != nil {
		for _, n := range x.notes[h.Result.ID] {
			comment(n, pbn.Position{After: "Result"})
		}
	}

	x.scoreTags(tags, h)
	if len(by) > 0 && by[0] != "" {
		same := true
		for _, b := range by {
			same = same && b == by[0]
		}
		if same {
			tags.set("Annotator", by[0])
		}
	}
	if h.Board == 0 {
		hoyle.set(tagBoard, "none")
	}
	if x.fouled[h.DealID] {
		hoyle.set(tagFouled, ruling.LawFouled)
	}
	if r := x.rulings(h.Board); r != "" {
		hoyle.set(tagRuling, r)
	}
	if x.native {
		implied, _ := x.ic.ScoringOptions(x.ic.ScoringName(s.Opts))
		if opts := build.OptionsText(s.Rules, s.Opened.Options, implied); opts != "" {
			hoyle.set(tagOptions, opts)
		}
	}
	if reason, ok := x.closed[h.Number]; ok {
		hoyle.set(tagClose, reason)
	}
	for _, t := range hoyle.tags {
		tags.set(t.Name, t.Value)
	}
	g.Tags = tags.tags
	return g, nil
}

// rulings are the director's rulings in force on board at the table, as
// hoyle adjust takes them (ruling.Args), ";" between them, on the board's
// first record at the table; "" when there are none.
func (x *exporter) rulings(board int) string {
	if board == 0 || x.ruled[board] {
		return ""
	}
	x.ruled[board] = true
	var out []string
	for _, r := range x.s.Rulings {
		if r.Board == board {
			out = append(out, strings.ReplaceAll(ruling.Args(r.RulingAdjusted), ";", ","))
		}
	}
	return strings.Join(out, "; ")
}

// scoring is the Scoring tag of a session's records: as the event scores
// them when the session is a table of one (IMP for a team match, MP for
// pairs, which compare scores by matchpoints unless told otherwise), else
// as the session's options say.
func (x *exporter) scoring(place projections.Placement) string {
	name := x.ic.ScoringName(x.s.Opts)
	if !x.native || !place.InEvent() || name != "IMP" { // "IMP": duplicate scoring
		return name
	}
	if place.HomeTeam != "" || place.Room != "" {
		return "IMP"
	}
	return "MP"
}

// placeTags writes where the table sits in its event, when the record does
// not say it already (an imported record's own tags stand): Table, Room,
// the teams, and under a movement the round and the pairs' numbers
// (PairNS, PairEW), so that the file, read again, is the same event.
func (x *exporter) placeTags(tags *tagList, place projections.Placement, h *game.Hand) {
	if !place.InEvent() {
		return
	}
	set := func(name, value string) {
		if _, ok := tags.get(name); !ok && value != "" {
			tags.set(name, value)
		}
	}
	set("Table", place.Table)
	switch place.Room {
	case table.RoomOpen:
		set("Room", "Open")
	case table.RoomClosed:
		set("Room", "Closed")
	}
	set("HomeTeam", place.HomeTeam)
	set("VisitTeam", place.VisitTeam)
	if place.Movement != "" {
		set(tagMovement, place.Movement)
	}
	plan, err := place.Plan()
	tb, ok := place.TableNumber()
	if err != nil || plan == nil || !ok || !plan.Duplicate() || h.Board == 0 {
		return
	}
	if st, ok := plan.At(tb, h.Board); ok {
		set("Round", strconv.Itoa(st.Round))
		if st.NS != plan.Phantom {
			set("PairNS", strconv.Itoa(st.NS.Number))
		}
		if st.EW != plan.Phantom {
			set("PairEW", strconv.Itoa(st.EW.Number))
		}
	}
}

func claimID(h *game.Hand) events.ID {
	if h.Claim != nil {
		return h.Claim.ID
	}
	return events.ID{}
}

func resultID(h *game.Hand) events.ID {
	if h.Result != nil {
		return h.Result.ID
	}
	return events.ID{}
}

func givenID(h *game.Hand) events.ID {
	if h.Given != nil {
		return h.Given.ID
	}
	return events.ID{}
}

// auction writes contract bridge's Auction section: the calls made, or
// those a file gave for a contract given against them (their notes, on the
// auction as given, follow it as commentary); none for a hand whose
// contract was given alone.
func (x *exporter) auction(g *pbn.Game, h *game.Hand, annotate func(*pbn.Annotation, *map[int]string, []projections.Note) []projections.Note, comment func(projections.Note, pbn.Position)) {
	a := &pbn.Auction{First: h.Dealer}
	switch {
	case h.Given != nil:
		a.First = h.Given.First
		for _, c := range h.Given.Calls {
			a.Calls = append(a.Calls, pbn.AuctionCall{Call: c})
		}
		// Its notes, in order, one on each call from the first: read
		// back, each is on the auction as given again (with no call, after
		// the Contract tag).
		for i, n := range x.notes[h.Given.ID] {
			if len(a.Calls) == 0 {
				comment(n, pbn.Position{After: "Contract"})
				continue
			}
			k := min(i, len(a.Calls)-1)
			rest := []projections.Note{n}
			if i < len(a.Calls) {
				rest = annotate(&a.Calls[i].Annotation, &a.Notes, rest)
			}
			for _, n := range rest {
				comment(n, pbn.Position{After: "Auction", Index: k + 1})
			}
		}
		if len(a.Calls) == 0 {
			return
		}
	case len(h.Calls) == 0 && h.Phase != game.PhaseAuction:
		return // a result given without the auction
	}
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
}

// hoyleAuction writes what another game needs beyond PBN (see tags.go):
// its ruleset and options, its calls in its own words with their notes
// (as [Note] tags of the record), a contract given without them, and the
// honours claimed at the table.
func (x *exporter) hoyleAuction(g *pbn.Game, tags *tagList, h *game.Hand, sign func(projections.Note)) {
	s := x.s
	tags.set(tagGame, s.Rules.Info().ID)
	if opts := build.OptionsText(s.Rules, s.Opened.Options, nil); opts != "" {
		tags.set(tagOptions, opts)
	}
	var words []string
	ref := func(list []projections.Note) {
		for _, n := range list {
			sign(n)
			if g.Notes == nil {
				g.Notes = map[int]string{}
			}
			k := len(g.Notes) + 1
			g.Notes[k] = noteText(n.Text)
			words = append(words, fmt.Sprintf("=%d=%s", k, n.Glyph))
		}
	}
	calls := h.Calls
	if h.Given != nil {
		for _, c := range h.Given.Calls {
			words = append(words, c.String())
		}
		ref(x.notes[h.Given.ID])
		calls = nil
	}
	for _, c := range calls {
		words = append(words, c.Call.String())
		ref(x.notes[c.ID])
	}
	if len(words) > 0 {
		tags.set(tagAuction, strings.Join(words, " "))
	}
	if h.Contract != nil && (h.Given != nil || len(h.Calls) == 0) {
		tags.set(tagContract, game.ContractText(h.Contract))
	}
	var honours []string
	for _, side := range []cards.Side{cards.NS, cards.EW} {
		if v, ok := h.HonoursClaimed[side]; ok {
			honours = append(honours, side.String()+" "+v)
		}
	}
	if len(honours) > 0 {
		tags.set(tagHonours, strings.Join(honours, " "))
	}
	if h.Phase == game.PhaseAuction && len(h.Calls) == 0 {
		// Nothing called yet: the record says so as PBN would.
		g.Auction = &pbn.Auction{First: h.Dealer, Calls: []pbn.AuctionCall{{Placeholder: pbn.Plus}}}
	}
}

// scoreTags writes the score of a finished hand: at duplicate its Score
// (North-South's, Law 77); otherwise the net points to North-South as
// Score, what each side scored above and below the line as ScoreRubber,
// and in a rubber the sheet as it stood before the deal as
// ScoreRubberHistory.
func (x *exporter) scoreTags(tags *tagList, h *game.Hand) {
	if h.Phase != game.PhaseDone {
		return
	}
	sc, ok := x.score[h.Number]
	if !ok {
		return
	}
	if sc.Board {
		tags.set("Score", pbn.Score{Side: cards.NS, Points: sc.NS}.String())
		return
	}
	tags.set("Score", pbn.Score{Side: cards.NS, Points: sc.NS}.String())
	tags.set("ScoreRubber", fmt.Sprintf("NS %d/%d EW %d/%d", sc.Above[cards.NS], sc.Below[cards.NS], sc.Above[cards.EW], sc.Below[cards.EW]))
	if sc.History != "" {
		tags.set("ScoreRubberHistory", sc.History)
	}
}
