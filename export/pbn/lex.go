package pbn

import (
	"fmt"
	"strings"
)

type tokKind uint8

const (
	tkEOF   tokKind = iota
	tkTag           // [Name "Value"]: name, text (unescaped value)
	tkWord          // a run of non-space characters, or a "quoted string" (kept with its quotes)
	tkBrace         // {commentary}: text between the braces
	tkSemi          // ; commentary: text to the end of the line
	tkBlank         // an empty line: the end of a game
)

type token struct {
	kind       tokKind
	name, text string
	line       int
	start, end int // the token's extent in the source
}

// lexer splits normalised PBN text (LF line ends) into tokens. It skips
// lines that start with "%" (the escape mechanism) and reports empty lines,
// which end a game.
type lexer struct {
	src         string
	pos         int
	line        int
	atLineStart bool
}

func newLexer(src string) *lexer { return &lexer{src: src, line: 1, atLineStart: true} }

func (l *lexer) errorf(line int, format string, args ...any) error {
	return &ParseError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (l *lexer) next() (token, error) {
	for {
		if l.pos >= len(l.src) {
			return token{kind: tkEOF, line: l.line, start: l.pos, end: l.pos}, nil
		}
		if l.atLineStart {
			l.atLineStart = false
			if l.src[l.pos] == '%' {
				l.skipLine()
				continue
			}
			j := l.pos
			for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
				j++
			}
			if j == len(l.src) || l.src[j] == '\n' {
				t := token{kind: tkBlank, line: l.line, start: l.pos, end: j}
				l.pos = j
				return t, nil
			}
		}
		switch c := l.src[l.pos]; c {
		case '\n':
			l.pos++
			l.line++
			l.atLineStart = true
		case ' ', '\t', '\v', '\f':
			l.pos++
		case '[':
			return l.tag()
		case '{':
			return l.brace()
		case ';':
			start := l.pos
			l.skipLine()
			return token{kind: tkSemi, text: l.src[start+1 : l.pos], line: l.line, start: start, end: l.pos}, nil
		default:
			return l.word()
		}
	}
}

// skipLine moves to the newline that ends the line (or the end of input).
func (l *lexer) skipLine() {
	if i := strings.IndexByte(l.src[l.pos:], '\n'); i >= 0 {
		l.pos += i
	} else {
		l.pos = len(l.src)
	}
}

func (l *lexer) skipSpaces() {
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
}

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

func (l *lexer) tag() (token, error) {
	start, line := l.pos, l.line
	l.pos++
	l.skipSpaces()
	n := l.pos
	for l.pos < len(l.src) && isNameByte(l.src[l.pos]) {
		l.pos++
	}
	name := l.src[n:l.pos]
	if name == "" {
		return token{}, l.errorf(line, "a tag needs a name of letters, digits and underscores after [")
	}
	l.skipSpaces()
	if l.pos >= len(l.src) || l.src[l.pos] != '"' {
		return token{}, l.errorf(line, "tag %s needs a value in double quotes", name)
	}
	value, err := l.str()
	if err != nil {
		return token{}, err
	}
	l.skipSpaces()
	if l.pos >= len(l.src) || l.src[l.pos] != ']' {
		return token{}, l.errorf(line, "tag %s is not closed by ] on its line", name)
	}
	l.pos++
	return token{kind: tkTag, name: name, text: value, line: line, start: start, end: l.pos}, nil
}

// str reads a string from its opening quote: \" is a quote and \\ a
// backslash; any other backslash stands for itself (tables use "\2R").
func (l *lexer) str() (string, error) {
	line := l.line
	l.pos++
	var b strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			return "", l.errorf(line, "string is not closed on its line")
		case c == '"':
			l.pos++
			return b.String(), nil
		case c == '\\' && l.pos+1 < len(l.src) && (l.src[l.pos+1] == '"' || l.src[l.pos+1] == '\\'):
			b.WriteByte(l.src[l.pos+1])
			l.pos += 2
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
	return "", l.errorf(line, "string is not closed")
}

func (l *lexer) brace() (token, error) {
	start, line := l.pos, l.line
	end := strings.IndexByte(l.src[start+1:], '}')
	if end < 0 {
		return token{}, l.errorf(line, "commentary { is not closed by }")
	}
	text := l.src[start+1 : start+1+end]
	l.line += strings.Count(text, "\n")
	l.pos = start + end + 2
	return token{kind: tkBrace, text: text, line: line, start: start, end: l.pos}, nil
}

func (l *lexer) word() (token, error) {
	start, line := l.pos, l.line
	if l.src[l.pos] == '"' {
		if _, err := l.str(); err != nil {
			return token{}, err
		}
		return token{kind: tkWord, text: l.src[start:l.pos], line: line, start: start, end: l.pos}, nil
	}
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case ' ', '\t', '\n', '\v', '\f', '[', '{', ';':
			return token{kind: tkWord, text: l.src[start:l.pos], line: line, start: start, end: l.pos}, nil
		}
		l.pos++
	}
	return token{kind: tkWord, text: l.src[start:l.pos], line: line, start: start, end: l.pos}, nil
}
