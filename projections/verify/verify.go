// Package verify checks a whole store: the storage, every chain, record and
// index (events.VerifyLog), and that every session folds under its laws
// with no event refused (projections). It reads the log once, folding each
// session as its events stream past and keeping no history: what it
// returns is a count, and what it holds is the sessions' hands.
//
// A scorer's log is a record people argue over afterwards; verify is how
// anyone shows it was not altered.
package verify

import (
	"context"
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/projections/load"
)

// Report says what Run checked.
type Report struct {
	events.ChainReport
	Hands int // hands folded
	// Records is the events' own records checked (events/eventrec), which
	// ChainReport counts among its sessions.
	Records int
}

// Run checks the whole store and folds every session. The first problem
// found is returned as an *events.VerifyError.
func Run(ctx context.Context, st events.Store) (Report, error) {
	rep, _, err := run(ctx, st, false)
	return rep, err
}

// All is Run, then Kept: the checkpoints are re-derived from the folds
// Run made (load.Folded), not from the log folded a second time, for
// every session whose checkpoint was folded to its head (where a writer
// leaves it); an older one is folded again to its own version. The
// checkpoints are read, and their seals checked, while the log is folded
// (load.ReadKept needs no fold): only their comparison waits for it.
func All(ctx context.Context, st events.Store, repair bool) (Report, []load.Difference, error) {
	reading, stop := context.WithCancel(ctx)
	defer stop()
	stored := make(chan map[string]*load.Kept, 1)
	go func() { stored <- readKept(reading, st) }()
	rep, folded, err := run(ctx, st, true)
	if err != nil {
		stop() // not to be compared: the log does not hold
	}
	pre := <-stored // read through the store: done before the caller closes it
	if err != nil {
		return rep, nil, err
	}
	diffs, err := kept(ctx, st, repair, folded, pre)
	return rep, diffs, err
}

// readAhead bounds the bytes of checkpoint records readKept holds while
// the log is folded: a database of many long sessions is not held whole
// twice over (their folds, and their checkpoints); the checkpoints past
// it are read as they are compared.
const readAhead = 64 << 20

// readKept reads each table session's checkpoint and checks its seals, up
// to readAhead bytes of them. A checkpoint it cannot read, or did not
// read, is left out: kept reads it then (and says what went wrong where).
func readKept(ctx context.Context, st events.Store) map[string]*load.Kept {
	out := map[string]*load.Kept{}
	infos, err := st.Sessions(ctx)
	if err != nil {
		return out
	}
	held := 0
	for _, info := range eventrec.Tables(infos) {
		if held >= readAhead {
			break
		}
		if k, err := load.ReadKept(ctx, st, info.ID); err == nil {
			out[info.ID] = k
			held += k.Size()
		}
	}
	return out
}

// run is Run; with keep, it returns each session's fold, for kept.
//
// The sessions are folded as events.VerifyLog gives their events, in log
// order, each once its link is checked: the log is read, and the events'
// hashes and payloads checked, on the other cores meanwhile (see
// events.VerifyLog), so that on two cores a whole verify takes about what
// the fold takes. An event a fold refuses stops the read, as a broken link
// does: the one earlier in the log is reported.
func run(ctx context.Context, st events.Store, keep bool) (Report, map[string]*load.Folded, error) {
	var rep Report
	sessions := map[string]*folding{}
	sizes := map[string]uint64{}
	if listed, err := st.Sessions(ctx); err == nil {
		for _, info := range listed {
			sizes[info.ID] = info.Version
		}
	}
	var cur *folding // the session of the event before: the log holds runs of one session's events
	fold := func(e events.Envelope) error {
		if cur == nil || cur.id != e.Session {
			if cur = sessions[e.Session]; cur == nil {
				cur = &folding{id: e.Session, record: eventrec.IsStream(e.Session)}
				if !cur.record {
					cur.f = projections.NewFolder(nil)
					cur.f.Keep(projections.KeepNone)
					cur.f.Expect(sizes[e.Session])
				}
				sessions[e.Session] = cur
			}
		}
		if cur.record {
			e.Raw = nil // not to be kept past the call; the fold reads Data
			cur.records = append(cur.records, e)
			return nil
		}
		if keep {
			cur.head = e.Hash
			if e.Type == table.TypeDealt {
				if cur.links == nil {
					cur.links = map[uint64]events.Hash{}
				}
				cur.links[e.Version] = e.PrevHash
			}
		}
		if e.Type == table.TypeRetracted {
			cur.redo = true // folded again, with its retractions known
		}
		if cur.redo {
			return nil
		}
		if err := cur.f.Add(e); err != nil {
			return &events.VerifyError{Session: e.Session, Version: e.Version, Position: e.Position, Err: err}
		}
		return nil
	}
	chain, err := events.VerifyLog(ctx, st, fold)
	rep.ChainReport = chain
	if err != nil {
		return rep, nil, err
	}
	infos, err := st.Sessions(ctx)
	if err != nil {
		return rep, nil, &events.VerifyError{Err: err}
	}
	folded := map[string]*load.Folded{}
	for _, info := range infos {
		fs := sessions[info.ID]
		delete(sessions, info.ID)
		if eventrec.IsStream(info.ID) {
			var records []events.Envelope
			if fs != nil {
				records = fs.records
			}
			if err := checkRecord(records); err != nil {
				return rep, nil, &events.VerifyError{Session: info.ID, Err: err}
			}
			rep.Records++
			continue
		}
		var s *projections.Session
		if fs == nil || fs.redo {
			s, err = load.Light(ctx, st, info.ID)
		} else {
			s, err = fs.f.Session()
		}
		if err != nil {
			return rep, nil, &events.VerifyError{Session: info.ID, Err: err}
		}
		if len(s.Problems) > 0 {
			p := s.Problems[0]
			return rep, nil, &events.VerifyError{Session: info.ID, Version: p.Version, Position: p.Position,
				Err: fmt.Errorf("%s does not fold: %w", p.Type, p.Err)}
		}
		rep.Hands += len(s.Hands)
		if keep && fs != nil {
			folded[info.ID] = &load.Folded{Session: s, Head: fs.head, Links: fs.links}
		}
	}
	return rep, folded, nil
}

// folding is one session as verify folds it: a table's fold, or an
// event's record (an event's roster and hand record), folded by its own
// fold once read, being small and kept whole.
type folding struct {
	id      string
	record  bool
	records []events.Envelope      // an event's record
	f       *projections.Folder    // a table's
	head    events.Hash            // the hash of its last event
	links   map[uint64]events.Hash // the hash each deal links to, by its version
	// redo: it holds a retraction, and is folded again once read, with
	// its retractions known (load.Light).
	redo bool
}

// Kept re-derives from the log everything the store keeps to read faster
// (each session's checkpoint, see load.Audit) and lists each record that
// differs, by session and the version it was folded to. With repair, a
// session's checkpoint that differs is dropped and written again from the
// log (what it lists was found before the repair).
func Kept(ctx context.Context, st events.Store, repair bool) ([]load.Difference, error) {
	return kept(ctx, st, repair, nil, nil)
}

// kept is Kept, taking each session's fold from folded and its checkpoint
// as read from stored where it has them (and letting each go once audited).
func kept(ctx context.Context, st events.Store, repair bool, folded map[string]*load.Folded, stored map[string]*load.Kept) ([]load.Difference, error) {
	infos, err := st.Sessions(ctx)
	if err != nil {
		return nil, &events.VerifyError{Err: err}
	}
	var out []load.Difference
	for _, info := range eventrec.Tables(infos) { // an event's record keeps no checkpoint
		k, read := stored[info.ID]
		if !read {
			if k, err = load.ReadKept(ctx, st, info.ID); err != nil {
				return out, &events.VerifyError{Session: info.ID, Err: err}
			}
		}
		diffs, err := k.Audit(ctx, st, folded[info.ID])
		delete(folded, info.ID)
		delete(stored, info.ID)
		if err != nil {
			return out, &events.VerifyError{Session: info.ID, Err: err}
		}
		out = append(out, diffs...)
		if repair && len(diffs) > 0 {
			if err := load.Drop(ctx, st, info.ID); err != nil {
				return out, err
			}
			if err := load.Refresh(ctx, st, info.ID, 0); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// checkRecord checks an event's record: it folds, and its hand record's
// deals are whole.
func checkRecord(envs []events.Envelope) error {
	b, err := eventbook.Fold(envs)
	if err != nil {
		return err
	}
	for _, n := range b.Boards() {
		if err := eventbook.CheckDeal(b.Deals[n]); err != nil {
			return err
		}
	}
	return nil
}
