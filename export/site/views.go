package site

import (
	"strings"
	"sync"

	"github.com/hoyle/hoyle/projections/compare"
)

// What the templates (pages.tmpl) are given.

// pageData is what every page has.
type pageData struct {
	Title string
	Event string
	About string // how the event is scored
	Path  string // the page's path on a live server, for live.js
	Live  bool
}

type link struct{ Text, Href string }

type titled struct {
	Title string
	Table table
}

type indexData struct {
	pageData
	Rankings []titled
	Matches  []string
	Boards   []link
	Warnings []string
}

type cardData struct {
	pageData
	Name, Players, Rank string
	Table               table
}

type boardData struct {
	pageData
	Board      int
	Prev, Next string
	Record     *recordData
	Traveller  table
	Rulings    []string // the director's rulings on the board, under its traveller
}

// handRecordData is the hand record for printing: its boards four to a
// sheet (a printed page).
type handRecordData struct {
	pageData
	Sheets [][]boardData
}

// recordData is a board's hand record.
type recordData struct {
	Dealer, Vul string
	Hands       []handView // North, West, East, South: the diagram's order
	Strains     []strainHead
	DD          []ddRow
	Par         string
}

type handView struct {
	Seat, Class string
	Suits       []suitLine
}

type suitLine struct {
	Symbol, Name, Cards string
	Red                 bool
}

type strainHead struct {
	Text string
	Red  bool
}

type ddRow struct {
	Seat   string
	Tricks []string
}

// table is a compare.Grid as a page draws it: cells that may link, a
// contract's strain marked for colour.
type table struct {
	Head []headCell
	Rows []row
}

type headCell struct {
	Text  string
	Right bool
}

type row struct {
	Session string // the result the row is (a traveller's, a card's)
	Hand    int
	Cells   []cell
}

type cell struct {
	Col   string // the column's heading: tests and scripts find a figure by it
	Right bool
	Href  string
	Parts []part
}

// part is a run of a cell's text; Red marks a heart or diamond symbol.
type part struct {
	Text string
	Red  bool
}

// fromGrid makes a table of compare's grid, every figure as compare
// writes it; contracts and trumps get suit symbols.
func fromGrid(g compare.Grid) table {
	t := table{}
	for i, h := range g.Head {
		t.Head = append(t.Head, headCell{Text: h, Right: i < len(g.Right) && g.Right[i]})
	}
	for _, r := range g.Rows {
		var cells []cell
		for i, text := range r {
			c := cell{Col: g.Head[i], Right: t.Head[i].Right}
			if c.Col == "contract" || c.Col == "trumps" {
				c.Parts = strainParts(text)
			} else {
				c.Parts = []part{{Text: text}}
			}
			cells = append(cells, c)
		}
		t.Rows = append(t.Rows, row{Cells: cells})
	}
	return t
}

// cell is row j's cell in the column headed col (a scratch cell when the
// grid has no such column).
func (t *table) cell(j int, g compare.Grid, col string) *cell {
	for i, h := range g.Head {
		if h == col {
			return &t.Rows[j].Cells[i]
		}
	}
	return &cell{}
}

// link links the cells of column col to href of each row's result.
func (t *table) link(g compare.Grid, rows []compare.Result, col string, href func(r compare.Result, ns bool) string, name string) {
	for j, r := range rows {
		t.Rows[j].Session, t.Rows[j].Hand = r.Session, r.Hand
		t.cell(j, g, col).Href = href(r, r.NSName == name)
	}
}

// handLinks adds a column linking each row to its hand's page, where the
// site has one.
func (t *table) handLinks(rows []compare.Result, hands map[string][]byte) {
	any := false
	for _, r := range rows {
		_, ok := hands[HandFile(r.Session, r.Hand)]
		any = any || ok
	}
	if !any {
		return
	}
	t.Head = append(t.Head, headCell{Text: "play"})
	for j, r := range rows {
		c := cell{Col: "play"}
		if _, ok := hands[HandFile(r.Session, r.Hand)]; ok {
			c.Href, c.Parts = HandFile(r.Session, r.Hand), []part{{Text: "hand"}}
		}
		t.Rows[j].Cells = append(t.Rows[j].Cells, c)
	}
}

// strainParts splits a contract ("4H", "3NTX", "Pass") or a trump suit
// into its level, strain as a symbol, and the rest.
func strainParts(s string) []part {
	if head, tail, ok := strings.Cut(s, " "); ok {
		// "4S (assigned)": the contract, then what a ruling says of it.
		return append(strainParts(head), part{Text: " " + tail})
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	rest := s[i:]
	for _, st := range []struct {
		code, symbol string
		red          bool
	}{{"NT", "NT", false}, {"S", "♠", false}, {"H", "♥", true}, {"D", "♦", true}, {"C", "♣", false}} {
		if after, ok := strings.CutPrefix(rest, st.code); ok && (after == "" || strings.Trim(after, "X") == "") {
			out := []part{}
			if i > 0 {
				out = append(out, part{Text: s[:i]})
			}
			out = append(out, part{Text: st.symbol, Red: st.red})
			if after != "" {
				out = append(out, part{Text: after})
			}
			return out
		}
	}
	return []part{{Text: s}}
}

// HandCache keeps the hand pages a live site has made, so that an update
// makes only the pages of the sessions that changed. Safe for concurrent
// use; the zero value is empty and ready, and a nil cache keeps nothing.
type HandCache struct {
	mu    sync.Mutex
	pages map[handKey][]byte
}

type handKey struct {
	session string
	hand    int
	version uint64
}

func (c *HandCache) get(k handKey) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.pages[k]
	return b, ok
}

// put keeps a page (nil: the hand has none); the pages of the session's
// older versions are dropped.
func (c *HandCache) put(k handKey, b []byte) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages == nil {
		c.pages = map[handKey][]byte{}
	}
	for o := range c.pages {
		if o.session == k.session && o.version != k.version {
			delete(c.pages, o)
		}
	}
	c.pages[k] = b
}
