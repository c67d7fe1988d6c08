package site_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/site"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/projections/ruling"
)

// The site's figures against compare --json, its links, its escaping and
// its hand record; the browser's walk is in chromium_test.go, the live
// site in live_test.go.

// jsonEvent is an event as compare --json gives it, read back from the
// JSON: the test compares the pages with what scripts read, not with the
// Go values the site was made from.
type jsonEvent struct {
	Event  string `json:"event"`
	Boards []struct {
		Board   int      `json:"board"`
		Top     *float64 `json:"top"`
		Results []struct {
			Session     string   `json:"session"`
			Hand        int      `json:"hand"`
			Table       string   `json:"table"`
			Round       int      `json:"round"`
			NSPair      string   `json:"ns_pair"`
			EWPair      string   `json:"ew_pair"`
			Contract    string   `json:"contract"`
			Declarer    string   `json:"declarer"`
			Tricks      int      `json:"tricks"`
			NS          int      `json:"ns"`
			Matchpoints *float64 `json:"matchpoints"`
			Percent     *float64 `json:"percent"`
		} `json:"results"`
	} `json:"boards"`
	Totals []struct {
		Rank        int      `json:"rank"`
		Name        string   `json:"name"`
		Field       string   `json:"field"`
		Players     []string `json:"players"`
		Boards      int      `json:"boards"`
		Matchpoints *float64 `json:"matchpoints"`
		Top         *float64 `json:"top"`
		Percent     *float64 `json:"percent"`
	} `json:"totals"`
}

// page is a parsed page of the site.
type page struct{ root *html.Node }

func parse(t *testing.T, s *site.Site, path string) page {
	t.Helper()
	b, ok := s.Files[path]
	require.True(t, ok, "the site has %s", path)
	n, err := html.Parse(bytes.NewReader(b))
	require.NoError(t, err, path)
	return page{n}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func text(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return b.String()
}

// rows are the page's table rows as maps from column (data-col) to text,
// with the row's data-session and data-hand under "session" and "hand".
func (p page) rows() []map[string]string {
	var out []map[string]string
	var tables []*html.Node
	walk(p.root, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "tbody" {
			tables = append(tables, n)
		}
	})
	for _, tb := range tables {
		walk(tb, func(n *html.Node) {
			if n.Type != html.ElementNode || n.Data != "tr" {
				return
			}
			r := map[string]string{}
			r["session"], _ = attr(n, "data-session")
			r["hand"], _ = attr(n, "data-hand")
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if col, ok := attr(c, "data-col"); ok {
					r[col] = text(c)
				}
			}
			out = append(out, r)
		})
	}
	return out
}

// plain writes a contract's suit symbols back as compare's letters.
func plain(s string) string {
	return strings.NewReplacer("♠", "S", "♥", "H", "♦", "D", "♣", "C").Replace(s)
}

func f2(x *float64) string {
	if x == nil {
		return "-"
	}
	return strconv.FormatFloat(*x, 'f', 2, 64)
}

func fn(x *float64) string {
	if x == nil {
		return "-"
	}
	return strconv.FormatFloat(*x, 'f', -1, 64)
}

// TestSiteEqualsCompare: the index's rankings, every board's traveller
// and every pair's score card give the figures of compare --json for a
// recorded evening (a Mitchell of three tables, six boards).
func TestSiteEqualsCompare(t *testing.T) {
	e := recordedEvening(t, "")
	ev, tables := e.compare()
	s, err := site.Build(e.ctx, site.Input{Event: ev, Tables: tables, Hands: e.hands()}, site.Options{NoDD: true})
	require.NoError(t, err)
	raw, err := json.Marshal(ev)
	require.NoError(t, err)
	var want jsonEvent
	require.NoError(t, json.Unmarshal(raw, &want))
	require.Len(t, want.Boards, 6)
	require.Len(t, want.Totals, 6)

	// The ranking: each pair in its field, rank ("=1" when shared),
	// players, matchpoints, top and percentage.
	ranking := parse(t, s, site.IndexFile).rows()
	require.Len(t, ranking, len(want.Totals))
	for i, tot := range want.Totals {
		rank := strconv.Itoa(tot.Rank)
		for j, o := range want.Totals {
			if j != i && o.Field == tot.Field && o.Rank == tot.Rank {
				rank = "=" + rank
				break
			}
		}
		got := ranking[i]
		assert.Equal(t, rank, got["rank"], tot.Name)
		assert.Equal(t, tot.Name, got["pair"])
		assert.Equal(t, strings.Join(tot.Players, " & "), got["players"], tot.Name)
		assert.Equal(t, strconv.Itoa(tot.Boards), got["boards"], tot.Name)
		assert.Equal(t, fn(tot.Matchpoints), got["matchpoints"], tot.Name)
		assert.Equal(t, fn(tot.Top), got["top"], tot.Name)
		assert.Equal(t, f2(tot.Percent), got["%"], tot.Name)
	}

	// The travellers, and the score cards built from the same results.
	cards := map[string][]map[string]string{}
	for _, tot := range want.Totals {
		p := parse(t, s, "card-"+strings.ReplaceAll(strings.ToLower(tot.Name), " ", "-")+".html")
		cards[tot.Name] = p.rows()
	}
	played := 0
	for _, b := range want.Boards {
		rows := parse(t, s, site.BoardFile(b.Board)).rows()
		require.Len(t, rows, len(b.Results), "board %d", b.Board)
		for i, r := range b.Results {
			got := rows[i]
			where := "board " + strconv.Itoa(b.Board) + " table " + r.Table
			assert.Equal(t, r.Session, got["session"], where)
			assert.Equal(t, strconv.Itoa(r.Hand), got["hand"], where)
			assert.Equal(t, r.Table, got["table"], where)
			assert.Equal(t, strconv.Itoa(r.Round), got["round"], where)
			assert.Equal(t, r.NSPair, got["NS"], where)
			assert.Equal(t, r.EWPair, got["EW"], where)
			assert.Equal(t, r.Contract, plain(got["contract"]), where)
			assert.Equal(t, r.Declarer, got["by"], where)
			assert.Equal(t, strconv.Itoa(r.Tricks), got["tricks"], where)
			assert.Equal(t, strconv.Itoa(r.NS), got["NS score"], where)
			assert.Equal(t, fn(r.Matchpoints), got["NS mp"], where)
			ew := *b.Top - *r.Matchpoints
			assert.Equal(t, fn(&ew), got["EW mp"], where)
			assert.Equal(t, f2(r.Percent), got["NS %"], where)
			if got["play"] == "hand" {
				played++
			}

			// The same result on both pairs' cards, from each side.
			for _, side := range []struct {
				pair, opp, dir string
				sign           int
				mp             float64
				pct            float64
			}{{r.NSPair, r.EWPair, "NS", 1, *r.Matchpoints, *r.Percent}, {r.EWPair, r.NSPair, "EW", -1, ew, 100 - *r.Percent}} {
				var row map[string]string
				for _, c := range cards[side.pair] {
					if c["session"] == r.Session && c["hand"] == strconv.Itoa(r.Hand) {
						row = c
					}
				}
				require.NotNil(t, row, "%s on %s's card", where, side.pair)
				assert.Equal(t, strconv.Itoa(b.Board), row["board"], where)
				assert.Equal(t, strconv.Itoa(r.Round), row["round"], where)
				assert.Equal(t, side.dir, row["dir"], where)
				assert.Equal(t, side.opp, row["opponents"], where)
				assert.Equal(t, r.Contract, plain(row["contract"]), where)
				assert.Equal(t, strconv.Itoa(side.sign*r.NS), row["score"], where)
				assert.Equal(t, fn(&side.mp), row["mp"], where)
				assert.Equal(t, f2(&side.pct), row["%"], where)
				assert.Equal(t, got["play"], row["play"], where)
			}
		}
	}
	for name, rows := range cards {
		assert.Len(t, rows, 6, "%s played six boards", name)
	}
	assert.Equal(t, 6, played, "every third result had its lead played, and links to its hand")
	hands := 0
	for _, p := range s.Paths() {
		if strings.HasPrefix(p, "hand-") {
			hands++
		}
	}
	assert.Equal(t, 6, hands)
}

// links are every link and resource a page names (href, src).
func links(p page) []string {
	var out []string
	walk(p.root, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		for _, k := range []string{"href", "src", "action", "srcset", "poster", "data"} {
			if v, ok := attr(n, k); ok {
				out = append(out, v)
			}
		}
	})
	return out
}

// TestSiteLinksAreRelativeAndWhole: every link of every page is relative
// and names a file of the site; nothing is fetched from elsewhere; the
// pages carry no script but the hand viewer's, inside its page.
func TestSiteLinksAreRelativeAndWhole(t *testing.T) {
	e := recordedEvening(t, "")
	ev, tables := e.compare()
	s, err := site.Build(e.ctx, site.Input{Event: ev, Tables: tables, Hands: e.hands()}, site.Options{NoDD: true})
	require.NoError(t, err)
	linked := map[string]bool{site.IndexFile: true}
	for _, path := range s.Paths() {
		for _, l := range links(parse(t, s, path)) {
			u, err := url.Parse(l)
			require.NoError(t, err, "%s: %q", path, l)
			assert.Empty(t, u.Scheme, "%s: %q is not relative", path, l)
			assert.Empty(t, u.Host, "%s: %q", path, l)
			assert.False(t, strings.HasPrefix(u.Path, "/"), "%s: %q is not relative", path, l)
			_, ok := s.Files[u.Path]
			assert.True(t, ok, "%s links to %q, which the site does not have", path, l)
			linked[u.Path] = true
		}
		if strings.HasPrefix(path, "hand-") {
			assert.NotContains(t, string(s.Files[path]), "<script src", "%s: the viewer's script is in the page", path)
			assert.Contains(t, string(s.Files[path]), `id="hoyle-moments"`, "%s is the hand viewer", path)
		} else {
			assert.NotContains(t, string(s.Files[path]), "<script", "%s: a static page has no script", path)
		}
	}
	for _, path := range s.Paths() {
		assert.True(t, linked[path], "%s is linked from some page", path)
	}
}

// TestSiteShowsNamesAsText: a player named <script>alert(1)</script>, in
// an event whose name has markup, is text on every page that names him.
func TestSiteShowsNamesAsText(t *testing.T) {
	const evil = "<script>alert(1)</script>"
	e := recordedEventNamed(t, "Tuesday <i>pairs</i> & more", evil)
	s, _ := e.buildWith(true)
	named := 0
	for _, path := range s.Paths() {
		b := string(s.Files[path])
		assert.NotContains(t, b, "<script>alert", path)
		if strings.Contains(text(parse(t, s, path).root), evil) {
			named++
		}
	}
	assert.GreaterOrEqual(t, named, 3, "the name shows, as text, on the index, a card and the hand pages")
	assert.Contains(t, text(parse(t, s, site.IndexFile).root), "Tuesday <i>pairs</i> & more", "the event's name is text too")
}

// TestSiteHandRecord: a board's page and the hand record give its four
// hands, the double-dummy table the solver computes, and par at its
// vulnerability; the hand record puts four boards on a sheet.
func TestSiteHandRecord(t *testing.T) {
	e := newEvening(t, newStore(), "Two tables", "mitchell:2x1", "")
	e.playAll("mitchell:2x1")
	s, ev := e.buildWith(false)
	require.Len(t, ev.Boards, 2)
	for _, b := range ev.Boards {
		seed := boardSeed(b.Board)
		deal := dealOf(t, e, b.Results[0].Session, b.Results[0].Hand)
		p := parse(t, s, site.BoardFile(b.Board))
		body := text(p.root)
		for _, seat := range []cards.Seat{cards.North, cards.East, cards.South, cards.West} {
			var hand string
			walk(p.root, func(n *html.Node) {
				if v, ok := attr(n, "data-seat"); ok && v == seat.Name() {
					hand = text(n)
				}
			})
			for _, u := range cards.Suits {
				for _, c := range deal[seat].Suit(u).Cards() {
					assert.Contains(t, hand, c.Rank().Display(), "board %d (seed %d): %s holds %s", b.Board, seed, seat.Name(), c)
				}
			}
		}
		table, err := ddkeep.Shared().Source(dd.Config{}, nil).Table(deal)
		require.NoError(t, err)
		var got [][]string
		walk(p.root, func(n *html.Node) {
			if n.Type == html.ElementNode && n.Data == "tr" && n.Parent != nil && n.Parent.Data == "tbody" {
				if c, ok := attr(n.Parent.Parent, "class"); ok && c == "ddtable" {
					var row []string
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						if c.Type == html.ElementNode {
							row = append(row, text(c))
						}
					}
					got = append(got, row)
				}
			}
		})
		require.Len(t, got, 4, "board %d: a row for each declarer", b.Board)
		for i, seat := range []cards.Seat{cards.North, cards.South, cards.East, cards.West} {
			for j, st := range dd.Strains {
				assert.Equal(t, strconv.Itoa(table.Get(st, seat)), got[i][j+1], "board %d: %s in %v", b.Board, seat.Name(), st)
			}
		}
		par := dd.Par(table, contract.BoardVulnerability(b.Board), contract.ParScore)
		assert.Contains(t, body, "Par: ", "board %d", b.Board)
		if par.NSFirst.Score != 0 {
			score := par.NSFirst.Score
			if score < 0 {
				score = -score
			}
			assert.Contains(t, body, strconv.Itoa(score), "board %d: par %+v", b.Board, par)
		}
	}
	rec := string(s.Files[site.HandRecordFile])
	assert.Equal(t, 1, strings.Count(rec, `class="sheet"`), "two boards: one sheet")
	assert.Equal(t, 2, strings.Count(rec, `class="ddtable"`))
	assert.Contains(t, rec, "@media print")
}

// TestSiteWrite: the folder is made; a second write does not replace the
// site's files without force, and does with it.
func TestSiteWrite(t *testing.T) {
	e := recordedEvening(t, "")
	s, _ := e.buildWith(true)
	dir := filepath.Join(t.TempDir(), "site")
	require.NoError(t, s.Write(dir, false))
	b, err := os.ReadFile(filepath.Join(dir, site.IndexFile))
	require.NoError(t, err)
	assert.Equal(t, s.Files[site.IndexFile], b)
	require.NoError(t, os.WriteFile(filepath.Join(dir, site.IndexFile), []byte("mine"), 0o644))
	err = s.Write(dir, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--force")
	b, _ = os.ReadFile(filepath.Join(dir, site.IndexFile))
	assert.Equal(t, "mine", string(b), "nothing written")
	require.NoError(t, s.Write(dir, true))
	b, _ = os.ReadFile(filepath.Join(dir, site.IndexFile))
	assert.Equal(t, s.Files[site.IndexFile], b)

	// --force replaces the site's own files, never what a link points to.
	elsewhere := filepath.Join(t.TempDir(), "precious")
	require.NoError(t, os.WriteFile(elsewhere, []byte("keep"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(dir, site.BoardFile(1))))
	require.NoError(t, os.Symlink(elsewhere, filepath.Join(dir, site.BoardFile(1))))
	err = s.Write(dir, true)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")
	b, _ = os.ReadFile(elsewhere)
	assert.Equal(t, "keep", string(b))
}

// TestSiteOfATeamsMatch: a teams event's index ranks the teams by VPs
// with their IMPs and gives the match; each team's card gives its IMPs
// from its own side in both rooms.
func TestSiteOfATeamsMatch(t *testing.T) {
	e := &evening{t: t, ctx: context.Background(), rec: recorder.New(memstore.New()), name: "League"}
	var rooms []string
	for _, room := range []string{"open", "closed"} {
		id, err := e.rec.Open(e.ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": contract.ScoringDuplicate},
			Placement: projections.Placement{Event: "League", Table: "1", Room: room, HomeTeam: "Rovers", VisitTeam: "Wanderers"}})
		require.NoError(t, err)
		rooms = append(rooms, id)
	}
	for i, tricks := range []int{11, 10} { // 4S+1 (450) in the open room, 2S+2 (170) in the closed: 7 IMPs
		_, err := e.rec.Deal(e.ctx, rooms[i], projections.DealSpec{Board: 1})
		require.NoError(t, err)
		_, err = e.rec.Calls(e.ctx, rooms[i], []string{[]string{"4S", "2S"}[i], "P", "P", "P"})
		require.NoError(t, err)
		_, err = e.rec.Claim(e.ctx, rooms[i], projections.ClaimSpec{Tricks: tricks})
		require.NoError(t, err)
	}
	s, ev := e.buildWith(true)
	require.Len(t, ev.Matches, 1)
	index := parse(t, s, site.IndexFile)
	ranking := index.rows()
	require.Len(t, ranking, 2)
	assert.Equal(t, map[string]string{"session": "", "hand": "", "rank": "1", "team": "Rovers", "boards": "1", "IMPs": "+7", "VPs": fmt2(*ev.Totals[0].VPs)}, ranking[0])
	assert.Contains(t, text(index.root), ev.MatchLines()[0])
	card := parse(t, s, "card-rovers.html").rows()
	require.Len(t, card, 2)
	assert.Equal(t, "NS", card[0]["dir"])
	assert.Equal(t, "+7", card[0]["IMPs"])
	assert.Equal(t, "EW", card[1]["dir"])
	assert.Equal(t, "-170", card[1]["score"])
	assert.Equal(t, "+7", card[1]["IMPs"])
}

func fmt2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// TestSiteShowsRulings: a ruling (average plus and minus, Law 12C2) shows
// on the traveller and under it as compare says it, and on both pairs'
// cards with each side's share.
func TestSiteShowsRulings(t *testing.T) {
	e := &evening{t: t, ctx: context.Background(), rec: recorder.New(memstore.New()), name: "Tuesday"}
	var ids []string
	for i, p := range []map[string]string{{"N": "Ann", "S": "Bob", "E": "Cy", "W": "Di"}, {"N": "Max", "S": "Ned", "E": "Oz", "W": "Pat"}} {
		id, err := e.rec.Open(e.ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": contract.ScoringDuplicate},
			Players: p, Placement: projections.Placement{Event: "Tuesday", Table: strconv.Itoa(i + 1)}})
		require.NoError(t, err)
		ids = append(ids, id)
		_, err = e.rec.Deal(e.ctx, id, projections.DealSpec{Board: 1})
		require.NoError(t, err)
		_, err = e.rec.Calls(e.ctx, id, []string{"4S", "P", "P", "P"})
		require.NoError(t, err)
		_, err = e.rec.Claim(e.ctx, id, projections.ClaimSpec{Tricks: 10})
		require.NoError(t, err)
	}
	_, err := e.rec.Record(e.ctx, ids[1], func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return ruling.Decide(s, stamp, ruling.Spec{Board: 1, Score: []string{"NS=avg+", "EW=avg-"}})
	})
	require.NoError(t, err)
	s, ev := e.buildWith(true)
	lines := ev.RulingLines(ev.Boards[0])
	require.NotEmpty(t, lines)
	board := parse(t, s, site.BoardFile(1))
	for _, l := range lines {
		assert.Contains(t, text(board.root), l)
	}
	rows := board.rows()
	require.Len(t, rows, 2)
	assert.Equal(t, "avg+", rows[1]["contract"])
	assert.Equal(t, "1.2", rows[1]["NS mp"])
	assert.Equal(t, "0.8", rows[1]["EW mp"])
	ns := parse(t, s, "card-max-ned.html").rows()
	require.Len(t, ns, 1)
	assert.Equal(t, "60.00", ns[0]["%"])
	ew := parse(t, s, "card-oz-pat.html").rows()
	require.Len(t, ew, 1)
	assert.Equal(t, "0.8", ew[0]["mp"])
	assert.Equal(t, "40.00", ew[0]["%"])
}

// TestBoardShowsTheDealNotItsFouledForm: where the first table's result
// of a board is marked fouled (Law 87), the board's page shows the deal
// the other tables played, the board as dealt (issue 27: it showed the
// fouled form).
func TestBoardShowsTheDealNotItsFouledForm(t *testing.T) {
	const dealt = "N:AKQ2.K2.A3.AQ432 87.T763.8765.T96 T654.A854.T94.K8 J93.QJ9.KQJ2.J75"
	const fouled = "N:AKQ2.K2.K3.AQ432 87.T763.8765.T96 T654.A854.T94.K8 J93.QJ9.AQJ2.J75"
	top := 0.0
	ev := compare.Event{Event: "Friday", Boards: []compare.Board{{Board: 6, Top: &top, Results: []compare.Result{
		{Session: "s1", Hand: 1, Table: "1", Contract: "2S", Declarer: "N", Tricks: 9, NS: 140, Fouled: true},
		{Session: "s2", Hand: 1, Table: "2", Contract: "2S", Declarer: "N", Tricks: 8, NS: 110},
	}}}}
	tables := []compare.Table{
		{Session: "s1", Game: "contract", Plays: []compare.Play{{Hand: 1, Board: 6, Cards: fouled}}},
		{Session: "s2", Game: "contract", Plays: []compare.Play{{Hand: 1, Board: 6, Cards: dealt}}},
	}
	s, err := site.Build(context.Background(), site.Input{Event: ev, Tables: tables}, site.Options{NoDD: true})
	require.NoError(t, err)
	var north string
	walk(parse(t, s, site.BoardFile(6)).root, func(n *html.Node) {
		if v, _ := attr(n, "data-seat"); v == "North" {
			north = strings.Join(strings.Fields(text(n)), " ")
		}
	})
	assert.Contains(t, north, "♦ A 3", "North's diamonds as dealt")
	assert.NotContains(t, north, "♦ K 3", "not the fouled form")
}
