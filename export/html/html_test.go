package html

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// testPage is a write-up checked as a page.
type testPage struct {
	envs []events.Envelope
	opts markdown.Options
}

// The pages, recorded once for the test binary, and each rendered once:
// every test reads them and none changes them (each test recorded the
// six scripts anew, and rendered its page anew, the demo's with its
// double-dummy analysis).
var (
	pagesMu   sync.Mutex
	pagesMade map[string]testPage
	renderMu  sync.Mutex
	rendered  = map[string][]byte{}
)

// pages are the write-ups checked as pages, here and in Chromium.
func pages(t *testing.T) map[string]testPage {
	t.Helper()
	pagesMu.Lock()
	defer pagesMu.Unlock()
	if pagesMade != nil {
		return pagesMade
	}
	claim := replaytest.Record(t, "claim")
	column := replaytest.Record(t, "column")
	pagesMade = map[string]testPage{
		"demo": {replaytest.Record(t, "demo"), markdown.Options{}},
		// Without the analysis: the claim's deal costs the solver up to a
		// second; the demo's page shows the analysis as HTML.
		"claim":  {claim, markdown.Options{Labels: markdown.LabelsMoments, NoDD: true}},
		"column": {column, markdown.Options{Hand: 2, Seats: replay.FosterSeats}},
		// The problem of the issue: a title, hidden hands, no play.
		"problem": {claim, markdown.Options{At: moment(t, "1.a6"), Title: "You are North: plan the play", Hide: []string{"E", "W"}, NoPlay: true}},
		// Three hands and a widow side by side.
		"five-hundred": {replaytest.Record(t, "five-hundred"), markdown.Options{Hand: 2}},
		"hostile":      {replaytest.Hostile(t), markdown.Options{}},
		// Four hands and the cachette dealt apart.
		"quinto": {replaytest.Record(t, "quinto"), markdown.Options{Hand: 1}},
	}
	return pagesMade
}

func moment(t *testing.T, text string) *replay.Moment {
	t.Helper()
	m, err := replay.ParseMoment(text)
	require.NoError(t, err)
	return &m
}

// parse reads a page as a browser does.
func parse(t *testing.T, page []byte) *xhtml.Node {
	t.Helper()
	doc, err := xhtml.Parse(bytes.NewReader(page))
	require.NoError(t, err)
	return doc
}

// find lists the elements that match.
func find(n *xhtml.Node, match func(*xhtml.Node) bool) []*xhtml.Node {
	var out []*xhtml.Node
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func tag(name string) func(*xhtml.Node) bool {
	return func(n *xhtml.Node) bool { return n.Data == name }
}

func attr(n *xhtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// class matches elements with every one of the classes.
func class(names ...string) func(*xhtml.Node) bool {
	return func(n *xhtml.Node) bool {
		have := strings.Fields(attr(n, "class"))
		for _, want := range names {
			found := false
			for _, h := range have {
				found = found || h == want
			}
			if !found {
				return false
			}
		}
		return true
	}
}

// text is the text of a node and everything in it.
func text(n *xhtml.Node) string {
	var b strings.Builder
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// render is the named page (of pages) as Render writes it, rendered once
// for the binary: the caller does not change it.
func render(t *testing.T, name string) []byte {
	t.Helper()
	p, ok := pages(t)[name]
	require.True(t, ok, "no page %s", name)
	renderMu.Lock()
	defer renderMu.Unlock()
	if page, ok := rendered[name]; ok {
		return page
	}
	page, err := Render(p.envs, p.opts)
	require.NoError(t, err, name)
	rendered[name] = page
	return page
}

// A page stands alone: its CSS inside, nothing fetched, no script, and a
// policy that forbids anything else.
func TestPageIsSelfContained(t *testing.T) {
	for name := range pages(t) {
		page := render(t, name)
		doc := parse(t, page)
		assert.True(t, bytes.HasPrefix(page, []byte("<!DOCTYPE html>\n")), name)
		assert.Len(t, find(doc, tag("style")), 1, name)
		assert.Empty(t, find(doc, tag("script")), name)
		assert.Empty(t, find(doc, tag("link")), name)
		assert.Empty(t, find(doc, tag("img")), name)
		assert.Empty(t, find(doc, tag("pre")), "%s: the diagram is a grid, not preformatted text", name)
		for _, el := range find(doc, func(*xhtml.Node) bool { return true }) {
			for _, a := range el.Attr {
				assert.NotContains(t, []string{"src", "href", "onerror", "onload"}, a.Key, "%s: <%s %s=%q>", name, el.Data, a.Key, a.Val)
			}
		}
		css := text(find(doc, tag("style"))[0])
		assert.NotContains(t, css, "url(", name)
		assert.NotContains(t, css, "@import", name)
		var csp string
		for _, m := range find(doc, tag("meta")) {
			if attr(m, "http-equiv") == "Content-Security-Policy" {
				csp = attr(m, "content")
			}
		}
		assert.Equal(t, "default-src 'none'; style-src 'unsafe-inline'", csp, name)
		assert.Len(t, find(doc, tag("h1")), 1, name)
	}
}

// The same content as the Markdown: every heading and table of the
// write-up is on the page, and the title is the first heading.
func TestPageHasTheWriteUp(t *testing.T) {
	p := pages(t)["demo"]
	wu, err := markdown.Build(p.envs, p.opts)
	require.NoError(t, err)
	doc := parse(t, render(t, "demo"))
	assert.Equal(t, wu.Title, text(find(doc, tag("title"))[0]))
	assert.Equal(t, "Foster's bidding example: hand 1", text(find(doc, tag("h1"))[0]))
	var h2 []string
	for _, h := range find(doc, tag("h2")) {
		h2 = append(h2, text(h))
	}
	assert.Equal(t, []string{"Double dummy", "Auction", "Play", "Result"}, h2)
	tables := find(doc, tag("table"))
	require.Len(t, tables, 3)
	assert.Len(t, find(tables[0], tag("tr")), 5, "the double-dummy table: a header and four declarers")
	assert.Len(t, find(tables[1], tag("tr")), 5, "the auction: a header and four rounds")
	assert.Len(t, find(tables[2], tag("tr")), 14, "the play: a header and thirteen tricks")
	assert.Contains(t, text(tables[2]), "N ♣A?! (4)")
	assert.Contains(t, text(tables[2]), "E ♣J [−4]", "the machine's mark on a costly card")
	assert.Contains(t, text(doc), "North could hold up the ace once")
}

// Hearts and diamonds are red: every heart and diamond symbol on the page
// is marked with its suit's class, which the CSS colours red.
func TestHeartsAndDiamondsAreRed(t *testing.T) {
	page := render(t, "demo")
	doc := parse(t, page)
	body := find(doc, tag("body"))[0]
	for suit, class := range map[string]string{"♥": "suit-h", "♦": "suit-d", "♠": "suit-s", "♣": "suit-c"} {
		all := strings.Count(text(body), suit)
		marked := 0
		for _, span := range find(body, func(n *xhtml.Node) bool { return n.Data == "span" && attr(n, "class") == class }) {
			if text(span) == suit {
				marked++
			}
		}
		assert.Positive(t, all, suit)
		assert.Equal(t, all, marked, "every %s is marked %s", suit, class)
	}
	css := text(find(doc, tag("style"))[0])
	assert.Contains(t, css, "--red: #c0141b")
	assert.Contains(t, css, ".suit-h, .suit-d { color: var(--red); }")
	assert.Contains(t, css, "print-color-adjust: exact", "the red is kept on paper")
}

// The diagram is a grid of four hands placed round a rose; Foster's is
// turned with Z at the bottom (hand 2 of the column is dealt by West).
func TestDiagramIsAGrid(t *testing.T) {
	doc := parse(t, render(t, "column"))
	figures := find(doc, class("diagram", "compass"))
	require.Len(t, figures, 1)
	places := map[string]string{}
	for _, place := range []string{"top", "left", "right", "bottom"} {
		hands := find(figures[0], class("hand", place))
		require.Len(t, hands, 1, place)
		places[place] = text(find(hands[0], class("seat"))[0])
		assert.Len(t, find(hands[0], class("suit")), 4, place)
	}
	assert.Equal(t, map[string]string{"top": "Y: Bea", "left": "A: Yul", "right": "B: Zed", "bottom": "Z: Abe"}, places)
	assert.Len(t, find(figures[0], class("rose")), 1)

	// Five Hundred: three hands and the widow, side by side.
	doc = parse(t, render(t, "five-hundred"))
	row := find(doc, class("diagram", "row"))
	require.Len(t, row, 1)
	assert.Len(t, find(row[0], class("hand")), 4)
	assert.Len(t, find(row[0], class("widow")), 1)

	// Quinto: four hands round the rose, and the cachette under them.
	doc = parse(t, render(t, "quinto"))
	require.Len(t, find(doc, class("diagram", "compass")), 1)
	cachette := find(doc, class("widow"))
	require.Len(t, cachette, 1)
	assert.Equal(t, "Cachette", text(find(cachette[0], class("seat"))[0]))
	assert.Len(t, find(cachette[0], class("suit")), 4)
}

// The problem: its title, the hidden hands as a dash, no play.
func TestProblemPage(t *testing.T) {
	doc := parse(t, render(t, "problem"))
	assert.Equal(t, "You are North: plan the play", text(find(doc, tag("title"))[0]))
	assert.Equal(t, "You are North: plan the play", text(find(doc, tag("h1"))[0]))
	hidden := find(doc, class("cards", "hidden"))
	require.Len(t, hidden, 2)
	for _, h := range hidden {
		assert.Equal(t, "—", text(h))
	}
	assert.Equal(t, "West: Di", text(find(find(doc, class("hand", "left"))[0], class("seat"))[0]))
	for _, h := range find(doc, tag("h2")) {
		assert.NotEqual(t, "Play", text(h))
	}
	assert.Len(t, find(doc, tag("table")), 1, "the auction only")
}

// User text cannot inject markup: the hostile names and notes are text.
func TestHostileTextStaysText(t *testing.T) {
	page := render(t, "hostile")
	doc := parse(t, page)
	assert.Len(t, find(doc, tag("style")), 1, "no style but the page's")
	assert.Empty(t, find(doc, tag("b")))
	assert.Empty(t, find(doc, tag("a")))
	for _, bad := range []string{"\x1b", "\x07", "<script", "<img", "<b>", "<a "} {
		assert.NotContains(t, string(page), bad)
	}
	assert.Contains(t, text(doc), "<b>bold</b>", "shown as text")
	assert.Contains(t, text(find(doc, tag("title"))[0]), "# Club | night <script>alert(1)</script> #")
	assert.Contains(t, text(find(doc, class("hand", "right"))[0]), "East: <img src=x")
}

// The page prints on A4 and on Letter: no page size is forced (the
// printer's paper is used), the margins are in millimetres, and the
// diagram and tables are not split across pages. Chromium prints both
// (TestPagesInChromium).
func TestPrintStyle(t *testing.T) {
	assert.Contains(t, pageCSS, "@page { margin: 16mm 15mm; }")
	assert.NotRegexp(t, `@page\s*\{[^}]*size`, pageCSS, "A4 and Letter alike: the paper is the printer's")
	assert.Contains(t, pageCSS, "@media print")
	assert.Contains(t, pageCSS, ".diagram, table, tr, li { break-inside: avoid;")
}
