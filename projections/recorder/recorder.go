// Package recorder is the write path: how anything appends to a session.
// It reads the session (projections/load), lets the session decide whether
// the entry is lawful and which events record it (the Decide methods of
// projections.Session), and appends them in one step with the version it
// read, so that a refused entry appends nothing and two scorers cannot
// interleave; when another writer got in first it reads again and retries.
//
// It is a package above projections, not an interface inside events,
// because the write path needs both the log and the laws, and the log must
// not know the laws: events sits at the bottom, projections folds and
// decides, and this package is the one place that does I/O on their
// behalf. The CLI, the live-table prompt and imports write through it.
package recorder

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
)

// Recorder writes to sessions in a store.
type Recorder struct {
	Store events.Store
	// Now is the clock for recording times; time.Now when nil. Tests fix it.
	Now func() time.Time
}

// New returns a recorder over a store.
func New(s events.Store) *Recorder { return &Recorder{Store: s} }

// Stamp gives a payload a fresh ID and the recorder's time.
func (r *Recorder) Stamp(p events.Payload) events.Event {
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	return events.NewEvent(now().UTC(), p)
}

// Decision proposes the events of one entry on the session as it stands
// (one of the Decide methods of projections.Session, or several).
type Decision func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error)

// maxRetries bounds retries when another writer appends between our read
// and our append (events.ErrConflict).
const maxRetries = 3

// Record reads the latest hand of the session, lets decide propose events,
// and appends them all or none, retrying when another writer got in first.
// A decision that needs the whole session (game.ErrWholeSession) is asked
// again of the whole session. It returns what was stored.
func (r *Recorder) Record(ctx context.Context, session string, decide Decision) ([]events.Envelope, error) {
	for attempt := 0; ; attempt++ {
		stored, err := r.recordOnce(ctx, session, nil, decide)
		if errors.Is(err, events.ErrConflict) && attempt < maxRetries {
			continue
		}
		return stored, err
	}
}

// RecordAt is Record against the session as the caller last saw it: the
// append expects version, so if anyone recorded since, nothing is appended
// and the error is events.ErrConflict (the prompt then shows the new
// table instead of recording against one that moved). It never retries.
func (r *Recorder) RecordAt(ctx context.Context, session string, version uint64, decide Decision) ([]events.Envelope, error) {
	return r.recordOnce(ctx, session, &version, decide)
}

// recordOnce reads the latest hand (or, if the decision says so, the whole
// session), checks the version pinned, decides and appends.
func (r *Recorder) recordOnce(ctx context.Context, session string, pin *uint64, decide Decision) ([]events.Envelope, error) {
	stored, err := r.readDecideAppend(ctx, session, load.Tail, pin, decide)
	if errors.Is(err, game.ErrWholeSession) {
		stored, err = r.readDecideAppend(ctx, session, load.Stream, pin, decide)
	}
	return stored, err
}

func (r *Recorder) readDecideAppend(ctx context.Context, session string, read func(context.Context, events.Store, string) (*projections.Session, error), pin *uint64, decide Decision) ([]events.Envelope, error) {
	s, err := read(ctx, r.Store, session)
	if err != nil {
		return nil, err
	}
	if pin != nil && s.Version != *pin {
		return nil, fmt.Errorf("%w: session %s is at version %d, not %d as shown", events.ErrConflict, session, s.Version, *pin)
	}
	expected := s.Version // deciding moves s along; the append expects what was read
	evs, err := decide(s, r.Stamp)
	if err != nil || len(evs) == 0 {
		return nil, err
	}
	return r.Store.Append(ctx, events.Batch{Session: s.ID, Expected: expected, Events: evs})
}

// Open records a new session and returns its ID.
func (r *Recorder) Open(ctx context.Context, spec projections.SessionSpec) (string, error) {
	p, err := projections.DecideOpen(spec)
	if err != nil {
		return "", err
	}
	id := events.NewID().String()
	if _, err := r.Store.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: []events.Event{r.Stamp(p)}}); err != nil {
		return "", err
	}
	return id, nil
}

// Calls records calls, each for whoever's turn it is.
func (r *Recorder) Calls(ctx context.Context, session string, tokens []string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideCalls(stamp, tokens)
	})
}

// Plays records cards, each for whoever's turn it is.
func (r *Recorder) Plays(ctx context.Context, session string, tokens []string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecidePlays(stamp, tokens)
	})
}

// Claim records a claim of some of the tricks left.
func (r *Recorder) Claim(ctx context.Context, session string, spec projections.ClaimSpec) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideClaim(stamp, spec)
	})
}

// TrickWon records who won the trick just played, where the laws do not
// say (projections.Session.DecideTrickWon).
func (r *Recorder) TrickWon(ctx context.Context, session, who string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideTrickWon(stamp, who)
	})
}

// Discard records the cards the seat to act lays away.
func (r *Recorder) Discard(ctx context.Context, session string, tokens []string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideDiscard(stamp, tokens)
	})
}

// Honours records honours claimed at the table by a side.
func (r *Recorder) Honours(ctx context.Context, session string, side cards.Side, holding string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideHonours(stamp, side, holding)
	})
}

// Close ends the session by agreement.
func (r *Recorder) Close(ctx context.Context, session, reason string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideClose(stamp, reason)
	})
}

// Undo retracts the latest table entry in force.
func (r *Recorder) Undo(ctx context.Context, session string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideUndo(stamp)
	})
}

// Note annotates an event.
func (r *Recorder) Note(ctx context.Context, session string, n projections.NoteSpec) ([]events.Envelope, error) {
	if err := n.Check(); err != nil {
		return nil, err
	}
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideNote(stamp, n)
	})
}

// RetractNote withdraws a note.
func (r *Recorder) RetractNote(ctx context.Context, session string, f projections.NoteFilter) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideRetractNote(stamp, f)
	})
}

// Deal records a deal (with its shuffle and cut when a seed is given).
func (r *Recorder) Deal(ctx context.Context, session string, spec projections.DealSpec) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(stamp, spec)
	})
}

// CutForDeal records the cut for deal before the first hand.
func (r *Recorder) CutForDeal(ctx context.Context, session string, cuts []projections.CutSpec) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideCutForDeal(stamp, cuts)
	})
}
