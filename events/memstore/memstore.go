// Package memstore is an events.Store held in memory: for tests, and for
// replaying a file (a PBN or JSON log) without writing a database. It stores
// the same encoded records as the bbolt store, so hashes and decoding are
// exercised exactly as on disk.
package memstore

import (
	"context"
	"fmt"
	"iter"
	"sync"

	"github.com/hoyle/hoyle/events"
)

// Store is an in-memory events.Store. The zero value is not usable; call New.
type Store struct {
	mu       sync.RWMutex
	records  [][]byte            // position-1 -> encoded envelope
	sessions map[string][]uint64 // session -> positions, by version
	heads    map[string]events.Hash
	order    []string // sessions in the order opened
	ids      map[events.ID]uint64
	closed   bool
	// checkpoints holds each session's checkpoint records, by key.
	checkpoints map[string]map[string][]byte
	// checkpointKeys holds each session's checkpoint keys in order. A
	// write replaces a session's records and keys (never changes them in
	// place), so a read takes both under the lock and then ranges over
	// them without it, as a read of a store's snapshot does: from its key
	// on, not the whole checkpoint each time.
	checkpointKeys map[string][]string
	// key seals them (SnapshotKey), made once.
	key     []byte
	keyOnce sync.Once
}

var _ events.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store {
	return &Store{sessions: map[string][]uint64{}, heads: map[string]events.Hash{}, ids: map[events.ID]uint64{}}
}

func (s *Store) envelope(pos uint64, decode bool) (events.Envelope, error) {
	e, err := events.UnmarshalRecord(s.records[pos-1], pos, true)
	if err == nil && decode {
		err = e.Decode()
	}
	return e, err
}

// Append implements events.Store.
func (s *Store) Append(ctx context.Context, batches ...events.Batch) ([]events.Envelope, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("memstore: closed")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	plan, out, err := events.Stage(stageSource{s}, uint64(len(s.records))+1, batches)
	if err != nil {
		return nil, err
	}
	for _, p := range plan {
		if p.Opens {
			s.order = append(s.order, p.Session)
		}
		for _, e := range p.Envs {
			s.records = append(s.records, e.MarshalRecord(nil))
			s.sessions[p.Session] = append(s.sessions[p.Session], e.Position)
			s.ids[e.ID] = e.Position
		}
		if len(p.Envs) > 0 {
			s.heads[p.Session] = p.Head.Hash
		}
	}
	return out, nil
}

// stageSource answers events.Stage from the store, under its lock.
type stageSource struct{ s *Store }

func (src stageSource) Lookup(id events.ID) (events.Envelope, bool, error) {
	pos, ok := src.s.ids[id]
	if !ok {
		return events.Envelope{}, false, nil
	}
	e, err := src.s.envelope(pos, true)
	return e, err == nil, err
}

func (src stageSource) Head(session string) (events.Head, bool, error) {
	positions, ok := src.s.sessions[session]
	if !ok {
		return events.Head{}, false, nil
	}
	return events.Head{Version: uint64(len(positions)), Hash: src.s.heads[session],
		First: positions[0], Last: positions[len(positions)-1]}, true, nil
}

// ReadSession implements events.Store.
func (s *Store) ReadSession(ctx context.Context, session string, from uint64) iter.Seq2[events.Envelope, error] {
	return s.readSession(ctx, session, from, false)
}

// ReadSessionBackward implements events.Store.
func (s *Store) ReadSessionBackward(ctx context.Context, session string) iter.Seq2[events.Envelope, error] {
	return s.readSession(ctx, session, 1, true)
}

// readSession yields a session's events from version from (0 is 1), or,
// backward, as many of them counting from the last. The session's
// positions are taken when reading starts: an append meanwhile is not seen.
func (s *Store) readSession(ctx context.Context, session string, from uint64, backward bool) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		s.mu.RLock()
		positions, ok := s.sessions[session]
		positions = positions[:len(positions):len(positions)]
		s.mu.RUnlock()
		if !ok {
			yield(events.Envelope{}, fmt.Errorf("%w: %s", events.ErrNoSession, session))
			return
		}
		if from == 0 {
			from = 1
		}
		n := uint64(len(positions))
		for v := from; v <= n; v++ {
			if err := ctx.Err(); err != nil {
				yield(events.Envelope{}, err)
				return
			}
			i := v - 1
			if backward {
				i = n - v
			}
			s.mu.RLock()
			e, err := s.envelope(positions[i], true)
			s.mu.RUnlock()
			if !yield(e, err) || err != nil {
				return
			}
		}
	}
}

// ReadAll implements events.Store.
func (s *Store) ReadAll(ctx context.Context, from uint64, decode bool) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		if from == 0 {
			from = 1
		}
		for pos := from; ; pos++ {
			if err := ctx.Err(); err != nil {
				yield(events.Envelope{}, err)
				return
			}
			s.mu.RLock()
			if pos > uint64(len(s.records)) {
				s.mu.RUnlock()
				return
			}
			e, err := s.envelope(pos, decode)
			s.mu.RUnlock()
			if !yield(e, err) || err != nil {
				return
			}
		}
	}
}

// Session implements events.Store.
func (s *Store) Session(ctx context.Context, session string) (events.SessionInfo, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	positions, ok := s.sessions[session]
	if !ok {
		return events.SessionInfo{}, fmt.Errorf("%w: %s", events.ErrNoSession, session)
	}
	return events.SessionInfo{ID: session, Version: uint64(len(positions)), Head: s.heads[session],
		First: positions[0], Last: positions[len(positions)-1]}, nil
}

// Sessions implements events.Store.
func (s *Store) Sessions(ctx context.Context) ([]events.SessionInfo, error) {
	s.mu.RLock()
	order := append([]string(nil), s.order...)
	s.mu.RUnlock()
	out := make([]events.SessionInfo, 0, len(order))
	for _, id := range order {
		info, err := s.Session(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, info)
	}
	return out, nil
}

// LastSession implements events.Store.
func (s *Store) LastSession(ctx context.Context) (string, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if len(s.order) == 0 {
		return "", fmt.Errorf("%w: the store has no sessions yet", events.ErrNoSession)
	}
	return s.order[len(s.order)-1], nil
}

// Close implements events.Store.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}
