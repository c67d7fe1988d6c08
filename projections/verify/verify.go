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

// readKept reads each table session's checkpoint and checks its seals. A
// checkpoint it cannot read is left out: kept reads it again, and says
// what went wrong where.
func readKept(ctx context.Context, st events.Store) map[string]*load.Kept {
	out := map[string]*load.Kept{}
	infos, err := st.Sessions(ctx)
	if err != nil {
		return out
	}
	for _, info := range eventrec.Tables(infos) {
		if k, err := load.ReadKept(ctx, st, info.ID); err == nil {
			out[info.ID] = k
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
	folders := map[string]*projections.Folder{}
	redo := map[string]bool{}
	sizes := map[string]uint64{}
	links := map[string]map[uint64]events.Hash{}
	heads := map[string]events.Hash{}
	if listed, err := st.Sessions(ctx); err == nil {
		for _, info := range listed {
			sizes[info.ID] = info.Version
		}
	}
	// An event's own record (its roster and hand record) is folded by
	// its own fold, not a table's; it is small, and kept whole.
	records := map[string][]events.Envelope{}
	fold := func(e events.Envelope) error {
		if eventrec.IsStream(e.Session) {
			e.Raw = nil // not to be kept past the call; the fold reads Data
			records[e.Session] = append(records[e.Session], e)
			return nil
		}
		f := folders[e.Session]
		if f == nil {
			f = projections.NewFolder(nil)
			f.Keep(projections.KeepNone)
			f.Expect(sizes[e.Session])
			folders[e.Session] = f
		}
		if keep {
			heads[e.Session] = e.Hash
			if e.Type == table.TypeDealt {
				l := links[e.Session]
				if l == nil {
					l = map[uint64]events.Hash{}
					links[e.Session] = l
				}
				l[e.Version] = e.PrevHash
			}
		}
		if e.Type == table.TypeRetracted {
			redo[e.Session] = true // folded again, with its retractions known
		}
		if redo[e.Session] {
			return nil
		}
		if err := f.Add(e); err != nil {
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
		if eventrec.IsStream(info.ID) {
			if err := checkRecord(records[info.ID]); err != nil {
				return rep, nil, &events.VerifyError{Session: info.ID, Err: err}
			}
			rep.Records++
			continue
		}
		var s *projections.Session
		if redo[info.ID] {
			s, err = load.Light(ctx, st, info.ID)
		} else {
			s, err = folders[info.ID].Session()
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
		delete(folders, info.ID)
		if keep {
			folded[info.ID] = &load.Folded{Session: s, Head: heads[info.ID], Links: links[info.ID]}
		}
	}
	return rep, folded, nil
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
