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
	"slices"
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
	return events.NewEvent(r.now().UTC(), p)
}

// now is the recorder's clock.
func (r *Recorder) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
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

// ErrMovedMeanwhile: the table moved after the entry was typed, so it is
// refused rather than decided for whoever's turn it is now (a MovedError
// says what was recorded meanwhile).
var ErrMovedMeanwhile = errors.New("the table moved after the entry was typed")

// MovedError is ErrMovedMeanwhile with what was recorded meanwhile: the
// session as it stands now and the steps recorded after the entry was
// typed (in order; those retracted since are not among them).
type MovedError struct {
	Session *projections.Session
	Steps   []projections.Step
	// Withdrawn counts the rest recorded meanwhile that are not steps in
	// force now: undos, and entries an undo withdrew.
	Withdrawn int
}

// Error names how many events were recorded meanwhile; replay words them.
func (e *MovedError) Error() string {
	return fmt.Sprintf("%v: %d event(s) recorded meanwhile in session %s", ErrMovedMeanwhile, len(e.Steps)+e.Withdrawn, e.Session.ID)
}

// Unwrap is ErrMovedMeanwhile.
func (e *MovedError) Unwrap() error { return ErrMovedMeanwhile }

// RecordTyped is Record for an entry typed at the moment typed (a command
// on the command line: the moment its process started). The entry means
// what it meant on the table as it stood then: if anything but a note was
// recorded in the session after typed (another scorer's command, started
// at the same time and in first), nothing is appended and the error is a
// *MovedError naming it; deciding for whoever's turn it is now would give
// the entry to the wrong seat. Only when nothing but notes came in
// meanwhile does it decide, and it decides again after a conflict on the
// same terms. Times are the writers' clocks, as the log stores them: an
// event dated after this clock's now is not counted (a fast clock
// elsewhere), and a slow clock elsewhere can hide a race from this check,
// never the version check of the append.
func (r *Recorder) RecordTyped(ctx context.Context, session string, typed time.Time, decide Decision) ([]events.Envelope, error) {
	check := func(s *projections.Session) error { return r.movedSince(ctx, s, typed) }
	for attempt := 0; ; attempt++ {
		stored, err := r.readDecideAppend(ctx, session, load.Tail, nil, check, decide)
		if errors.Is(err, game.ErrWholeSession) {
			stored, err = r.readDecideAppend(ctx, session, load.TailBoards, nil, check, decide)
		}
		if errors.Is(err, game.ErrWholeSession) {
			stored, err = r.readDecideAppend(ctx, session, load.Stream, nil, check, decide)
		}
		if errors.Is(err, events.ErrConflict) && attempt < maxRetries {
			continue
		}
		return stored, err
	}
}

// movedSince is the check of RecordTyped: it reads the session's events
// back from the newest while they were recorded after typed (usually
// none: one event read), and refuses if any is not a note.
func (r *Recorder) movedSince(ctx context.Context, s *projections.Session, typed time.Time) error {
	// The notes and the director's rulings in force, by version: they do
	// not move the table (a ruling on an earlier board, recorded while
	// the table plays on, leaves its turn as it was).
	notes := map[uint64]bool{}
	for _, n := range s.Notes {
		notes[n.Version] = true
	}
	for _, r := range s.Rulings {
		notes[r.Version] = true
	}
	var after []uint64
	moved := false
	now := r.now()
	for e, err := range r.Store.ReadSessionBackward(ctx, s.ID) {
		if err != nil {
			return err
		}
		if e.Version > s.Version {
			continue // appended since s was read: the append conflicts, and the next try sees it
		}
		if !e.At.After(typed) {
			break
		}
		if e.At.After(now) {
			// Dated after now by this clock: a writer whose clock is fast
			// (or an import of a future date), not an entry made while
			// this one waited; counting it would refuse every entry until
			// this clock caught up.
			continue
		}
		if !notes[e.Version] {
			after = append(after, e.Version)
			moved = true
		}
	}
	if !moved {
		return nil
	}
	me := &MovedError{Session: s}
	for _, st := range s.Steps {
		if slices.Contains(after, st.Version) {
			me.Steps = append(me.Steps, st)
		}
	}
	me.Withdrawn = len(after) - len(me.Steps)
	return me
}

// RecordAt is Record against the session as the caller last saw it: the
// append expects version, so if anyone recorded since, nothing is appended
// and the error is events.ErrConflict (the prompt then shows the new
// table instead of recording against one that moved). It never retries.
func (r *Recorder) RecordAt(ctx context.Context, session string, version uint64, decide Decision) ([]events.Envelope, error) {
	return r.recordOnce(ctx, session, &version, decide)
}

// recordOnce reads the latest hand (or, if the decision says so, the
// latest hands with the boards dealt, then the whole session), checks the version pinned, decides and appends.
func (r *Recorder) recordOnce(ctx context.Context, session string, pin *uint64, decide Decision) ([]events.Envelope, error) {
	stored, err := r.readDecideAppend(ctx, session, load.Tail, pin, nil, decide)
	if errors.Is(err, game.ErrWholeSession) {
		// A deal of a board: the latest hands and the boards' first deals
		// (from the checkpoint) decide it, if they can.
		stored, err = r.readDecideAppend(ctx, session, load.TailBoards, pin, nil, decide)
	}
	if errors.Is(err, game.ErrWholeSession) {
		stored, err = r.readDecideAppend(ctx, session, load.Stream, pin, nil, decide)
	}
	return stored, err
}

func (r *Recorder) readDecideAppend(ctx context.Context, session string, read func(context.Context, events.Store, string) (*projections.Session, error), pin *uint64, check func(*projections.Session) error, decide Decision) ([]events.Envelope, error) {
	s, err := read(ctx, r.Store, session)
	if err != nil {
		return nil, err
	}
	if pin != nil && s.Version != *pin {
		return nil, fmt.Errorf("%w: session %s is at version %d, not %d as shown", events.ErrConflict, session, s.Version, *pin)
	}
	if check != nil {
		if err := check(s); err != nil {
			return nil, err
		}
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
