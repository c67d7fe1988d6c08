package lin

import (
	"errors"
	"fmt"
)

// ErrSyntax is what every ParseError unwraps to.
var ErrSyntax = errors.New("lin: syntax error")

// ParseError says which token of a LIN record could not be read.
type ParseError struct {
	Index int    // 0-based index of the key|value| pair in the record
	Key   string // the pair's key ("md", "mb"...)
	Msg   string
}

// Error says what was wrong and where.
func (e *ParseError) Error() string {
	return fmt.Sprintf("lin: token %d (%s|): %s", e.Index, e.Key, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }
