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
package load

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// Every read here follows the session's hash chain (events.Chain) as it
// goes: a command that folds a session refuses an altered event, and so
// never shows it, nor records after it.

// Events returns a session's events, decoded, in order.
func Events(ctx context.Context, st events.Store, session string) ([]events.Envelope, error) {
	var envs []events.Envelope
	for e, err := range read(ctx, st, session) {
		if err != nil {
			return nil, err
		}
		envs = append(envs, e)
	}
	return envs, nil
}

// Read yields a session's events, decoded, in order, each checked against
// its chain, without holding them: for a reader that writes each as it
// comes (the log, a JSON export).
func Read(ctx context.Context, st events.Store, session string) iter.Seq2[events.Envelope, error] {
	return read(ctx, st, session)
}

// read yields a session's events, each checked against its chain, and the
// event at the session's version against its head in the store's index
// (an altered last event, its hash computed again, links to nothing after
// it).
func read(ctx context.Context, st events.Store, session string) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		info, err := st.Session(ctx, session)
		if err != nil {
			yield(events.Envelope{}, err)
			return
		}
		var chain events.Chain
		for e, err := range st.ReadSession(ctx, session, 1) {
			if err == nil {
				err = chain.Next(e)
			}
			if err == nil && e.Version == info.Version && e.Hash != info.Head {
				err = &events.VerifyError{Session: session, Version: e.Version, Position: e.Position,
					Err: fmt.Errorf("%w: the session's head is %.12s…, but its last event hashes to %.12s…", events.ErrTampered, info.Head, e.Hash)}
			}
			if err != nil {
				yield(events.Envelope{}, tampered(err))
				return
			}
			if !yield(e, nil) {
				return
			}
		}
	}
}

// tampered adds to a broken link what the scorer should do.
func tampered(err error) error {
	if errors.Is(err, events.ErrTampered) {
		return fmt.Errorf("%w; nothing was read past it: run hoyle verify, and restore the session from a backup (hoyle import)", err)
	}
	return err
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
	s, err := FoldSeq(read(ctx, st, session))
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, nil
}

// FoldSeq folds one session from a sequence of its events that can be
// ranged over twice, as a Store's reads can: once, and again with the
// retractions known if the first pass met any.
func FoldSeq(seq iter.Seq2[events.Envelope, error]) (*projections.Session, error) {
	return foldSeq(seq, nil)
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
