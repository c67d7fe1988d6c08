package natsstore

import (
	"errors"
	"fmt"
	"strings"

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
	// ErrBadCluster: a server's cluster options (ClusterOptions) are not
	// usable: a name or address that cannot be one.
	ErrBadCluster = errors.New("bad cluster options")
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

// More errors of the shared log's hardening: credentials, permissions, and
// a log that is not the one it was.
var (
	// ErrAuth: the server refused the credential given (a wrong token, or
	// none where the server asks for one). It is not ErrUnavailable: the
	// server is there, and trying again will not help.
	ErrAuth = errors.New("the NATS server refused the token")
	// ErrNotPermitted: the server refused an operation to this credential
	// (a table's token writing a summary, or deleting a stream: only the
	// director's may).
	ErrNotPermitted = errors.New("not permitted with this credential")
	// ErrLogReplaced: the log stream is not the one this store (or the
	// server's directory) knew: it was deleted, or deleted and made again.
	// Nothing is read from or written to it until the director says which
	// log is the club's (see LogReplacedError).
	ErrLogReplaced = errors.New("the shared log was deleted or replaced")
)

// AuthError is a connection the server refused for its credential.
type AuthError struct {
	URL string // the server(s), credentials hidden
	Err error  // what the NATS client said
}

// Error says that the token was refused, and what to do.
func (e *AuthError) Error() string {
	return fmt.Sprintf("%v (%s): give the token the server was started with ($HOYLE_NATS_TOKEN or --token-file): %v", ErrAuth, e.URL, e.Err)
}

// Is makes errors.Is(err, ErrAuth) true.
func (e *AuthError) Is(target error) bool { return target == ErrAuth }

// Unwrap returns what the NATS client said.
func (e *AuthError) Unwrap() error { return e.Err }

// PermissionError is an operation the server refused to this credential.
type PermissionError struct {
	Op  string // what the store was doing
	Err error  // the server's permissions violation
}

// Error says what was refused.
func (e *PermissionError) Error() string {
	return fmt.Sprintf("%s: %v (a table's token reads and appends to the log; only the director's token may do this): %v", e.Op, ErrNotPermitted, e.Err)
}

// Is makes errors.Is(err, ErrNotPermitted) true.
func (e *PermissionError) Is(target error) bool { return target == ErrNotPermitted }

// Unwrap returns the server's refusal.
func (e *PermissionError) Unwrap() error { return e.Err }

// LogReplacedError is a log stream whose identity is not the one known.
type LogReplacedError struct {
	Stream string
	Known  string // the identity remembered (by the client, or in the server's directory)
	Found  string // the stream's identity now; empty if the stream is missing or has none
	Where  string // where Known was kept
}

// Error names the stream, both identities, and what to do.
func (e *LogReplacedError) Error() string {
	found := "the stream is missing"
	if e.Found != "" {
		found = "it is now " + e.Found
	}
	return fmt.Sprintf("%v: stream %s was %s (as kept in %s), %s; if the director meant to start a new log, remove %s",
		ErrLogReplaced, e.Stream, e.Known, e.Where, found, e.Where)
}

// Is makes errors.Is(err, ErrLogReplaced) true.
func (e *LogReplacedError) Is(target error) bool { return target == ErrLogReplaced }

// redactedError is an error whose text had credentials in it: the text is
// shown with them hidden, the error itself still unwraps.
type redactedError struct {
	err error
	msg string
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// RedactError hides, in err's text, the credentials of the server
// addresses urls (as Redact does), wherever the text quotes them: a
// malformed address is quoted whole by the parser's error.
func RedactError(err error, urls string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	shown := msg
	for _, p := range strings.Split(urls, ",") {
		shown = strings.ReplaceAll(shown, p, Redact(p))
		for _, secret := range secretsOf(p) {
			shown = strings.ReplaceAll(shown, secret, "***")
		}
	}
	if shown == msg {
		return err
	}
	return &redactedError{err: err, msg: shown}
}
