package load

import (
	"context"
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// Tail folds a session from its opening event and its latest hand only: it
// reads the log backwards to the latest deal in force. Recording a card
// needs nothing older, so its cost does not grow with the session (a club's
// file of years of hands). The result is Partial: Hands holds the latest
// hand alone (or every hand, in a session with no deal in force yet).
func Tail(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	var opened events.Envelope
	found := false
	for e, err := range st.ReadSession(ctx, session, 1) {
		if err != nil {
			return nil, err
		}
		opened, found = e, true
		break
	}
	if !found {
		return nil, fmt.Errorf("%w: %s", events.ErrNoSession, session)
	}
	var rev []events.Envelope
	for e, err := range st.ReadSessionBackward(ctx, session) {
		if err != nil {
			return nil, err
		}
		if e.Version == 1 {
			break
		}
		rev = append(rev, e)
		if e.Type == table.TypeDealt && !projections.Retracted(reversed(rev))[e.ID] {
			break
		}
	}
	s, err := projections.FoldTail(opened, reversed(rev))
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, nil
}

func reversed(rev []events.Envelope) []events.Envelope {
	out := slices.Clone(rev)
	slices.Reverse(out)
	return out
}
