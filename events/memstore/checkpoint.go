package memstore

import (
	"bytes"
	"context"
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events"
)

var _ events.SessionSnapshots = (*Store)(nil)

// ReadSnapshot implements events.SessionSnapshots.
func (s *Store) ReadSnapshot(ctx context.Context, session string, from []byte, fn func(key, value []byte) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	records := maps.Clone(s.checkpoints[session])
	s.mu.RUnlock()
	for _, k := range slices.Sorted(maps.Keys(records)) {
		if bytes.Compare([]byte(k), from) < 0 {
			continue
		}
		if !fn([]byte(k), bytes.Clone(records[k])) {
			return nil
		}
	}
	return nil
}

// WriteSnapshot implements events.SessionSnapshots.
func (s *Store) WriteSnapshot(ctx context.Context, session string, w events.SnapshotWrite) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sessions[session]; !ok {
		return nil
	}
	if s.checkpoints == nil {
		s.checkpoints = map[string]map[string][]byte{}
	}
	records := s.checkpoints[session]
	if w.Reset || records == nil {
		records = map[string][]byte{}
		s.checkpoints[session] = records
	}
	if w.Trim != nil {
		for k := range records {
			if bytes.Compare([]byte(k), w.Trim) >= 0 {
				delete(records, k)
			}
		}
	}
	for _, r := range w.Put {
		records[string(r.Key)] = bytes.Clone(r.Value)
	}
	return nil
}
