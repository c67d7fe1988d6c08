// Package html writes a hand up as one self-contained HTML page, for a
// blog or a club's newsletter: the write-up of export/markdown, the same
// Markdown rendered with goldmark (CommonMark with tables), in a page that
// carries its own CSS and nothing else (no script, no font or image to
// fetch). Hearts and diamonds are red wherever a suit symbol appears; the
// diagram is a grid of four hands round a compass rose rather than
// preformatted text, so that it stays whole on a phone 360 pixels wide;
// and a print style sets the page on A4 and Letter paper alike (the
// printer's page size, margins in millimetres, nothing split across a
// page that need not be).
//
// User text reaches the page only through the Markdown, where
// markdown.Text has escaped it, and goldmark's renderer, which leaves raw
// HTML out: a name or a note cannot inject markup.
package html

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/replay"
)

//go:embed page.css
var pageCSS string

// Write writes the page of a hand of the session whose log is envs.
func Write(w io.Writer, envs []events.Envelope, opts markdown.Options) error {
	b, err := Render(envs, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Render is the page of a hand of the session whose log is envs.
func Render(envs []events.Envelope, opts markdown.Options) ([]byte, error) {
	wu, err := markdown.Build(envs, opts)
	if err != nil {
		return nil, err
	}
	return Page(wu)
}

// Page renders a write-up as a page: its Markdown through goldmark, its
// diagram (the first code block) as a grid.
func Page(wu *markdown.Writeup) ([]byte, error) {
	body, err := writeupBody(wu)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	writeHead(&b, wu.Title, "", "")
	b.WriteString("<article class=\"writeup\">\n")
	b.Write(body)
	b.WriteString("</article>\n</body>\n</html>\n")
	return b.Bytes(), nil
}

// writeupBody is a write-up's Markdown rendered as HTML, its diagram a grid.
func writeupBody(wu *markdown.Writeup) ([]byte, error) {
	var body bytes.Buffer
	md := goldmark.New(
		goldmark.WithExtensions(extension.Table),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(newWriteupRenderer(wu), 100))),
	)
	if err := md.Convert(wu.Markdown, &body); err != nil {
		return nil, err
	}
	return body.Bytes(), nil
}

// writeHead writes a page's head, up to its <body>: the title, the page's
// CSS and css after it, and a content security policy that lets nothing
// load, no request leave the page, and no script run but the one whose CSP
// hash source is script ("" for none).
func writeHead(b *bytes.Buffer, title, script, css string) {
	policy := "default-src 'none'; style-src 'unsafe-inline'"
	if script != "" {
		policy += "; script-src " + script
	}
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="`)
	b.WriteString(policy)
	b.WriteString(`">
<meta name="generator" content="hoyle">
<title>`)
	b.WriteString(html.EscapeString(replay.Clean(title)))
	b.WriteString("</title>\n<style>\n")
	b.WriteString(pageCSS)
	b.WriteString(css)
	b.WriteString("</style>\n</head>\n<body>\n")
}

// writeupRenderer renders what the write-up needs beyond goldmark's HTML:
// the diagram as a grid, and suit symbols marked so that the CSS colours
// hearts and diamonds red. Everything else is goldmark's own rendering.
type writeupRenderer struct {
	wu       *markdown.Writeup
	defaults map[ast.NodeKind]renderer.NodeRendererFunc
	blocks   int // code blocks rendered so far
	// text and bw take what goldmark's own text renderer writes, reused
	// from one text node to the next.
	text bytes.Buffer
	bw   *bufio.Writer
}

func newWriteupRenderer(wu *markdown.Writeup) *writeupRenderer {
	r := &writeupRenderer{wu: wu, defaults: map[ast.NodeKind]renderer.NodeRendererFunc{}}
	r.bw = bufio.NewWriterSize(&r.text, 256)
	gmhtml.NewRenderer().(renderer.NodeRenderer).RegisterFuncs(r)
	return r
}

// Register collects goldmark's own renderers, which this one wraps.
func (r *writeupRenderer) Register(k ast.NodeKind, f renderer.NodeRendererFunc) { r.defaults[k] = f }

// RegisterFuncs implements renderer.NodeRenderer.
func (r *writeupRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.codeBlock)
	reg.Register(ast.KindText, r.suited(r.defaults[ast.KindText]))
	reg.Register(ast.KindString, r.suited(r.defaults[ast.KindString]))
}

// codeBlock draws the write-up's first code block, the diagram, as a grid;
// any other as goldmark does.
func (r *writeupRenderer) codeBlock(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if r.blocks > 0 || len(r.wu.Diagram.Hands) == 0 {
		return r.defaults[ast.KindFencedCodeBlock](w, source, n, entering)
	}
	if entering {
		_, _ = w.WriteString(diagramHTML(r.wu.Diagram))
		return ast.WalkSkipChildren, nil
	}
	r.blocks++
	return ast.WalkContinue, nil
}

// suited runs goldmark's renderer of a text node and marks the suit
// symbols in what it wrote. The text is escaped HTML by then, and a suit
// symbol is never part of an escape or a tag.
func (r *writeupRenderer) suited(def renderer.NodeRendererFunc) renderer.NodeRendererFunc {
	return func(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		r.text.Reset()
		r.bw.Reset(&r.text)
		status, err := def(r.bw, source, n, entering)
		if err != nil {
			return status, err
		}
		if err := r.bw.Flush(); err != nil {
			return status, err
		}
		_, _ = w.WriteString(markSuits(r.text.String()))
		return status, nil
	}
}

// suitClass is the class of each suit symbol's mark.
var suitClass = map[rune]string{'♠': "suit-s", '♥': "suit-h", '♦': "suit-d", '♣': "suit-c"}

// markSuits wraps each suit symbol of escaped text in a span of its
// suit's class.
func markSuits(s string) string {
	if !strings.ContainsAny(s, "♠♥♦♣") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if class, ok := suitClass[r]; ok {
			fmt.Fprintf(&b, `<span class="%s">%c</span>`, class, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// diagramHTML lays the diagram out as a grid: four hands round a compass
// rose (top, left, right, bottom, as the diagram is turned), or the hands
// of another table side by side with the widow.
func diagramHTML(d replay.Diagram) string {
	var b strings.Builder
	hand := func(seat int, place string) {
		fmt.Fprintf(&b, "<div class=\"hand %s\">\n<div class=\"seat\">%s</div>\n", place, html.EscapeString(d.Labels[seat]))
		switch {
		case !d.Known[seat]:
			b.WriteString("<div class=\"cards unknown\">(not recorded)</div>\n")
		case !d.Shown(seat):
			b.WriteString("<div class=\"cards hidden\">—</div>\n")
		default:
			writeCards(&b, d.Hands[seat], d.ASCII)
		}
		b.WriteString("</div>\n")
	}
	if len(d.Hands) != 4 {
		b.WriteString("<figure class=\"diagram row\" aria-label=\"The hands\">\n")
		for seat := range d.Hands {
			hand(seat, "seat-"+fmt.Sprint(seat))
		}
		if d.Widow != 0 {
			fmt.Fprintf(&b, "<div class=\"hand widow\">\n<div class=\"seat\">%s</div>\n", html.EscapeString(d.WidowLabel()))
			writeCards(&b, d.Widow, d.ASCII)
			b.WriteString("</div>\n")
		}
		b.WriteString("</figure>\n")
		return b.String()
	}
	top, left, right, bottom := d.Places()
	b.WriteString("<figure class=\"diagram compass\" aria-label=\"The hands\">\n")
	hand(int(top), "top")
	hand(int(left), "left")
	fmt.Fprintf(&b, "<div class=\"rose\" aria-hidden=\"true\"><span class=\"top\">%s</span><span class=\"left\">%s</span><span class=\"right\">%s</span><span class=\"bottom\">%s</span></div>\n",
		html.EscapeString(d.Rose[top]), html.EscapeString(d.Rose[left]), html.EscapeString(d.Rose[right]), html.EscapeString(d.Rose[bottom]))
	hand(int(right), "right")
	hand(int(bottom), "bottom")
	b.WriteString("</figure>\n")
	if d.Widow != 0 {
		// Four hands and cards dealt apart (Quinto's cachette): under the
		// grid, so that the grid keeps its shape.
		fmt.Fprintf(&b, "<div class=\"widow\"><div class=\"seat\">%s</div>\n", html.EscapeString(d.WidowLabel()))
		writeCards(&b, d.Widow, d.ASCII)
		b.WriteString("</div>\n")
	}
	return b.String()
}

// writeCards writes a hand suit by suit, a line each, the suit's symbol
// marked for its colour.
func writeCards(b *strings.Builder, h cards.Set, ascii bool) {
	b.WriteString("<div class=\"cards\">\n")
	for _, line := range replay.HandLines(h, ascii) {
		fmt.Fprintf(b, "<div class=\"suit\">%s</div>\n", markSuits(html.EscapeString(line)))
	}
	b.WriteString("</div>\n")
}
