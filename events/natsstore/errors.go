package natsstore

import (
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/events"
)

// The errors this package adds to those of events (events.ErrConflict,
// events.ErrNoSession, events.ErrDuplicateID, events.ErrInvalid, ...), which
// the store returns wrapped as every store does. Test them with errors.Is.
var (
	// ErrUnavailable: the NATS server could not be reached, or did not answer
	// within Options.Timeout. An Append that fails with it may or may not
	// have landed (the server may have stored it and lost the connection
	// before answering): append the same events again, with the same IDs,
	// once the server is back; the retry is recognised and not stored twice.
	ErrUnavailable = errors.New("the NATS server is unavailable")
	// ErrBatchTooLarge: an append holds more new events than one atomic
	// JetStream batch may (Options.MaxBatch, or the server's own limit).
	// Nothing was appended. Split an import with AppendSplit.
	ErrBatchTooLarge = errors.New("the append is larger than one atomic batch")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("the store is closed")
)

// UnavailableError says which operation could not reach the server, and why.
type UnavailableError struct {
	Op  string // what the store was doing: "connect", "append", "read"...
	URL string // the server(s) it was talking to
	Err error  // what the NATS client said
}

// Error says what could not be done and why.
func (e *UnavailableError) Error() string {
	return fmt.Sprintf("%s: %v (%s): %v", e.Op, ErrUnavailable, e.URL, e.Err)
}

// Is makes errors.Is(err, ErrUnavailable) true.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// Unwrap returns what the NATS client said.
func (e *UnavailableError) Unwrap() error { return e.Err }

// BatchTooLargeError is an append refused for its size.
type BatchTooLargeError struct {
	Events int // new events in the append
	Max    int // the most one append may hold
}

// Error says how large the append was and what the limit is.
func (e *BatchTooLargeError) Error() string {
	return fmt.Sprintf("%v: %d new events, at most %d (split the import with natsstore.AppendSplit)", ErrBatchTooLarge, e.Events, e.Max)
}

// Is makes errors.Is(err, ErrBatchTooLarge) true.
func (e *BatchTooLargeError) Is(target error) bool { return target == ErrBatchTooLarge }

// SessionIDError is a session ID that cannot be a NATS subject token, so
// cannot be stored here. It wraps events.ErrInvalid.
type SessionIDError struct {
	ID     string
	Reason string
}

// Error says which ID and why.
func (e *SessionIDError) Error() string {
	return fmt.Sprintf("%v: session ID %q %s", events.ErrInvalid, e.ID, e.Reason)
}

// Unwrap makes errors.Is(err, events.ErrInvalid) true.
func (e *SessionIDError) Unwrap() error { return events.ErrInvalid }
