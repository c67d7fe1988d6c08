package events

import (
	"errors"
	"fmt"
)

// The errors a Store or the codec returns. Callers test them with errors.Is;
// the error text adds the session, version or position concerned.
var (
	// ErrConflict: the session's version is not the one the append expected;
	// someone else appended first. Read again and retry.
	ErrConflict = errors.New("the session changed since it was read")
	// ErrNoSession: no session has that ID.
	ErrNoSession = errors.New("no such session")
	// ErrDuplicateID: an event ID was appended before with different content
	// or to another session, so the append cannot be an idempotent retry.
	ErrDuplicateID = errors.New("event ID already used for a different event")
	// ErrLocked: another process holds the database open for writing.
	ErrLocked = errors.New("the database is in use by another hoyle process")
	// ErrNotDatabase: the file is not a hoyle database (or is damaged beyond
	// recognition).
	ErrNotDatabase = errors.New("not a hoyle database")
	// ErrFutureFormat: the database was written by a newer hoyle.
	ErrFutureFormat = errors.New("the database was written by a newer version of hoyle")
	// ErrUnknownType: an event's type name is not registered.
	ErrUnknownType = errors.New("unknown event type")
	// ErrFutureSchema: an event's schema is newer than this hoyle knows.
	ErrFutureSchema = errors.New("event schema newer than this version of hoyle knows")
	// ErrCorrupt: stored bytes could not be decoded.
	ErrCorrupt = errors.New("damaged event data")
	// ErrTampered: an event's hash does not match its content or the chain.
	ErrTampered = errors.New("hash chain broken: the log was altered")
	// ErrReadOnly: an append to a store opened read-only.
	ErrReadOnly = errors.New("the database is open read-only")
	// ErrInvalid: an event is malformed (no ID, no payload).
	ErrInvalid = errors.New("invalid event")
)

// PositionError places an error at an event in the log.
type PositionError struct {
	Session  string
	Version  uint64
	Position uint64
	Err      error
}

// Error says what was wrong and where.
func (e *PositionError) Error() string {
	return fmt.Sprintf("session %s, event %d (log position %d): %v", e.Session, e.Version, e.Position, e.Err)
}

// Unwrap returns the underlying error.
func (e *PositionError) Unwrap() error { return e.Err }
