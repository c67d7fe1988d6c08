package events

import "context"

// Checkpoints is implemented by stores that keep projection checkpoints
// beside the log: records that a fold above the log writes and reads back,
// so that a reader of one hand of a long session need not fold the session
// from its first event. The log stays the only source of truth: a
// checkpoint is a cache, checked against the log by whoever reads it,
// rebuilt from the log when it is missing or stale, and never trusted over
// it. A store without checkpoints (memstore, the NATS store) is read the
// long way, by folding the log.
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
