package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// User text (names, notes, reasons) is data: printed on a terminal it must
// not act as control sequences. Where hoyle prints it as text it goes
// through replay.Clean; where it prints JSON or echoes what was typed, the
// helpers here escape it instead, so that nothing is lost.

// actsOnTerminal reports the runes a terminal acts on rather than shows,
// besides newline and tab: C0 controls, DEL, C1 controls (8-bit escape
// sequences), and the bidirectional embeddings, overrides and isolates.
func actsOnTerminal(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// jsonForTerminal escapes, in JSON that encoding/json wrote, the runes it
// leaves as they are but a terminal acts on (DEL, C1 and bidi controls;
// it escapes C0 controls itself). Outside strings JSON is ASCII, so they
// can only be in strings, where \uXXXX is the same rune: any JSON reader
// reads the same data.
func jsonForTerminal(b []byte) []byte {
	clean := true
	for _, r := range string(b) {
		if actsOnTerminal(r) {
			clean = false
			break
		}
	}
	if clean {
		return b
	}
	var out strings.Builder
	for _, r := range string(b) {
		if actsOnTerminal(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return []byte(out.String())
}

// terminalJSON is an io.Writer for a json.Encoder that applies
// jsonForTerminal; the encoder writes each value in one Write.
type terminalJSON struct{ w io.Writer }

func (t terminalJSON) Write(b []byte) (int, error) {
	if _, err := t.w.Write(jsonForTerminal(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// printable writes the runes of s that a terminal acts on, and bytes that
// are not UTF-8, as Go escapes (\x1b, \u202e, \xff): for messages that
// echo what was typed, which the user should see as typed.
func printable(s string) string {
	ok := utf8.ValidString(s)
	for _, r := range s {
		ok = ok && !actsOnTerminal(r)
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
		case actsOnTerminal(r):
			q := strconv.QuoteRuneToASCII(r)
			out.WriteString(q[1 : len(q)-1])
		default:
			out.WriteRune(r)
		}
	}
	return out.String()
}
