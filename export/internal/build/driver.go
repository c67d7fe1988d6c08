package build

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
)

// ErrInputChanged: a second pass over an input found other records than
// the first (the file changed in between).
var ErrInputChanged = errors.New("the file changed while it was imported")

// Driver is what an importer gives its sessions and records to, record by
// record, as it reads them. It keeps what the import needs to say (the
// sessions, their records' fingerprints, the warnings) and, of the events,
// what ImportOptions says: in a first pass, all of them, or (past Keep)
// none; in a second pass (ImportOptions.Plan), it hands them on in
// batches, each session's batch ending with a session.source that names
// the records it holds.
//
// An importer calls Open when it begins a session, Skip before a record
// (true: the record is in the database already, and is not built), Record
// after it, Full to learn whether a session takes more records, and
// Finish at the end.
type Driver struct {
	format   string
	opt      ImportOptions
	offset   func() int64
	res      Result
	sessions []*Session
	kept     int // events held (first pass)
	pending  int // events not yet handed on (second pass)
}

// NewDriver drives an import of a format; offset says how far into the
// input the importer has read (for progress).
func NewDriver(format string, opt ImportOptions, offset func() int64) *Driver {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Driver{format: format, opt: opt, offset: offset}
}

// Options are the import's options (Now set).
func (d *Driver) Options() ImportOptions { return d.opt }

// Open begins the next session with its opening event, recorded at at;
// line is that of its first record. In a second pass the session may be
// one already in the database (its Target's Into), on which the records
// are then built.
func (d *Driver) Open(opened *table.SessionOpened, at time.Time, line int) (*Session, error) {
	idx := len(d.sessions)
	var b *Session
	var err error
	switch {
	case d.opt.Plan == nil:
		b, err = open(events.NewID().String(), opened, at, true)
	case idx >= len(d.opt.Plan.Targets):
		return nil, fmt.Errorf("%w: it has more sessions than before", ErrInputChanged)
	default:
		t := &d.opt.Plan.Targets[idx]
		if t.Into != nil {
			b = &Session{ID: t.Into.ID, S: t.Into, stored: t.Into.Version}
		} else {
			b, err = open(t.ID, opened, at, true)
		}
		if b != nil {
			b.target = t
		}
	}
	if err != nil {
		return nil, err
	}
	b.index = idx
	d.sessions = append(d.sessions, b)
	d.res.Sessions = append(d.res.Sessions, Imported{ID: b.ID, Name: opened.Name, Format: d.format, Line: line})
	return b, nil
}

// Skip reports whether b's next record is in the database already: the
// importer does not build it, and gives it to Record all the same.
func (d *Driver) Skip(b *Session) bool {
	return b.target != nil && b.records < b.target.From
}

// Full reports whether b takes no more records: its latest hand was left
// unfinished, or the session was closed (in a second pass: it has had the
// records the first pass gave it).
func (d *Driver) Full(b *Session) bool {
	if b.target != nil {
		return b.records >= b.target.Count
	}
	return b.Unfinished() || b.S.Closed
}

// Warn records a warning at a line about b's record in progress (nil b: about
// the file).
func (d *Driver) Warn(b *Session, line int, msg string) {
	w := Warning{Line: line, Msg: msg, Session: -1, Record: -1}
	if b != nil {
		w.Session, w.Record = b.index, b.records
	}
	d.res.Warnings = append(d.res.Warnings, w)
}

// Skipped counts a record that is not imported, with the warning that
// says why.
func (d *Driver) Skipped(line int, msg string) {
	d.res.Skipped++
	d.Warn(nil, line, msg)
	d.progress()
}

// Strict reports whether the import refuses a file at the first record it
// cannot record as written.
func (d *Driver) Strict() bool { return d.opt.Strict }

// Record ends a record of b: the events b has gathered since the last
// record are its.
func (d *Driver) Record(b *Session, r Record) error {
	s := &d.res.Sessions[b.index]
	b.records++
	s.Hands = len(b.S.Hands)
	defer d.progress()
	if d.opt.Plan == nil {
		s.Records = append(s.Records, r)
		if d.res.Dropped {
			b.Events = b.Events[:0]
			return nil
		}
		d.kept += len(b.Events) - b.kept
		b.kept = len(b.Events)
		if d.opt.Keep > 0 && d.kept > d.opt.Keep {
			d.res.Dropped = true
			for _, o := range d.sessions {
				o.Events, o.kept = nil, 0
			}
		}
		return nil
	}
	if b.records > b.target.Count {
		return fmt.Errorf("%w: %s has more records than before", ErrInputChanged, s.Name)
	}
	if b.records <= b.target.From {
		return nil // in the database already
	}
	s.Records = append(s.Records, r)
	b.pending = append(b.pending, r)
	d.pending += len(b.Events) - b.kept
	b.kept = len(b.Events)
	if d.pending >= max(d.opt.Plan.BatchEvents, 1) {
		return d.flush()
	}
	return nil
}

// flush hands on every session's events since the last flush, each
// session's ending with the session.source of its records among them.
func (d *Driver) flush() error {
	var batches []events.Batch
	for _, b := range d.sessions {
		if len(b.pending) == 0 {
			continue
		}
		at := b.Events[len(b.Events)-1].At
		if _, err := b.Add(at, source(d.format, b.pending)); err != nil {
			return err
		}
		batches = append(batches, events.Batch{Session: b.ID, Expected: b.stored, Events: b.Events})
		b.stored += uint64(len(b.Events))
		b.Events, b.pending, b.kept = nil, nil, 0
	}
	d.pending = 0
	if len(batches) == 0 {
		return nil
	}
	return d.opt.Plan.Flush(batches)
}

func (d *Driver) progress() {
	if d.opt.Progress != nil && d.offset != nil {
		d.opt.Progress(int(d.offset()), int(d.opt.Size))
	}
}

// Finish ends the import: in a first pass, each session's events (when
// kept) end with the session.source of all its records; in a second, what
// is left is handed on.
func (d *Driver) Finish() (*Result, error) {
	if d.opt.Plan != nil {
		if len(d.sessions) != len(d.opt.Plan.Targets) {
			return nil, fmt.Errorf("%w: it has fewer sessions than before", ErrInputChanged)
		}
		for _, b := range d.sessions {
			if b.records != b.target.Count {
				return nil, fmt.Errorf("%w: %s has %d records, not %d", ErrInputChanged, d.res.Sessions[b.index].Name, b.records, b.target.Count)
			}
		}
		if err := d.flush(); err != nil {
			return nil, err
		}
		return d.result(), nil
	}
	for _, b := range d.sessions {
		s := &d.res.Sessions[b.index]
		if d.res.Dropped || len(b.Events) == 0 {
			continue
		}
		at := b.Events[len(b.Events)-1].At
		if _, err := b.Add(at, source(d.format, s.Records)); err != nil {
			return nil, err
		}
		s.Events = b.Events
	}
	return d.result(), nil
}

// result hands the result on, and lets go of the folds it was built with
// (the result must not keep them alive: a second pass builds its own).
func (d *Driver) result() *Result {
	res := d.res
	d.sessions, d.res = nil, Result{}
	return &res
}

// Run drives an import to its end: each record next reads (until io.EOF)
// goes to take; then the driver finishes. An error of either stops it.
func Run[T any](d *Driver, next func() (T, error), take func(T) error) (*Result, error) {
	for {
		rec, err := next()
		if errors.Is(err, io.EOF) {
			return d.Finish()
		}
		if err == nil {
			err = take(rec)
		}
		if err != nil {
			return nil, err
		}
	}
}
