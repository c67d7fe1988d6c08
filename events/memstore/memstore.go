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
	// Malformed events first: PriorAppend would call a nil payload, and the
	// duplicate check below would take two zero IDs for a reused one.
	for _, b := range batches {
		if b.Session == "" {
			return nil, fmt.Errorf("%w: a batch has no session ID", events.ErrInvalid)
		}
		for i, ev := range b.Events {
			if ev.Data == nil || ev.ID == (events.ID{}) {
				return nil, fmt.Errorf("%w: event %d of the batch for session %s has no ID or no payload", events.ErrInvalid, i+1, b.Session)
			}
		}
	}
	// Stage everything first, so that a failing batch leaves nothing behind.
	type staged struct {
		session string
		envs    []events.Envelope
		fresh   bool
	}
	var plan []staged
	var out []events.Envelope
	heads := map[string]struct {
		v uint64
		h events.Hash
	}{}
	seen := map[events.ID]bool{}
	nextPos := uint64(len(s.records)) + 1
	for _, b := range batches {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		prior, err := events.PriorAppend(b, func(id events.ID) (events.Envelope, bool, error) {
			pos, ok := s.ids[id]
			if !ok {
				return events.Envelope{}, false, nil
			}
			e, err := s.envelope(pos, true)
			return e, err == nil, err
		})
		if err != nil {
			return nil, err
		}
		if prior != nil {
			out = append(out, prior...)
			continue
		}
		for _, ev := range b.Events {
			if seen[ev.ID] {
				return nil, fmt.Errorf("%w: %s twice in one append", events.ErrDuplicateID, ev.ID)
			}
			seen[ev.ID] = true
		}
		head, ok := heads[b.Session]
		_, exists := s.sessions[b.Session]
		if !ok {
			head.v, head.h = uint64(len(s.sessions[b.Session])), s.heads[b.Session]
		}
		exists = exists || ok
		if err := events.CheckExpected(b, head.v, exists); err != nil {
			return nil, err
		}
		envs, err := events.Prepare(b.Session, head.v, head.h, b.Events)
		if err != nil {
			return nil, err
		}
		for i := range envs {
			envs[i].Position = nextPos
			nextPos++
		}
		if len(envs) > 0 {
			heads[b.Session] = struct {
				v uint64
				h events.Hash
			}{envs[len(envs)-1].Version, envs[len(envs)-1].Hash}
		}
		plan = append(plan, staged{session: b.Session, envs: envs, fresh: !exists})
		out = append(out, envs...)
	}
	for _, p := range plan {
		if p.fresh && len(p.envs) > 0 {
			s.order = append(s.order, p.session)
		}
		for _, e := range p.envs {
			s.records = append(s.records, e.MarshalRecord(nil))
			s.sessions[p.session] = append(s.sessions[p.session], e.Position)
			s.heads[p.session] = e.Hash
			s.ids[e.ID] = e.Position
		}
	}
	return out, nil
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
