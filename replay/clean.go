package replay

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean makes user text (a player's name, a note) safe to print on a
// terminal and to place inside one line of anything: control characters
// (C0, DEL, C1, which carry terminal escape sequences) and the bidirectional
// overrides (which make a terminal show text in another order than it is
// read) are dropped; line breaks and tabs become spaces, since every place
// hoyle prints user text is a single line; bytes that are not UTF-8 become
// U+FFFD. Runs of spaces are kept: they are the user's.
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
		case r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f' || r == '\u2028' || r == '\u2029':
			b.WriteByte(' ')
		case dropped(r):
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

func isClean(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 || dropped(r) || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// dropped reports the runes Clean removes: controls, and the bidi
// embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
func dropped(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return unicode.Is(unicode.Cc, r)
}
