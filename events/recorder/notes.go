package recorder

import (
	"context"
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// ErrNoNote: a note retraction found no note in force to withdraw.
var ErrNoNote = fmt.Errorf("no such note")

// NoteFilter picks the note to withdraw: the latest note in force, on
// Target if it is set, by By if it is set.
type NoteFilter struct {
	Target events.ID
	By     string
}

// RetractNote withdraws a note, as undo withdraws a call or a card: the
// note stays in the log, and every projection leaves it out.
func (r *Recorder) RetractNote(ctx context.Context, session string, f NoteFilter) ([]events.Envelope, error) {
	return r.record(ctx, session, loadFull, func(s *projections.Session) ([]events.Event, error) {
		for i := len(s.Notes) - 1; i >= 0; i-- {
			n := s.Notes[i]
			if (f.Target != events.ID{} && n.Target != f.Target) || (f.By != "" && n.By != f.By) {
				continue
			}
			ev, err := r.applyNew(s, &table.Retracted{Target: n.ID, Reason: "note withdrawn"})
			return []events.Event{ev}, err
		}
		what := "in this session"
		if f.By != "" {
			what = "by " + f.By
		}
		if f.Target != (events.ID{}) {
			what += " on that event"
		}
		return nil, fmt.Errorf("%w %s", ErrNoNote, what)
	})
}
