package events

import "context"

// ProjectionCheckpoint is what one projection derived from the whole log
// (hoyle compare's summaries of every session, say) keeps between runs (see
// ProjectionCheckpoints): the log position it had read up to when it was
// saved, and its parts by key (a summary of each session, say). The parts
// are the projection's own bytes: it must be able to tell a stale part from
// a current one (by the session's version kept in it), since two processes
// that save one checkpoint may save its parts in either order.
type ProjectionCheckpoint struct {
	Position uint64
	Parts    map[string][]byte
}

// ProjectionCheckpoints is implemented by stores that keep, by name, the
// checkpoint of each projection that reads across sessions, beside the log (events/natsstore keeps them with its index), so that a
// projection over a shared log reads only what changed since it last ran
// rather than the whole log.
type ProjectionCheckpoints interface {
	// LoadCheckpoint reads the checkpoint saved under name: a zero
	// ProjectionCheckpoint (no parts) when there is none.
	LoadCheckpoint(ctx context.Context, name string) (ProjectionCheckpoint, error)
	// SaveCheckpoint saves the parts given (new and changed keys; the
	// others stay as saved before), then the position. A part too large
	// for the store is left out, and the projection computes it again the
	// next time.
	SaveCheckpoint(ctx context.Context, name string, cp ProjectionCheckpoint) error
}

// Follower is implemented by stores that hand new events to a named,
// durable follower as they are appended: a follower that stops (or
// crashes) and comes back under the same name goes on from the last batch
// it accepted, without the log being read again from the start.
type Follower interface {
	// Follow calls handle with each batch of events appended after the
	// ones accepted before under name (the whole log, the first time), in
	// log order, until ctx is done; handle accepts a batch by returning
	// nil, and a batch it refuses is handed to it again. The envelopes are
	// not decoded (Data is nil). It returns ctx's error, or what keeps it
	// from following.
	Follow(ctx context.Context, name string, handle func(ctx context.Context, batch []Envelope) error) error
}

// SessionSnapshots is implemented by stores that keep, for each session,
// a snapshot of its fold beside the log (its "checkpoint", see
// projections/load): records that a fold above the log writes and reads
// back, so that a reader of one hand of a long session need not fold the
// session from its first event. The log stays the only source of truth: a
// snapshot is a cache, checked against the log by whoever reads it,
// rebuilt from the log when it is missing or stale, and never trusted over
// it. A store without them (the NATS store) is read the long way, by
// folding the log. (ProjectionCheckpoints are the other kind of cache: one
// projection across every session of a shared log.)
//
// Records are a session's own: keys are bytes the caller chooses, kept in
// byte order. The events layer does not read them.
type SessionSnapshots interface {
	// ReadSnapshot calls fn with each record of the session's
	// snapshot whose key is at or after from, in key order, until fn
	// returns false. The slices are valid only during the call. A session
	// with no snapshot calls fn not at all.
	ReadSnapshot(ctx context.Context, session string, from []byte, fn func(key, value []byte) bool) error
	// WriteSnapshot changes the session's snapshot records in one atomic,
	// durable step; ErrReadOnly on a store opened read-only.
	WriteSnapshot(ctx context.Context, session string, w SnapshotWrite) error
	// SnapshotKey is the key the snapshot's records are sealed with (a
	// keyed MAC, see projections/load), held by the process and never
	// stored beside the records: whoever can write the file but does not
	// hold the key cannot make a record a reader believes. Nil when the
	// store was opened without one: then no snapshot is written, and none
	// is believed (readers fold the log).
	SnapshotKey() []byte
}

// SnapshotWrite is one change to a session's snapshot records, applied in this
// order: Reset, Trim, Put.
type SnapshotWrite struct {
	// Reset removes every record of the session's snapshot first.
	Reset bool
	// Trim, when set, removes every record whose key is at or after it.
	Trim []byte
	// Put stores records, replacing any of the same key.
	Put []SnapshotRecord
}

// SnapshotRecord is one record of a session's snapshot.
type SnapshotRecord struct {
	Key, Value []byte
}

// DerivedData is implemented by stores that keep, by name, data derived
// from the log beside it (the double-dummy analysis of each deal, see
// projections/ddkeep): answers that cost something to compute and never
// change, kept so they are computed once. As with SessionSnapshots, the log
// stays the only source of truth: derived data can be dropped at any time
// and computed again, verify does not read it, and whoever reads it checks
// each record's seal (made with SnapshotKey) and computes again what does
// not hold.
type DerivedData interface {
	// ReadDerived reads the record kept under key in the named set: nil
	// when there is none.
	ReadDerived(ctx context.Context, name string, key []byte) ([]byte, error)
	// WriteDerived changes the named set's records in one atomic, durable
	// step (Reset, then Trim, then Put); ErrReadOnly on a store opened
	// read-only.
	WriteDerived(ctx context.Context, name string, w SnapshotWrite) error
	// SnapshotKey is the key the records are sealed with, as for
	// SessionSnapshots: nil when the store was opened without one, and
	// then nothing derived is written or believed.
	SnapshotKey() []byte
}
