// Package load reads sessions from a store and folds them: the read side of
// the log. Folds themselves are pure (package projections takes events and
// gives state); this package is where the reading happens, so that every
// command reads a session the same way and only as much of it as it needs.
//
//   - Session reads and folds a whole session, keeping its events (moments,
//     exports).
//   - Stream folds a whole session as it streams past, keeping only the
//     state (score, sessions, verify).
//   - Tail folds the opening event and the latest hand only: what a command
//     that records at the table needs, in time that does not grow with the
//     session.
//   - Rebuild folds every session of the log from zero.
//
// It imports events (the Store) and projections; nothing below it imports
// it.
package load

import (
	"context"
	"fmt"
	"iter"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// Events returns a session's events, decoded, in order.
func Events(ctx context.Context, st events.Store, session string) ([]events.Envelope, error) {
	var envs []events.Envelope
	for e, err := range st.ReadSession(ctx, session, 1) {
		if err != nil {
			return nil, err
		}
		envs = append(envs, e)
	}
	return envs, nil
}

// Session reads and folds a session, and returns its events with the fold.
func Session(ctx context.Context, st events.Store, session string) (*projections.Session, []events.Envelope, error) {
	envs, err := Events(ctx, st, session)
	if err != nil {
		return nil, nil, err
	}
	s, err := projections.Fold(envs)
	if err != nil {
		return nil, nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, envs, nil
}

// Stream folds a session as its events are read, without holding them: for
// commands that show a session as it stands (show, score, sessions), whose
// memory should be the session's hands, not its log. A session with undos
// is read a second time with its retractions known.
func Stream(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	s, err := FoldSeq(st.ReadSession(ctx, session, 1))
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, nil
}

// FoldSeq folds one session from a sequence of its events that can be
// ranged over twice, as a Store's reads can: once, and again with the
// retractions known if the first pass met any.
func FoldSeq(seq iter.Seq2[events.Envelope, error]) (*projections.Session, error) {
	f, err := foldPass(seq, nil)
	if err != nil {
		return nil, err
	}
	if withdrawn, any := f.Retractions(); any {
		if f, err = foldPass(seq, withdrawn); err != nil {
			return nil, err
		}
	}
	return f.Session()
}

func foldPass(seq iter.Seq2[events.Envelope, error], withdrawn map[events.ID]bool) (*projections.Folder, error) {
	f := projections.NewFolder(withdrawn)
	for e, err := range seq {
		if err != nil {
			return nil, err
		}
		if err := f.Add(e); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Rebuild folds every session in the log from zero, reading it once in
// order: the full rebuild that must always work. Each session is folded as
// the log streams past; one that has retractions is folded again from its
// own stream at the end (undos are rare, so that costs little).
func Rebuild(ctx context.Context, st events.Store) (map[string]*projections.Session, error) {
	folders := map[string]*projections.Folder{}
	redo := map[string]bool{}
	var order []string
	for e, err := range st.ReadAll(ctx, 1, true) {
		if err != nil {
			return nil, err
		}
		f, ok := folders[e.Session]
		if !ok {
			f = projections.NewFolder(nil)
			folders[e.Session] = f
			order = append(order, e.Session)
		}
		if e.Type == table.TypeRetracted {
			redo[e.Session] = true // folded again below, with its retractions known
		}
		if redo[e.Session] {
			continue
		}
		if err := f.Add(e); err != nil {
			return nil, fmt.Errorf("session %s: %w", e.Session, err)
		}
	}
	out := make(map[string]*projections.Session, len(folders))
	for _, id := range order {
		if redo[id] {
			s, err := Stream(ctx, st, id)
			if err != nil {
				return nil, err
			}
			out[id] = s
			continue
		}
		s, err := folders[id].Session()
		if err != nil {
			return nil, fmt.Errorf("session %s: %w", id, err)
		}
		out[id] = s
	}
	return out, nil
}
