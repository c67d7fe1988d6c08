package lin

import (
	"errors"
	"fmt"
)

// ErrSyntax is what every ParseError unwraps to.
var ErrSyntax = errors.New("lin: syntax error")

// ParseError says which token of a LIN record could not be read.
type ParseError struct {
	Index int    // 0-based index of the key|value| pair: in the record (Parse), in the file (Reader)
	Key   string // the pair's key ("md", "mb"...)
	Msg   string
	Line  int // 1-based line of the pair, when the Reader knows it; 0 from Parse
}

// Error says what was wrong and where.
func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("lin: line %d, token %d (%s|): %s", e.Line, e.Index, e.Key, e.Msg)
	}
	return fmt.Sprintf("lin: token %d (%s|): %s", e.Index, e.Key, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }
