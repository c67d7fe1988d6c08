package pbn

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// Write writes games in PBN 2.1 export format: a "% PBN 2.1" and
// "% EXPORT" header, then the games separated by empty lines. A game
// writes the mandatory tags it has in the standard's order (Event, Site,
// Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring,
// Declarer, Contract, Result), then Note tags that belong to no section,
// the Auction section with its notes, the Play section with its notes, and
// the other tags in their order. Commentary is written where its Position
// puts it. Auctions are written four calls to a line and play one trick to
// a line; "AP" is written out as passes. Tag values are strings as the
// standard writes them: a quote as \", a backslash as \\ only where it would
// otherwise read as an escape ("\2R" stays as the standard writes it).
//
// Write does not invent missing tags: the export format wants all fifteen
// mandatory tags, so a caller writing a complete record sets them all (with
// "?" for what is unknown). It refuses what it cannot write so that Parse
// reads it back (a newline in a value, a "}" in commentary, a tag given
// twice...), with an error wrapping ErrInvalid.
func Write(w io.Writer, games []Game) error {
	pw := NewWriter(w)
	for i := range games {
		if err := pw.Write(&games[i]); err != nil {
			return err
		}
	}
	return pw.Flush()
}

// Writer writes games one at a time, as Write does: a file of any length
// is written without holding more than one game.
type Writer struct {
	bw *bufio.Writer
	n  int // games written
	b  strings.Builder
}

// NewWriter writes PBN to w; Flush writes what is buffered (and the header,
// for a file of no games).
func NewWriter(w io.Writer) *Writer { return &Writer{bw: bufio.NewWriter(w)} }

// Write writes one game: nothing of it if it cannot be written.
func (w *Writer) Write(g *Game) error {
	w.b.Reset()
	if err := writeGame(&w.b, g); err != nil {
		return fmt.Errorf("game %d: %w", w.n+1, err)
	}
	if w.n == 0 {
		w.bw.WriteString("% PBN 2.1\n% EXPORT\n")
	} else {
		w.bw.WriteByte('\n')
	}
	w.n++
	_, err := w.bw.WriteString(w.b.String())
	return err
}

// Flush writes what is buffered.
func (w *Writer) Flush() error {
	if w.n == 0 {
		w.bw.WriteString("% PBN 2.1\n% EXPORT\n")
		w.n = -1
	}
	return w.bw.Flush()
}

type gameWriter struct {
	b    *strings.Builder
	g    *Game
	used []bool
}

func writeGame(b *strings.Builder, g *Game) error {
	if len(g.Tags) == 0 && g.Auction == nil && g.Play == nil && len(g.Notes) == 0 && len(g.Comments) == 0 {
		return invalid("the game is empty")
	}
	w := &gameWriter{b: b, g: g, used: make([]bool, len(g.Comments))}
	for _, c := range g.Comments {
		if err := checkComment(c); err != nil {
			return err
		}
	}
	if err := checkTags(g.Tags); err != nil {
		return err
	}
	w.comments(func(p Position) bool { return p.After == "" })
	for _, name := range MandatoryTags {
		for _, t := range g.Tags {
			if t.Name == name {
				if err := w.tag(t); err != nil {
					return err
				}
			}
		}
	}
	if err := w.notes(g.Notes, ""); err != nil {
		return err
	}
	if g.Auction != nil {
		if err := w.auction(g.Auction); err != nil {
			return err
		}
	}
	if g.Play != nil {
		if err := w.play(g.Play); err != nil {
			return err
		}
	}
	for _, t := range g.Tags {
		if mandatoryIndex(t.Name) < 0 {
			if err := w.tag(t); err != nil {
				return err
			}
		}
	}
	for i, u := range w.used {
		if !u {
			p := g.Comments[i].Pos
			return invalid("commentary %q is placed after %s (index %d, note %d), which the game does not have", clip(g.Comments[i].Text), p.After, p.Index, p.Note)
		}
	}
	return nil
}

// CheckSection makes sure a raw section reads back as itself: only words
// and commentary, no tag, no empty line, nothing after its last token, and
// at least one word (commentary alone is not a section). Write refuses a
// tag whose section does not; an importer that keeps sections to write
// them back checks them as it reads them.
func CheckSection(sec string) error {
	if sec == "" {
		return nil
	}
	if strings.ContainsRune(sec, '\r') {
		return fmt.Errorf("the section holds a carriage return")
	}
	l := newLexer(sec)
	l.atLineStart = false // it follows the tag's ]
	words, end := false, 0
	for {
		t, err := l.next()
		if err != nil {
			return fmt.Errorf("the section does not read back: %v", err)
		}
		switch t.kind {
		case tkEOF:
			if !words {
				return fmt.Errorf("the section has no data, only commentary")
			}
			if end != len(sec) {
				return fmt.Errorf("the section ends in blanks")
			}
			return nil
		case tkTag, tkBlank:
			return fmt.Errorf("the section holds a tag or an empty line")
		case tkWord:
			words = true
		}
		end = t.end
	}
}

func checkComment(c Comment) error {
	if c.Semicolon && strings.ContainsAny(c.Text, "\r\n") {
		return invalid("semicolon commentary %q holds a line break", clip(c.Text))
	}
	if !c.Semicolon && strings.ContainsAny(c.Text, "}\r") {
		return invalid("commentary %q holds a } or carriage return", clip(c.Text))
	}
	return nil
}

func checkTags(tags []Tag) error {
	seen := map[string]bool{}
	for _, t := range tags {
		if t.Name == "" || strings.IndexFunc(t.Name, func(r rune) bool { return r > 127 || !isNameByte(byte(r)) }) >= 0 {
			return invalid("tag name %q is not letters, digits and underscores", t.Name)
		}
		if seen[t.Name] {
			return invalid("tag %s is given twice", t.Name)
		}
		seen[t.Name] = true
		switch t.Name {
		case "Auction", "Play":
			return invalid("the %s section belongs in Game.%s, not Tags", t.Name, t.Name)
		case "Note":
			if _, _, ok := parseNote(t.Value); ok {
				return invalid("note %q belongs in a Notes map, not Tags", clip(t.Value))
			}
		}
		if strings.ContainsAny(t.Value, "\r\n") {
			return invalid("tag %s: the value holds a line break", t.Name)
		}
		if err := CheckSection(t.Section); err != nil {
			return invalid("tag %s: %v", t.Name, err)
		}
	}
	return nil
}

// comments writes, each on a line of its own, the unused commentary whose
// position matches.
func (w *gameWriter) comments(match func(Position) bool) {
	for i, c := range w.g.Comments {
		if !w.used[i] && match(c.Pos) {
			w.used[i] = true
			w.b.WriteString(commentText(c))
			w.b.WriteByte('\n')
		}
	}
}

func commentText(c Comment) string {
	if c.Semicolon {
		return ";" + c.Text
	}
	return "{" + c.Text + "}"
}

// quote writes a tag value as PBN 2.1 writes a string (its section 3.7,
// after PGN): a quote inside it as \". A backslash is written \\ only where
// a reader would otherwise take it for the start of an escape (before a
// quote or another backslash, or last in the value); elsewhere it stands
// for itself, as the standard's own tables write "\2R" in their headers
// and Parse reads it.
func quote(v string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			if i+1 == len(v) || v[i+1] == '"' || v[i+1] == '\\' {
				b.WriteString(`\\`)
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// writeValue is a value as written: a value that Parse would take for an
// inheritance mark ("#", "##...") is written with "##" in front.
func writeValue(v string) string {
	if v == "#" || strings.HasPrefix(v, "##") {
		return "##" + v
	}
	return v
}

func (w *gameWriter) tag(t Tag) error {
	v := t.Value
	if t.Name != "Note" {
		v = writeValue(v)
	}
	w.b.WriteString("[" + t.Name + " " + quote(v) + "]")
	w.b.WriteString(t.Section)
	w.b.WriteByte('\n')
	w.comments(func(p Position) bool { return p.After == t.Name && p.Note == 0 })
	return nil
}

func seatValue(s cards.Seat) (string, error) {
	switch {
	case s == cards.NoSeat:
		return "", nil
	case s >= cards.North && s <= cards.West:
		return s.String(), nil
	}
	return "", invalid("seat %d is not a compass seat", s)
}

func (w *gameWriter) notes(notes map[int]string, section string) error {
	keys := make([]int, 0, len(notes))
	for n := range notes {
		keys = append(keys, n)
	}
	slices.Sort(keys)
	for _, n := range keys {
		text := notes[n]
		if n < 1 || n > 9999 {
			return invalid("note number %d is not 1 to 9999", n)
		}
		if strings.ContainsAny(text, "\r\n") {
			return invalid("note %d: text %q holds a line break", n, clip(text))
		}
		w.b.WriteString("[Note " + quote(strconv.Itoa(n)+":"+text) + "]\n")
		w.comments(func(p Position) bool { return p.After == "Note" && p.Note == n && p.Section == section })
	}
	return nil
}

// lineWriter lays out section tokens: a number to a line, commentary
// between them.
type lineWriter struct {
	b       *strings.Builder
	perLine int
	n       int // entries on the current line
	empty   bool
}

func (l *lineWriter) token(s string) {
	if !l.empty {
		l.b.WriteByte(' ')
	}
	l.b.WriteString(s)
	l.empty = false
}

func (l *lineWriter) entry(s string) {
	if l.n == l.perLine {
		l.newline()
	}
	l.token(s)
	l.n++
}

func (l *lineWriter) newline() {
	if !l.empty {
		l.b.WriteByte('\n')
	}
	l.n, l.empty = 0, true
}

func (l *lineWriter) comment(c Comment) {
	l.token(commentText(c))
	if c.Semicolon {
		l.b.WriteByte('\n')
		l.empty = true
	}
}

// sectionComments writes the commentary of a section at index i.
func (w *gameWriter) sectionComments(l *lineWriter, section string, i int) {
	for k, c := range w.g.Comments {
		if !w.used[k] && c.Pos.After == section && c.Pos.Index == i {
			w.used[k] = true
			l.comment(c)
		}
	}
}

func annotationText(a Annotation) (string, error) {
	var b strings.Builder
	if a.Suffix != "" {
		if !suffixes[a.Suffix] {
			return "", invalid("%q is not a suffix annotation", a.Suffix)
		}
		b.WriteString(a.Suffix)
	}
	if a.Note != 0 {
		if a.Note < 0 || a.Note > 9999 {
			return "", invalid("note reference %d is not 1 to 9999", a.Note)
		}
		b.WriteString(" =" + strconv.Itoa(a.Note) + "=")
	}
	for _, n := range a.NAGs {
		if n < 0 || n > 9999 {
			return "", invalid("glyph $%d is not 0 to 9999", n)
		}
		b.WriteString(" $" + strconv.Itoa(n))
	}
	for _, x := range a.Irregularities {
		if len(x) < 1 || x[0] != '^' || strings.ContainsAny(x, " \t\r\n\v\f[{;") {
			return "", invalid("%q is not an irregularity token", x)
		}
		b.WriteString(" " + x)
	}
	return b.String(), nil
}

func placeholderText(p byte) (string, error) {
	switch p {
	case Dash, Plus:
		return string(p), nil
	}
	return "", invalid("placeholder %q is neither - nor +", p)
}

func (w *gameWriter) auction(a *Auction) error {
	seat, err := seatValue(a.First)
	if err != nil {
		return err
	}
	w.b.WriteString("[Auction " + quote(seat) + "]\n")
	l := &lineWriter{b: w.b, perLine: 4, empty: true}
	for i, c := range a.Calls {
		w.sectionComments(l, "Auction", i)
		var s string
		if c.Placeholder != 0 {
			if s, err = placeholderText(c.Placeholder); err != nil {
				return err
			}
			if !c.Call.IsZero() {
				return invalid("call %d of the auction is both a placeholder and a call", i+1)
			}
		} else {
			s = c.Call.String()
			if back, err := cards.ParseCall(s); err != nil || back != c.Call || !bridgeCall(c.Call) {
				return invalid("call %d of the auction cannot be written", i+1)
			}
		}
		ann, err := annotationText(c.Annotation)
		if err != nil {
			return err
		}
		l.entry(s + ann)
	}
	w.sectionComments(l, "Auction", len(a.Calls))
	if a.End {
		l.newline()
		l.token("*")
	}
	l.newline()
	return w.notes(a.Notes, "Auction")
}

func (w *gameWriter) play(p *Play) error {
	seat, err := seatValue(p.Leader)
	if err != nil {
		return err
	}
	w.b.WriteString("[Play " + quote(seat) + "]\n")
	l := &lineWriter{b: w.b, perLine: 4, empty: true}
	i := 0
	for r, row := range p.Tricks {
		if len(row) == 0 || len(row) > 4 || len(row) < 4 && r < len(p.Tricks)-1 {
			return invalid("trick %d has %d cards: every trick but the last has four", r+1, len(row))
		}
		for _, c := range row {
			w.sectionComments(l, "Play", i)
			var s string
			if c.Placeholder != 0 {
				if s, err = placeholderText(c.Placeholder); err != nil {
					return err
				}
				if c.Card != cards.NoCard {
					return invalid("trick %d holds both a placeholder and a card", r+1)
				}
			} else {
				if !c.Card.Valid() || c.Card == cards.Joker {
					return invalid("trick %d holds a card that is not one of the 52", r+1)
				}
				s = c.Card.String()
			}
			ann, err := annotationText(c.Annotation)
			if err != nil {
				return err
			}
			l.entry(s + ann)
			i++
		}
	}
	w.sectionComments(l, "Play", i)
	if p.End {
		l.newline()
		l.token("*")
	}
	l.newline()
	return w.notes(p.Notes, "Play")
}
