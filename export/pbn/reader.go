package pbn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// The bounds of what Reader reads: a PBN line is a tag, a few calls or
// cards, or a line of commentary, and a game a few kilobytes, so these are
// far beyond any real file, and a file that passes them (a binary file, a
// device that never ends, a value of megabytes) is refused as soon as it
// does, with where and what.
const (
	// MaxLine is the longest line Reader reads, in bytes.
	MaxLine = 1 << 20
	// MaxGame is the most text one game may hold, in bytes (commentary
	// included).
	MaxGame = 8 << 20
	// MaxComments is the most commentary one game keeps, and MaxTags the
	// most tags (Note tags and the "##" defaults it takes included): a
	// real record has tens. What passes them is dropped and counted
	// (Game.Dropped), so that a game of a few megabytes cannot hold
	// hundreds of thousands of them (each a note, or a tag kept, for the
	// importer).
	MaxComments = 1000
	MaxTags     = 1000
)

// Reader reads a PBN file game by game, holding one game's text at a time:
// memory does not grow with the file. It reads what Parse reads (see
// Parse) and refuses, with a *ParseError, a line longer than MaxLine, a
// game longer than MaxGame, and a NUL byte (a PBN file is text).
type Reader struct {
	br   *bufio.Reader
	p    parser
	line int // lines read so far
	// pending holds the lines cut from a raw line at lone carriage
	// returns that are still to be read.
	pending []string
	lastEOL bool // the last of pending ends with a line end (not the end of the input)
	first   bool // the first line is still to be read (it may begin with a byte order mark)
	err     error
	read    int64 // bytes read so far

	// Continue reads the file as archive files are written: a record
	// that leaves out a tag the record before it gave takes that
	// record's value (see carry.go for which tags, and when). Set it
	// before the first Next; Continued says how many records it filled.
	Continue bool
}

// Continued is how many records so far took tags from the record before
// them (Continue), and the line of the first.
func (r *Reader) Continued() (records, firstLine int) {
	return r.p.continued, r.p.continuedLine
}

// NewReader reads PBN from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), first: true}
}

// Offset is how many bytes of the input the reader has consumed: what a
// progress bar shows.
func (r *Reader) Offset() int64 { return r.read }

// Next reads the next game; io.EOF at the end of the input.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	g, err := r.next()
	if err != nil {
		r.err = err
	}
	return g, err
}

func (r *Reader) next() (*Game, error) {
	r.p.carry = r.Continue
	var text strings.Builder
	start, inBrace, have := 0, false, false
	flush := func() (*Game, error) {
		return r.p.parseGame(text.String(), start)
	}
	for {
		line, eol, err := r.readLine()
		if errors.Is(err, io.EOF) {
			if have {
				if g, err := flush(); g != nil || err != nil {
					return g, err
				}
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if !inBrace && blank(line) {
			// An empty line ends a game (one that held only "%" lines
			// is none, and the next begins).
			if !have {
				continue
			}
			g, err := flush()
			if g != nil || err != nil {
				return g, err
			}
			text.Reset()
			have = false
			continue
		}
		if !have {
			start, have = r.line, true
		}
		if text.Len()+len(line) > MaxGame {
			return nil, &ParseError{Line: start, Msg: fmt.Sprintf("the game that begins here is longer than %d bytes (is a commentary { never closed?); a PBN game is a few kilobytes", MaxGame)}
		}
		text.WriteString(line)
		if eol {
			text.WriteByte('\n')
		}
		inBrace = scanLine(line, inBrace)
	}
}

// blank reports an empty line: blanks and tabs only (the lexer's rule).
func blank(line string) bool { return strings.Trim(line, " \t") == "" }

// readLine reads one line without its line end: "\n", "\r\n" or a lone
// "\r" (old Mac files) each end one; eol is false for a last line that
// ends the input without one.
func (r *Reader) readLine() (line string, eol bool, err error) {
	if len(r.pending) > 0 {
		l := r.pending[0]
		r.pending = r.pending[1:]
		r.line++
		return l, len(r.pending) > 0 || r.lastEOL, nil
	}
	var buf []byte
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.read += int64(len(chunk))
		if i := bytes.IndexByte(chunk, 0); i >= 0 {
			at := append(buf, chunk[:i]...)
			return "", false, &ParseError{Line: r.line + 1 + bytes.Count(at, []byte{'\r'}), Msg: "a NUL byte: a PBN file is text, and this is not (a binary file, or a device?)"}
		}
		if len(buf)+len(chunk) > MaxLine+1 {
			return "", false, r.tooLong(append(buf, chunk...))
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return "", false, err
		}
		if len(buf) == 0 {
			return "", false, io.EOF
		}
		break
	}
	eol = bytes.HasSuffix(buf, []byte{'\n'})
	buf = bytes.TrimSuffix(buf, []byte{'\n'})
	if bytes.HasSuffix(buf, []byte{'\r'}) {
		buf, eol = buf[:len(buf)-1], true
	}
	s := string(buf)
	if r.first {
		r.first = false
		s = strings.TrimPrefix(s, "\ufeff")
	}
	if strings.IndexByte(s, '\r') >= 0 {
		parts := strings.Split(s, "\r")
		s, r.pending, r.lastEOL = parts[0], parts[1:], eol
		eol = true
	}
	r.line++
	return s, eol, nil
}

// tooLong refuses a line longer than MaxLine, quoting how it begins (the
// value, when it is a tag's).
func (r *Reader) tooLong(head []byte) error {
	line := r.line + 1
	s := string(head[:min(len(head), 200)])
	if name, value, ok := tagHead(s); ok {
		return &ParseError{Line: line, Msg: fmt.Sprintf("the value of tag %s is longer than %d bytes: %s", name, MaxLine, quoteHead(value))}
	}
	return &ParseError{Line: line, Msg: fmt.Sprintf("the line is longer than %d bytes: %s; a PBN line is a tag, a few calls or cards, or commentary", MaxLine, quoteHead(s))}
}

// tagHead reads `[Name "value...` at the start of a line.
func tagHead(s string) (name, value string, ok bool) {
	s = strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(s, "[") {
		return "", "", false
	}
	s = strings.TrimLeft(s[1:], " \t")
	i := 0
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	name, s = s[:i], strings.TrimLeft(s[i:], " \t")
	if name == "" || !strings.HasPrefix(s, `"`) {
		return "", "", false
	}
	return name, s[1:], true
}

// quoteHead quotes the first 80 bytes or so of something too long to show
// whole (cards.Quote), saying that more follows.
func quoteHead(s string) string {
	q := cards.Quote(s)
	if i := strings.LastIndex(q, "… ("); i >= 0 {
		q = q[:i]
	}
	return q + "…"
}

// scanLine follows the lexer over one line (see lexer.next) far enough to
// say whether the line ends inside brace commentary, which may hold empty
// lines that do not end the game.
func scanLine(line string, inBrace bool) bool {
	i := 0
	if !inBrace && strings.HasPrefix(line, "%") {
		return false // an escape line
	}
	for i < len(line) {
		if inBrace {
			j := strings.IndexByte(line[i:], '}')
			if j < 0 {
				return true
			}
			i, inBrace = i+j+1, false
			continue
		}
		switch line[i] {
		case ' ', '\t', '\v', '\f':
			i++
		case '{':
			i, inBrace = i+1, true
		case ';':
			return false
		case '[':
			i = skipTag(line, i)
		case '"':
			i = skipString(line, i)
		default:
			for i < len(line) && strings.IndexByte(" \t\v\f[{;", line[i]) < 0 {
				i++
			}
		}
	}
	return inBrace
}

// skipTag is where a tag that begins at i ends (lexer.tag); the end of
// the line if it is malformed (the lexer then refuses it).
func skipTag(line string, i int) int {
	i++
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	for i < len(line) && isNameByte(line[i]) {
		i++
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) || line[i] != '"' {
		return len(line)
	}
	i = skipString(line, i)
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) || line[i] != ']' {
		return len(line)
	}
	return i + 1
}

// skipString is where a string that opens at i ends (lexer.str); the end
// of the line if it is not closed on it.
func skipString(line string, i int) int {
	i++
	for i < len(line) {
		switch {
		case line[i] == '"':
			return i + 1
		case line[i] == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\'):
			i += 2
		default:
			i++
		}
	}
	return len(line)
}
