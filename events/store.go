package events

import (
	"context"
	"fmt"
	"iter"
	"math"
)

// Expected versions for Append.
const (
	// NewSession: the append creates the session; it must not exist yet.
	NewSession uint64 = 0
	// AnyVersion: append whatever the session's version (it must exist).
	AnyVersion uint64 = math.MaxUint64
)

// Batch is the events to append to one session, and the version the session
// must be at before them (NewSession to create it, AnyVersion for no check).
type Batch struct {
	Session  string
	Expected uint64
	Events   []Event
}

// SessionInfo describes one session in a store.
type SessionInfo struct {
	ID      string
	Version uint64 // the number of events in it
	Head    Hash   // the hash of its last event
	First   uint64 // log position of its first event
	Last    uint64 // log position of its last event
}

// Store is an append-only event log. Implementations: events/bolt (a bbolt
// file, the real one) and events/memstore (in memory, for tests). Both pass
// events/storetest.
type Store interface {
	// Append writes all batches in one atomic step, or none of them. Each
	// batch must find its session at the expected version, or the append
	// fails with ErrConflict. Events whose IDs are already in the log are an
	// idempotent retry: if a batch's events are all there, in that session
	// and with the same content, the batch is skipped and reported as it was
	// first appended; a reused ID with other content is ErrDuplicateID.
	// It returns the envelopes as stored, in order, batch after batch.
	Append(ctx context.Context, batches ...Batch) ([]Envelope, error)

	// ReadSession yields a session's events from version from (1 for all), in
	// order, decoded. ErrNoSession if it does not exist.
	ReadSession(ctx context.Context, session string, from uint64) iter.Seq2[Envelope, error]

	// ReadSessionBackward yields a session's events from the newest back,
	// decoded: a command that needs only the current hand stops early.
	ReadSessionBackward(ctx context.Context, session string) iter.Seq2[Envelope, error]

	// ReadAll yields every event of the log from position from (1 for all),
	// in order. When decode is false Data is nil and Raw must not be kept
	// after the next iteration (verify and benchmarks read bytes only).
	ReadAll(ctx context.Context, from uint64, decode bool) iter.Seq2[Envelope, error]

	// Session describes one session; ErrNoSession if it does not exist.
	Session(ctx context.Context, session string) (SessionInfo, error)

	// Sessions lists the sessions in the order they were opened.
	Sessions(ctx context.Context) ([]SessionInfo, error)

	// LastSession is the ID of the session opened most recently;
	// ErrNoSession when there is none.
	LastSession(ctx context.Context) (string, error)

	// Close releases the store.
	Close() error
}

// StorageChecker is implemented by stores that can check their own storage
// beyond what the Store interface reads: a file's meta pages, the counters
// that number the next event. VerifyChain asks it first.
type StorageChecker interface {
	CheckStorage(ctx context.Context) error
}

// CheckExpected checks a batch's expected version against the session's
// current version; every store applies the same rule.
func CheckExpected(b Batch, version uint64, exists bool) error {
	switch {
	case b.Expected == AnyVersion:
		if !exists {
			return fmt.Errorf("%w: %s", ErrNoSession, b.Session)
		}
	case b.Expected == NewSession && exists:
		return fmt.Errorf("%w: session %s already exists (at version %d)", ErrConflict, b.Session, version)
	case b.Expected != version:
		return fmt.Errorf("%w: session %s is at version %d, not %d", ErrConflict, b.Session, version, b.Expected)
	}
	return nil
}

// PriorAppend tells an idempotent retry from a new append: it returns the
// stored envelopes if every event of b is already in the log in b's session
// with the same content, nil if none is, and ErrDuplicateID otherwise.
// lookup finds a stored (decoded) event by ID.
func PriorAppend(b Batch, lookup func(ID) (Envelope, bool, error)) ([]Envelope, error) {
	var found []Envelope
	for _, ev := range b.Events {
		e, ok, err := lookup(ev.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if e.Session != b.Session || !SameContent(e, ev) {
			return nil, fmt.Errorf("%w: %s", ErrDuplicateID, ev.ID)
		}
		found = append(found, e)
	}
	switch {
	case len(found) == 0:
		return nil, nil
	case len(found) < len(b.Events):
		return nil, fmt.Errorf("%w: an append repeats some events of an earlier one but not all", ErrDuplicateID)
	}
	return found, nil
}
