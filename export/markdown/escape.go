package markdown

import (
	"strings"

	"github.com/hoyle/hoyle/replay"
)

// Text makes user text (a session's or player's name, a note, its author)
// safe to place inline anywhere in the write-up: a heading, a paragraph, a
// list item or a table cell. It is cleaned first (replay.Clean: no control
// characters, so no terminal escape sequences, and one line, so it cannot
// end a table row or start a block), then every character that could open
// Markdown syntax is escaped with a backslash, which CommonMark allows
// before any ASCII punctuation:
//
//   - | would end a table cell;
//   - < and & would start raw HTML or an entity (so no HTML can be injected);
//   - * _ ~ ` [ ] # \ would start emphasis, code, a link (an image after a
//     !), a heading's closing sequence, or an escape of their own.
func Text(s string) string {
	s = replay.Clean(s)
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(special, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// special are the characters Text escapes.
const special = "\\`*_~[]<>|&#"
