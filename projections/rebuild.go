package projections

import (
	"context"
	"fmt"

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
