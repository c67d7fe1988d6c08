// Package site writes an event's results as a web site, the way a club
// posts its evening: an index with the ranking of each field, a personal
// score card for each pair or team, a page for each board (its hand
// record, double-dummy table and par, and its traveller, each result
// linking to the page of the hand when its play was recorded), and the
// hand record for printing, four boards to a page.
//
// Every figure and name is compare's (projections/compare, what `hoyle
// compare --json` prints): the rankings and travellers are its grids
// (compare.Grid), the score cards its Event.Card, so that the terminal, the
// Markdown report and the site say the same. The deals come from the
// tables' summaries (compare.Table), the double-dummy tables from
// projections/ddhand.
//
// The pages are flat files in one folder, linked by relative links only,
// each carrying its own CSS (a hand's page, export/html's viewer, its own
// script too): the folder works opened from disk and served by any static
// server, and no page asks for anything beyond the site's own files (no
// font, image or script from elsewhere). Text reaches a page only through
// html/template, which escapes it. Served live (Live), each page but the
// hands' also loads the site's live.js, which follows the server's
// updates.
package site

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/html"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/replay"
)

//go:embed site.css
var siteCSS string

//go:embed pages.tmpl
var pagesTmpl string

// pages are the templates of every page (pages.tmpl), html/template
// escaping all text they are given.
var pages = template.Must(template.New("pages").Funcs(template.FuncMap{
	"css": func() template.CSS { return template.CSS(siteCSS) },
}).Parse(pagesTmpl))

// HandSource gives a session's fold and log, for the pages of its hands.
type HandSource func(ctx context.Context, session string) (*projections.Session, []events.Envelope, error)

// Input is what a site is made of.
type Input struct {
	// Event is the event as compare scored it (one event of compare's
	// Report): every name and figure of the site is its.
	Event compare.Event
	// Tables are the summaries compare was given: the deals of the boards
	// are taken from them.
	Tables []compare.Table
	// Hands, when set, gives the sessions' logs, and each result whose
	// play was recorded gets a page of its own. Nil: no hand pages.
	Hands HandSource
}

// Options shape a site.
type Options struct {
	// Live makes the pages load live.js, which follows the server's
	// updates (see Live); a folder written to disk has no script.
	Live bool
	// Prefix is put before each page's own path in its data-path, by
	// which live.js knows whether an update concerns it: the event's
	// folder on a live server ("tuesday/").
	Prefix string
	// HandPages, when set, keeps the hand pages already made (by
	// session, hand and the session's version), for a live site that is
	// made again at every update.
	HandPages *HandCache
	// NoDD leaves the double-dummy tables and par out of the hand record
	// (hoyle export --no-dd): a table costs the solver a tenth of a second
	// or more a board.
	NoDD bool
	// DD, when set, gives a deal's double-dummy table in place of the
	// solver: false leaves the table out of the page for now. A live site
	// solves new boards in the background with it, so that an update is
	// never held up by the solver.
	DD func(cards.Deal) (dd.Table, bool)
}

// Site is the files of a site, by path in its folder.
type Site struct {
	Files map[string][]byte
}

// Names are the site's file names: flat, relative to its folder.
const (
	IndexFile      = "index.html"
	HandRecordFile = "handrecord.html"
)

// BoardFile is the page of board n.
func BoardFile(n int) string { return "board-" + strconv.Itoa(n) + ".html" }

// HandFile is the page of a session's hand.
func HandFile(session string, hand int) string {
	return "hand-" + strings.ToLower(session) + "-" + strconv.Itoa(hand) + ".html"
}

// ErrNoEvent is a site asked of an event that has nothing to show.
var ErrNoEvent = errors.New("no event to write")

// Build makes the site of an event.
func Build(ctx context.Context, in Input, opts Options) (*Site, error) {
	ev := &in.Event
	if ev.Event == "" {
		return nil, ErrNoEvent
	}
	s := &Site{Files: map[string][]byte{}}
	cardOf := cardFiles(ev)
	hands, err := handPages(ctx, in, opts)
	if err != nil {
		return nil, err
	}
	for path, b := range hands {
		s.Files[path] = b
	}
	deals := dealsOf(in.Tables)
	common := func(title, path string) pageData {
		return pageData{Title: title, Event: ev.Event, Path: opts.Prefix + path, Live: opts.Live, About: aboutText(ev)}
	}
	render := func(path, name string, data any) error {
		var b bytes.Buffer
		if err := pages.ExecuteTemplate(&b, name, data); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		s.Files[path] = b.Bytes()
		return nil
	}

	// The index: the ranking of each field, the matches, the boards.
	idx := indexData{pageData: common(ev.Event, IndexFile), Matches: ev.MatchLines(), Warnings: ev.Warnings}
	fields, grids := ev.Ranking()
	for i, g := range grids {
		t := fromGrid(g)
		for j := range t.Rows {
			name := g.Rows[j][1]
			t.Rows[j].Cells[1].Href = cardOf[name]
		}
		idx.Rankings = append(idx.Rankings, titled{Title: ev.RankingHeading(fields[i]), Table: t})
	}
	for _, b := range ev.Boards {
		idx.Boards = append(idx.Boards, link{Text: strconv.Itoa(b.Board), Href: BoardFile(b.Board)})
	}
	if err := render(IndexFile, "index", idx); err != nil {
		return nil, err
	}

	// A score card for each pair or team.
	var names []string
	for name := range cardOf {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		g, rows := ev.Card(name)
		t := fromGrid(g)
		t.link(g, rows, "opponents", func(r compare.Result, ns bool) string {
			if ns {
				return cardOf[r.EWPair]
			}
			return cardOf[r.NSPair]
		}, name)
		t.handLinks(rows, hands)
		total := totalOf(ev, name)
		d := cardData{pageData: common(ev.Event+": "+name, cardOf[name]), Name: name, Players: strings.Join(total.Players, " & "), Table: t}
		if total.Name != "" {
			d.Rank = ev.RankText(total)
		}
		if err := render(cardOf[name], "card", d); err != nil {
			return nil, err
		}
	}

	// A page for each board, and the hand record of them all.
	var record []boardData
	for _, b := range ev.Boards {
		g := ev.Traveller(b)
		t := fromGrid(g)
		for j, r := range b.Results {
			t.Rows[j].Session, t.Rows[j].Hand = r.Session, r.Hand
			t.cell(j, g, "NS").Href = cardOf[r.NSPair]
			t.cell(j, g, "EW").Href = cardOf[r.EWPair]
		}
		t.handLinks(b.Results, hands)
		bd := boardData{pageData: common(ev.BoardTitle(b), BoardFile(b.Board)), Board: b.Board, Traveller: t, Rulings: ev.RulingLines(b)}
		if n := prevBoard(ev, b.Board); n != 0 {
			bd.Prev = BoardFile(n)
		}
		if n := nextBoard(ev, b.Board); n != 0 {
			bd.Next = BoardFile(n)
		}
		if deal, ok := deals.of(b); ok {
			bd.Record = handRecord(b.Board, deal, ev.Game, opts.ddTable)
		}
		if err := render(BoardFile(b.Board), "board", bd); err != nil {
			return nil, err
		}
		record = append(record, bd)
	}
	hr := handRecordData{pageData: common(ev.Event+": hand record", HandRecordFile)}
	for i := 0; i < len(record); i += 4 {
		hr.Sheets = append(hr.Sheets, record[i:min(i+4, len(record))])
	}
	if err := render(HandRecordFile, "handrecord", hr); err != nil {
		return nil, err
	}
	return s, nil
}

// Write writes the site into dir, which is made if it does not exist;
// files of the site already there are replaced only with force.
func (s *Site) Write(dir string, force bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	paths := s.Paths()
	for _, p := range paths {
		fi, err := os.Lstat(filepath.Join(dir, p))
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		case !force:
			return fmt.Errorf("%s exists; give --force to replace the site's files (nothing was written)", filepath.Join(dir, p))
		case !fi.Mode().IsRegular():
			return fmt.Errorf("%s is not a regular file: --force replaces only the site's own files (nothing was written)", filepath.Join(dir, p))
		}
	}
	for _, p := range paths {
		if err := os.WriteFile(filepath.Join(dir, p), s.Files[p], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Paths are the site's files, sorted.
func (s *Site) Paths() []string {
	out := make([]string, 0, len(s.Files))
	for p := range s.Files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Size is the bytes of all the site's files.
func (s *Site) Size() int {
	n := 0
	for _, b := range s.Files {
		n += len(b)
	}
	return n
}

// cardFiles names the score card of each pair or team of the ranking by
// its name: "card-" and the name made safe for a file, numbered when two
// names come out the same. An individual event has none (its players
// change partners).
func cardFiles(ev *compare.Event) map[string]string {
	out := map[string]string{}
	if ev.Form == compare.FormIndividual {
		return out
	}
	used := map[string]bool{}
	for _, t := range ev.Totals {
		if _, ok := out[t.Name]; ok {
			continue
		}
		base := "card-" + slug(t.Name)
		file := base + ".html"
		for i := 2; used[file]; i++ {
			file = base + "-" + strconv.Itoa(i) + ".html"
		}
		used[file] = true
		out[t.Name] = file
	}
	return out
}

// slug is text made safe for a file name: lower-case letters and digits,
// anything else a dash; "x" when nothing is left.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimSuffix(b.String(), "-")
	if out == "" {
		return "x"
	}
	if len(out) > 40 {
		out = strings.TrimSuffix(out[:40], "-")
	}
	return out
}

func totalOf(ev *compare.Event, name string) compare.Total {
	for _, t := range ev.Totals {
		if t.Name == name {
			return t
		}
	}
	return compare.Total{}
}

func prevBoard(ev *compare.Event, n int) int {
	prev := 0
	for _, b := range ev.Boards {
		if b.Board < n {
			prev = b.Board
		}
	}
	return prev
}

func nextBoard(ev *compare.Event, n int) int {
	for _, b := range ev.Boards {
		if b.Board > n {
			return b.Board
		}
	}
	return 0
}

// aboutText says how the event is scored: its title without its name.
func aboutText(ev *compare.Event) string {
	_, rest, _ := strings.Cut(ev.Title(), " · ")
	return strings.ReplaceAll(rest, " · ", ", ")
}

// deals are the deals of the tables' boards, by session and hand.
type deals map[string]map[int]string

func dealsOf(tables []compare.Table) deals {
	out := deals{}
	for _, t := range tables {
		for _, p := range t.Plays {
			if p.Cards == "" {
				continue
			}
			if out[t.Session] == nil {
				out[t.Session] = map[int]string{}
			}
			out[t.Session][p.Hand] = p.Cards
		}
	}
	return out
}

// of is the deal of a board: the first of its results' that is known
// (compare warns where two tables' differ).
func (d deals) of(b compare.Board) (cards.Deal, bool) {
	for _, r := range b.Results {
		if pbn, ok := d[r.Session][r.Hand]; ok {
			deal, err := cards.ParseDeal(pbn)
			if err == nil {
				return deal, true
			}
		}
	}
	return nil, false
}

// handPages makes the page of every result whose play was recorded, by
// file name.
func handPages(ctx context.Context, in Input, opts Options) (map[string][]byte, error) {
	out := map[string][]byte{}
	if in.Hands == nil {
		return out, nil
	}
	version := map[string]uint64{}
	for _, t := range in.Tables {
		version[t.Session] = t.Version
	}
	type want struct {
		board int
		r     compare.Result
	}
	bySession := map[string][]want{}
	var order []string
	for _, b := range in.Event.Boards {
		for _, r := range b.Results {
			if _, ok := bySession[r.Session]; !ok {
				order = append(order, r.Session)
			}
			bySession[r.Session] = append(bySession[r.Session], want{b.Board, r})
		}
	}
	for _, id := range order {
		var s *projections.Session
		var envs []events.Envelope
		for _, w := range bySession[id] {
			file := HandFile(id, w.r.Hand)
			key := handKey{id, w.r.Hand, version[id]}
			if b, ok := opts.HandPages.get(key); ok {
				if b != nil {
					out[file] = b
				}
				continue
			}
			if s == nil {
				var err error
				if s, envs, err = in.Hands(ctx, id); err != nil {
					return nil, fmt.Errorf("the log of session %s: %w", id, err)
				}
			}
			if !played(s, w.r.Hand) {
				opts.HandPages.put(key, nil)
				continue
			}
			title := fmt.Sprintf("%s: board %d, table %s", in.Event.Event, w.board, w.r.Table)
			b, err := HandPage(s, envs, w.r.Hand, title)
			if err != nil {
				return nil, fmt.Errorf("session %s, hand %d: %w", id, w.r.Hand, err)
			}
			opts.HandPages.put(key, b)
			out[file] = b
		}
	}
	return out, nil
}

// played says whether a hand's play was recorded: a card at least.
func played(s *projections.Session, hand int) bool {
	for _, h := range s.Hands {
		if h.Number == hand {
			return h.Played != 0
		}
	}
	return false
}

// HandPage is the page of one played hand that the site links each result
// to: export/html's hand viewer, which steps through the hand and carries
// its write-up for a reader without JavaScript. It is the one place that
// says what a hand's page is. The machine's analysis is left out: a hand's
// costs a few tenths of a second to trace, and an evening has scores of
// played hands (hoyle export --hand N --format html gives it for one).
func HandPage(s *projections.Session, envs []events.Envelope, hand int, title string) ([]byte, error) {
	return html.RenderViewer(s, envs, hand, html.ViewerOptions{Writeup: markdown.Options{Title: title, NoDD: true}})
}

// ddTable is a deal's double-dummy table as the options say: none with
// NoDD, Options.DD's when set, else the solver's (ddhand keeps each for
// the process). False: none to show (nor for a deal the solver does not
// take, such as one of fewer than four hands of thirteen).
func (opts Options) ddTable(deal cards.Deal) (dd.Table, bool) {
	switch {
	case opts.NoDD || ddhand.CheckDeal(deal) != nil:
		return dd.Table{}, false
	case opts.DD != nil:
		return opts.DD(deal)
	}
	t, err := ddkeep.Shared().Source(dd.Config{}, nil).Table(deal)
	return t, err == nil
}

// handRecord is a board's hand record: the diagram, and for a deal of
// four hands of thirteen its double-dummy table, with par at contract
// bridge (whose scoring par is reckoned by), when table gives one.
func handRecord(board int, deal cards.Deal, game string, table func(cards.Deal) (dd.Table, bool)) *recordData {
	rec := &recordData{Dealer: contract.BoardDealer(board).Name(), Vul: contract.BoardVulnerability(board).Text(replay.CompassNames().Side)}
	for i, seat := range []cards.Seat{cards.North, cards.West, cards.East, cards.South} {
		if int(seat) >= len(deal) {
			continue
		}
		h := handView{Seat: seat.Name(), Class: []string{"north", "west", "east", "south"}[i]}
		for _, u := range cards.Suits {
			var ranks []string
			for _, c := range deal[seat].Suit(u).Cards() {
				ranks = append(ranks, c.Rank().Display())
			}
			text := strings.Join(ranks, " ")
			if text == "" {
				text = "—"
			}
			h.Suits = append(h.Suits, suitLine{Symbol: replay.SuitText(u, false), Name: u.Name(), Red: u == cards.Hearts || u == cards.Diamonds, Cards: text})
		}
		rec.Hands = append(rec.Hands, h)
	}
	t, ok := table(deal)
	if !ok {
		return rec // left out, or not a deal the solver takes: the diagram alone
	}
	for _, s := range dd.Strains {
		rec.Strains = append(rec.Strains, strainHead{Text: replay.StrainText(s, false), Red: s == cards.StrainHearts || s == cards.StrainDiamonds})
	}
	for _, seat := range []cards.Seat{cards.North, cards.South, cards.East, cards.West} {
		rec.DD = append(rec.DD, ddRow{Seat: seat.Name()[:1], Tricks: replay.DDRow(t, seat)})
	}
	if game == "contract" {
		rec.Par = replay.ParText(dd.Par(t, contract.BoardVulnerability(board), contract.ParScore), replay.CompassNames(), false)
	}
	return rec
}
