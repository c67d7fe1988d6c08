// Package build is what the interchange packages (export/pbnsession,
// export/linsession) share: building a session's events from a foreign
// file through the laws, in memory, before anything is appended; and, for
// writing one back, its notes by the event they are on and the
// vulnerability of each hand.
package build

import (
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// Session is a session being built in memory: its fold, and the events
// that made it since they were last handed on, each checked by the laws
// (projections.Session.Propose) as it was added. A Driver hands them on.
type Session struct {
	ID string
	// S is the fold; a Driver's holds only its latest hand whole (see
	// open), and is not scored.
	S      *projections.Session
	Events []events.Event

	index   int     // in the import's sessions
	records int     // records given to it so far
	target  *Target // in a second pass
	stored  uint64  // its version in the database (second pass)
	pending []Record
	kept    int // of Events, those already counted
}

// Open starts a session with its opening event, recorded at at.
func Open(opened *table.SessionOpened, at time.Time) (*Session, error) {
	return open(events.NewID().String(), opened, at, false)
}

// open starts a session; forget makes its fold hold only the latest hand
// whole (projections.Folder.ForgetHands): a Driver's, which checks each
// event as it is added and scores nothing, so that the hands of a long
// file do not all stay in memory to the end of the import.
func open(id string, opened *table.SessionOpened, at time.Time, forget bool) (*Session, error) {
	table.SortOptions(opened.Options)
	ev := events.NewEvent(at, opened)
	env := events.Envelope{Type: opened.EventType(), ID: ev.ID, Session: id, Version: 1, At: ev.At, Data: opened}
	// The fold keeps no hand's steps: an import of a hundred thousand
	// records would otherwise hold a step (and its payload) for each of
	// their events besides the events themselves; what a note or a
	// retraction is checked against (the events in force) is kept all
	// the same.
	f := projections.NewFolder(nil)
	f.Keep(projections.KeepNone)
	if forget {
		f.ForgetHands()
	}
	if err := f.Add(env); err != nil {
		return nil, err
	}
	s, err := f.Session()
	if err != nil {
		return nil, err
	}
	return &Session{ID: id, S: s, Events: []events.Event{ev}}, nil
}

// Add proposes one more event at time at: the laws judge it on the session
// as it stands, and a refused event leaves the session unchanged.
func (b *Session) Add(at time.Time, p events.Payload) (events.ID, error) {
	ev := events.NewEvent(at, p)
	if err := b.S.Propose(ev); err != nil {
		return events.ID{}, err
	}
	b.Events = append(b.Events, ev)
	return ev.ID, nil
}

// Unfinished reports whether the session's latest hand is still in
// progress: the session cannot deal another until it is over.
func (b *Session) Unfinished() bool {
	h := b.S.Current()
	return h != nil && h.Phase != game.PhaseDone
}

// First reports whether the next record is the first of a new session
// (commentary before its first tag is then on the session).
func (b *Session) First() bool { return b.records == 0 && (b.target == nil || b.target.Into == nil) }

// Hand is the number the next hand dealt takes.
func (b *Session) Hand() int {
	if h := b.S.Current(); h != nil {
		return h.Number + 1
	}
	return 1
}

// Glyph returns the glyph of PBN's numeric annotation glyphs $1 to $6
// (good, poor, very good, very poor, speculative, questionable: the same
// six as PGN), or "".
func Glyph(nag int) string {
	if nag >= 1 && nag <= len(table.Glyphs) {
		return table.Glyphs[nag-1]
	}
	return ""
}

// NotesByTarget lists the session's notes in force by the event they are
// on, each list in the order recorded.
func NotesByTarget(s *projections.Session) map[events.ID][]projections.Note {
	out := map[events.ID][]projections.Note{}
	for _, n := range s.Notes {
		out[n.Target] = append(out[n.Target], n)
	}
	return out
}

// Played is the cards of a hand in the order they were played.
func Played(h *game.Hand) []game.PlayedCard {
	var out []game.PlayedCard
	for _, t := range h.Tricks {
		out = append(out, t.Cards...)
	}
	return out
}

// Clock hands out recording times for imported events: from a base, one
// millisecond apart, so that a session's events keep their order in time.
type Clock struct {
	next time.Time
	n    int
}

// Reset makes the next time base (or later, if the clock has passed it:
// time never runs backwards within a session).
func (c *Clock) Reset(base time.Time) {
	if c.n == 0 || base.After(c.next) {
		c.next = base.UTC()
	}
	c.n++
}

// Tick is the next time.
func (c *Clock) Tick() time.Time {
	t := c.next
	c.next = c.next.Add(time.Millisecond)
	return t
}
