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
