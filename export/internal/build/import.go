package build

import (
	"fmt"
	"time"

	"github.com/hoyle/hoyle/events"
)

// ImportOptions are the options of an import, whatever the format.
type ImportOptions struct {
	// Name names the sessions (the file's name, say); each format says
	// what it names them when it is empty.
	Name string
	// Now is the clock the events are dated by when the file gives no
	// time; time.Now when nil.
	Now func() time.Time
	// Progress, if set, is told after each record how many of all the
	// records are done.
	Progress func(done, total int)
}

// Warning is something an import passed over, at its line of the file.
type Warning struct {
	Line int
	Msg  string
}

// String is the warning as hoyle prints it: its line and what it says.
func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Msg) }

// Imported is one session an import builds, not yet appended.
type Imported struct {
	ID     string
	Name   string
	Line   int // line of its first record
	Hands  int
	Events []events.Event
}

// Finish puts what b has built into s, the session it was begun as: its
// events and its count of hands. It is called once b is done, since each
// Add may move b's events.
func (b *Session) Finish(s *Imported) {
	s.Events, s.Hands = b.Events, len(b.S.Hands)
}

// Result is what an import builds: the sessions, to be appended together
// (Batches), and what it passed over.
type Result struct {
	Sessions []Imported
	Warnings []Warning
}

// Batches are the appends that create the sessions: give them all to one
// events.Store.Append, so that the import is all or nothing.
func (r *Result) Batches() []events.Batch {
	out := make([]events.Batch, len(r.Sessions))
	for i, s := range r.Sessions {
		out[i] = events.Batch{Session: s.ID, Expected: events.NewSession, Events: s.Events}
	}
	return out
}
