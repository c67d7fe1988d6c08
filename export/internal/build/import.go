package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/hoyle/hoyle/events/eventrec"
	"sort"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// NativeGame is the game of the interchange formats: PBN and LIN record
// contract bridge, so a record that names no other game (PBN's HoyleGame
// tag, LIN's hy| pair) is a hand of it, and a session of it is written
// without hoyle's own tags.
const NativeGame = "contract"

// ImportOptions are the options of an import, whatever the format.
type ImportOptions struct {
	// Name names the sessions (the file's name, say); each format says
	// what it names them when it is empty.
	Name string
	// Now is the clock the events are dated by when the file gives no
	// time; time.Now when nil.
	Now func() time.Time
	// Progress, if set, is told after each record how many bytes of the
	// input (of Size) are read.
	Progress func(done, total int)
	// Size is the input's size in bytes, for Progress; 0 when not known.
	Size int64
	// Strict refuses the whole file at the first record that cannot be
	// recorded as it is written (a call or card the laws refuse, a tag
	// that cannot be read, an auction its own Contract and Declarer
	// contradict), as imports did before they learned to keep what is
	// true: nothing is built.
	Strict bool
	// Keep bounds the events an import holds in memory: once the records
	// read make more, their events are let go (Result.Dropped) and only
	// what the import learned of them is kept, so that a second pass
	// (Plan) writes them. 0 keeps them all.
	Keep int
	// Plan makes this a second pass over the same input: what to do with
	// each session the first pass built, and where the events go.
	Plan *Plan
}

// Plan is what a second pass over an input does: for each session the
// first pass built, in order, a Target; and Flush, which appends the
// batches as they fill.
type Plan struct {
	Targets []Target
	// Flush appends a group of batches (one transaction). It is called at
	// the end of a record once the records since the last call hold
	// BatchEvents events or more, and once at the end.
	Flush       func([]events.Batch) error
	BatchEvents int
}

// Target says where the records of a session the first pass built go.
type Target struct {
	// ID is the session to create: the first pass's ID, for a new session.
	ID string
	// Into is the fold of a session already in the database that holds
	// the first From records already; the rest are built on it and
	// appended to it. Nil for a new session.
	Into *projections.Session
	// From is the first record to write; Count the records the session
	// has (as the first pass found them). From == Count: nothing to write.
	From, Count int
}

// Skip reports whether every record of the target is in the database.
func (t Target) Skip() bool { return t.From >= t.Count }

// Warning is something an import passed over or changed, at its line of
// the file, and the record it is about: Session indexes Result.Sessions
// and Record the session's records (-1 for a warning about the file).
type Warning struct {
	Line    int
	Msg     string
	Session int
	Record  int
}

// String is the warning as hoyle prints it: its line and what it says.
func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Msg) }

// Origin is where a record says it was played: the tags that name the
// event, the table and the teams. Sessions are grouped by them; hoyle's
// session keeps the name they make.
type Origin struct {
	Event, Site, Date, Stage, Section, Round, Table, Room, HomeTeam, VisitTeam string
	// Movement is the pairs movement the table played under (hoyle's own
	// tag: PBN has none), "" for none.
	Movement string
	// Pairs says the record numbers its pairs (PBN's PairNS, PairEW): its
	// Round is then a round of the pairs' movement, whose boards are the
	// event's, not another set of boards.
	Pairs bool
}

// Record is what an import keeps of one record it imported.
type Record struct {
	Line        int
	Fingerprint string // see Fingerprint
	Origin      Origin
}

// Imported is one session an import builds.
type Imported struct {
	ID      string
	Name    string
	Format  string // "pbn", "lin"
	Line    int    // line of its first record
	Hands   int
	Records []Record
	// Events are the session's events, ending with its session.source;
	// nil when the import let them go (Result.Dropped).
	Events []events.Event
}

// Fingerprints are the fingerprints of the session's records, in order:
// what its session.source records.
func (s *Imported) Fingerprints() []string {
	out := make([]string, len(s.Records))
	for i, r := range s.Records {
		out[i] = r.Fingerprint
	}
	return out
}

// Result is what an import builds: the sessions, what it passed over or
// changed, and how many records it skipped.
type Result struct {
	Sessions []Imported
	Warnings []Warning
	// Skipped counts the records not imported (each has a warning).
	Skipped int
	// Dropped says the events were let go (ImportOptions.Keep): a second
	// pass writes them.
	Dropped bool
	// Events are what the file says of its events' own records: the
	// roster and the hand record of an event hoyle exported under a
	// movement, by event in the order the file first names them.
	Events []EventRecord
}

// EventRecord is what a file says of one event's own record
// (events/eventrec): its pairs' names by the movement's numbers, and its
// boards' deals as the tables that did not foul them played them.
type EventRecord struct {
	Event  string
	Roster []eventrec.Entry
	Deals  []eventrec.Deal
}

// Nothing is err, the error of a file that imported nothing, with why the
// first record skipped was skipped, when every record was.
func (r *Result) Nothing(err error) error {
	if r.Skipped == 0 || len(r.Warnings) == 0 {
		return err
	}
	return fmt.Errorf("%w; every record was skipped, the first at %s", err, r.Warnings[0])
}

// Batches are the appends that create the sessions: give them all to one
// events.Store.Append, so that the import is all or nothing. It holds
// nothing when the events were let go.
func (r *Result) Batches() []events.Batch {
	var out []events.Batch
	for _, s := range r.Sessions {
		if len(s.Events) > 0 {
			out = append(out, events.Batch{Session: s.ID, Expected: events.NewSession, Events: s.Events})
		}
	}
	return out
}

// Fingerprint is a record's fingerprint: a hash of the format and of the
// record's text as hoyle reads it (written back in a normal form, with
// what it inherits from the records before it), so that the same record
// in another file, or the same file again, is known.
func Fingerprint(format string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte(format))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// source is the session.source of some records.
func source(format string, recs []Record) *table.SourceNoted {
	out := &table.SourceNoted{Format: format, Records: make([]string, len(recs))}
	for i, r := range recs {
		out.Records[i] = r.Fingerprint
	}
	return out
}

// SessionOptions are the options of a session an import opens: each the
// ruleset has, with the value opts gives it or else its default (the
// first of its values), as hoyle new records them.
func SessionOptions(rs game.Ruleset, opts game.Options) []table.Option {
	var out []table.Option
	for _, o := range rs.Info().Options {
		v, ok := opts[o.Name]
		if !ok && len(o.Values) > 0 {
			v, ok = o.Values[0], true
		}
		if ok {
			out = append(out, table.Option{Name: o.Name, Value: v})
		}
	}
	return out
}

// OptionsText writes a session's options for a file ("name=value ...",
// in hoyle's tags) when they are not what an import of the file would take
// them to be: implied (what the file says otherwise, as PBN's Scoring),
// else the ruleset's defaults. "" when they are.
func OptionsText(rs game.Ruleset, options []table.Option, implied game.Options) string {
	want := game.Options{}
	for _, o := range SessionOptions(rs, implied) {
		want[o.Name] = o.Value
	}
	var parts []string
	same := true
	for _, o := range options {
		parts = append(parts, o.Name+"="+o.Value)
		same = same && want[o.Name] == o.Value
	}
	if same {
		return ""
	}
	return strings.Join(parts, " ")
}

// OptionsKey writes session options in one string, "name=value ...",
// sorted by name: what tells the sessions of a file apart.
func OptionsKey(opts game.Options) string {
	parts := make([]string, 0, len(opts))
	for k, v := range opts {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// CleanName is a name from a file (a player's, a session's) as hoyle keeps
// names: printable text on one line, without what a terminal would act on
// (cards.ActsOnTerminal, through replay.Clean); and, when that changed it,
// the warning that says so (what names it: "the name of North").
func CleanName(name, what string) (clean, warning string) {
	clean = replay.Clean(name)
	if clean != strings.TrimSpace(name) {
		warning = fmt.Sprintf("%s %s holds control characters; kept as %s", what, cards.Quote(name), cards.Quote(clean))
	}
	return clean, warning
}

// Place writes where the file says a session was played into its
// session.opened, so that hoyle compare finds its boards' other tables:
// the event (with its stage, section and round, whose boards are not
// another's),
// the table, the room and the teams, each cleaned as CleanName cleans a
// name. What the laws of placement refuse (a room neither open nor closed,
// one team without the other) is left out, and the warning says what.
func Place(opened *table.SessionOpened, o Origin, rs game.Ruleset, opts game.Options) (warning string) {
	if strings.TrimSpace(o.Event) == "" {
		return ""
	}
	clean := func(s string) string { c, _ := CleanName(s, ""); return c }
	event := clean(o.Event)
	round := o.Round
	if o.Pairs || o.Movement != "" {
		round = "" // a round of the movement: the same event
	}
	for _, part := range []struct{ what, v string }{{"", o.Stage}, {"section ", o.Section}, {"round ", round}} {
		if v := clean(part.v); v != "" {
			event += ", " + part.what + v // a stage names itself: "Round Robin", "Final"
		}
	}
	p := projections.Placement{Event: event, Table: clean(o.Table), Room: clean(o.Room), HomeTeam: clean(o.HomeTeam), VisitTeam: clean(o.VisitTeam), Movement: clean(o.Movement)}
	placed, err := p.Check(rs, opts)
	if err != nil {
		p.Room, p.HomeTeam, p.VisitTeam, p.Movement = "", "", "", ""
		var again error
		if placed, again = p.Check(rs, opts); again != nil {
			return fmt.Sprintf("the session is not placed in event %s: %v", cards.Quote(event), again)
		}
		warning = fmt.Sprintf("the session is placed in event %s without its room and teams (%v)", cards.Quote(event), err)
	}
	placed.Set(opened)
	return warning
}
