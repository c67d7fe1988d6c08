package events

import "fmt"

// Head is where a session stands in a store: its version, the hash of its
// last event, and the log positions of its first and last events.
type Head struct {
	Version     uint64
	Hash        Hash
	First, Last uint64
}

// StageSource is what Stage asks a store while it plans an append, inside
// the store's own transaction or lock.
type StageSource interface {
	// Lookup finds a stored event by ID (decoded).
	Lookup(id ID) (Envelope, bool, error)
	// Head is a session's head; ok is false if the session does not exist.
	Head(session string) (h Head, ok bool, err error)
}

// Staged is one batch of an append as Stage planned it.
type Staged struct {
	Session string
	// Envs are the envelopes to store, sealed, with their positions; empty
	// when the batch is an idempotent retry (Prior).
	Envs []Envelope
	// Prior is true when every event was appended before: nothing is
	// stored, and the caller reports the stored envelopes.
	Prior bool
	// Opens is true when the batch creates its session.
	Opens bool
	// Head is the session's head after the batch.
	Head Head
}

// Stage plans an append the way every store must make it, so that stores
// differ only in how they keep what it plans: it refuses malformed events
// and an event twice in one append, recognises an idempotent retry
// (PriorAppend), checks each batch's expected version against its
// session's head as the earlier batches of the same append leave it
// (CheckExpected), and seals the new events onto the chain (Prepare),
// numbering them from position next. It returns the plan, batch by batch,
// and the envelopes the append reports.
func Stage(src StageSource, next uint64, batches []Batch) ([]Staged, []Envelope, error) {
	if err := CheckBatches(batches); err != nil {
		return nil, nil, err
	}
	var plan []Staged
	var out []Envelope
	staged := map[string]Head{}
	seen := map[ID]bool{}
	for _, b := range batches {
		prior, err := PriorAppend(b, src.Lookup)
		if err != nil {
			return nil, nil, err
		}
		if prior != nil {
			plan = append(plan, Staged{Session: b.Session, Prior: true})
			out = append(out, prior...)
			continue
		}
		for _, ev := range b.Events {
			if seen[ev.ID] {
				return nil, nil, fmt.Errorf("%w: %s twice in one append", ErrDuplicateID, ev.ID)
			}
			seen[ev.ID] = true
		}
		h, exists := staged[b.Session]
		if !exists {
			if h, exists, err = src.Head(b.Session); err != nil {
				return nil, nil, err
			}
		}
		if err := CheckExpected(b, h.Version, exists); err != nil {
			return nil, nil, err
		}
		envs, err := Prepare(b.Session, h.Version, h.Hash, b.Events)
		if err != nil {
			return nil, nil, err
		}
		if len(envs) == 0 {
			plan = append(plan, Staged{Session: b.Session, Head: h})
			continue
		}
		for i := range envs {
			envs[i].Position = next
			next++
		}
		if !exists {
			h.First = envs[0].Position
		}
		last := envs[len(envs)-1]
		h.Version, h.Hash, h.Last = last.Version, last.Hash, last.Position
		staged[b.Session] = h
		plan = append(plan, Staged{Session: b.Session, Envs: envs, Opens: !exists, Head: h})
		out = append(out, envs...)
	}
	return plan, out, nil
}

// CheckBatches rejects malformed batches before anything looks their events
// up: PriorAppend would call the methods of a nil payload, and two zero IDs
// would pass for a reused one.
func CheckBatches(batches []Batch) error {
	for _, b := range batches {
		if b.Session == "" {
			return fmt.Errorf("%w: a batch has no session ID", ErrInvalid)
		}
		for i, ev := range b.Events {
			if ev.Data == nil || ev.ID == (ID{}) {
				return fmt.Errorf("%w: event %d of the batch for session %s has no ID or no payload", ErrInvalid, i+1, b.Session)
			}
		}
	}
	return nil
}
