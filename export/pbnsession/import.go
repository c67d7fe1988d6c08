// Package pbnsession turns the game records of a PBN file into hoyle
// sessions (Read), and a session back into PBN game records (Export). The
// text itself is export/pbn's business; this package knows what the records
// mean as events.
//
// # Import
//
// The file is read record by record (pbn.Reader): memory holds one
// record's text and the sessions being built, never the file. Every record
// becomes a hand recorded through the laws, as a scorer would have entered
// it: session.opened (contract bridge, unless the record names another
// game in hoyle's tags; scoring "duplicate" for IMP, MP and the other
// comparisons, "rubber" for Rubber, "chicago" for Chicago), then for each
// record deal.dealt (board, dealer, vulnerability and hands), record.tags
// (the record's tags hoyle does not fold, in its order, so that an export
// gives them back), auction.call for each call, play.card for each card in
// the order it was played (PBN writes a trick in seat order from the
// opening leader; the real order starts with the winner of the trick
// before, see pbn.Play.Order), and play.claim when the play stops early
// ("*") with Result giving the declarer's total. Each event is checked by
// the laws before the next.
//
// What is true is kept, and what is not is said, with its line:
//
//   - A record whose auction disagrees with its own Contract and Declarer
//     (or that the laws refuse, or that stops at an unknown call "-")
//     takes its contract from those tags: auction.contract records it, with
//     the calls as the file gives them and why they could not be its
//     auction; the play and the result follow as usual, and a warning
//     names the line.
//   - A record with Contract, Declarer and Result but no auction is a
//     result-only hand: auction.contract, then play.result (the tricks by
//     side), or the play and a claim when it has a Play section.
//     [Contract "Pass"] is a board passed out.
//   - A card the laws refuse ends the play there; Result then gives the
//     rest as a claim. A Deal, Vulnerable or Board that cannot be read
//     (and Board "0": boards are numbered from 1) is recorded as unknown,
//     with a warning. A player's name that holds control characters is
//     cleaned of them.
//   - A record that cannot be recorded at all (no auction and no contract,
//     a contract without its declarer, no dealer) is skipped, with a
//     warning: nothing is dropped silently.
//
// With ImportOptions.Strict, any of these refuses the whole file instead,
// at its line, as imports did before.
//
// Annotations become notes (note.added) on the call or card they follow: a
// "=n=" reference with the text of [Note "n:text"], a suffix (!, ?, !!, ??,
// !?, ?!) or its numeric glyph ($1 to $6) as the note's glyph, and
// commentary {...} at its place: on the call or card it follows, on the
// claim (or the result) when it follows the end of play or the Result tag,
// on the deal when it stands among the tags (after the Contract tag, on the
// contract when it is given), and on the session when it comes before the
// first tag of the session's first record. The Annotator
// tag, if any, signs the record's notes. Notes on calls of an auction that
// was not recorded call by call are on its auction.contract.
//
// Records of the same Event, Site, Date, Section, Round, Table, Room and
// teams, with the same players, game and scoring, become one session, in
// file order: a table's sitting. Its name is the Event with the section,
// round, table and room. A record that stops before its hand is over (a
// "+" in its auction or play, or a play that stops with no Result) is
// recorded as far as it goes and leaves its hand in progress; since a
// session deals its next hand only when the last one is over, the records
// after it at the same table open a new session ("(2)").
//
// Archive files are read as they are written (pbn.Reader.Continue): a
// record that leaves out a tag the record before it gave takes its value
// (the event, the teams, the players, the board and its deal), and one
// warning says how many records did. The records of a team match the file
// places at no table are placed by match.go: the match is a table of its
// event, and each record's room is told by which team sits North-South.
// A record that numbers its pairs (PairNS, PairEW) or names hoyle's
// movement plays a round of the event's movement: its Round is not part of
// the event's name.
//
// Games of the whist family (no auction, a trump turned up) are read from
// the tags hoyle's export writes for them (tricks.go).
//
// Each session ends with session.source: the fingerprint of each record it
// holds (build.Fingerprint), by which hoyle import knows a file, or some of
// its records, imported before.
//
// Recording times: the events of a record are dated from its Date (and
// Time) when the Date is complete, a millisecond apart, so that an export
// writes the same Date back; otherwise from the clock.
//
// Games of another period (Auction Bridge, Bridge) are read back from the
// tags hoyle's export writes for them (see Export).
package pbnsession

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// Options of Read. Name names the sessions of records that have no Event
// tag ("PBN import" when it is empty too); Now dates the records without a
// complete Date.
type Options = build.ImportOptions

// Warning is something an import passed over or changed: a record
// skipped, a contract taken from the tags, an annotation hoyle has no place
// for, a tag that disagrees with what the laws made of the record.
type Warning = build.Warning

// Session is one session an import builds.
type Session = build.Imported

// Result is what an import builds: the sessions (to be appended together:
// Batches), what it passed over, and how many records it skipped.
type Result = build.Result

// Plan, Target, Record and Origin are an import's, whatever the format
// (see build): what a second pass does with each session, and what an
// import keeps of each record (the lead's Event, Table, Room and teams are
// in Record.Origin).
type (
	Plan   = build.Plan
	Target = build.Target
	Record = build.Record
	Origin = build.Origin
)

// Read reads a PBN file record by record and imports it (see the package
// doc).
func Read(r io.Reader, opt Options) (*Result, error) {
	rd := pbn.NewReader(r)
	rd.Continue = true // archive files leave out what the record before gave
	drv := build.NewDriver("pbn", opt, rd.Offset)
	native, err := rules.Lookup(build.NativeGame)
	if err != nil {
		return nil, err
	}
	imp := &importer{drv: drv, opt: drv.Options(), groups: map[groupKey]*group{}, native: native, matches: map[matchKey]*match{}}
	next := func() (*pbn.Game, error) {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			if n, line := rd.Continued(); n > 0 {
				// Once for the file, not once a record.
				drv.Warn(nil, line, fmt.Sprintf("%s left out tags the record before gave (the board, its deal, the players, the event...) and %s read as continuing it, as archive files are written; the first is here",
					count(n, "record"), map[bool]string{true: "was", false: "were"}[n == 1]))
			}
		}
		return g, err
	}
	res, err := build.Run(drv, next, imp.game)
	if err != nil {
		return nil, err
	}
	for _, bk := range imp.books {
		slices.SortFunc(bk.Deals, func(a, b eventrec.Deal) int { return a.Board - b.Board })
		res.Events = append(res.Events, *bk)
	}
	if len(res.Sessions) == 0 {
		return nil, res.Nothing(ErrNothingToImport)
	}
	return res, nil
}

// groupKey is what the records of one session share.
type groupKey struct {
	origin  build.Origin
	game    string
	options string
	players [4]string
}

// group is the session a table's records go into now.
type group struct {
	key groupKey
	// players are the session's players (session.opened): the key's, or
	// under a movement the pairs the table began with (moving).
	players [4]string
	b       *build.Session
	part    int
	clock   build.Clock
}

type importer struct {
	drv    *build.Driver
	opt    Options
	groups map[groupKey]*group
	native game.Ruleset
	// matches are the team matches of the file that it does not place
	// (match.go), and tables how many each event has.
	matches map[matchKey]*match
	tables  map[string]int
	// books are the events' own records the file tells (keepRecord).
	books []*build.EventRecord
}

// keepRecord learns an event's own record from a record of a table of its
// movement: the names of the two pairs that sat there on the board (by
// the movement's numbers), and the board's deal, unless the table fouled
// it. The first record that names a pair, or deals a board, stands. Only
// the pairs the record says the roster names (HoyleRoster) are in the
// roster: the others are named by the tables they began at, as before.
func (imp *importer) keepRecord(o build.Origin, h *game.Hand, sat [4]string, fouled bool, rostered []string) {
	place := projections.Placement{Table: o.Table, Movement: o.Movement}
	plan, _ := place.Plan()
	tb, _ := place.TableNumber()
	if h == nil || h.Board == 0 || plan == nil || o.Event == "" {
		return
	}
	var bk *build.EventRecord
	for _, x := range imp.books {
		if x.Event == o.Event {
			bk = x
		}
	}
	if bk == nil {
		bk = &build.EventRecord{Event: o.Event}
		imp.books = append(imp.books, bk)
	}
	if st, ok := plan.At(tb, h.Board); ok {
		for _, x := range []struct {
			side, who string
			phantom   bool
			names     []string
		}{{"NS", st.NS.String(), st.NS == plan.Phantom, []string{sat[cards.North], sat[cards.South]}}, {"EW", st.EW.String(), st.EW == plan.Phantom, []string{sat[cards.East], sat[cards.West]}}} {
			named := slices.ContainsFunc(bk.Roster, func(e eventrec.Entry) bool { return e.Who == x.who })
			inRoster := slices.Contains(rostered, x.side)
			if inRoster && !x.phantom && !named && (x.names[0] != "" || x.names[1] != "") {
				bk.Roster = append(bk.Roster, eventrec.Entry{Who: x.who, Names: x.names})
			}
		}
	}
	known := slices.ContainsFunc(bk.Deals, func(d eventrec.Deal) bool { return d.Board == h.Board })
	if fouled || known || !h.DealKnown() || len(h.Dealt) != 4 {
		return
	}
	d := eventrec.Deal{Board: h.Board, Dealer: h.Dealer, Vul: h.Vulnerable}
	copy(d.Hands[:], h.Dealt)
	bk.Deals = append(bk.Deals, d)
}

// text is a tag's value, "" when absent or "?".
func text(g *pbn.Game, name string) string {
	v, _ := g.Tag(name)
	if v = strings.TrimSpace(v); v == "?" {
		return ""
	}
	return v
}

// boardText is the record's Board as messages name it: quoted (and cut
// short) unless it is a number.
func boardText(g *pbn.Game) string {
	b := text(g, "Board")
	switch {
	case b == "":
		return "?"
	case len(b) <= 6 && strings.Trim(b, "0123456789") == "":
		return b
	}
	return cards.Quote(b)
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

// origin is where a record says it was played.
func origin(g *pbn.Game) build.Origin {
	o := build.Origin{Event: g.Event(), Site: g.Site(), Date: g.Date(), Stage: text(g, "Stage"), Section: text(g, "Section"), Round: text(g, "Round"),
		Table: text(g, "Table"), Room: text(g, "Room"), HomeTeam: text(g, "HomeTeam"), VisitTeam: text(g, "VisitTeam"),
		Movement: text(g, tagMovement), Pairs: text(g, "PairNS") != "" || text(g, "PairEW") != ""}
	if o.Pairs || o.Movement != "" {
		o.Round = "" // a round of the pairs' movement: the table's session goes on
	}
	return o
}

// moving reports whether a record is of a numbered table of a pairs
// movement (hoyle's HoyleMovement, a duplicate one), whose pairs change
// from round to round, and if so the players the table began with, as far
// as the record tells: a seat's name where the pair the movement seats
// there on the record's board is the pair that sat there in round 1 (in a
// Mitchell, North-South always), else "". Compare names the movement's
// pairs by the players each table's session began with, as hoyle records
// them.
func moving(o build.Origin, board string, players [4]string) ([4]string, bool) {
	place := projections.Placement{Table: o.Table, Movement: o.Movement}
	tb, ok := place.TableNumber()
	plan, err := place.Plan()
	if o.Movement == "" || !ok || err != nil || plan == nil || !plan.Duplicate() || tb > plan.Tables {
		return players, false
	}
	first := plan.Sittings[0][tb-1]
	n, err := strconv.Atoi(strings.TrimSpace(board))
	st, at := plan.At(tb, n)
	var out [4]string
	if err != nil || !at {
		return out, true
	}
	if st.NS == first.NS {
		out[cards.North], out[cards.South] = players[cards.North], players[cards.South]
	}
	if st.EW == first.EW {
		out[cards.East], out[cards.West] = players[cards.East], players[cards.West]
	}
	return out, true
}

// game imports one record.
func (imp *importer) game(g *pbn.Game) error {
	rc := &record{imp: imp, g: g, strict: imp.opt.Strict}
	if len(g.Tags) == 0 && g.Auction == nil && g.Play == nil {
		// Commentary alone, or notes: nothing to record.
		if len(g.Comments) > 0 || len(g.Notes) > 0 {
			imp.drv.Skipped(g.Line, "commentary that belongs to no record is not imported")
		}
		return nil
	}
	rs, opts, err := rc.game()
	if err != nil {
		return err
	}
	if rs == nil {
		return nil // skipped
	}
	// The reader kept no more of the record than its bounds allow.
	if d := g.Dropped; d.Comments > 0 {
		rc.warn(d.CommentsLine, "board %s: %d more comments are not imported: a record keeps at most %d", boardText(g), d.Comments, pbn.MaxComments)
	}
	if d := g.Dropped; d.Tags > 0 {
		rc.warn(d.TagsLine, "board %s: %d more tags are not imported: a record keeps at most %d", boardText(g), d.Tags, pbn.MaxTags)
	}
	if !rc.playable() {
		rc.skip(g.Line, fmt.Sprintf("board %s has no auction and no contract: not played at this table, or not recorded; skipped", boardText(g)))
		return nil
	}
	k := groupKey{game: rs.Info().ID, options: build.OptionsKey(opts)}
	for s := cards.North; s <= cards.West; s++ {
		k.players[s] = rc.player(s)
	}
	k.origin = imp.placeMatch(origin(g), k.players, text(g, "Board"))
	players := k.players
	sat := k.players // who sat here on this board, by the record
	started, isMoving := moving(k.origin, text(g, "Board"), players)
	if isMoving {
		// A table of a pairs movement is one session whoever the movement
		// brings to it: hoyle records it so, named by the pairs it began
		// with.
		k.players, players = [4]string{}, started
	}
	gr := imp.groups[k]
	if gr == nil {
		gr = &group{key: k, players: players}
		imp.groups[k] = gr
	}
	rec := build.Record{Line: g.Line, Fingerprint: fingerprint(g), Origin: k.origin}
	// What the record records is decided first: one that cannot be
	// recorded leaves nothing behind.
	p, err := rc.plan()
	if errors.Is(err, errSkip) {
		rc.skip(g.Line, "")
		return nil
	}
	if err != nil {
		return err
	}
	if gr.b == nil || imp.drv.Full(gr.b) {
		gr.part++
		gr.clock = build.Clock{}
		gr.clock.Reset(imp.baseTime(g))
		if err := imp.open(gr, g, rs, opts, p.dealer); err != nil {
			return err
		}
	}
	b := gr.b
	if imp.drv.Skip(b) {
		return imp.drv.Record(b, rec)
	}
	gr.clock.Reset(imp.baseTime(g))
	rc.b, rc.clock, rc.first = b, &gr.clock, b.First()
	if err := rc.run(p); err != nil {
		return err
	}
	for _, w := range rc.warnings {
		imp.drv.Warn(b, w.Line, w.Msg)
	}
	if isMoving {
		imp.keepRecord(k.origin, b.S.Current(), sat, strings.TrimSpace(rc.tags[tagFouled]) != "", strings.Fields(rc.tags[tagRoster]))
	}
	return imp.drv.Record(b, rec)
}

// fingerprint is a record's build.Fingerprint: its text as PBN's export
// format writes it.
func fingerprint(g *pbn.Game) string {
	var buf bytes.Buffer
	c := *g
	c.Line = 0
	if err := pbn.Write(&buf, []pbn.Game{c}); err != nil {
		return build.Fingerprint("pbn", fmt.Sprintf("%+v", c))
	}
	return build.Fingerprint("pbn", buf.String())
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

// open records the session.opened of a group's next part (part > 1: the
// records after one left unfinished).
func (imp *importer) open(gr *group, g *pbn.Game, rs game.Ruleset, opts game.Options, dealer cards.Seat) error {
	k := gr.key
	name := k.origin.Event
	if name == "" {
		name = imp.opt.Name
	}
	if name == "" {
		name = "PBN import"
	}
	for _, p := range []struct{ what, v string }{{"", k.origin.Stage}, {"section ", k.origin.Section}, {"round ", k.origin.Round}, {"table ", k.origin.Table}} {
		if p.v != "" {
			name += ", " + p.what + p.v // a stage names itself: "Round Robin", "Final"
		}
	}
	if k.origin.Room != "" {
		name += ", " + strings.ToLower(k.origin.Room) + " room"
	}
	if gr.part > 1 {
		name += fmt.Sprintf(" (%d)", gr.part)
	}
	name, warning := build.CleanName(name, "the session's name")
	opened := &table.SessionOpened{Ruleset: rs.Info().ID, Name: name, Players: gr.players[:], Dealer: dealer,
		Options: build.SessionOptions(rs, opts)}
	placing := build.Place(opened, k.origin, rs, opts)
	b, err := imp.drv.Open(opened, gr.clock.Tick(), g.Line)
	if err != nil {
		return fail(g, g.Line, err)
	}
	for _, w := range []string{warning, placing} {
		if w != "" {
			imp.drv.Warn(b, g.Line, w)
		}
	}
	gr.b = b
	return nil
}
