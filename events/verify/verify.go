// Package verify checks a whole event log: every record decodes, every
// session's hash chain is unbroken and its versions run 1, 2, 3..., the
// indexes agree with the log, and every session folds under its laws.
//
// A scorer's log is a record people argue over afterwards; verify is how
// anyone shows it was not altered.
package verify

import (
	"context"
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
)

// ErrProblem is what every problem verify finds unwraps to (besides the
// specific error: events.ErrTampered, events.ErrCorrupt, ...).
var ErrProblem = errors.New("verification failed")

// Problem is the first thing found wrong, placed in the log.
type Problem struct {
	Session  string
	Version  uint64
	Position uint64
	Err      error
}

// Error says what was wrong and where.
func (p *Problem) Error() string {
	if p.Session == "" {
		return fmt.Sprintf("log position %d: %v", p.Position, p.Err)
	}
	return fmt.Sprintf("session %s, event %d (log position %d): %v", p.Session, p.Version, p.Position, p.Err)
}

// Unwrap gives both ErrProblem and the cause to errors.Is.
func (p *Problem) Unwrap() []error { return []error{ErrProblem, p.Err} }

// Report is what verify checked.
type Report struct {
	Events   uint64 // records read and decoded
	Sessions int    // sessions whose chains and folds were checked
	Hands    int    // hands folded
	Bytes    uint64 // payload bytes hashed
}

type chain struct {
	version uint64
	hash    events.Hash
}

// Run verifies the store. It returns the report and nil, or the report so
// far and the first *Problem.
func Run(ctx context.Context, st events.Store) (Report, error) {
	var rep Report
	heads := map[string]chain{}
	var lastPos uint64
	for e, err := range st.ReadAll(ctx, 1, false) {
		if err != nil {
			return rep, &Problem{Position: lastPos + 1, Err: err}
		}
		if e.Position != lastPos+1 {
			return rep, &Problem{Position: lastPos + 1, Err: fmt.Errorf("%w: positions jump from %d to %d", events.ErrCorrupt, lastPos, e.Position)}
		}
		lastPos = e.Position
		at := func(err error) error {
			return &Problem{Session: e.Session, Version: e.Version, Position: e.Position, Err: err}
		}
		prev := heads[e.Session]
		if e.Version != prev.version+1 {
			return rep, at(fmt.Errorf("%w: version %d follows version %d", events.ErrTampered, e.Version, prev.version))
		}
		if e.PrevHash != prev.hash {
			return rep, at(fmt.Errorf("%w: it links to %.12s…, but the session's previous event hashes to %.12s…", events.ErrTampered, e.PrevHash, prev.hash))
		}
		if err := e.CheckHash(); err != nil {
			return rep, at(errors.Unwrap(err))
		}
		if _, err := events.DecodePayload(e.Type, e.Schema, e.Raw); err != nil {
			return rep, at(err)
		}
		heads[e.Session] = chain{version: e.Version, hash: e.Hash}
		rep.Events++
		rep.Bytes += uint64(len(e.Raw))
	}
	sessions, err := st.Sessions(ctx)
	if err != nil {
		return rep, &Problem{Err: err}
	}
	if len(sessions) != len(heads) {
		return rep, &Problem{Err: fmt.Errorf("%w: the log holds %d sessions but the session index lists %d", events.ErrCorrupt, len(heads), len(sessions))}
	}
	for _, info := range sessions {
		h, ok := heads[info.ID]
		if !ok || h.version != info.Version || h.hash != info.Head {
			return rep, &Problem{Session: info.ID, Version: info.Version, Position: info.Last,
				Err: fmt.Errorf("%w: the session index says version %d, the log %d", events.ErrCorrupt, info.Version, h.version)}
		}
		// The session is folded as it streams past (twice if it has undos),
		// counting its events to check the index reaches all of them.
		var count uint64
		counted := func(yield func(events.Envelope, error) bool) {
			count = 0
			for e, err := range st.ReadSession(ctx, info.ID, 1) {
				if err == nil {
					count++
				}
				if !yield(e, err) {
					return
				}
			}
		}
		s, err := projections.FoldSeq(counted)
		if err != nil {
			return rep, &Problem{Session: info.ID, Version: 1, Position: info.First, Err: err}
		}
		if count != info.Version {
			return rep, &Problem{Session: info.ID, Err: fmt.Errorf("%w: the session index reaches %d of its %d events", events.ErrCorrupt, count, info.Version)}
		}
		if len(s.Problems) > 0 {
			p := s.Problems[0]
			return rep, &Problem{Session: info.ID, Version: p.Version, Position: p.Position,
				Err: fmt.Errorf("%s does not fold: %w", p.Type, p.Err)}
		}
		rep.Sessions++
		rep.Hands += len(s.Hands)
	}
	return rep, nil
}
