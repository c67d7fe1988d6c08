package natsstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/events"
)

// SyncState is where a session stood between two logs after Sync.
type SyncState string

// The states Sync reports.
const (
	SyncCopied   SyncState = "copied"     // its missing events were appended to the shared log
	SyncUpToDate SyncState = "up to date" // the shared log had every event already
	SyncAhead    SyncState = "ahead"      // the shared log has more of it than the local log: the local copy is older
	SyncDiverged SyncState = "diverged"   // the two logs hold different events at the same place: nothing was copied
)

// SyncResult is what Sync did with one session.
type SyncResult struct {
	Session string
	State   SyncState
	Copied  int    // events appended
	Local   uint64 // its version in the local log
	Shared  uint64 // its version in the shared log, after
}

// ErrDiverged: a session of the local log and the same session in the
// shared log hold different events at the same version, so neither can be
// copied onto the other.
var ErrDiverged = errors.New("the local and the shared log have diverged")

// Sync copies every session of from (a table's own log, recorded offline)
// into to (the club's shared log): for each, the events the shared log
// does not have yet, appended after the ones it has, with their IDs, times
// and bytes, so that the session's hash chain is the same in both. It is
// idempotent: a session already there whole is left alone, so running it
// twice copies nothing twice, and one cut short (a crash, the server going
// away) is taken up where the shared log stands the next time. A session
// whose events differ between the two at some version is reported as
// diverged and not touched. Large sessions are appended in parts of at
// most max events (the shared log's atomic batch), cut where cut allows
// (at a deal, so that a reader of the shared log sees whole hands).
//
// report, when not nil, is told of each session as it is done.
func Sync(ctx context.Context, from, to events.Store, max int, cut func(evs []events.Event, i int) bool, report func(SyncResult)) ([]SyncResult, error) {
	infos, err := from.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	var out []SyncResult
	for _, info := range infos {
		r, err := syncSession(ctx, from, to, info, max, cut)
		if err != nil && !errors.Is(err, ErrDiverged) {
			return out, fmt.Errorf("session %s: %w", info.ID, err)
		}
		out = append(out, r)
		if report != nil {
			report(r)
		}
	}
	return out, nil
}

func syncSession(ctx context.Context, from, to events.Store, local events.SessionInfo, max int, cut func([]events.Event, int) bool) (SyncResult, error) {
	r := SyncResult{Session: local.ID, Local: local.Version}
	shared, err := to.Session(ctx, local.ID)
	switch {
	case errors.Is(err, events.ErrNoSession):
		shared = events.SessionInfo{ID: local.ID}
	case err != nil:
		return r, err
	}
	r.Shared = shared.Version
	// The event the shared log ends with (or the local log, if shorter)
	// must be the same in both: then one is the other's beginning.
	at := min(shared.Version, local.Version)
	if at > 0 {
		mine, err := eventAt(ctx, from, local.ID, at)
		if err != nil {
			return r, err
		}
		theirs, err := eventAt(ctx, to, local.ID, at)
		if err != nil {
			return r, err
		}
		if mine.Hash != theirs.Hash {
			r.State = SyncDiverged
			return r, fmt.Errorf("%w: session %s differs at event %d", ErrDiverged, local.ID, at)
		}
	}
	switch {
	case shared.Version == local.Version:
		r.State = SyncUpToDate
		return r, nil
	case shared.Version > local.Version:
		r.State = SyncAhead
		return r, nil
	}
	var evs []events.Event
	for e, err := range from.ReadSession(ctx, local.ID, shared.Version+1) {
		if err != nil {
			return r, err
		}
		evs = append(evs, events.Event{ID: e.ID, At: e.At, Data: e.Data, Schema: e.Schema, Raw: append([]byte(nil), e.Raw...)})
	}
	envs, err := AppendSplit(ctx, to, events.Batch{Session: local.ID, Expected: shared.Version, Events: evs}, max, cut)
	r.Copied = len(envs)
	if len(envs) > 0 {
		r.Shared = envs[len(envs)-1].Version
	}
	if err != nil {
		return r, err
	}
	if r.Shared != local.Version || envs[len(envs)-1].Hash != local.Head {
		return r, fmt.Errorf("%w: session %s copied to version %d, but its head differs from the local log's", events.ErrCorrupt, local.ID, r.Shared)
	}
	r.State = SyncCopied
	return r, nil
}

// eventAt reads one event of a session by its version.
func eventAt(ctx context.Context, st events.Store, session string, version uint64) (events.Envelope, error) {
	for e, err := range st.ReadSession(ctx, session, version) {
		return e, err
	}
	return events.Envelope{}, fmt.Errorf("%w: session %s has no event %d", events.ErrCorrupt, session, version)
}

// Bulk is a store for writers that append more than one atomic batch at a
// time (an import, a simulation) and accept that it lands in parts: an
// Append of more than MaxBatch events is split, batch by batch, with
// AppendSplit, cut where Cut allows. A reader may see the first parts
// before the last; a failure leaves the parts appended so far, and the
// same append again is a retry that appends the rest.
type Bulk struct {
	*Store
	Cut func(evs []events.Event, i int) bool
}

// Append appends batches whole when they fit in one atomic batch, and
// split otherwise.
func (b Bulk) Append(ctx context.Context, batches ...events.Batch) ([]events.Envelope, error) {
	n := 0
	for _, bt := range batches {
		n += len(bt.Events)
	}
	if n <= b.MaxBatch() {
		return b.Store.Append(ctx, batches...)
	}
	var out []events.Envelope
	for _, bt := range batches {
		envs, err := AppendSplit(ctx, b.Store, bt, b.MaxBatch(), b.Cut)
		out = append(out, envs...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}
