package recorder

import (
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
)

// Propose wraps p as a new event dated at and applies it to s, so that the
// next event of the same entry is judged on the state after it. It returns
// the laws' refusal, leaving s as it was, if p is not allowed. Everything
// that writes events (the recorder's entries, the simulator) proposes them
// here first.
func Propose(s *projections.Session, at time.Time, p events.Payload) (events.Event, error) {
	ev := events.NewEvent(at, p)
	env := events.Envelope{Type: p.EventType(), ID: ev.ID, Session: s.ID, Version: s.Version + 1, At: ev.At, Data: p}
	if err := s.Apply(env); err != nil {
		return ev, err
	}
	s.Version++
	return ev, nil
}
