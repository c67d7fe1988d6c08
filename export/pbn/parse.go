package pbn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// Parse reads every game of a PBN file. It reads the file a game at a time
// (see Reader), so its bounds apply; the games are kept.
//
// It reads the import format: tags in any order (a tag repeated within a
// game is ignored, as the standard says), "%" lines skipped, "?" kept as
// written, "\r\n" and "\r" line ends. A tag value "#" takes the value of the
// same tag in the previous game; "##value" gives the value and makes it the
// default for the following games that lack the tag (until a game gives the
// tag a value of its own). "AP" in an auction is expanded into passes.
//
// Tag values are not checked: the typed accessors of Game read them. A file
// whose structure cannot be read gives a *ParseError (errors.Is ErrSyntax).
func Parse(r io.Reader) ([]Game, error) {
	rd := NewReader(r)
	var games []Game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games, nil
		}
		if err != nil {
			return nil, err
		}
		games = append(games, *g)
	}
}

type ctxKind uint8

const (
	ctxNone    ctxKind = iota // before the first tag of a game
	ctxTag                    // after an ordinary tag: words make a raw section
	ctxIgnored                // after a repeated tag: words are skipped
	ctxAuction
	ctxPlay
	ctxNote
)

// parser reads the games of a file one at a time (parseGame), keeping
// what carries from one game to the next: the game before (for "#") and the
// "##" defaults.
type parser struct {
	lx   *lexer
	src  string
	prev *Game // the game read before, for "#"
	cur  *Game
	out  []Game // the games of the text being read

	ctx      ctxKind
	ctxName  string // the tag the context belongs to
	ctxTag   int    // ctxTag: index into cur.Tags
	ctxStart int    // ctxTag: offset after the tag's ]
	ctxEnd   int    // ctxTag: offset after the last token of the section
	ctxWords bool   // ctxTag: a word was seen, so the section is raw data
	pending  []Comment
	noteNum  int    // ctxNote
	noteSec  string // ctxNote

	lastSection string     // "Auction" or "Play": the section later Note tags belong to
	flat        []PlayCard // the Play section's entries before they are cut into tricks

	sticky      []Tag // "##" values: defaults for the following games
	stickyNames map[string]bool

	// names holds the names of the current game's tags, so that a
	// repeated tag is found without scanning them all; comments and tags
	// count what it holds against MaxComments and MaxTags.
	names    map[string]bool
	comments int
	tags     int

	// carry fills what a record leaves out from the record before it
	// (Reader.Continue); continued counts the records it filled, and
	// continuedLine is the line of the first.
	carry                    bool
	carrier                  carrier
	continued, continuedLine int
}

// count takes one more comment (or tag) into the current game, or, past
// max, counts it dropped; false when dropped.
func count(n *int, max int, dropped, first *int, line int) bool {
	if *n >= max {
		if *dropped == 0 {
			*first = line
		}
		*dropped++
		return false
	}
	*n++
	return true
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &ParseError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// parseGame reads the text of one game (it may hold none, or, from Parse's
// point of view, never more than one: the Reader cuts the file at empty
// lines), whose first line is line of the file.
func (p *parser) parseGame(text string, line int) (*Game, error) {
	p.lx = newLexer(text)
	p.lx.line = line
	p.src = text
	p.out = p.out[:0]
	if err := p.run(); err != nil {
		p.cur = nil
		return nil, err
	}
	switch len(p.out) {
	case 0:
		return nil, nil
	case 1:
		g := p.out[0]
		return &g, nil
	}
	return nil, p.errorf(line, "a game's text holds %d games", len(p.out))
}

func (p *parser) run() error {
	for {
		t, err := p.lx.next()
		if err != nil {
			return err
		}
		switch t.kind {
		case tkEOF:
			p.endGame()
			return nil
		case tkBlank:
			p.endGame()
		case tkTag:
			if err := p.tag(t); err != nil {
				return err
			}
		case tkBrace, tkSemi:
			p.comment(t)
		case tkWord:
			if err := p.word(t); err != nil {
				return err
			}
		}
	}
}

func (p *parser) startGame(line int) {
	if p.cur == nil {
		p.cur = &Game{Line: line}
		p.ctx = ctxNone
		p.lastSection = ""
		clear(p.names)
		if p.names == nil {
			p.names = map[string]bool{}
		}
		p.comments, p.tags = 0, 0
	}
}

// closeCtx finishes the section of the tag read last.
func (p *parser) closeCtx() {
	switch p.ctx {
	case ctxTag:
		if p.ctxWords {
			p.cur.Tags[p.ctxTag].Section = p.src[p.ctxStart:p.ctxEnd]
		} else {
			p.cur.Comments = append(p.cur.Comments, p.pending...)
		}
	case ctxPlay:
		pl := p.cur.Play
		for i := 0; i < len(p.flat); i += 4 {
			j := min(i+4, len(p.flat))
			pl.Tricks = append(pl.Tricks, p.flat[i:j:j])
		}
		p.flat = nil
	}
	p.pending = nil
	p.ctxWords = false
	p.ctx = ctxNone
}

func (p *parser) endGame() {
	if p.cur == nil {
		return
	}
	p.closeCtx()
	p.inherit(p.cur)
	if p.carry && p.carrier.fill(p.cur, p.prev) {
		if p.continued == 0 {
			p.continuedLine = p.cur.Line
		}
		p.continued++
	}
	p.out = append(p.out, *p.cur)
	prev := *p.cur
	prev.Tags = append([]Tag(nil), prev.Tags...) // the caller may change the game it is given
	p.prev = &prev
	p.cur = nil
}

// inherit resolves "#" and "##" values.
func (p *parser) inherit(g *Game) {
	prev := p.prev
	var before map[string]string // prev's tags, by name, once a "#" asks
	for i := range g.Tags {
		t := &g.Tags[i]
		if t.Name == "Note" {
			continue // a Note's value is its own
		}
		switch {
		case t.Value == "#":
			t.Value = ""
			if prev != nil {
				if before == nil {
					before = make(map[string]string, len(prev.Tags))
					for _, pt := range prev.Tags {
						if _, ok := before[pt.Name]; !ok {
							before[pt.Name] = pt.Value
						}
					}
				}
				t.Value = before[t.Name]
			}
		case strings.HasPrefix(t.Value, "##"):
			t.Value = t.Value[2:]
			p.setSticky(t.Name, t.Value)
		default:
			p.dropSticky(t.Name)
		}
	}
	for _, s := range p.sticky {
		if !p.names[s.Name] && count(&p.tags, MaxTags, &g.Dropped.Tags, &g.Dropped.TagsLine, g.Line) {
			p.names[s.Name] = true
			g.Tags = append(g.Tags, Tag{Name: s.Name, Value: s.Value})
		}
	}
}

// setSticky records a "##" default; no more than MaxTags of them (a game
// could not take more).
func (p *parser) setSticky(name, value string) {
	if len(p.sticky) < MaxTags || p.stickyNames[name] {
		p.sticky = setTag(p.sticky, name, value)
		if p.stickyNames == nil {
			p.stickyNames = map[string]bool{}
		}
		p.stickyNames[name] = true
	}
}

// dropSticky ends a "##" default.
func (p *parser) dropSticky(name string) {
	if p.stickyNames[name] {
		p.sticky = deleteTag(p.sticky, name)
		delete(p.stickyNames, name)
	}
}

func (p *parser) tag(t token) error {
	p.startGame(t.line)
	p.closeCtx()
	g := p.cur
	switch t.name {
	case "Auction", "Play":
		seat, err := p.sectionSeat(t)
		if err != nil {
			return err
		}
		p.ctxName = t.name
		if t.name == "Auction" {
			if g.Auction != nil {
				p.ctx = ctxIgnored
				return nil
			}
			g.Auction = &Auction{First: seat, Line: t.line}
			p.ctx = ctxAuction
		} else {
			if g.Play != nil {
				p.ctx = ctxIgnored
				return nil
			}
			g.Play = &Play{Leader: seat, Line: t.line}
			p.ctx = ctxPlay
		}
		p.lastSection = t.name
		return nil
	case "Note":
		if n, text, ok := parseNote(t.text); ok {
			notes := &g.Notes
			switch p.lastSection {
			case "Auction":
				notes = &g.Auction.Notes
			case "Play":
				notes = &g.Play.Notes
			}
			if *notes == nil {
				*notes = map[int]string{}
			}
			if _, dup := (*notes)[n]; !dup && count(&p.tags, MaxTags, &g.Dropped.Tags, &g.Dropped.TagsLine, t.line) {
				(*notes)[n] = text
			}
			p.ctx, p.ctxName, p.noteNum, p.noteSec = ctxNote, "Note", n, p.lastSection
			return nil
		}
		// A Note that is not "n:text" is kept as an ordinary tag.
	}
	if p.names[t.name] || !count(&p.tags, MaxTags, &g.Dropped.Tags, &g.Dropped.TagsLine, t.line) {
		p.ctx, p.ctxName = ctxIgnored, t.name
		return nil
	}
	p.names[t.name] = true
	g.Tags = append(g.Tags, Tag{Name: t.name, Value: t.text, Line: t.line})
	p.ctx, p.ctxName, p.ctxTag = ctxTag, t.name, len(g.Tags)-1
	p.ctxStart, p.ctxEnd = t.end, t.end
	return nil
}

// sectionSeat reads the value of an Auction or Play tag.
func (p *parser) sectionSeat(t token) (cards.Seat, error) {
	v := strings.TrimSpace(t.text)
	switch v {
	case "", "?":
		return cards.NoSeat, nil
	case "#":
		if prev := p.prev; prev != nil {
			if t.name == "Auction" && prev.Auction != nil {
				return prev.Auction.First, nil
			}
			if t.name == "Play" && prev.Play != nil {
				return prev.Play.Leader, nil
			}
		}
		return cards.NoSeat, nil
	}
	s, err := cards.ParseSeat(v)
	if err != nil {
		return cards.NoSeat, p.errorf(t.line, "%s tag value %q is not a seat", t.name, t.text)
	}
	return s, nil
}

// parseNote reads a Note value "n:text". The text is kept as written
// after the colon, blanks included ("1: 2+" gives " 2+"), so that it is
// written back exactly.
func parseNote(v string) (int, string, bool) {
	num, text, ok := strings.Cut(v, ":")
	num = strings.TrimSpace(num)
	if !ok || num == "" || len(num) > 4 {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || num[0] == '+' {
		return 0, "", false
	}
	return n, text, true
}

func (p *parser) comment(t token) {
	p.startGame(t.line)
	if !count(&p.comments, MaxComments, &p.cur.Dropped.Comments, &p.cur.Dropped.CommentsLine, t.line) {
		return
	}
	c := Comment{Text: t.text, Semicolon: t.kind == tkSemi, Line: t.line}
	switch p.ctx {
	case ctxNone:
		c.Pos.After = ""
	case ctxTag:
		c.Pos.After = p.ctxName
		p.pending = append(p.pending, c)
		p.ctxEnd = t.end
		return
	case ctxIgnored:
		c.Pos.After = p.ctxName
		switch p.ctxName {
		case "Auction":
			c.Pos.Index = len(p.cur.Auction.Calls)
		case "Play":
			c.Pos.Index = p.cur.Play.Entries()
		default:
			// Commentary after the tag read first would be taken into its
			// section when written back, so it joins that section now.
			for i := range p.cur.Tags {
				if t := &p.cur.Tags[i]; t.Name == p.ctxName && t.Section != "" {
					t.Section += "\n" + commentText(c)
					return
				}
			}
		}
	case ctxAuction:
		c.Pos = Position{After: "Auction", Index: len(p.cur.Auction.Calls)}
	case ctxPlay:
		c.Pos = Position{After: "Play", Index: len(p.flat)}
	case ctxNote:
		c.Pos = Position{After: "Note", Note: p.noteNum, Section: p.noteSec}
	}
	p.cur.Comments = append(p.cur.Comments, c)
}

func (p *parser) word(t token) error {
	switch p.ctx {
	case ctxNone:
		return p.errorf(t.line, "%q stands outside any tag or section", clip(t.text))
	case ctxTag:
		p.ctxWords = true
		p.ctxEnd = t.end
		return nil
	case ctxIgnored:
		return nil
	case ctxNote:
		return p.errorf(t.line, "a Note tag has no section, but %q follows it", clip(t.text))
	case ctxAuction:
		return p.auctionWord(t)
	case ctxPlay:
		return p.playWord(t)
	}
	return nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

var suffixes = map[string]bool{"!": true, "?": true, "!!": true, "??": true, "!?": true, "?!": true}

// annotate applies an annotation token ("=n=", "$n", a suffix, "^x") to a;
// ok is false when w is not an annotation.
func annotate(a *Annotation, w string) (ok bool, err error) {
	switch {
	case len(w) >= 3 && w[0] == '=' && w[len(w)-1] == '=':
		n, ok := smallNumber(w[1 : len(w)-1])
		if !ok || n == 0 {
			return true, fmt.Errorf("%q is not a note reference =n=", w)
		}
		if a.Note != 0 {
			return true, fmt.Errorf("a second note reference %q", w)
		}
		a.Note = n
	case len(w) >= 2 && w[0] == '$':
		n, ok := smallNumber(w[1:])
		if !ok {
			return true, fmt.Errorf("%q is not a numeric annotation glyph $n", w)
		}
		a.NAGs = append(a.NAGs, n)
	case strings.Trim(w, "!?") == "":
		if !suffixes[w] {
			return true, fmt.Errorf("%q is not a suffix annotation (!, ?, !!, ??, !?, ?!)", w)
		}
		if a.Suffix != "" {
			return true, fmt.Errorf("a second suffix %q", w)
		}
		a.Suffix = w
	case w[0] == '^':
		a.Irregularities = append(a.Irregularities, w)
	default:
		return false, nil
	}
	return true, nil
}

func smallNumber(s string) (int, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, _ := strconv.Atoi(s)
	return n, true
}

// splitSuffix cuts a suffix annotation off the end of a call or card.
func splitSuffix(w string) (base, suffix string, err error) {
	k := len(w)
	for k > 0 && (w[k-1] == '!' || w[k-1] == '?') {
		k--
	}
	if s := w[k:]; s != "" && !suffixes[s] {
		return "", "", fmt.Errorf("%q ends in %q, which is not a suffix annotation", w, s)
	}
	return w[:k], w[k:], nil
}

func (p *parser) auctionWord(t token) error {
	a := p.cur.Auction
	w := t.text
	if a.End {
		return p.errorf(t.line, "%q follows the * that ends the auction", clip(w))
	}
	if len(a.Calls) > 0 {
		ok, err := annotate(&a.Calls[len(a.Calls)-1].Annotation, w)
		if err != nil {
			return p.errorf(t.line, "%v", err)
		}
		if ok {
			return nil
		}
	} else if ok, _ := annotate(&Annotation{}, w); ok {
		return p.errorf(t.line, "annotation %q comes before any call", clip(w))
	}
	base, suffix, err := splitSuffix(w)
	if err != nil {
		return p.errorf(t.line, "%v", err)
	}
	switch strings.ToUpper(base) {
	case "*":
		if suffix != "" {
			return p.errorf(t.line, "%q: the end of an auction takes no suffix", w)
		}
		a.End = true
		return nil
	case "-", "+":
		a.Calls = append(a.Calls, AuctionCall{Placeholder: base[0], Annotation: Annotation{Suffix: suffix}, Line: t.line})
		return nil
	case "AP":
		for range allPassCount(a.Calls) {
			a.Calls = append(a.Calls, AuctionCall{Call: cards.PassCall, Line: t.line})
		}
		if suffix != "" {
			if len(a.Calls) == 0 || a.Calls[len(a.Calls)-1].Suffix != "" {
				return p.errorf(t.line, "%q: no call to take the suffix", w)
			}
			a.Calls[len(a.Calls)-1].Suffix = suffix
		}
		return nil
	}
	c, err := cards.ParseCall(base)
	if err != nil || !bridgeCall(c) {
		return p.errorf(t.line, "%q is not a call (Pass, X, XX, 1C to 7NT)", clip(w))
	}
	a.Calls = append(a.Calls, AuctionCall{Call: c, Annotation: Annotation{Suffix: suffix}, Line: t.line})
	return nil
}

// allPassCount is the number of passes "AP" stands for: those that end the
// auction (four in all when nobody has bid).
func allPassCount(calls []AuctionCall) int {
	onlyPasses, passes, trailing := true, 0, 0
	for _, c := range calls {
		if c.Placeholder == 0 && c.Call.Kind == cards.Pass {
			passes++
			trailing++
		} else {
			onlyPasses, trailing = false, 0
		}
	}
	if onlyPasses {
		return max(0, 4-passes)
	}
	return max(0, 3-trailing)
}

func (p *parser) playWord(t token) error {
	pl := p.cur.Play
	w := t.text
	if pl.End {
		return p.errorf(t.line, "%q follows the * that ends the play", clip(w))
	}
	if len(p.flat) > 0 {
		ok, err := annotate(&p.flat[len(p.flat)-1].Annotation, w)
		if err != nil {
			return p.errorf(t.line, "%v", err)
		}
		if ok {
			return nil
		}
	} else if ok, _ := annotate(&Annotation{}, w); ok {
		return p.errorf(t.line, "annotation %q comes before any card", clip(w))
	}
	base, suffix, err := splitSuffix(w)
	if err != nil {
		return p.errorf(t.line, "%v", err)
	}
	switch base {
	case "*":
		if suffix != "" {
			return p.errorf(t.line, "%q: the end of play takes no suffix", w)
		}
		pl.End = true
		return nil
	case "-", "+":
		p.flat = append(p.flat, PlayCard{Placeholder: base[0], Annotation: Annotation{Suffix: suffix}, Line: t.line})
		return nil
	}
	c, err := cards.ParseCard(base)
	if err != nil || c == cards.Joker {
		return p.errorf(t.line, "%q is not a card", clip(w))
	}
	p.flat = append(p.flat, PlayCard{Card: c, Annotation: Annotation{Suffix: suffix}, Line: t.line})
	return nil
}

// bridgeCall reports whether c is a call of bridge: a pass, double,
// redouble, or a bid of 1 to 7 in C, D, H, S or NT.
func bridgeCall(c cards.Call) bool {
	if c.Kind != cards.Bid {
		return c.Kind >= cards.Pass && c.Kind <= cards.Redouble
	}
	return c.Level >= 1 && c.Level <= 7 && c.Strain <= cards.NoTrump
}
