package projections

import (
	"context"
	"fmt"
	"iter"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
)

// Rebuild folds every session in the log from zero, reading it once in
// order: the full rebuild that must always work. Each session is folded
// event by event as the log streams past. A retraction can withdraw an
// event folded earlier, so a session that has any is folded again from its
// own stream at the end; undos are rare, so that costs little.
func Rebuild(ctx context.Context, st events.Store) (map[string]*Session, error) {
	out := map[string]*Session{}
	redo := map[string]bool{}
	for e, err := range st.ReadAll(ctx, 1, true) {
		if err != nil {
			return nil, err
		}
		s, ok := out[e.Session]
		if !ok {
			if s, err = open(e); err != nil {
				return nil, fmt.Errorf("session %s: %w", e.Session, err)
			}
			out[e.Session] = s
			continue
		}
		if e.Type == table.TypeRetracted {
			redo[e.Session] = true
		}
		if !redo[e.Session] {
			s.fold(e)
		}
	}
	for id := range redo {
		var envs []events.Envelope
		for e, err := range st.ReadSession(ctx, id, 1) {
			if err != nil {
				return nil, err
			}
			envs = append(envs, e)
		}
		s, err := Fold(envs)
		if err != nil {
			return nil, fmt.Errorf("session %s: %w", id, err)
		}
		out[id] = s
	}
	return out, nil
}

// FoldSeq folds one session as its events are read, without holding them:
// a session of thousands of hands is folded in the memory of its hands, not
// of its log. Retractions are settled as Fold settles them; since a
// retraction can withdraw an event already folded, a session that has any
// is read a second time with the retractions known (seq must be a sequence
// that can be ranged over twice, as a Store's reads are).
func FoldSeq(seq iter.Seq2[events.Envelope, error]) (*Session, error) {
	var pairs [][2]events.ID // (retraction, target), in log order
	s, err := foldPass(seq, nil, &pairs)
	if err != nil || len(pairs) == 0 {
		return s, err
	}
	withdrawn := map[events.ID]bool{}
	for i := len(pairs) - 1; i >= 0; i-- {
		if !withdrawn[pairs[i][0]] {
			withdrawn[pairs[i][1]] = true
		}
	}
	return foldPass(seq, withdrawn, nil)
}

// foldPass folds seq once with the given withdrawn events, noting the
// retractions it meets in pairs when pairs is not nil.
func foldPass(seq iter.Seq2[events.Envelope, error], withdrawn map[events.ID]bool, pairs *[][2]events.ID) (*Session, error) {
	var s *Session
	for e, err := range seq {
		if err != nil {
			return nil, err
		}
		if s == nil {
			if s, err = open(e); err != nil {
				return nil, err
			}
			if withdrawn != nil {
				s.retracted = withdrawn
			}
			continue
		}
		if r, ok := e.Data.(*table.Retracted); ok && pairs != nil {
			*pairs = append(*pairs, [2]events.ID{e.ID, r.Target})
		}
		s.fold(e)
	}
	if s == nil {
		return nil, ErrNotOpened
	}
	return s, nil
}
