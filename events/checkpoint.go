package events

import "context"

// Checkpoint is what a projection derived from the log keeps between runs
// (see Checkpointer): the log position it had read up to when it was
// saved, and its parts by key (a summary of each session, say). The parts
// are the projection's own bytes: it must be able to tell a stale part from
// a current one (by the session's version kept in it), since two processes
// that save one checkpoint may save its parts in either order.
type Checkpoint struct {
	Position uint64
	Parts    map[string][]byte
}

// Checkpointer is implemented by stores that keep projections' checkpoints
// beside the log (events/natsstore keeps them with its index), so that a
// projection over a shared log reads only what changed since it last ran
// rather than the whole log.
type Checkpointer interface {
	// LoadCheckpoint reads the checkpoint saved under name: a zero
	// Checkpoint (no parts) when there is none.
	LoadCheckpoint(ctx context.Context, name string) (Checkpoint, error)
	// SaveCheckpoint saves the parts given (new and changed keys; the
	// others stay as saved before), then the position. A part too large
	// for the store is left out, and the projection computes it again the
	// next time.
	SaveCheckpoint(ctx context.Context, name string, cp Checkpoint) error
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

// Checkpoints is implemented by stores that keep projection checkpoints
// beside the log: records that a fold above the log writes and reads back,
// so that a reader of one hand of a long session need not fold the session
// from its first event. The log stays the only source of truth: a
// checkpoint is a cache, checked against the log by whoever reads it,
// rebuilt from the log when it is missing or stale, and never trusted over
// it. A store without them (the NATS store) is read the long way, by
// folding the log. (A Checkpointer's named Checkpoint is the other kind of
// cache: one projection across every session of a shared log, such as
// hoyle compare's summaries.)
//
// Records are a session's own: keys are bytes the caller chooses, kept in
// byte order. The events layer does not read them.
type Checkpoints interface {
	// ReadCheckpoint calls fn with each record of the session's
	// checkpoint whose key is at or after from, in key order, until fn
	// returns false. The slices are valid only during the call. A session
	// with no checkpoint calls fn not at all.
	ReadCheckpoint(ctx context.Context, session string, from []byte, fn func(key, value []byte) bool) error
	// WriteCheckpoint changes the session's checkpoint in one atomic,
	// durable step; ErrReadOnly on a store opened read-only.
	WriteCheckpoint(ctx context.Context, session string, w CheckpointWrite) error
}

// CheckpointWrite is one change to a session's checkpoint, applied in this
// order: Reset, Trim, Put.
type CheckpointWrite struct {
	// Reset removes every record of the session's checkpoint first.
	Reset bool
	// Trim, when set, removes every record whose key is at or after it.
	Trim []byte
	// Put stores records, replacing any of the same key.
	Put []CheckpointRecord
}

// CheckpointRecord is one record of a checkpoint.
type CheckpointRecord struct {
	Key, Value []byte
}
