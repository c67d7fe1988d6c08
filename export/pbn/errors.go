package pbn

import (
	"errors"
	"fmt"
)

// Sentinel errors. Parse returns a *ParseError that unwraps to ErrSyntax;
// the typed accessors of Game return errors that unwrap to ErrNoValue or
// ErrBadValue; Write and the play functions wrap ErrInvalid.
var (
	// ErrSyntax: the text is not PBN (a tag, string, commentary, call or
	// card that cannot be read).
	ErrSyntax = errors.New("pbn: syntax error")
	// ErrNoValue: the tag is absent, empty or "?" (unknown).
	ErrNoValue = errors.New("pbn: no value")
	// ErrBadValue: the tag is present but its value cannot be read.
	ErrBadValue = errors.New("pbn: bad value")
	// ErrInvalid: a Game or play record that cannot be written or replayed
	// (a newline in a tag value, a card played twice, a trick led by the
	// wrong seat...).
	ErrInvalid = errors.New("pbn: invalid record")
)

// ParseError says where a PBN file could not be read.
type ParseError struct {
	Line int    // 1-based line of the input
	Msg  string // what was wrong
}

// Error says what was wrong and where.
func (e *ParseError) Error() string { return fmt.Sprintf("pbn: line %d: %s", e.Line, e.Msg) }

// Unwrap returns ErrSyntax, so errors.Is(err, pbn.ErrSyntax) holds.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// ValueError says which tag value could not be read by a typed accessor.
type ValueError struct {
	Tag   string // the tag's name
	Value string // the value as stored
	Err   error  // ErrNoValue or ErrBadValue
	Why   string // optional detail
}

// Error says what was wrong and where.
func (e *ValueError) Error() string {
	s := fmt.Sprintf("%v: %s %q", e.Err, e.Tag, e.Value)
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s
}

// Unwrap returns ErrNoValue or ErrBadValue.
func (e *ValueError) Unwrap() error { return e.Err }

func noValue(tag, value string) error { return &ValueError{Tag: tag, Value: value, Err: ErrNoValue} }

func badValue(tag, value, why string) error {
	return &ValueError{Tag: tag, Value: value, Err: ErrBadValue, Why: why}
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}
