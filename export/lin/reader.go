package lin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// The bounds of what Reader reads: a LIN value is a call, a card, a deal or
// a line of chat, and a record (one board) a few kilobytes, so these are
// far beyond any real file; input that passes them (a binary file, a
// device that never ends) is refused as soon as it does.
const (
	// MaxValue is the longest key or value Reader reads, in bytes.
	MaxValue = 1 << 20
	// MaxRecord is the most text one record may hold, in bytes.
	MaxRecord = 8 << 20
)

// Pair is one key|value| pair of a file, where it stands.
type Pair struct {
	Key   string // lower case, without the blanks and line breaks around it
	Index int    // of the pair in the file, from 0
	Line  int    // 1-based line of its key
}

// Chunk is one record of a file: its text (as Parse reads it) and its pairs
// in order.
type Chunk struct {
	Text  string
	Pairs []Pair
}

// once are the keys a record has at most one of; heading, those that come
// before a board's calls and cards. Either, in the wrong place, begins the
// next record.
var (
	once    = map[string]bool{"qx": true, "pn": true, "md": true, "ah": true, "sv": true, "mc": true}
	heading = map[string]bool{"qx": true, "pn": true, "md": true, "ah": true, "sv": true, "st": true, "rh": true,
		"vg": true} // a vugraph header: the next match of a file of several (hoyle export --event --format lin)
)

// Reader cuts a LIN file into records, one at a time, holding one record's
// text: memory does not grow with the file. A file holds one record (one
// board) or many: a record ends where the next board begins, at a second
// qx|, pn|, md|, ah|, sv| or mc|, or at a board's heading (qx|, pn|, md|,
// ah|, sv|, st|, rh|, or the vg| of a vugraph header, which begins the next
// match of a file of several) after calls or cards. A key or value longer than
// MaxValue, a record longer than MaxRecord and a NUL byte (LIN is text) are
// refused with a *ParseError that says where.
type Reader struct {
	br    *bufio.Reader
	line  int
	index int
	read  int64
	// next is the pair, already read, that begins the next record.
	next    *pendingPair
	started bool
	err     error
}

type pendingPair struct {
	pair Pair
	text string
}

// NewReader reads LIN from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), line: 1}
}

// Offset is how many bytes of the input the reader has consumed.
func (r *Reader) Offset() int64 { return r.read }

// Next reads the next record; io.EOF at the end of the input.
func (r *Reader) Next() (Chunk, error) {
	if r.err != nil {
		return Chunk{}, r.err
	}
	c, err := r.record()
	if err != nil {
		r.err = err
	}
	return c, err
}

func (r *Reader) record() (Chunk, error) {
	var ch Chunk
	var text strings.Builder
	seen := map[string]bool{}
	add := func(p pendingPair) {
		seen[p.pair.Key] = true
		ch.Pairs = append(ch.Pairs, p.pair)
		text.WriteString(p.text)
	}
	if r.next != nil {
		add(*r.next)
		r.next = nil
	}
	for {
		p, err := r.pair()
		if errors.Is(err, io.EOF) {
			if len(ch.Pairs) == 0 {
				return Chunk{}, io.EOF
			}
			ch.Text = text.String()
			return ch, nil
		}
		if err != nil {
			return Chunk{}, err
		}
		k := p.pair.Key
		if len(ch.Pairs) > 0 && (once[k] && seen[k] || heading[k] && (seen["mb"] || seen["pc"] || seen["mc"])) {
			r.next = &p
			ch.Text = text.String()
			return ch, nil
		}
		if text.Len()+len(p.text) > MaxRecord {
			return Chunk{}, &ParseError{Index: ch.Pairs[0].Index, Line: ch.Pairs[0].Line, Msg: fmt.Sprintf("the record that begins here is longer than %d bytes; a LIN record is a few kilobytes", MaxRecord)}
		}
		add(p)
	}
}

// pair reads one key|value|; io.EOF when only blanks are left.
func (r *Reader) pair() (pendingPair, error) {
	keyText, closed, err := r.segment(true)
	if err != nil {
		return pendingPair{}, err
	}
	if !closed && strings.TrimSpace(keyText) == "" {
		r.line += strings.Count(keyText, "\n")
		return pendingPair{}, io.EOF
	}
	trimmed := strings.TrimLeft(keyText, " \t\r\n")
	p := Pair{Key: strings.ToLower(strings.TrimSpace(keyText)), Index: r.index,
		Line: r.line + strings.Count(keyText[:len(keyText)-len(trimmed)], "\n")}
	text := keyText
	r.line += strings.Count(keyText, "\n")
	if closed {
		text += "|"
		value, vclosed, err := r.segment(false)
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				pe.Key = p.Key
			}
			return pendingPair{}, err
		}
		text += value
		if vclosed {
			text += "|"
		}
		r.line += strings.Count(value, "\n")
	}
	r.index++
	return pendingPair{pair: p, text: text}, nil
}

// segment reads up to the next "|" (closed), or to the end of the input.
func (r *Reader) segment(key bool) (string, bool, error) {
	var buf []byte
	for {
		chunk, err := r.br.ReadSlice('|')
		r.read += int64(len(chunk))
		if i := bytes.IndexByte(chunk, 0); i >= 0 {
			line := r.line + bytes.Count(buf, []byte{'\n'}) + bytes.Count(chunk[:i], []byte{'\n'})
			return "", false, &ParseError{Index: r.index, Line: line, Msg: "a NUL byte: a LIN file is text, and this is not (a binary file, or a device?)"}
		}
		if len(buf)+len(chunk) > MaxValue+1 {
			what := "a value"
			if key {
				what = "a key"
			}
			head := append(buf, chunk...)
			return "", false, &ParseError{Index: r.index, Line: r.line, Msg: fmt.Sprintf("%s longer than %d bytes: %s", what, MaxValue, quoteHead(string(head[:min(len(head), 200)])))}
		}
		buf = append(buf, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return string(buf), false, nil
		case err != nil:
			return "", false, err
		}
		return string(buf[:len(buf)-1]), true, nil
	}
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
