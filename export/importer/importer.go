// Package importer appends the sessions of a PBN or LIN file to a store,
// knowing what the store holds of the file already: the same file twice
// adds nothing, and a file with more records of a table than an earlier
// import adds only those, to the session that holds the first.
//
// The formats' own readers (export/pbnsession, export/linsession) build
// the sessions; this package decides where they go and how they are
// appended. A file is checked whole first (the first pass): nothing is
// appended when it cannot be read. A file whose events number at most
// Options.KeepEvents is then appended from memory in one transaction; a
// larger one, or one that adds records to sessions of the store, is read
// again (the second pass) and appended in transactions of about
// Options.BatchEvents events, whole records each, the store let go
// between them, so that a writer waiting on it waits one of them at most.
//
// How the store's sessions are known: each imported session ends with
// session.source, the fingerprints of the records it holds. A session
// whose latest event is a session.source of the same format, and whose
// fingerprints are the first of a planned session's, holds those records:
// all of them, and the planned session is skipped; the first of them, and
// the rest are built on it (read through its hash chain, load.Stream) and
// appended to it. A session recorded in since its import is never added
// to.
package importer

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/linsession"
	"github.com/hoyle/hoyle/export/pbnsession"
	"github.com/hoyle/hoyle/projections/load"
)

// Formats are the formats Run reads.
var Formats = []string{"pbn", "lin"}

// Options of Run.
type Options struct {
	// Format is "pbn" or "lin".
	Format string
	// Read are the options of the format's reader (the sessions' name,
	// Strict, the input's Size); Run sets Keep, Plan and Progress.
	Read build.ImportOptions
	// KeepEvents bounds the events a file may make and still be appended
	// from memory, in one transaction; BatchEvents is about the size of
	// each transaction of a larger file.
	KeepEvents, BatchEvents int
	// Pause is how long the store is let go between two transactions.
	Pause time.Duration
	// Progress, when set, makes the progress function of a pass, by what
	// the pass does ("checking", "importing").
	Progress func(what string) func(done, total int)
	// Existing opens the store to read what it holds; a nil store (and nil
	// error) says there is none yet, and the file's sessions are all new.
	Existing func() (events.Store, error)
	// Append appends batches in one transaction.
	Append func(ctx context.Context, batches []events.Batch) ([]events.Envelope, error)
}

// Import is what Run did: the sessions the file makes (Result), where each
// went (Targets, in the order of Result.Sessions), and, by session, the
// ID of the store's session that held its first records ("" for a new
// one).
type Import struct {
	Result   *build.Result
	Targets  []build.Target
	Existing []string
}

// FileError is the error of a file that was not imported: it could not
// be read, or the store refused it. Nothing was appended.
type FileError struct{ Err error }

func (e *FileError) Error() string { return e.Err.Error() }

// Unwrap is the reason.
func (e *FileError) Unwrap() error { return e.Err }

// StoppedError is the error of an import in several transactions that
// failed after Done of them were appended: importing the file again adds
// the rest.
type StoppedError struct {
	Done int
	Err  error
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("%v; the import stopped after %d of its transactions", e.Err, e.Done)
}

// Unwrap is the reason.
func (e *StoppedError) Unwrap() error { return e.Err }

// Run imports the file first reads, reading it again from again when it
// needs a second pass. Errors of the file's reading or appending are a
// *FileError or a *StoppedError; others (the store's, again's) are
// returned as they are.
func Run(ctx context.Context, first io.Reader, again func() (io.Reader, error), opts Options) (*Import, error) {
	read := func(r io.Reader, opt build.ImportOptions) (*build.Result, error) {
		if opts.Format == "pbn" {
			return pbnsession.Read(r, opt)
		}
		return linsession.Read(r, opt)
	}
	progress := func(what string) func(done, total int) {
		if opts.Progress == nil {
			return nil
		}
		return opts.Progress(what)
	}
	check := opts.Read
	check.Keep = opts.KeepEvents
	check.Progress = progress("checking")
	res, err := read(first, check)
	if err != nil {
		return nil, &FileError{err}
	}
	targets, existing, err := Match(ctx, opts.Existing, opts.Format, res)
	if err != nil {
		return nil, err
	}
	imp := &Import{Result: res, Targets: targets, Existing: existing}
	if res.Dropped {
		// The first pass's memory is garbage: give it back before the
		// second builds the file again.
		debug.FreeOSMemory()
	}
	written := false
	flush := func(batches []events.Batch) error {
		out, err := opts.Append(ctx, batches)
		if err == nil && len(out) > 0 {
			written = true
		}
		return err
	}
	books, err := eventRecords(ctx, opts, res)
	if err != nil {
		return nil, err
	}
	into := slices.ContainsFunc(targets, func(t build.Target) bool { return t.Into != nil })
	if !res.Dropped && !into {
		// All of it in memory: one transaction.
		batches := books
		for i, s := range res.Sessions {
			if !targets[i].Skip() {
				batches = append(batches, events.Batch{Session: s.ID, Expected: events.NewSession, Events: s.Events})
			}
		}
		if len(batches) > 0 {
			if err := flush(batches); err != nil {
				return nil, &FileError{err}
			}
		}
		return imp, nil
	}
	r, err := again()
	if err != nil {
		return nil, err
	}
	second := opts.Read
	second.Progress = progress("importing")
	transactions := 0
	second.Plan = &build.Plan{Targets: targets, BatchEvents: opts.BatchEvents, Flush: func(b []events.Batch) error {
		if transactions > 0 {
			time.Sleep(opts.Pause) // the store is free a moment for others
		}
		transactions++
		return flush(b)
	}}
	if _, err := read(r, second); err != nil {
		if written {
			return nil, &StoppedError{Done: transactions - 1, Err: err}
		}
		return nil, &FileError{err}
	}
	if len(books) > 0 {
		if err := flush(books); err != nil {
			return nil, &StoppedError{Done: transactions, Err: err}
		}
	}
	return imp, nil
}

// eventRecords are the appends that give the file's events their own
// records (build.Result.Events: the roster and the hand record of an
// event hoyle exported), for the events the store holds no record of
// yet: a record there already stands as its director left it (and a file
// imported twice adds nothing).
func eventRecords(ctx context.Context, opts Options, res *build.Result) ([]events.Batch, error) {
	if len(res.Events) == 0 {
		return nil, nil
	}
	held := map[string]bool{}
	st, err := opts.Existing()
	if err != nil {
		return nil, err
	}
	if st != nil {
		defer st.Close()
		list, err := st.Sessions(ctx)
		if err != nil {
			return nil, err
		}
		for _, info := range list {
			held[info.ID] = eventrec.IsStream(info.ID)
		}
	}
	now := time.Now
	if opts.Read.Now != nil {
		now = opts.Read.Now
	}
	var out []events.Batch
	for _, ev := range res.Events {
		id := eventrec.StreamID(ev.Event)
		if held[id] {
			continue
		}
		held[id] = true // an event named twice, in two cases: one record
		var evs []events.Event
		if len(ev.Roster) > 0 {
			evs = append(evs, events.NewEvent(now().UTC(), &eventrec.Roster{Event: ev.Event, Entries: ev.Roster}))
		}
		if len(ev.Deals) > 0 {
			evs = append(evs, events.NewEvent(now().UTC(), &eventrec.Boards{Event: ev.Event, Deals: ev.Deals}))
		}
		if len(evs) > 0 {
			out = append(out, events.Batch{Session: id, Expected: events.NewSession, Events: evs})
		}
	}
	return out, nil
}

// Match finds, for each session of res, what the store open gives holds
// of it (see the package's doc): its Target, and the ID of the store's
// session that holds its first records ("" for none).
func Match(ctx context.Context, open func() (events.Store, error), format string, res *build.Result) ([]build.Target, []string, error) {
	targets := make([]build.Target, len(res.Sessions))
	existing := make([]string, len(res.Sessions))
	for i, s := range res.Sessions {
		targets[i] = build.Target{ID: s.ID, Count: len(s.Records)}
	}
	st, err := open()
	if err != nil {
		return nil, nil, err
	}
	if st == nil {
		return targets, existing, nil
	}
	defer st.Close()
	list, err := st.Sessions(ctx)
	if err != nil {
		return nil, nil, err
	}
	list = eventrec.Tables(list)
	// The sessions an import made and nothing was recorded in since: their
	// latest event is a session.source. What it names are their latest
	// records.
	type candidate struct {
		id   string
		last []string
	}
	var cands []candidate
	for _, info := range list {
		for e, err := range st.ReadSessionBackward(ctx, info.ID) {
			if err != nil {
				return nil, nil, err
			}
			if src, ok := e.Data.(*table.SourceNoted); ok && src.Format == format && len(src.Records) > 0 {
				cands = append(cands, candidate{info.ID, src.Records})
			}
			break
		}
	}
	used := map[string]bool{}
	for i, s := range res.Sessions {
		fps := s.Fingerprints()
		for _, c := range cands {
			if used[c.id] || !within(fps, c.last) {
				continue
			}
			held, err := sources(ctx, st, c.id, format)
			if err != nil {
				return nil, nil, err
			}
			if len(held) > len(fps) || !slices.Equal(held, fps[:len(held)]) {
				continue
			}
			used[c.id] = true
			existing[i] = c.id
			targets[i].From = len(held)
			if len(held) < len(fps) {
				// The rest is built on the session as it stands, read
				// through its hash chain.
				fold, err := load.Stream(ctx, st, c.id)
				if err != nil {
					return nil, nil, err
				}
				targets[i].ID, targets[i].Into = c.id, fold
			}
			break
		}
	}
	return targets, existing, nil
}

// sources are the fingerprints of the records a session was imported
// from, in order: its session.source events', read as they stream past.
func sources(ctx context.Context, st events.Store, id, format string) ([]string, error) {
	var out []string
	for e, err := range st.ReadSession(ctx, id, 1) {
		if err != nil {
			return nil, err
		}
		if src, ok := e.Data.(*table.SourceNoted); ok && src.Format == format {
			out = append(out, src.Records...)
		}
	}
	return out, nil
}

// within reports whether last, a session's latest records, stand in fps
// as a run ending at one of its records: then the session may hold the
// first of fps.
func within(fps, last []string) bool {
	for j := len(last) - 1; j < len(fps); j++ {
		if slices.Equal(fps[j-len(last)+1:j+1], last) {
			return true
		}
	}
	return false
}

// Warnings are the warnings about the records the import wrote: not those
// about records the store held already.
func (imp *Import) Warnings() []build.Warning {
	var out []build.Warning
	for _, w := range imp.Result.Warnings {
		if w.Session >= 0 && w.Record < imp.Targets[w.Session].From {
			continue // about a record in the store already
		}
		out = append(out, w)
	}
	return out
}

// Added counts the sessions the import created or added records to.
func (imp *Import) Added() int {
	n := 0
	for _, t := range imp.Targets {
		if !t.Skip() {
			n++
		}
	}
	return n
}

// IDs are the IDs of the sessions the file's records are in, one for each
// session of Result: a new session's, or the store's session that held
// its first records.
func (imp *Import) IDs() []string {
	ids := make([]string, len(imp.Result.Sessions))
	for i, s := range imp.Result.Sessions {
		ids[i] = s.ID
		if imp.Existing[i] != "" {
			ids[i] = imp.Existing[i]
		}
	}
	return ids
}
