package events

import (
	"context"
	"errors"
	"fmt"
)

// SessionIndexer is implemented by stores that can list a session's index
// (each version's position in the log) without reading its events: verify
// then reads the log once, and checks each session's index against what
// it read, instead of reading every session again through its index.
type SessionIndexer interface {
	SessionPositions(ctx context.Context, session string, fn func(version, position uint64) error) error
}

// VerifyLog checks a whole store as VerifyChain does, reading the log once:
// the storage (StorageChecker), every record in order, each session's
// hash chain, every payload decoded, and the indexes against the log. Each
// event, decoded, is given to each in log order once its link is checked
// (a fold that streams past; nil for none); its Raw must not be kept. A store that is a
// SessionIndexer has its session indexes checked without reading the
// events again.
func VerifyLog(ctx context.Context, st Store, each func(Envelope) error) (ChainReport, error) {
	return verifyLog(ctx, st, each, nil, false)
}

// verifyLog is VerifyLog and VerifyChain: each is given every event as the
// log is read; with reread (or a store that does not list its index) every
// session is read again through its index, and given to visit.
func verifyLog(ctx context.Context, st Store, each func(Envelope) error, visit SessionVisit, reread bool) (ChainReport, error) {
	var rep ChainReport
	if sc, ok := st.(StorageChecker); ok {
		if err := sc.CheckStorage(ctx); err != nil {
			return rep, &VerifyError{Err: err}
		}
	}
	type head struct {
		version, first, last uint64
		hash                 Hash
		positions            []uint64 // by version, when the store lists its index
	}
	indexer, fast := st.(SessionIndexer)
	fast = fast && !reread
	heads := map[string]*head{}
	if fast {
		// Each session's positions are kept for its index: allotted once,
		// at the size the index gives (a damaged index only costs growth).
		listed, err := st.Sessions(ctx)
		if err != nil {
			return rep, &VerifyError{Err: err}
		}
		for _, info := range listed {
			heads[info.ID] = &head{positions: make([]uint64, 0, min(info.Version, 1<<26))}
		}
	}
	var lastPos uint64
	var last *head
	var lastSession string
	var failed error
	readChecked(ctx, st, func(b *contentBatch) bool {
		for i := range b.envs { // up to a record that could not be read (unread)
			e := &b.envs[i]
			if e.Position != lastPos+1 && !skippedForeign(st, lastPos+1, e.Position) {
				failed = &VerifyError{Position: lastPos + 1, Err: fmt.Errorf("%w: positions jump from %d to %d", ErrCorrupt, lastPos, e.Position)}
				return false
			}
			lastPos = e.Position
			h := last
			if e.Session != lastSession {
				if h = heads[e.Session]; h == nil {
					h = &head{}
					heads[e.Session] = h
				}
				if h.version == 0 {
					h.first = e.Position
				}
				last, lastSession = h, e.Session
			}
			if err := checkOrder(e, h.version, h.hash); err != nil {
				failed = err
				return false
			}
			if i == b.bad { // its hash, else its payload (checked in that order)
				failed = &VerifyError{Session: e.Session, Version: e.Version, Position: e.Position, Err: b.err}
				return false
			}
			h.version, h.hash, h.last = e.Version, e.Hash, e.Position
			if fast {
				h.positions = append(h.positions, e.Position)
			}
			rep.Events++
			rep.Bytes += uint64(len(e.Raw))
			if each != nil {
				if err := each(*e); err != nil {
					failed = err
					return false
				}
			}
		}
		if b.unread {
			failed = &VerifyError{Position: lastPos + 1, Err: b.err}
			return false
		}
		if b.readErr != nil {
			failed = &VerifyError{Position: lastPos + 1, Err: b.readErr}
			return false
		}
		return true
	})
	if failed != nil {
		return rep, failed
	}
	infos, err := st.Sessions(ctx)
	if err != nil {
		return rep, &VerifyError{Err: err}
	}
	seen := 0
	for _, h := range heads {
		if h.version > 0 {
			seen++
		}
	}
	if len(infos) != seen {
		return rep, &VerifyError{Err: fmt.Errorf("%w: the log holds %d sessions but the session index lists %d", ErrCorrupt, seen, len(infos))}
	}
	for _, info := range infos {
		h, ok := heads[info.ID]
		if ok && h.version == 0 {
			ok = false
		}
		if !ok || h.version != info.Version || h.hash != info.Head || h.first != info.First || h.last != info.Last {
			var got uint64
			if ok {
				got = h.version
			}
			return rep, &VerifyError{Session: info.ID, Version: info.Version, Position: info.Last,
				Err: fmt.Errorf("%w: the session index says version %d (positions %d to %d), the log %d", ErrCorrupt, info.Version, info.First, info.Last, got)}
		}
		var problem error
		switch seq := checkedSession(ctx, st, info, &problem); {
		case fast:
			err = checkPositions(ctx, indexer, info, h.positions)
		case visit != nil:
			err = visit(info, seq)
		default:
			for _, err = range seq {
				if err != nil {
					break
				}
			}
		}
		if problem != nil {
			err = problem
		}
		if err != nil {
			var ve *VerifyError
			if !errors.As(err, &ve) {
				err = &VerifyError{Session: info.ID, Err: err}
			}
			return rep, err
		}
		heads[info.ID].positions = nil
		rep.Sessions++
	}
	return rep, nil
}

// checkPositions checks a session's index against the positions its events
// were read at in the log, version by version.
func checkPositions(ctx context.Context, st SessionIndexer, info SessionInfo, positions []uint64) error {
	var n uint64
	err := st.SessionPositions(ctx, info.ID, func(version, position uint64) error {
		n++
		if version != n || n > uint64(len(positions)) || positions[n-1] != position {
			want := uint64(0)
			if n <= uint64(len(positions)) {
				want = positions[n-1]
			}
			return &VerifyError{Session: info.ID, Version: version, Position: position,
				Err: fmt.Errorf("%w: the session index puts event %d at position %d, but the log has it at %d", ErrCorrupt, version, position, want)}
		}
		return nil
	})
	if err == nil && n != uint64(len(positions)) {
		err = &VerifyError{Session: info.ID, Version: n, Err: fmt.Errorf("%w: reading the session gives %d of its %d events", ErrCorrupt, n, len(positions))}
	}
	return err
}

// ForeignSkipper is implemented by stores whose log may hold messages that
// are not hoyle events (the shared log: anyone who may append to it may
// publish anything), which their reads skip with a warning.
type ForeignSkipper interface {
	// Foreign reports whether the message at position pos was skipped as
	// not a hoyle event.
	Foreign(pos uint64) bool
}

// skippedForeign reports whether every position from from to before to is
// one the store skipped as not a hoyle event: a gap verify accepts, the
// store having warned of each.
func skippedForeign(st Store, from, to uint64) bool {
	fs, ok := st.(ForeignSkipper)
	if !ok || to <= from {
		return false
	}
	for p := from; p < to; p++ {
		if !fs.Foreign(p) {
			return false
		}
	}
	return true
}
