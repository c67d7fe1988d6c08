package memstore

import (
	"bytes"
	"context"
	"crypto/rand"
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events"
)

var _ events.SessionSnapshots = (*Store)(nil)

// SnapshotKey implements events.SessionSnapshots: a key made for this
// store when it is first asked, held in memory only, as the store is.
func (s *Store) SnapshotKey() []byte {
	s.keyOnce.Do(func() {
		s.key = make([]byte, 32)
		if _, err := rand.Read(s.key); err != nil {
			s.key = nil // no key: checkpoints are not kept
		}
	})
	return s.key
}

// ReadSnapshot implements events.SessionSnapshots.
func (s *Store) ReadSnapshot(ctx context.Context, session string, from []byte, fn func(key, value []byte) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	records, keys := s.checkpoints[session], s.checkpointKeys[session]
	s.mu.RUnlock()
	i, _ := slices.BinarySearch(keys, string(from))
	for _, k := range keys[i:] {
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
		s.checkpointKeys = map[string][]string{}
	}
	records := map[string][]byte{}
	if !w.Reset {
		records = maps.Clone(s.checkpoints[session]) // readers may hold the old one
		if records == nil {
			records = map[string][]byte{}
		}
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
	s.checkpoints[session] = records
	s.checkpointKeys[session] = slices.Sorted(maps.Keys(records))
	return nil
}
