package replay

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hoyle/hoyle/events/cards"
)

// User text (names, notes, reasons, tags of an imported file) is data:
// printed on a terminal it must not act as control sequences. This file is
// the one place that decides what a terminal acts on, and everything hoyle
// prints goes through one of its three treatments:
//
//   - Clean, for user text placed in a line of a view: what acts on the
//     terminal is dropped;
//   - Escape, for messages that echo what was typed or read: it is shown as
//     Go escapes (\x1b), so the user sees what was there;
//   - EscapeJSON, for JSON: the same runes as \uXXXX, which any JSON reader
//     reads as the same data.

// ActsOnTerminal is cards.ActsOnTerminal: the one definition of what a
// terminal acts on.
func ActsOnTerminal(r rune) bool { return cards.ActsOnTerminal(r) }

// lineBreak reports the runes that end a line or space it: Clean makes
// each one space, since every place hoyle prints user text is one line.
func lineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f' || r == '\u2028' || r == '\u2029'
}

// Clean makes user text (a player's name, a note) safe to print on a
// terminal and to place inside one line of anything: what acts on the
// terminal is dropped; line breaks and tabs become spaces; bytes that are
// not UTF-8 become U+FFFD. Runs of spaces are kept: they are the user's.
func Clean(s string) string {
	if isClean(s) {
		return strings.TrimSpace(s)
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\r' && strings.HasPrefix(s[i+1:], "\n"):
			// CRLF is one line break, so one space; the \n is skipped.
			b.WriteByte(' ')
			w = 2
		case lineBreak(r):
			b.WriteByte(' ')
		case ActsOnTerminal(r):
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

func isClean(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || ActsOnTerminal(r) || lineBreak(r) {
			return false
		}
	}
	return true
}

// Escape writes the runes of s that act on a terminal (but newlines and
// tabs), and bytes that are not UTF-8, as Go escapes (\x1b, \u202e, \xff):
// for messages that echo what was typed or read, which the user should see
// as it was.
func Escape(s string) string {
	ok := utf8.ValidString(s)
	for _, r := range s {
		ok = ok && !escaped(r)
	}
	if ok {
		return s
	}
	var out strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&out, `\x%02x`, s[i])
		case escaped(r):
			q := strconv.QuoteRuneToASCII(r)
			out.WriteString(q[1 : len(q)-1])
		default:
			out.WriteRune(r)
		}
	}
	return out.String()
}

func escaped(r rune) bool { return r != '\n' && r != '\t' && ActsOnTerminal(r) }

// EscapeJSON escapes, in JSON that encoding/json wrote, the runes it leaves
// as they are but a terminal acts on (DEL, C1 and bidi controls; it escapes
// C0 controls itself). Outside strings JSON is ASCII, so they can only be in
// strings, where \uXXXX is the same rune.
func EscapeJSON(b []byte) []byte {
	clean := true
	for _, r := range string(b) {
		if escaped(r) {
			clean = false
			break
		}
	}
	if clean {
		return b
	}
	var out strings.Builder
	for _, r := range string(b) {
		if escaped(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return []byte(out.String())
}

// JSONWriter is an io.Writer for a json.Encoder that applies EscapeJSON;
// the encoder writes each value in one Write.
type JSONWriter struct{ W io.Writer }

// Write escapes b and writes it.
func (t JSONWriter) Write(b []byte) (int, error) {
	if _, err := t.W.Write(EscapeJSON(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}
