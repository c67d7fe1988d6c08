// Package pbnsession turns the game records of a PBN file into hoyle
// sessions (Import), and a session back into PBN game records (Export). The
// text itself is export/pbn's business; this package knows what the records
// mean as events.
//
// # Import
//
// Every record becomes a hand recorded through the laws, exactly as a
// scorer would have entered it: session.opened (contract bridge; scoring
// "duplicate" for IMP, MP and the other comparisons, "rubber" for Rubber,
// "chicago" for Chicago), then for each record deal.dealt (board, dealer,
// vulnerability and hands), auction.call for each call, play.card for each
// card in the order it was played (PBN writes a trick in seat order from
// the opening leader; the real order starts with the winner of the trick
// before, see pbn.Play.Order), and play.claim when the play stops early
// ("*") with Result giving the declarer's total. Each event is checked by
// the laws before the next (recorder.Propose), so a record that breaks
// them is refused with its line, and nothing at all is appended.
//
// Annotations become notes (note.added) on the call or card they follow: a
// "=n=" reference with the text of [Note "n:text"], a suffix (!, ?, !!, ??,
// !?, ?!) or its numeric glyph ($1 to $6) as the note's glyph, and
// commentary {...} at its place: on the call or card it follows, on the
// claim when it follows the end of play or the Result tag, on the deal
// when it stands among the tags, and on the session when it comes before
// the first tag of the session's first record. The Annotator tag, if any,
// signs the record's notes.
//
// Records of the same Event, Site, Date, Section, Round, Table and Room,
// with the same players and scoring, become one session, in file order:
// a table's sitting. Its name is the Event with the section, round, table
// and room. Records without an Auction section are deals not bid at that
// table (a teams file lists them with Contract "Pass" and no Score): they
// are skipped, with a warning. A record that stops before its hand is over
// (a "+" or "-" in its auction or play, or a play that stops with no
// Result) is recorded as far as it goes and leaves its hand in progress;
// since a session deals its next hand only when the last one is over, the
// records after it at the same table open a new session ("(2)").
//
// Recording times: the events of a record are dated from its Date (and
// Time) when the Date is complete, a millisecond apart, so that an export
// writes the same Date back; otherwise from the clock.
//
// What hoyle has no event for is not kept: Site, HomeTeam, ScoreIMP,
// DoubleDummyTricks, OptimumResultTable and the like, and the
// distinction between IMPs and matchpoints (both are duplicate scoring of
// the board, Law 77).
//
// It imports events, projections and the export codecs below it (export/pbn,
// export/internal/build).
package pbnsession

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// Options of Import. Name names the sessions of records that have no Event
// tag ("PBN import" when it is empty too); Now dates the records without a
// complete Date.
type Options = build.ImportOptions

// Warning is something an import passed over: a record skipped, an
// annotation hoyle has no place for, a tag that disagrees with what the
// laws made of the record.
type Warning = build.Warning

// Session is one session an import builds, not yet appended.
type Session = build.Imported

// Result is what an import builds: the sessions, to be appended together
// (Batches), what it passed over, and how many records it skipped.
type Result struct {
	build.Result
	Skipped int // records without an auction
}

// Read parses a PBN file and imports its records.
func Read(r io.Reader, opt Options) (*Result, error) {
	games, err := pbn.Parse(r)
	if err != nil {
		return nil, err
	}
	return Import(games, opt)
}

// groupKey is what the records of one session share.
type groupKey struct {
	event, site, date, section, round, tableNo, room, scoring string
	players                                                   [4]string
}

type group struct {
	key   groupKey
	games []*pbn.Game
}

// Import builds the sessions of parsed PBN games (see the package doc).
func Import(games []pbn.Game, opt Options) (*Result, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	res := &Result{}
	imp := &importer{opt: opt, res: res}
	var groups []*group
	byKey := map[groupKey]*group{}
	done := 0
	progress := func() {
		done++
		if opt.Progress != nil {
			opt.Progress(done, len(games))
		}
	}
	for i := range games {
		g := &games[i]
		if g.Auction == nil {
			res.Skipped++
			res.Warnings = append(res.Warnings, Warning{Line: g.Line, Msg: fmt.Sprintf("board %s has no auction: not bid at this table; skipped", boardText(g))})
			progress()
			continue
		}
		k := groupKey{event: g.Event(), site: g.Site(), date: g.Date(), section: text(g, "Section"), round: text(g, "Round"),
			tableNo: text(g, "Table"), room: text(g, "Room"), scoring: imp.scoring(g)}
		for s := cards.North; s <= cards.West; s++ {
			k.players[s] = g.Player(s)
		}
		gr := byKey[k]
		if gr == nil {
			gr = &group{key: k}
			byKey[k] = gr
			groups = append(groups, gr)
		}
		gr.games = append(gr.games, g)
	}
	for _, gr := range groups {
		var b *build.Session
		var clock build.Clock
		part := 0
		for _, g := range gr.games {
			first := false
			if b == nil || b.Unfinished() {
				if b != nil {
					b.Finish(&res.Sessions[len(res.Sessions)-1])
				}
				part++
				clock = build.Clock{}
				clock.Reset(imp.baseTime(g))
				nb, err := imp.open(gr, g, part, clock.Tick())
				if err != nil {
					return nil, err
				}
				b, first = nb, true
				res.Sessions = append(res.Sessions, Session{ID: b.ID, Name: nb.S.Opened.Name, Line: g.Line})
			}
			clock.Reset(imp.baseTime(g))
			if err := imp.record(b, &clock, g, first); err != nil {
				return nil, err
			}
			progress()
		}
		b.Finish(&res.Sessions[len(res.Sessions)-1])
	}
	if len(res.Sessions) == 0 {
		return nil, ErrNothingToImport
	}
	return res, nil
}

type importer struct {
	opt Options
	res *Result
}

func (imp *importer) warn(line int, format string, args ...any) {
	imp.res.Warnings = append(imp.res.Warnings, Warning{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// text is a tag's value, "" when absent or "?".
func text(g *pbn.Game, name string) string {
	v, _ := g.Tag(name)
	if v = strings.TrimSpace(v); v == "?" {
		return ""
	}
	return v
}

func boardText(g *pbn.Game) string {
	if b := text(g, "Board"); b != "" {
		return b
	}
	return "?"
}

// tagLine is the line of a tag, or the record's first line.
func tagLine(g *pbn.Game, name string) int {
	for _, t := range g.Tags {
		if t.Name == name && t.Line > 0 {
			return t.Line
		}
	}
	return g.Line
}

func fail(g *pbn.Game, line int, err error) error {
	return &Error{Line: line, Board: text(g, "Board"), Err: err}
}

// duplicateScorings are the Scoring words of PBN that compare boards scored
// by the duplicate table (Law 77): hoyle scores the board and leaves the
// comparison to the event.
var duplicateScorings = map[string]bool{
	"": true, "imp": true, "imps": true, "mp": true, "mp1": true, "mp2": true, "matchpoints": true, "bam": true,
	"butler": true, "cross": true, "crossimps": true, "instant": true, "total": true, "totalpoints": true,
	"cavendish": true, "ximp": true, "percentage": true,
}

// scoring is the session's scoring option from the Scoring tag ("IMP",
// "MP;Butler", "Rubber"...): its first word decides.
func (imp *importer) scoring(g *pbn.Game) string {
	word := strings.ToLower(strings.TrimSpace(g.Scoring()))
	if i := strings.IndexAny(word, "; ,"); i >= 0 {
		word = word[:i]
	}
	switch word {
	case "rubber":
		return contract.ScoringRubber
	case "chicago":
		return contract.ScoringChicago
	}
	if !duplicateScorings[word] {
		imp.warn(tagLine(g, "Scoring"), "Scoring %q is not one hoyle knows; the board is scored as duplicate", g.Scoring())
	}
	return contract.ScoringDuplicate
}

// baseTime is when a record's events are dated: its Date and Time (UTC
// ones preferred) when the date is complete, else the clock.
func (imp *importer) baseTime(g *pbn.Game) time.Time {
	date, clock := text(g, "UTCDate"), text(g, "UTCTime")
	if date == "" {
		date, clock = g.Date(), text(g, "Time")
	}
	d, err := time.Parse("2006.01.02", date)
	if err != nil || d.Year() < 1900 || d.Year() > 2199 {
		return imp.opt.Now().UTC()
	}
	if t, err := time.Parse("15:04:05", clock); err == nil {
		d = d.Add(time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute + time.Duration(t.Second())*time.Second)
	}
	return d
}

// open records the session.opened of a group (part > 1: the records after
// one left unfinished).
func (imp *importer) open(gr *group, g *pbn.Game, part int, at time.Time) (*build.Session, error) {
	k := gr.key
	name := k.event
	if name == "" {
		name = imp.opt.Name
	}
	if name == "" {
		name = "PBN import"
	}
	for _, p := range []struct{ what, v string }{{"section", k.section}, {"round", k.round}, {"table", k.tableNo}} {
		if p.v != "" {
			name += ", " + p.what + " " + p.v
		}
	}
	if k.room != "" {
		name += ", " + strings.ToLower(k.room) + " room"
	}
	if part > 1 {
		name += fmt.Sprintf(" (%d)", part)
	}
	dealer, err := imp.dealer(g)
	if err != nil {
		return nil, err
	}
	opened := &table.SessionOpened{Ruleset: "contract", Name: name, Players: k.players[:], Dealer: dealer,
		Options: []table.Option{{Name: "scoring", Value: k.scoring}}}
	b, err := build.Open(opened, at)
	if err != nil {
		return nil, fail(g, g.Line, err)
	}
	return b, nil
}

// dealer is the Dealer tag, else the first seat of the auction, else the
// board's dealer (Law 2).
func (imp *importer) dealer(g *pbn.Game) (cards.Seat, error) {
	d, err := g.Dealer()
	switch {
	case err == nil:
		return d, nil
	case !errors.Is(err, pbn.ErrNoValue):
		return cards.NoSeat, fail(g, tagLine(g, "Dealer"), err)
	case g.Auction != nil && g.Auction.First != cards.NoSeat:
		return g.Auction.First, nil
	}
	if n, err := g.Board(); err == nil && n > 0 {
		return contract.BoardDealer(n), nil
	}
	return cards.NoSeat, fail(g, g.Line, errors.New("the record gives no dealer: no Dealer tag, no first seat of the auction, no board number"))
}

// slotKind is the kind of event a note is on.
type slotKind uint8

const (
	onDeal slotKind = iota
	onSession
	onCall  // i: index of the call in the auction section
	onCard  // i: index of the entry in the play section
	onClaim // the claim that ends the play (a "*" in the play section)
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

// record records one game as the next hand of b.
func (imp *importer) record(b *build.Session, clock *build.Clock, g *pbn.Game, first bool) error {
	board := 0
	if n, err := g.Board(); err == nil {
		board = n
	} else if !errors.Is(err, pbn.ErrNoValue) {
		return fail(g, tagLine(g, "Board"), err)
	}
	dealer, err := imp.dealer(g)
	if err != nil {
		return err
	}
	// A record without a board number is numbered as hoyle scores a hand
	// not dealt as a board: by its place in the session.
	if board == 0 {
		board = len(b.S.Hands) + 1
	}
	d := &table.Dealt{Hand: len(b.S.Hands) + 1, Dealer: dealer, Board: board}
	switch vul, err := g.Vulnerable(); {
	case err == nil:
		for _, s := range []cards.Side{cards.NS, cards.EW} {
			if vul.Vulnerable(s) {
				d.Vul = append(d.Vul, s)
			}
		}
	case !errors.Is(err, pbn.ErrNoValue):
		return fail(g, tagLine(g, "Vulnerable"), err)
	case b.S.Opts["scoring"] == contract.ScoringDuplicate:
		_, d.Vul = contract.New().Board(board) // the board's (Law 2)
	}
	switch deal, _, err := g.Deal(); {
	case err == nil:
		if deal.Cards() != 0 {
			d.Hands = deal
		}
	case !errors.Is(err, pbn.ErrNoValue):
		return fail(g, tagLine(g, "Deal"), err)
	}
	by := text(g, "Annotator")
	a, pl := g.Auction, g.Play

	// What the play section holds, to route notes before the events exist.
	var played []pbn.PlayedCard
	cell := map[cards.Card]int{} // card -> index of its entry in the play section
	continued := false
	if pl != nil {
		k := 0
		for _, row := range pl.Tricks {
			for _, c := range row {
				if c.Placeholder == pbn.Plus {
					continued = true
				}
				if c.Placeholder == 0 {
					cell[c.Card] = k
				}
				k++
			}
		}
	}
	result, resultErr := g.Result()
	if resultErr != nil && !errors.Is(resultErr, pbn.ErrNoValue) {
		return fail(g, tagLine(g, "Result"), resultErr)
	}
	resultKnown := resultErr == nil
	notes := imp.routeNotes(g, first, cell, resultKnown && !continued)

	var last events.ID // the hand's latest event, for notes whose place was not reached
	at := clock.Tick
	addNotes := func(target events.ID, sl slot, ann *pendingNote) error {
		list := notes[sl]
		delete(notes, sl)
		if ann != nil {
			list = append([]pendingNote{*ann}, list...)
		}
		for _, n := range list {
			if _, err := b.Add(at(), &table.Noted{Target: target, Text: n.text, Glyph: n.glyph, By: by}); err != nil {
				return fail(g, n.line, err)
			}
		}
		return nil
	}

	// flush puts the notes whose place the record never reached (a hand
	// left unfinished, a claim that did not come) on its latest event.
	flush := func(target events.ID) error {
		var rest []slot
		for sl := range notes {
			rest = append(rest, sl)
		}
		sort.Slice(rest, func(i, j int) bool {
			return rest[i].kind < rest[j].kind || rest[i].kind == rest[j].kind && rest[i].i < rest[j].i
		})
		for _, sl := range rest {
			if err := addNotes(target, sl, nil); err != nil {
				return err
			}
		}
		return nil
	}

	dealID, err := b.Add(at(), d)
	if err != nil {
		return fail(g, tagLine(g, "Deal"), err)
	}
	last = dealID
	if first {
		if err := addNotes(b.Events[0].ID, slot{kind: onSession}, nil); err != nil {
			return err
		}
	}
	if err := addNotes(dealID, slot{kind: onDeal}, nil); err != nil {
		return err
	}

	// The auction, as far as it is known.
	firstSeat := a.First
	if firstSeat == cards.NoSeat {
		firstSeat = dealer
	}
	for i, c := range a.Calls {
		if c.Placeholder != 0 {
			if c.Placeholder == pbn.Dash {
				imp.warn(c.Line, "board %s: call %d of the auction is not known (-); the hand is recorded up to it", boardText(g), i+1)
			}
			break
		}
		id, err := b.Add(at(), &table.Called{Seat: firstSeat.Plus(i, 4), Call: c.Call})
		if err != nil {
			return fail(g, c.Line, err)
		}
		last = id
		if err := addNotes(id, slot{onCall, i}, imp.annotation(g, c.Annotation, a.Notes, c.Line)); err != nil {
			return err
		}
	}
	h := b.S.Current()
	if h.Phase == game.PhaseAuction {
		return flush(last) // unfinished
	}
	imp.checkContract(g, h)

	// The play, in the order played.
	if h.Contract != nil && pl != nil {
		var early bool
		played, early, err = pl.Order(h.Contract.Strain)
		if err != nil {
			return fail(g, badTrickLine(pl, h.Contract.Strain), err)
		}
		for _, pc := range played {
			k := cell[pc.Card]
			entry := pl.Tricks[k/4][k%4]
			id, err := b.AddCard(at(), pc.Seat, pc.Card)
			if err != nil {
				return fail(g, entry.Line, err)
			}
			last = id
			if err := addNotes(id, slot{onCard, k}, imp.annotation(g, entry.Annotation, pl.Notes, entry.Line)); err != nil {
				return err
			}
		}
		if h.Phase == game.PhasePlay && !early && !resultKnown {
			imp.warn(pl.Line, "board %s: the play stops after %d cards with no Result; the hand is left in play", boardText(g), len(played))
		}
	} else if h.Contract == nil && pl != nil && len(cell) > 0 {
		imp.warn(pl.Line, "board %s was passed out; its Play section is ignored", boardText(g))
	}
	switch {
	case h.Phase == game.PhaseDone:
		if h.Contract != nil && resultKnown && contract.DeclarerTricks(h) != result {
			imp.warn(tagLine(g, "Result"), "board %s: Result says %d tricks, the play gives declarer %d", boardText(g), result, contract.DeclarerTricks(h))
		}
	case continued:
	case resultKnown:
		decl := h.Contract.Declarer
		claim, _ := b.ClaimFor(result) // Result counts any revoke's tricks transferred
		id, err := b.Add(at(), &table.Claimed{Seat: decl, Tricks: claim})
		if err != nil {
			return fail(g, tagLine(g, "Result"), fmt.Errorf("Result %d: %w", result, err))
		}
		last = id
		if err := addNotes(id, slot{kind: onClaim}, nil); err != nil {
			return err
		}
	case pl == nil:
		imp.warn(g.Auction.Line, "board %s has neither play nor Result; the hand is left in play", boardText(g))
	}
	imp.checkScore(b, g, h)
	return flush(last)
}

// badTrickLine is the line of the first trick of a play section that
// cannot be replayed (Order says which trick in words; this finds its
// line), or the section's own line.
func badTrickLine(pl *pbn.Play, strain cards.Strain) int {
	for k := 1; k <= len(pl.Tricks); k++ {
		part := *pl
		part.Tricks, part.End = pl.Tricks[:k], false
		if _, _, err := part.Order(strain); err != nil {
			for _, c := range pl.Tricks[k-1] {
				if c.Line > 0 {
					return c.Line
				}
			}
		}
	}
	return pl.Line
}

// routeNotes places the record's commentary and unreferenced notes (see
// the package doc); annotations are placed as their calls and cards are
// recorded.
func (imp *importer) routeNotes(g *pbn.Game, first bool, cell map[cards.Card]int, claims bool) map[slot][]pendingNote {
	out := map[slot][]pendingNote{}
	put := func(sl slot, n pendingNote) { out[sl] = append(out[sl], n) }
	a, pl := g.Auction, g.Play
	lastCall := func() slot {
		for i := len(a.Calls) - 1; i >= 0; i-- {
			if a.Calls[i].Placeholder == 0 {
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
			for i, c := range a.Calls {
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
	// card whose own section lacks that number.
	var playNotes map[int]string
	if pl != nil {
		playNotes = pl.Notes
	}
	used := func(section string, own map[int]string, n int) bool {
		_, shadowed := own[n]
		return referenced(section, n).kind != onDeal && !shadowed
	}
	unreferenced := func(notes map[int]string, isUsed func(int) bool, line int) {
		for _, num := range slices.Sorted(maps.Keys(notes)) {
			if !isUsed(num) {
				put(slot{kind: onDeal}, pendingNote{text: fmt.Sprintf("%d: %s", num, notes[num]), line: line})
			}
		}
	}
	unreferenced(a.Notes, func(n int) bool { return referenced("Auction", n).kind != onDeal }, a.Line)
	if pl != nil {
		unreferenced(pl.Notes, func(n int) bool { return referenced("Play", n).kind != onDeal }, pl.Line)
	}
	unreferenced(g.Notes, func(n int) bool { return used("Auction", a.Notes, n) || used("Play", playNotes, n) }, g.Line)
	return out
}

// annotation is the note a call's or card's annotation makes: the text of
// its "=n=" note (from the section's notes, or the record's), and its
// suffix or numeric glyph; nil when it has neither.
func (imp *importer) annotation(g *pbn.Game, a pbn.Annotation, notes map[int]string, line int) *pendingNote {
	n := pendingNote{glyph: a.Suffix, line: line}
	if a.Note != 0 {
		t, ok := notes[a.Note]
		if !ok {
			t, ok = g.Notes[a.Note]
		}
		if ok {
			n.text = t
		} else {
			imp.warn(line, "board %s: note =%d= has no [Note \"%d:...\"]; the reference is dropped", boardText(g), a.Note, a.Note)
		}
	}
	for _, nag := range a.NAGs {
		if gl := build.Glyph(nag); gl != "" && n.glyph == "" {
			n.glyph = gl
		} else {
			imp.warn(line, "board %s: glyph $%d has no place in hoyle's notes; dropped", boardText(g), nag)
		}
	}
	if len(a.Irregularities) > 0 {
		imp.warn(line, "board %s: irregularity marks %v are not recorded", boardText(g), a.Irregularities)
	}
	if n.text == "" && n.glyph == "" {
		return nil
	}
	return &n
}

// checkContract warns when the Contract or Declarer tag disagrees with the
// contract the auction settled (which is what hoyle records).
func (imp *importer) checkContract(g *pbn.Game, h *game.Hand) {
	c, err := g.Contract()
	if err != nil {
		return
	}
	got := pbn.Contract{}
	decl := cards.NoSeat
	if h.Contract != nil {
		got = pbn.Contract{Level: h.Contract.Level, Strain: h.Contract.Strain, Doubled: h.Contract.Doubled}
		decl = h.Contract.Declarer
	}
	if c != got {
		imp.warn(tagLine(g, "Contract"), "board %s: Contract says %s, the auction gives %s", boardText(g), c, got)
		return
	}
	if tag, err := g.Declarer(); err == nil && tag != decl {
		imp.warn(tagLine(g, "Declarer"), "board %s: Declarer says %s, the auction gives %s", boardText(g), tag, decl)
	}
}

// checkScore warns when a duplicate board's Score tag is not the score of
// the hand hoyle recorded (Law 77).
func (imp *importer) checkScore(b *build.Session, g *pbn.Game, h *game.Hand) {
	sc, err := g.Score()
	if err != nil || h.Phase != game.PhaseDone || b.S.Opts["scoring"] != contract.ScoringDuplicate {
		return
	}
	ns := NSScore(h)
	want := sc.Points
	switch sc.Side {
	case cards.EW:
		want = -want
	case cards.NoSide:
		if h.DeclaringSide() == cards.EW {
			want = -want
		}
	}
	if want != ns {
		imp.warn(tagLine(g, "Score"), "board %s: Score says %s, the hand scores NS %d", boardText(g), sc, ns)
	}
}

// NSScore is a finished hand's duplicate score from North-South's side
// (Law 77), with the vulnerability recorded with its deal: 0 when passed
// out.
func NSScore(h *game.Hand) int {
	if h.Contract == nil {
		return 0
	}
	decl := h.DeclaringSide()
	vul := false
	for _, s := range h.Vulnerable {
		vul = vul || s == decl
	}
	c := contract.Contract{Level: h.Contract.Level, Strain: h.Contract.Strain, Doubled: h.Contract.Doubled}
	n := contract.DuplicateScore(c, vul, contract.DeclarerTricks(h)) // with any revoke's tricks transferred
	if decl == cards.EW {
		n = -n
	}
	return n
}
