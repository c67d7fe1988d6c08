package jsonlog

import (
	"errors"
	"fmt"
)

// The errors Read returns, inside an *Error that places them.
var (
	// ErrSyntax: the file is not JSON, or not this package's document.
	ErrSyntax = errors.New("not a hoyle JSON log")
	// ErrFormat: a newer or unknown format or version.
	ErrFormat = errors.New("unknown log format")
	// ErrSignature: a log that is not signed by the key it was read with,
	// or whose sessions are not the ones signed.
	ErrSignature = errors.New("the log's signature does not hold")
	// ErrKey: a key file that is not an ed25519 key in PEM.
	ErrKey = errors.New("not an ed25519 key")
)

// Error places a problem of a JSON log at a line of the file, and at an
// event when it concerns one. It unwraps to ErrSyntax, ErrFormat,
// events.ErrTampered (a hash that does not match), events.ErrCorrupt (bytes
// that do not decode) or the laws' refusal of a session that does not fold.
type Error struct {
	Line    int
	Session string
	Version uint64
	Err     error
}

// Error implements error.
func (e *Error) Error() string {
	if e.Session == "" {
		return fmt.Sprintf("json log: line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("json log: line %d (session %s, event %d): %v", e.Line, e.Session, e.Version, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
