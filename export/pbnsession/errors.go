package pbnsession

import (
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/export/internal/build"
)

// ErrNothingToImport: a file none of whose records holds a hand that was
// bid (every record lacks an Auction section).
var ErrNothingToImport = errors.New("pbn: no record to import: none has an auction")

// ErrNoHand: an export of a hand the session does not have.
var ErrNoHand = build.ErrNoHand

// Error is a record the laws (or the file) refuse, placed in the file. It
// unwraps to the cause: a *game.IllegalError for a call or card the laws
// refuse, a *pbn.ValueError for a tag that cannot be read, pbn.ErrInvalid
// for a play record that cannot be replayed.
type Error struct {
	Line  int    // 1-based line of the file
	Board string // the record's Board tag, "" when it has none
	Err   error
}

// Error implements error.
func (e *Error) Error() string {
	if e.Board == "" {
		return fmt.Sprintf("pbn: line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("pbn: line %d (board %s): %v", e.Line, e.Board, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
