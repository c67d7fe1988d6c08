package prompt

import (
	"fmt"
	"strings"
)

// The syntax of a hoyle command line, the one splitter of them all: the
// lines typed at hoyle record's prompt, and the scripts of fixtures/ (one
// command a line, without "hoyle"; "#" starts a comment), so that a line
// reads the same in a script and live.

// Split splits a line into words at spaces and tabs, and reports whether
// it left a quote open. A word in double or single quotes may hold spaces
// (note "the heart switch"); quotes may appear inside a word
// (--glyph='?!').
func Split(line string) (words []string, open bool) {
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, quote != 0
}

// Words splits a line typed at the prompt. An unclosed quote is an error
// rather than a guess, since the note it is part of would be recorded
// wrong.
func Words(line string) ([]string, error) {
	words, open := Split(line)
	if open {
		return nil, fmt.Errorf("%w: %s", ErrUnclosedQuote, line)
	}
	return words, nil
}

// Lines splits a script into its commands, each as its words; blank lines
// and "#" comments are passed over, and a quote left open runs to the end
// of its line.
func Lines(script string) [][]string {
	var out [][]string
	for _, line := range strings.Split(script, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words, _ := Split(line)
		out = append(out, words)
	}
	return out
}
