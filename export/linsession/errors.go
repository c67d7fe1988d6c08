package linsession

import (
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
)

// ErrNothingToImport: a file with no LIN record in it.
var ErrNothingToImport = errors.New("lin: no record to import")

// ErrNoHand: an export of a hand the session does not have.
var ErrNoHand = build.ErrNoHand

// Error is a record the laws (or the file) refuse, placed in the file by
// the index of its key|value| pair (counted from 0 over the whole file) and
// that pair's line. It unwraps to the cause: a *lin.ParseError for a pair
// that cannot be read, a *game.IllegalError for a call or card the laws
// refuse.
type Error struct {
	Line  int    // 1-based line of the pair
	Token int    // 0-based index of the pair in the file
	Key   string // the pair's key ("mb", "pc"...), "" for the record as a whole
	Err   error
}

// Error implements error.
func (e *Error) Error() string {
	var msg any = e.Err
	var pe *lin.ParseError
	if errors.As(e.Err, &pe) {
		msg = pe.Msg // its index counts from the record, not the file
	}
	if e.Key == "" {
		return fmt.Sprintf("lin: line %d, token %d: %v", e.Line, e.Token, msg)
	}
	return fmt.Sprintf("lin: line %d, token %d (%s|): %v", e.Line, e.Token, e.Key, msg)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
