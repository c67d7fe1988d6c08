package load

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// Reading one hand. A reader of one hand (show, replay, the write-up, a
// note at a moment) folds that hand's events alone; the hands before it,
// the notes and what the score needs of them come from the session's
// snapshot: its checkpoint where the store keeps one (events.SessionSnapshots),
// brought up to the session's head by folding the events after it, or
// else a fold of the whole session as it streams past, keeping no history.
// Either way the result is the same Session, but for the steps it holds.

// Window is a session read for a reader of some of its hands: Session
// holds every hand, the notes and the score, but steps only for the hands
// First to Last, whose events (after the opening) are Envs. It is what
// replay, the write-up and the moments read; they look up a moment of
// those hands only.
type Window struct {
	Session     *projections.Session
	Envs        []events.Envelope
	First, Last int // 0 when the session has no hand yet
}

// Hand reads a session for a reader of hand n (0: the latest): its cost
// is the hand's, not the session's, once the session has a checkpoint.
//
// The session holds the hands up to the one read (the score and the
// moments of that hand need no later one): a later hand is read on its
// own.
func Hand(ctx context.Context, st events.Store, session string, n int) (*Window, error) {
	return window(ctx, st, session, func(starts []uint64) (int, error) {
		switch {
		case n == 0:
			return len(starts), nil
		case n < 0 || n > len(starts):
			return 0, &NoHandError{Hand: n, Hands: len(starts)}
		}
		return n, nil
	})
}

// HandAt reads a session for a reader of the hand that holds its event at
// version v (the latest hand dealt at or before it; none before the first
// deal).
func HandAt(ctx context.Context, st events.Store, session string, v uint64) (*Window, error) {
	return window(ctx, st, session, func(starts []uint64) (int, error) {
		i, found := slices.BinarySearch(starts, v)
		if !found {
			i--
		}
		return i + 1, nil
	})
}

// NoHandError: the session has no hand of that number.
type NoHandError struct{ Hand, Hands int }

func (e *NoHandError) Error() string {
	if e.Hands == 0 {
		return "no hand has been dealt in this session"
	}
	return fmt.Sprintf("no hand %d: the session has hands 1 to %d", e.Hand, e.Hands)
}

// Summary reads a session for the score, the hands and the notes, without
// its steps: from its checkpoint, or by a fold of the whole session as it
// streams past that keeps no history (see Light).
func Summary(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	r, err := begin(ctx, st, session)
	if err != nil {
		return nil, err
	}
	snap, err := r.current(ctx)
	if err != nil {
		return nil, err
	}
	s, err := projections.FromSnapshot(r.opened, snap.Snapshot)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	s.UseSheets(snap.sheets.kept())
	return s, nil
}

// Scored reads a session for its score and its latest hand, as Hand
// reads the latest hand: from its checkpoint, the hands before the
// checkpoint's last held without their history and the score made from
// the sheets and the score's fold the checkpoint kept, the hands since
// added to it; so its cost follows the score, not the session's hands.
// What needs every hand with its record (not only the score) reads
// Summary.
func Scored(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	w, err := Hand(ctx, st, session, 0)
	if err != nil {
		return nil, err
	}
	return w.Session, nil
}

// Running reads a session for its latest hand and the running part of
// its score (Session.RunningScore: the rubber in play, the rubbers before
// it counted), as the table's prompt shows them at the end of a hand: as
// Scored reads it, but of the score the checkpoint kept it reads the
// running fold alone, the size of a rubber, not the sheets, which hold
// every rubber. So its cost is the same at ten hands and at ten thousand.
// The session read scores nothing else: where the checkpoint's running
// fold serves, it holds no whole sheet, and Score must not be asked
// (it panics, as for any session read with hands held without their
// history).
func Running(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	w, err := windowOf(ctx, st, session, func(starts []uint64) (int, error) { return len(starts), nil }, true)
	if err != nil {
		return nil, err
	}
	return w.Session, nil
}

// Light folds a whole session as it streams past, keeping its hands and
// notes and no steps: the memory of its hands, not of its events.
func Light(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	s, err := foldSeq(read(ctx, st, session), projections.KeepNone)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, nil
}

// reading is one read of a session: its head when the read began, and its
// opening event.
type reading struct {
	st      events.Store
	session string
	info    events.SessionInfo
	opened  events.Envelope
	// running: the read is for the running score alone (see Running).
	running bool
}

func begin(ctx context.Context, st events.Store, session string) (*reading, error) {
	info, err := st.Session(ctx, session)
	if err != nil {
		return nil, err
	}
	r := &reading{st: st, session: session, info: info}
	found := false
	for e, err := range r.rangeOf(ctx, 1, 1, events.Hash{}, hashAt(info, 1)) {
		if err != nil {
			return nil, err
		}
		r.opened, found = e, true
	}
	if !found {
		return nil, fmt.Errorf("%w: %s", events.ErrNoSession, session)
	}
	return r, nil
}

// hashAt is the hash event v must have, when the head says (v is the
// head), else zero (unknown).
func hashAt(info events.SessionInfo, v uint64) events.Hash {
	if v == info.Version {
		return info.Head
	}
	return events.Hash{}
}

// errAnchor: a stretch of a session read from the middle does not tie to
// the hashes a checkpoint gave for its ends. Either the checkpoint is not
// of this log or the log was altered there; a read from the first event
// tells which.
var errAnchor = errors.New("the checkpoint does not tie to the log")

// rangeOf yields the session's events from version from to to, each
// checked against its chain: the first must link to prev (the hash of the
// event before it; zero for the session's first event), and, when last is
// not zero, the event at to must hash to it. So a stretch read from the
// middle of a session is tied to the hashes the snapshot recorded, and an
// event altered in it is refused as a read from the start refuses it. A
// stretch whose ends do not tie is errAnchor (when the hash it fails to
// match came from a checkpoint: anchored).
func (r *reading) rangeOf(ctx context.Context, from, to uint64, prev, last events.Hash) func(func(events.Envelope, error) bool) {
	return r.anchored(ctx, from, to, prev, last, false)
}

func (r *reading) anchored(ctx context.Context, from, to uint64, prev, last events.Hash, checkpoint bool) func(func(events.Envelope, error) bool) {
	return func(yield func(events.Envelope, error) bool) {
		if from > to {
			return
		}
		next := from
		link := prev
		for e, err := range r.st.ReadSession(ctx, r.session, from) {
			if err == nil && checkpoint && (e.Version == from && e.PrevHash != prev || e.Version == to && last != (events.Hash{}) && e.Hash != last) {
				err = errAnchor
			}
			if err == nil {
				err = checkLink(e, next, link)
			}
			if err == nil && e.Version == to && last != (events.Hash{}) && e.Hash != last {
				err = &events.VerifyError{Session: r.session, Version: e.Version, Position: e.Position,
					Err: fmt.Errorf("%w: the event after it links to %.12s…, but it hashes to %.12s…", events.ErrTampered, last, e.Hash)}
			}
			if err != nil {
				yield(events.Envelope{}, tampered(err))
				return
			}
			if !yield(e, nil) {
				return
			}
			if e.Version == to {
				return
			}
			next, link = e.Version+1, e.Hash
		}
		if next <= to {
			yield(events.Envelope{}, fmt.Errorf("%w: session %s ends at event %d, before %d", events.ErrCorrupt, r.session, next-1, to))
		}
	}
}

// checkLink checks an event read forwards: its own hash, its version, and
// that it links to the hash of the event before it.
func checkLink(e events.Envelope, version uint64, prev events.Hash) error {
	c := events.Chain{}
	if err := c.Next(e); err != nil {
		return err
	}
	if e.Version != version || e.PrevHash != prev {
		return &events.VerifyError{Session: e.Session, Version: e.Version, Position: e.Position,
			Err: fmt.Errorf("%w: it links to %.12s…, but the session's previous event hashes to %.12s…", events.ErrTampered, e.PrevHash, prev)}
	}
	return nil
}

// snapshot is a session's snapshot with what reading from it needs: the
// hash each hand's deal links to (the hash of the event before it), which
// ties a hand read alone to the chain.
type snapshot struct {
	*projections.Snapshot
	Prev []events.Hash // by hand
	Hash events.Hash   // of the event at Version
	// starts and prev are the index of every hand, when the snapshot was
	// read with some of its hands only (Starts and Prev are as its Hands).
	starts []uint64
	prev   []events.Hash
	// sheets are the score sheets the checkpoint kept, if any.
	sheets *keptSheets
	// fromCheckpoint: read from the store's checkpoint (and perhaps
	// brought up to date), not folded from the log in this read.
	fromCheckpoint bool
}

// current is the session's snapshot at its head: the checkpoint brought
// up to date, or a fold of the whole session.
func (r *reading) current(ctx context.Context) (*snapshot, error) {
	cp, err := r.checkpoint(ctx, -1)
	if err != nil {
		return nil, err
	}
	snap, _, err := r.catchUp(ctx, cp)
	return snap, err
}

// catchUp brings a snapshot (nil: none) to the session's head by folding
// the events after it, from the deal of its latest hand (which the events
// after it may still change). A retraction among them of an event before
// that deal makes it start earlier, hand by hand further back, and at worst
// from the first event. It returns the snapshot and the first hand whose
// record changed.
func (r *reading) catchUp(ctx context.Context, snap *snapshot) (*snapshot, int, error) {
	if snap != nil && snap.Version == r.info.Version {
		if snap.Hash != r.info.Head {
			snap = nil // not this log's: fold it again
		} else {
			return snap, len(snap.Hands) + 1, nil
		}
	}
	if snap == nil || len(snap.Hands) == 0 || snap.Version > r.info.Version {
		s, err := r.foldAll(ctx)
		return s, 1, err
	}
	for back := 1; ; back *= 2 {
		from := len(snap.Hands) + 1 - back
		if from < 1 {
			break
		}
		s, ok, err := r.foldFrom(ctx, snap, from)
		if errors.Is(err, errAnchor) {
			break // the checkpoint does not tie to this log: read it all
		}
		if err != nil || ok {
			return s, from, err
		}
	}
	s, err := r.foldAll(ctx)
	return s, 1, err
}

// foldFrom folds the session from the deal of hand from on, the hands
// before it from snap. It is not ok when a retraction among the events
// read touches an event before them.
func (r *reading) foldFrom(ctx context.Context, snap *snapshot, from int) (*snapshot, bool, error) {
	start := snap.Starts[from-1]
	var envs []events.Envelope
	for e, err := range r.anchored(ctx, start, r.info.Version, snap.Prev[from-1], r.info.Head, true) {
		if err != nil {
			return nil, false, err
		}
		if e.Version == snap.Version && e.Hash != snap.Hash {
			return nil, false, errAnchor
		}
		envs = append(envs, e)
	}
	inRange := make(map[events.ID]bool, len(envs))
	for _, e := range envs {
		inRange[e.ID] = true
	}
	retracted := projections.Retracted(envs)
	withdrawn := map[events.ID]bool{}
	for id := range snap.Withdrawn {
		if !inRange[id] {
			withdrawn[id] = true
		}
	}
	for id := range retracted {
		withdrawn[id] = true
	}
	var notes []events.ID
	for _, e := range envs {
		rt, ok := e.Data.(*table.Retracted)
		if !ok || inRange[rt.Target] {
			continue
		}
		inForce := !retracted[e.ID]
		switch {
		case inForce && snap.Withdrawn[rt.Target]:
		case inForce && slices.ContainsFunc(snap.Notes, func(n projections.Note) bool { return n.ID == rt.Target && n.Version < start }):
			notes = append(notes, rt.Target)
		case !inForce && !snap.Withdrawn[rt.Target]:
		default:
			return nil, false, nil // it withdraws, or restores, an event of an earlier hand
		}
	}
	base := *snap.Snapshot
	base.Withdrawn = withdrawn
	f, err := projections.Resume(r.opened, &base, from)
	if err != nil {
		return nil, false, err
	}
	s, _ := f.Session()
	if unknown := s.Withdraw(notes); len(unknown) > 0 {
		return nil, false, nil
	}
	f.Keep(projections.KeepNone)
	for _, e := range envs {
		if err := f.Add(e); err != nil {
			return nil, false, fmt.Errorf("session %s: %w", r.session, err)
		}
	}
	out := &snapshot{Snapshot: s.Snapshot(), Hash: r.info.Head, fromCheckpoint: true, sheets: snap.sheets}
	for _, e := range envs {
		if given, ok := e.Data.(*table.HandGiven); ok && given.Hand < from && !retracted[e.ID] {
			// An earlier hand's cards given since the checkpoint: its
			// record changed where the checkpoint's sheets and fold know it
			// by identity, scored before.
			out.sheets = nil
		}
	}
	reuse(out.Hands[from-1:], snap.Hands[from-1:])
	out.Prev = slices.Clone(snap.Prev[:from-1])
	out.Prev = append(out.Prev, dealLinks(envs, out.Starts[from-1:])...)
	return out, true, nil
}

// foldAll folds the whole session as it streams past, keeping no steps.
func (r *reading) foldAll(ctx context.Context) (*snapshot, error) {
	// The hash each deal links to, by its version, in the order read (a
	// slice, not a map: a session of 100,000 deals holds it while it is
	// folded, beside its hands).
	var dealt []uint64
	var links []events.Hash
	seq := func(yield func(events.Envelope, error) bool) {
		dealt, links = dealt[:0], links[:0] // a second pass reads them again
		for e, err := range r.rangeOf(ctx, 1, r.info.Version, events.Hash{}, r.info.Head) {
			if err == nil && e.Type == table.TypeDealt {
				dealt, links = append(dealt, e.Version), append(links, e.PrevHash)
			}
			if !yield(e, err) {
				return
			}
		}
	}
	s, err := foldSeq(seq, projections.KeepNone)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", r.session, err)
	}
	snap := &snapshot{Snapshot: s.Snapshot(), Hash: r.info.Head}
	snap.Prev = make([]events.Hash, 0, len(snap.Starts))
	for _, v := range snap.Starts {
		var link events.Hash
		if i, ok := slices.BinarySearch(dealt, v); ok {
			link = links[i]
		}
		snap.Prev = append(snap.Prev, link)
	}
	return snap, nil
}

// dealLinks is the hash each deal at the given versions links to, from the
// events read.
func dealLinks(envs []events.Envelope, starts []uint64) []events.Hash {
	out := make([]events.Hash, 0, len(starts))
	for _, v := range starts {
		i, _ := slices.BinarySearchFunc(envs, v, func(e events.Envelope, v uint64) int {
			switch {
			case e.Version < v:
				return -1
			case e.Version > v:
				return 1
			}
			return 0
		})
		out = append(out, envs[i].PrevHash)
	}
	return out
}

// window reads a session for a reader of one hand, which pick chooses by
// where each hand begins (0: the session has none).
func window(ctx context.Context, st events.Store, session string, pick func(starts []uint64) (int, error)) (*Window, error) {
	return windowOf(ctx, st, session, pick, false)
}

// windowOf is window; running: for a reader of the running score alone
// (see Running).
func windowOf(ctx context.Context, st events.Store, session string, pick func(starts []uint64) (int, error), running bool) (*Window, error) {
	r, err := begin(ctx, st, session)
	if err != nil {
		return nil, err
	}
	r.running = running
	// The checkpoint's last hand, when it is the session's latest, is read
	// with the others held without their history (see latest); a hand the
	// checkpoint holds, before its last, is read with the hands before it
	// only.
	if index, err := r.checkpoint(ctx, 0); err != nil {
		return nil, err
	} else if index != nil && index.Version <= r.info.Version {
		n, err := pick(index.starts)
		var beyond *NoHandError // a hand after the checkpoint's last
		if err == nil && n >= 1 && n == len(index.starts) || errors.As(err, &beyond) && beyond.Hand > len(index.starts) && len(index.starts) > 0 {
			if w, ok, err := r.latest(ctx, pick, index); ok || err != nil {
				return w, err
			}
		}
		if err == nil && n >= 1 && n < len(index.starts) && index.starts[n] <= index.Version {
			if w, ok, err := r.early(ctx, n, index); ok || err != nil {
				return w, err
			}
		}
	}
	snap, err := r.current(ctx)
	if err != nil {
		return nil, err
	}
	n, err := pick(snap.Starts)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		// No hand yet: what there is comes before the first deal.
		var envs []events.Envelope
		for e, err := range r.rangeOf(ctx, 1, r.info.Version, events.Hash{}, r.info.Head) {
			if err != nil {
				return nil, err
			}
			envs = append(envs, e)
		}
		s, err := projections.Fold(envs)
		if err != nil {
			return nil, fmt.Errorf("session %s: %w", session, err)
		}
		return &Window{Session: s, Envs: envs}, nil
	}
	w, err := r.hands(ctx, snap, n, n)
	if errors.Is(err, errAnchor) {
		// The checkpoint's hashes do not tie the hand to this log: read it
		// all, which says where it was altered, if it was.
		if snap, err = r.foldAll(ctx); err != nil {
			return nil, err
		}
		if n, err = pick(snap.Starts); err != nil {
			return nil, err
		}
		w, err = r.hands(ctx, snap, n, n)
	}
	return w, err
}

// early reads hand n of the checkpoint, before its last, with the hands
// before it only. The events after the checkpoint are read, not folded: if
// any is a note or a retraction (which might touch hand n) it is not ok,
// and the caller reads the whole checkpoint and folds them.
func (r *reading) early(ctx context.Context, n int, index *snapshot) (*Window, bool, error) {
	snap, err := r.checkpointWith(ctx, n, index)
	if err != nil || snap == nil {
		return nil, false, err
	}
	for e, err := range r.anchored(ctx, snap.Version+1, r.info.Version, snap.Hash, r.info.Head, true) {
		if errors.Is(err, errAnchor) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, err
		}
		switch e.Data.(type) {
		case *table.Noted, *table.Retracted:
			return nil, false, nil
		case *table.SessionClosed:
			snap.ClosedAt = e.Version
		}
	}
	snap.Version, snap.Hash = r.info.Version, r.info.Head
	w, err := r.hands(ctx, snap, n, n)
	if errors.Is(err, errAnchor) {
		return nil, false, nil
	}
	return w, err == nil, err
}

// hands folds hands first to last of a session from their events, the
// others from the snapshot.
func (r *reading) hands(ctx context.Context, snap *snapshot, first, last int) (*Window, error) {
	starts, prev := snap.Starts, snap.Prev
	if snap.starts != nil {
		starts, prev = snap.starts, snap.prev // the whole index, when the hands are not all read
	}
	from, to := starts[first-1], r.info.Version
	toHash := r.info.Head
	if last < len(starts) {
		to = starts[last] - 1
		toHash = prev[last]
	}
	envs := []events.Envelope{r.opened}
	f, err := projections.Resume(r.opened, snap.Snapshot, first)
	if err != nil {
		return nil, err
	}
	for e, err := range r.anchored(ctx, from, to, snap.Prev[first-1], toHash, snap.fromCheckpoint) {
		if err != nil {
			return nil, err
		}
		envs = append(envs, e)
		if err := f.Add(e); err != nil {
			return nil, fmt.Errorf("session %s: %w", r.session, err)
		}
	}
	if last < len(starts) {
		if err := f.Rest(snap.Snapshot, last+1); err != nil {
			return nil, err
		}
	}
	s, err := f.Session()
	if err != nil {
		return nil, err
	}
	reuse(s.Hands[first-1:min(last, len(s.Hands))], snap.Hands[first-1:])
	s.UseSheets(snap.sheets.kept())
	return &Window{Session: s, Envs: envs, First: first, Last: last}, nil
}

// foldSeq folds one session from a sequence of its events that can be
// ranged over twice, keeping the steps keep says (nil: all): once, and
// again with the retractions known if the first pass met any.
func foldSeq(seq iter.Seq2[events.Envelope, error], keep func(int) bool) (*projections.Session, error) {
	pass := func(withdrawn map[events.ID]bool) (*projections.Folder, error) {
		f := projections.NewFolder(withdrawn)
		if keep != nil {
			f.Keep(keep)
		}
		for e, err := range seq {
			if err != nil {
				return nil, err
			}
			if err := f.Add(e); err != nil {
				return nil, err
			}
		}
		return f, nil
	}
	f, err := pass(nil)
	if err != nil {
		return nil, err
	}
	if withdrawn, any := f.Retractions(); any {
		if f, err = pass(withdrawn); err != nil {
			return nil, err
		}
	}
	return f.Session()
}
