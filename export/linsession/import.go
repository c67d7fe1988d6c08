// Package linsession turns the boards of a LIN file (Bridge Base Online's
// hand notation, see export/lin) into hoyle sessions (Read), and a
// session back into LIN (Export).
//
// # Import
//
// The file is read record by record (lin.Reader: one board's text at a
// time, never the file). Each record becomes a hand recorded through the
// laws, as a scorer would have entered it: deal.dealt (the board from ah|
// "Board N" or qx|, the dealer from md|'s digit or else the board, the
// vulnerability from sv|, the hands), record.tags (the pairs hoyle does
// not fold: qx|, ah|, st|, rh|, pg|... with their places, so that an export
// gives them back), auction.call for each mb| (its an| explanation, or
// "alert" for an alert without one, as a note on the call), play.card for
// each pc| in the order played, and play.claim for mc| (the declarer's
// total tricks). Table chat and stray explanations (nt|, an|) become notes
// at their place. Each event is checked by the laws before the next.
//
// A vugraph file begins with its header: vg| (the event, segment, boards
// and teams), rs| (the result at each table, open and closed room by
// board), pn| with the eight players of both rooms, and bn|, pw|, mp|. The
// header is kept with the first record of each session, and written back
// before it; a record whose result disagrees with its rs| entry is
// recorded as played, with a warning.
//
// What cannot be recorded as written is said, with its line and token:
// an auction the laws refuse takes its contract from the rs| entry when
// there is one (auction.contract, with the calls as given), and the
// record is skipped otherwise; a card the laws refuse ends the play, and
// mc| gives the rest. With ImportOptions.Strict any of these refuses the
// whole file instead.
//
// Records with the same players, room (qx|'s o or c) and game become one
// session of contract bridge at duplicate scoring (LIN records boards),
// named after the vugraph event (or the file) and the room. A record that
// stops before its hand is over leaves the hand in progress; the records
// after it at that table open a new session ("(2)"). A record without pn|
// keeps the players of the header's pn| for its room, or of the record
// before. Each session ends with session.source, the fingerprint of each
// record it holds (see export/pbnsession).
package linsession

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// Options of Read. Sessions are named after the file's vugraph event, else
// Name, else "LIN import"; LIN gives no time, so the events are dated by
// Now.
type Options = build.ImportOptions

// Warning is something an import passed over or changed.
type Warning = build.Warning

// Session is one session an import builds.
type Session = build.Imported

// Result is what an import builds: the sessions, to be appended together
// (Batches), and what it passed over.
type Result = build.Result

// headerKeys are the pairs of a vugraph file's header: they describe the
// file, not a board.
var headerKeys = map[string]bool{"vg": true, "rs": true, "pw": true, "mp": true, "bn": true}

// Import imports the text of a LIN file (see Read).
func Import(src string, opt Options) (*Result, error) { return Read(strings.NewReader(src), opt) }

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

// Read reads a LIN file record by record and imports it (see the package
// doc).
func Read(r io.Reader, opt Options) (*Result, error) {
	rd := lin.NewReader(r)
	drv := build.NewDriver("lin", opt, rd.Offset)
	native, err := rules.Lookup(build.NativeGame)
	if err != nil {
		return nil, err
	}
	imp := &importer{drv: drv, opt: drv.Options(), native: native, groups: map[groupKey]*group{}, order: map[int]int{}}
	next := func() (lin.Chunk, error) {
		ch, err := rd.Next()
		var pe *lin.ParseError
		if errors.As(err, &pe) {
			err = &Error{Line: pe.Line, Token: pe.Index, Key: pe.Key, Err: err}
		}
		return ch, err
	}
	res, err := build.Run(drv, next, imp.chunk)
	if err != nil {
		return nil, err
	}
	if len(res.Sessions) == 0 {
		return nil, res.Nothing(ErrNothingToImport)
	}
	return res, nil
}

type groupKey struct {
	room    string
	game    string
	options string
	players [4]string
}

type group struct {
	b     *build.Session
	part  int
	clock build.Clock
}

type importer struct {
	drv    *build.Driver
	opt    Options
	native game.Ruleset
	groups map[groupKey]*group

	header   []table.Tag // the vugraph header's pairs, as kept
	event    string      // vg|'s event and segment
	teams    [2]string   // vg|'s teams
	results  []string    // rs|'s entries
	boards   []int       // bn|'s board numbers
	order    map[int]int // the order of each board in the file, for rs|
	players8 []string    // pn| of the header: the open room's four, then the closed room's
	players  [4]string   // the players of the record before
}

// fail places an error at a pair of the chunk.
func fail(p lin.Pair, err error) error {
	return &Error{Line: p.Line, Token: p.Index, Key: p.Key, Err: err}
}

// chunk imports one record.
func (imp *importer) chunk(ch lin.Chunk) error {
	r, err := lin.Parse(ch.Text)
	if err != nil {
		p := ch.Pairs[0]
		var pe *lin.ParseError
		if errors.As(err, &pe) && pe.Index < len(ch.Pairs) {
			p = ch.Pairs[pe.Index]
		}
		e := fail(p, err)
		if imp.opt.Strict {
			return e
		}
		imp.drv.Skipped(p.Line, fmt.Sprintf("%v; the record is not imported", e))
		return nil
	}
	rc := &record{imp: imp, r: r, ch: ch}
	if r.Dropped > 0 && r.DroppedAt < len(ch.Pairs) {
		rc.warn(ch.Pairs[r.DroppedAt], "%d more pairs of chat, explanations and other keys are not imported: a record keeps at most %d", r.Dropped, lin.MaxExtra)
	}
	rc.header()
	if n := board(r); n > 0 {
		if _, ok := imp.order[n]; !ok {
			imp.order[n] = len(imp.order) // the board's place, for rs|
		}
	}
	rs, opts, err := rc.game()
	if err != nil || rs == nil {
		return err
	}
	room := ""
	if id := strings.ToLower(r.BoardID); strings.HasPrefix(id, "o") {
		room = "open room"
	} else if strings.HasPrefix(id, "c") {
		room = "closed room"
	}
	players := imp.seats(r, room)
	for s := range players {
		players[s] = rc.cleanName(players[s], "the name of "+cards.Seat(s).Name())
	}
	k := groupKey{room: room, game: rs.Info().ID, options: build.OptionsKey(opts), players: players}
	gr := imp.groups[k]
	if gr == nil {
		gr = &group{}
		imp.groups[k] = gr
	}
	origin := build.Origin{Event: imp.event, HomeTeam: imp.teams[0], VisitTeam: imp.teams[1]}
	if room != "" {
		origin.Room = strings.TrimSuffix(room, " room")
	}
	rec := build.Record{Line: ch.Pairs[0].Line, Fingerprint: build.Fingerprint("lin", strings.Join(players[:], ","), room, r.String()), Origin: origin}
	rc.rs, rc.opts = rs, opts
	// What the record records is decided first: one that cannot be
	// recorded leaves nothing behind.
	p, err := rc.plan()
	if errors.Is(err, errSkip) {
		rc.skip(ch.Pairs[0], "")
		return nil
	}
	if err != nil {
		return err
	}
	if gr.b == nil || imp.drv.Full(gr.b) {
		dealer := p.dealer
		gr.part++
		name := imp.event
		if name == "" {
			name = imp.opt.Name
		}
		if name == "" {
			name = "LIN import"
		}
		if room != "" {
			name += ", " + room
		}
		if gr.part > 1 {
			name += fmt.Sprintf(" (%d)", gr.part)
		}
		name = rc.cleanName(name, "the session's name")
		gr.clock = build.Clock{}
		gr.clock.Reset(imp.opt.Now())
		opened := &table.SessionOpened{Ruleset: rs.Info().ID, Name: name, Players: players[:], Dealer: dealer,
			Options: build.SessionOptions(rs, opts)}
		placing := build.Place(opened, origin, rs, opts)
		if gr.b, err = imp.drv.Open(opened, gr.clock.Tick(), rec.Line); err != nil {
			return fail(ch.Pairs[0], err)
		}
		if placing != "" {
			imp.drv.Warn(gr.b, rec.Line, placing)
		}
	}
	b := gr.b
	if imp.drv.Skip(b) {
		return imp.drv.Record(b, rec)
	}
	rc.b, rc.clock, rc.first = b, &gr.clock, b.First()
	if err := rc.run(p); err != nil {
		return err
	}
	for _, w := range rc.warnings {
		imp.drv.Warn(b, w.Line, w.Msg)
	}
	return imp.drv.Record(b, rec)
}

// seats is the players of a record by seat: its pn| (South, West, North,
// East), else the header's for its room, else those of the record
// before. A vugraph pn| names eight (the open room's four, then the
// closed room's).
func (imp *importer) seats(r lin.Record, room string) [4]string {
	names := r.Players
	if len(names) > 4 {
		imp.players8, names = names, nil
	}
	if names == nil && imp.players8 != nil {
		names = imp.players8
		if room == "closed room" && len(names) >= 8 {
			names = names[4:]
		}
	}
	if names == nil {
		return imp.players
	}
	var out [4]string
	for i := 0; i < 4 && i < len(names); i++ {
		out[cards.South.Plus(i, 4)] = strings.TrimSpace(names[i])
	}
	imp.players = out
	return out
}

// board is the record's board number: ah| ("Board 7"), else qx|'s
// digits; 0 when it gives none.
func board(r lin.Record) int {
	if n, ok := r.Board(); ok && n > 0 {
		return n
	}
	if n, err := strconv.Atoi(strings.TrimLeft(r.BoardID, "ocOC")); err == nil && n > 0 {
		return n
	}
	return 0
}

// find is the k-th (from 0) pair of the chunk with the key, or its first.
func find(ch lin.Chunk, key string, k int) lin.Pair {
	for _, p := range ch.Pairs {
		if p.Key == key {
			if k == 0 {
				return p
			}
			k--
		}
	}
	return ch.Pairs[0]
}
