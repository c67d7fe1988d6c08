package natsstore

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"sort"
	"time"

	"github.com/hoyle/hoyle/events"
)

// Reads fetch chunks of messages with batched direct gets, starting small
// and doubling: many readers stop after a few events (the opening event,
// the current hand) and must not pay for thousands.
const (
	firstChunk = 16
	readChunk  = 4096 // events per request once a read has got going
)

// behindWait bounds how long a read of a replicated log waits for a
// replica behind the others (see settle), in behindPause steps.
const (
	behindPause = 20 * time.Millisecond
	behindWait  = 5 * time.Second
)

// settle is a read's answer to a replica behind: a replicated log's reads
// are answered by any of its servers, each a moment behind the leader or
// not, so a read may find less than an earlier read found (the end of a
// session, a position). On a replicated log it waits a moment and reports
// that the read should ask again, up to behindWait; on one server the
// read has found the log as it is, and it reports false.
func (s *Store) settle(ctx context.Context, tries *int) bool {
	if !s.replicated || *tries >= int(behindWait/behindPause) {
		return false
	}
	*tries++
	select {
	case <-ctx.Done():
		return false
	case <-time.After(behindPause):
		return true
	}
}

// ReadAll implements events.Store. It asks for consecutive positions
// without headers: the log has no gaps, so a message's position is its
// place in the answer, which the server's end-of-batch marker confirms.
func (s *Store) ReadAll(ctx context.Context, from uint64, decode bool) iter.Seq2[events.Envelope, error] {
	if from == 0 {
		from = 1
	}
	return func(yield func(events.Envelope, error) bool) {
		s.scanRange(ctx, from, 0, "", decode, yield)
	}
}

// scanRange yields the log's events from position from to position to
// (0: to the end), those of session only if session is not empty, reading
// consecutive positions without headers. It reports whether the caller
// wants more.
func (s *Store) scanRange(ctx context.Context, from, to uint64, session string, decode bool, yield func(events.Envelope, error) bool) bool {
	next, size := from, firstChunk
	ask := func() *pendingBatch {
		n := size
		if to != 0 {
			n = int(min(uint64(size), to-next+1))
		}
		return s.sendBatch(ctx, s.log, directRequest{Seq: next, Batch: n, NoHeaders: true})
	}
	// One reader for the whole read: it shares type names and session IDs
	// between records, where decoding each alone allocates them.
	var records events.RecordReader
	behindTries := 0
	p := ask()
	for {
		buf, end, err := p.wait(nil)
		if err == nil && len(buf) > 0 && end.last != next+uint64(len(buf))-1 {
			err = fmt.Errorf("%w: the log has a gap between positions %d and %d", events.ErrCorrupt, next, end.last)
		}
		if err == nil {
			err = s.live(ctx)
		}
		if err != nil {
			return yield(events.Envelope{}, err)
		}
		// Ask for the next chunk before handing out this one.
		start := next
		next += uint64(len(buf))
		p = nil
		if len(buf) > 0 && end.pending > 0 && (to == 0 || next <= to) {
			size = min(2*size, readChunk)
			p = ask()
		} else if s.replicated && to != 0 && next <= to {
			// The log ends before the position the caller knows of: a
			// replica behind the one that told it. Ask again.
			if !s.settle(ctx, &behindTries) {
				return yield(events.Envelope{}, fmt.Errorf("%w: the log ends at position %d, before %d", events.ErrCorrupt, next-1, to))
			}
			p = ask()
		}
		for i, m := range buf {
			e, ok := s.event(&records, ctx, m.data, start+uint64(i), "")
			if !ok || session != "" && e.Session != session {
				continue
			}
			var err error
			if decode {
				err = e.Decode()
			}
			if !yield(e, err) || err != nil {
				if p != nil {
					p.abandon()
				}
				return false
			}
		}
		if p == nil {
			return true
		}
	}
}

// denseEnough is the share of the log's positions, between a session's
// first and last event, that the session must hold for ReadSession to
// read those positions whole rather than ask for the session's subject:
// messages asked for by subject come with their headers, which cost the
// server and the client several times what the event does.
const denseEnough = 0.25

// ReadSession implements events.Store. From version 1 it asks the server
// for the session's subject from the start; from a later version it first
// finds that version's position (see locate).
func (s *Store) ReadSession(ctx context.Context, session string, from uint64) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		if err := s.live(ctx); err != nil {
			yield(events.Envelope{}, err)
			return
		}
		if checkSessionID(session) != nil {
			yield(events.Envelope{}, noSession(session))
			return
		}
		subject := s.logSubject(session)
		last, found, err := s.last(ctx, session)
		if err == nil && !found {
			err = noSession(session)
		}
		var first uint64
		if err == nil {
			first, found, err = s.first(ctx, session)
			if err == nil && !found {
				err = fmt.Errorf("%w: session %s has a last event but no first", events.ErrCorrupt, session)
			}
		}
		if err != nil {
			yield(events.Envelope{}, err)
			return
		}
		from := from // per range: ranging over the sequence again starts again at from
		if from > last.Version {
			return
		}
		start := first
		if from > 1 {
			seq, ok, err := s.locate(ctx, session, from)
			if err != nil || !ok {
				if err != nil {
					yield(events.Envelope{}, err)
				}
				return
			}
			start = seq
		}
		if float64(last.Version) >= denseEnough*float64(last.Position-first+1) {
			// Most positions up to the last event are the session's: read
			// them whole, then ask by subject for what came since.
			if !s.scanRange(ctx, start, last.Position, session, true, yield) {
				return
			}
			start = last.Position + 1
		}
		size := firstChunk
		var records events.RecordReader
		behindTries := 0
		p := s.sendBatch(ctx, s.log, directRequest{Seq: start, NextFor: subject, Batch: size})
		for {
			buf, end, err := p.wait(nil)
			if err == nil {
				err = s.live(ctx)
			}
			if err != nil {
				yield(events.Envelope{}, err)
				return
			}
			// Ask for the next chunk before handing out this one.
			p = nil
			if len(buf) > 0 {
				start = buf[len(buf)-1].seq + 1
			}
			if len(buf) > 0 && end.pending > 0 {
				size = min(2*size, readChunk)
				p = s.sendBatch(ctx, s.log, directRequest{Seq: start, NextFor: subject, Batch: size})
			} else if start <= last.Position && s.settle(ctx, &behindTries) {
				// The session ends before its last event as read: a
				// replica behind the one that said so. Ask again.
				p = s.sendBatch(ctx, s.log, directRequest{Seq: start, NextFor: subject, Batch: size})
			}
			for _, m := range buf {
				e, ok := s.event(&records, ctx, m.data, m.seq, m.subject)
				if !ok {
					continue
				}
				err := e.Decode()
				if !yield(e, err) || err != nil {
					if p != nil {
						p.abandon()
					}
					return
				}
			}
			if p == nil {
				return
			}
		}
	}
}

// first is the position of a session's first event; found is false when
// the session does not exist. It never changes, so it is kept.
func (s *Store) first(ctx context.Context, session string) (pos uint64, found bool, err error) {
	s.firstMu.Lock()
	pos, found = s.firsts[session]
	s.firstMu.Unlock()
	if found {
		return pos, true, nil
	}
	var m stored
	behindTries := 0
	for from := uint64(1); ; from = m.seq + 1 {
		m, found, err = s.getOne(ctx, s.log, directRequest{Seq: from, NextFor: s.logSubject(session)})
		for err == nil && !found && s.settle(ctx, &behindTries) {
			// Asked for a session the caller found: a replica behind may
			// not have it yet. (A session that does not exist costs a
			// replicated log this wait: callers ask after finding it.)
			m, found, err = s.getOne(ctx, s.log, directRequest{Seq: from, NextFor: s.logSubject(session)})
		}
		if err != nil || !found {
			return 0, false, err
		}
		if _, ok := s.event(nil, ctx, m.data, m.seq, m.subject); ok {
			break
		}
	}
	s.firstMu.Lock()
	s.firsts[session] = m.seq
	s.firstMu.Unlock()
	return m.seq, true, nil
}

// last is a session's last event, undecoded. On a replicated log it is
// never older than the last this store has seen of the session (see
// seen): a replica behind is asked again.
func (s *Store) last(ctx context.Context, session string) (events.Envelope, bool, error) {
	behindTries := 0
	for {
		m, found, err := s.getOne(ctx, s.log, directRequest{LastFor: s.logSubject(session)})
		if err != nil {
			return events.Envelope{}, false, err
		}
		if s.replicated && (!found || m.seq < s.seenOf(session)) && s.seenOf(session) > 0 && s.settle(ctx, &behindTries) {
			continue
		}
		if !found {
			return events.Envelope{}, false, nil
		}
		s.saw(session, m.seq)
		if e, ok := s.event(nil, ctx, m.data, m.seq, m.subject); ok {
			return e, true, nil
		}
		return s.lastBefore(ctx, session, m.seq)
	}
}

// saw records that a session's messages reach position pos at least (a
// replicated log's store only): what this store read or appended, which
// later reads must not go back on.
func (s *Store) saw(session string, pos uint64) {
	if !s.replicated {
		return
	}
	s.seenMu.Lock()
	defer s.seenMu.Unlock()
	if s.seen == nil {
		s.seen = map[string]uint64{}
	}
	if pos > s.seen[session] {
		s.seen[session] = pos
	}
}

// seenOf is the furthest position of a session's messages this store has
// seen (0: none, or one server).
func (s *Store) seenOf(session string) uint64 {
	s.seenMu.Lock()
	defer s.seenMu.Unlock()
	return s.seen[session]
}

// lastBefore is a session's last event before position end, whose message
// is not a hoyle event: read through the session's subject (only a log
// that someone wrote into by hand costs this).
func (s *Store) lastBefore(ctx context.Context, session string, end uint64) (events.Envelope, bool, error) {
	var last events.Envelope
	found := false
	var buf []stored
	for next := uint64(1); next < end; {
		var be batchEnd
		var err error
		buf, be, err = s.getBatch(ctx, s.log, directRequest{Seq: next, NextFor: s.logSubject(session), Batch: readChunk}, buf[:0])
		if err != nil {
			return events.Envelope{}, false, err
		}
		for _, m := range buf {
			if m.seq >= end {
				return last, found, nil
			}
			if e, ok := s.event(nil, ctx, m.data, m.seq, m.subject); ok {
				last, found = e, true
			}
		}
		if len(buf) == 0 || be.pending == 0 {
			break
		}
		next = buf[len(buf)-1].seq + 1
	}
	return last, found, nil
}

// locate finds the position of a session's event at version v (v > 1); ok
// is false when the session has fewer events. Versions take consecutive
// messages of the session's subject, so version v lies at least v-1
// positions after the first event, and after any event w below it, at
// least v-w positions after w's: each probe asks for the next message of
// the subject at such a lower bound, which either is version v or gives a
// higher one. A session written without others in between is found in one
// probe; after a few the rest is read through.
func (s *Store) locate(ctx context.Context, session string, v uint64) (uint64, bool, error) {
	first, found, err := s.first(ctx, session)
	if err != nil {
		return 0, false, err
	}
	if !found {
		return 0, false, noSession(session)
	}
	bound := first + v - 1 // the position of version v is at least this
	for range 8 {
		m, found, err := s.getOne(ctx, s.log, directRequest{Seq: bound, NextFor: s.logSubject(session)})
		if err != nil || !found {
			return 0, false, err
		}
		e, ok := s.event(nil, ctx, m.data, m.seq, m.subject)
		if !ok {
			bound = m.seq + 1
			continue
		}
		if e.Version >= v { // == v; more would be a damaged log
			return m.seq, true, nil
		}
		bound = m.seq + (v - e.Version)
	}
	// Many sessions interleaved: read through from the bound.
	var buf []stored
	for {
		var end batchEnd
		buf, end, err = s.getBatch(ctx, s.log, directRequest{Seq: bound, NextFor: s.logSubject(session), Batch: readChunk}, buf[:0])
		if err != nil {
			return 0, false, err
		}
		for _, m := range buf {
			e, ok := s.event(nil, ctx, m.data, m.seq, m.subject)
			if !ok {
				continue
			}
			if e.Version >= v {
				return m.seq, true, nil
			}
		}
		if len(buf) == 0 || end.pending == 0 {
			return 0, false, nil
		}
		bound = buf[len(buf)-1].seq + 1
	}
}

// ReadSessionBackward implements events.Store. The server reads forward
// only, so each chunk is a window of positions before the last event
// yielded, sized from how spread out the session is (positions per version
// from its first event to there): for a session written without others in
// between, one request fetches exactly the chunk. A window that proves too
// short is followed by another; one that proves far too long is cut.
func (s *Store) ReadSessionBackward(ctx context.Context, session string) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		if err := s.live(ctx); err != nil {
			yield(events.Envelope{}, err)
			return
		}
		if checkSessionID(session) != nil {
			yield(events.Envelope{}, noSession(session))
			return
		}
		e, found, err := s.last(ctx, session)
		if err == nil && !found {
			err = noSession(session)
		}
		if err == nil {
			err = e.Decode()
		}
		if !yield(e, err) || err != nil {
			return
		}
		first, found, err := s.first(ctx, session)
		if err == nil && !found {
			err = fmt.Errorf("%w: session %s has a last event but no first", events.ErrCorrupt, session)
		}
		if err != nil {
			yield(events.Envelope{}, err)
			return
		}
		top, hi := e.Version, e.Position // still to yield: versions below top, at positions below hi
		size := firstChunk
		for top > 1 {
			if err := s.live(ctx); err != nil {
				yield(events.Envelope{}, err)
				return
			}
			k := min(uint64(size), top-1)
			chunk, err := s.window(ctx, session, first, hi, top, k)
			if err != nil {
				yield(events.Envelope{}, err)
				return
			}
			for i := len(chunk) - 1; i >= 0; i-- {
				e := chunk[i]
				err := e.Decode()
				if !yield(e, err) || err != nil {
					return
				}
			}
			top, hi = chunk[0].Version, chunk[0].Position
			size = min(2*size, readChunk)
		}
	}
}

// window returns, in order, up to k events of a session just before
// position hi: versions top-k to top-1, or fewer, ending at top-1. It reads
// forward from an estimated position; if the session has nothing between
// there and hi, it starts again twice as far back.
func (s *Store) window(ctx context.Context, session string, first, hi, top, k uint64) ([]events.Envelope, error) {
	behindTries := 0
	for {
		got, err := s.window1(ctx, session, first, hi, top, k)
		if err != nil && errors.Is(err, events.ErrCorrupt) && s.settle(ctx, &behindTries) {
			continue // a replica behind the one that gave hi: ask again
		}
		return got, err
	}
}

// window1 is window as one replica answers it.
func (s *Store) window1(ctx context.Context, session string, first, hi, top, k uint64) ([]events.Envelope, error) {
	back := estimateBack(first, 1, hi, top, k)
	for {
		start := first
		if hi-first > back {
			start = hi - back
		}
		// Versions 1 to top-1 lie in [first, hi).
		dense := float64(top-1) >= denseEnough*float64(hi-first)
		got, err := s.scanTo(ctx, session, start, hi, top, k, dense)
		if err != nil {
			return nil, err
		}
		if len(got) > 0 {
			if got[len(got)-1].Version != top-1 {
				return nil, fmt.Errorf("%w: session %s: version %d not found before position %d", events.ErrCorrupt, session, top-1, hi)
			}
			if uint64(len(got)) > k {
				got = got[uint64(len(got))-k:]
			}
			return got, nil
		}
		if start == first {
			return nil, fmt.Errorf("%w: session %s: version %d not found before position %d", events.ErrCorrupt, session, top-1, hi)
		}
		back = 2*back + k
	}
}

// estimateBack is how far before hi the k events before it probably start,
// given that version lies at pos: as far as k versions take on average
// between the two.
func estimateBack(pos, version, hi, top, k uint64) uint64 {
	spread := float64(hi-pos) / float64(top-version)
	return max(uint64(math.Ceil(float64(k)*spread)), k)
}

// scanTo reads a session's events from position start up to (not
// including) hi, in order: by subject, or if the session is dense there
// (see denseEnough), every position. Once it has read far more than the k
// wanted, it skips ahead to where the last k probably start; if that skip
// proves to land past them, it reads on from where it was instead.
func (s *Store) scanTo(ctx context.Context, session string, start, hi, top, k uint64, dense bool) ([]events.Envelope, error) {
	subject := s.logSubject(session)
	var got []events.Envelope
	var buf []stored
	var records events.RecordReader
	var skippedFrom uint64 // the position read up to before a skip, 0 if none
	skips := true
	for cur := start; ; {
		var end batchEnd
		var err error
		req := directRequest{Seq: cur, NextFor: subject, Batch: int(k) + 1}
		if dense {
			req = directRequest{Seq: cur, Batch: int(min(hi-cur, 4*k+4, readChunk)), NoHeaders: true}
		}
		buf, end, err = s.getBatch(ctx, s.log, req, buf[:0])
		if err == nil && dense && len(buf) > 0 && end.last != cur+uint64(len(buf))-1 {
			err = fmt.Errorf("%w: the log has a gap between positions %d and %d", events.ErrCorrupt, cur, end.last)
		}
		if err != nil {
			return nil, err
		}
		done := len(buf) == 0 || end.pending == 0 || dense && cur+uint64(len(buf)) >= hi
		var fetched []events.Envelope
		for _, m := range buf {
			if m.seq >= hi {
				done = true
				break
			}
			e, ok := s.event(&records, ctx, m.data, m.seq, m.subject)
			if !ok || e.Session != session {
				continue // another session's event, or not a hoyle event
			}
			fetched = append(fetched, e)
		}
		if skippedFrom != 0 {
			switch {
			case len(fetched) == 0 && done:
				// Skipped past what was wanted: read on from before the skip.
				cur, skippedFrom, skips = skippedFrom+1, 0, false
				continue
			case len(fetched) == 0:
				cur += uint64(len(buf)) // dense, and none of the session's yet
				continue
			}
			got, skippedFrom = got[:0], 0
		}
		got = append(got, fetched...)
		if done {
			return got, nil
		}
		if len(got) == 0 {
			cur += uint64(len(buf)) // dense, and none of the session's yet
			continue
		}
		last := got[len(got)-1]
		cur = max(last.Position+1, buf[len(buf)-1].seq+1)
		if skips && top-1-last.Version > k {
			if next := hi - min(estimateBack(last.Position, last.Version, hi, top, k), hi-last.Position); next > cur {
				skippedFrom, cur = last.Position, next
			}
		}
	}
}

// Session implements events.Store: the session's last event gives its
// version, head and last position.
func (s *Store) Session(ctx context.Context, session string) (events.SessionInfo, error) {
	if err := s.live(ctx); err != nil {
		return events.SessionInfo{}, err
	}
	if checkSessionID(session) != nil {
		return events.SessionInfo{}, noSession(session)
	}
	e, found, err := s.last(ctx, session)
	if err == nil && !found {
		err = noSession(session)
	}
	if err != nil {
		return events.SessionInfo{}, err
	}
	first, found, err := s.first(ctx, session)
	if err == nil && !found {
		err = fmt.Errorf("%w: session %s has a last event but no first", events.ErrCorrupt, session)
	}
	if err != nil {
		return events.SessionInfo{}, err
	}
	return events.SessionInfo{ID: session, Version: e.Version, Head: e.Hash, First: first, Last: e.Position}, nil
}

// opening is a session and the position of its first event.
type opening struct {
	session string
	first   uint64
}

// Sessions implements events.Store: the sessions in the index and the tail,
// as of the end of the log when the call started, with their heads read as
// of that position too, so that the list is one consistent picture.
func (s *Store) Sessions(ctx context.Context) ([]events.SessionInfo, error) {
	if err := s.live(ctx); err != nil {
		return nil, err
	}
	s.tailMu.Lock()
	err := s.refresh(ctx)
	end := s.tail.scanned()
	var fromTail []opening
	for _, e := range s.tail.events {
		if e.version == 1 {
			fromTail = append(fromTail, opening{e.session, e.pos})
		}
	}
	s.tailMu.Unlock()
	if err != nil {
		return nil, err
	}
	openings, err := s.indexedSessions(ctx)
	if err != nil {
		return nil, err
	}
	known := make(map[string]bool, len(openings))
	list := openings[:0]
	for _, o := range openings {
		if o.first <= end {
			list = append(list, o)
			known[o.session] = true
		}
	}
	for _, o := range fromTail {
		if !known[o.session] {
			list = append(list, o)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].first < list[j].first })
	ids := make([]string, len(list))
	for i, o := range list {
		ids[i] = o.session
	}
	heads, err := s.heads(ctx, ids, end)
	if err != nil {
		return nil, err
	}
	out := make([]events.SessionInfo, 0, len(list))
	for _, o := range list {
		h := heads[o.session]
		if !h.exists {
			// An index entry that points at nothing: written by someone
			// with access to the index, not by a store (they index what
			// the log holds). The log is what counts.
			s.warnf("the shared log's index lists session %q, which has no events in the log: skipped", o.session)
			continue
		}
		out = append(out, events.SessionInfo{ID: o.session, Version: h.version, Head: h.hash, First: o.first, Last: h.seq})
	}
	return out, nil
}

// indexedSessions reads the index's list of sessions.
func (s *Store) indexedSessions(ctx context.Context) ([]opening, error) {
	var out []opening
	var buf []stored
	prefix := s.idxPrefix + "session."
	for next := uint64(1); ; {
		var end batchEnd
		var err error
		buf, end, err = s.getBatch(ctx, s.index, directRequest{Seq: next, NextFor: prefix + "*", Batch: readChunk}, buf[:0])
		if err != nil {
			return nil, err
		}
		for _, m := range buf {
			first, err := bytesU64(m.data)
			if err != nil {
				s.warnf("the shared log's index entry %s (message %d) is not a position: skipped", m.subject, m.seq)
				continue
			}
			out = append(out, opening{session: m.subject[len(prefix):], first: first})
		}
		if len(buf) == 0 || end.pending == 0 {
			return out, nil
		}
		next = buf[len(buf)-1].seq + 1
	}
}

// LastSession implements events.Store: the last session opened in the
// tail, or else the index's last (the index lists sessions in the order
// they were opened: it is written in log order).
func (s *Store) LastSession(ctx context.Context) (string, error) {
	if err := s.live(ctx); err != nil {
		return "", err
	}
	s.tailMu.Lock()
	err := s.refresh(ctx)
	session, first, inTail := s.tail.lastOpened()
	s.tailMu.Unlock()
	if err != nil {
		return "", err
	}
	prefix := s.idxPrefix + "session."
	m, found, err := s.getOne(ctx, s.index, directRequest{LastFor: prefix + "*"})
	if err != nil {
		return "", err
	}
	if found {
		pos, err := bytesU64(m.data)
		cand := m.subject[len(prefix):]
		if err == nil {
			_, found, err = s.last(ctx, cand)
		}
		if err != nil || !found {
			// An index entry that is not a session of the log: the last
			// session is the last the log itself opened.
			s.warnf("the shared log's index names session %q last, which has no events in the log: skipped", cand)
			list, err := s.Sessions(ctx)
			if err != nil {
				return "", err
			}
			if len(list) == 0 {
				return "", fmt.Errorf("%w: the log has no sessions yet", events.ErrNoSession)
			}
			return list[len(list)-1].ID, nil
		}
		// Another store may have indexed past this one's tail.
		if !inTail || pos > first {
			session, inTail = cand, true
		}
	}
	if !inTail {
		return "", fmt.Errorf("%w: the log has no sessions yet", events.ErrNoSession)
	}
	return session, nil
}
