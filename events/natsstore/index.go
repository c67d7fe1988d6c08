package natsstore

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hoyle/hoyle/events"
)

// The index stream maps, as a key-value store (one message per subject):
//
//	<stream>.index.id.<event ID>       -> log position (8 bytes, big-endian)
//	<stream>.index.session.<session>   -> position of the session's first event
//	<stream>.index.upto                -> P: every log event up to position P is indexed
//
// It is written after the log, by whichever writer finds IndexEvery events
// past upto, in atomic batches that cover the next stretch of the log and
// move upto on, on the condition that upto is still where the writer read
// it (Nats-Expected-Last-Subject-Sequence). So the index always covers
// exactly positions 1..upto, writers that race write it once, and a writer
// that dies leaves it behind the log, never wrong. What lies past upto (the
// tail) every store scans from the log itself and keeps in memory.

// tailEvent is one log event past the index.
type tailEvent struct {
	pos     uint64
	id      events.ID
	session string
	version uint64
	foreign bool // not a hoyle event: a place kept, nothing indexed
}

// tail is what a store knows of the log past the index: every event from
// position indexed+1 to indexed+len(events). Guarded by Store.tailMu.
type tail struct {
	known   bool   // indexed has been read from the index
	indexed uint64 // every position up to it is in the index (perhaps more)
	events  []tailEvent
	ids     map[events.ID]uint64
}

func (t *tail) scanned() uint64 { return t.indexed + uint64(len(t.events)) }

// advance forgets the events up to position upto, now in the index.
func (t *tail) advance(upto uint64) {
	if upto <= t.indexed {
		return
	}
	n := min(upto-t.indexed, uint64(len(t.events)))
	for _, e := range t.events[:n] {
		if !e.foreign {
			delete(t.ids, e.id)
		}
	}
	t.events = append(t.events[:0:0], t.events[n:]...)
	t.indexed = upto
}

// reset forgets the tail and starts it again after position upto.
func (t *tail) reset(upto uint64) {
	t.indexed, t.events, t.ids = upto, nil, nil
}

// skip keeps the place of a message that is not a hoyle event.
func (t *tail) skip(pos uint64) { t.events = append(t.events, tailEvent{pos: pos, foreign: true}) }

func (t *tail) add(e tailEvent) {
	if t.ids == nil {
		t.ids = map[events.ID]uint64{}
	}
	t.events = append(t.events, e)
	t.ids[e.id] = e.pos
}

// lastOpened is the last session opened in the tail, if any.
func (t *tail) lastOpened() (string, uint64, bool) {
	for i := len(t.events) - 1; i >= 0; i-- {
		if t.events[i].version == 1 {
			return t.events[i].session, t.events[i].pos, true
		}
	}
	return "", 0, false
}

const (
	scanChunk = 4096 // log events per request when scanning the tail
)

func u64bytes(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

func bytesU64(b []byte) (uint64, error) {
	if len(b) != 8 {
		return 0, fmt.Errorf("%w: an index entry of %d bytes", events.ErrCorrupt, len(b))
	}
	return binary.BigEndian.Uint64(b), nil
}

// indexUpto reads the index's upto mark, and the sequence of the message
// that holds it (0 if none: an empty index).
func (s *Store) indexUpto(ctx context.Context) (upto, msgSeq uint64, err error) {
	m, ok, err := s.getOne(ctx, s.index, directRequest{LastFor: s.idxPrefix + "upto"})
	if err != nil || !ok {
		return 0, 0, err
	}
	upto, err = bytesU64(m.data)
	return upto, m.seq, err
}

// refresh reads the log from the end of the tail to the end of the log,
// and writes the tail to the index whenever it reaches IndexEvery events,
// so that a store opening a log whose index is far behind (or lost)
// rebuilds it in bounded memory. tailMu must be held.
func (s *Store) refresh(ctx context.Context) error {
	if !s.tail.known {
		upto, _, err := s.indexUpto(ctx)
		if err != nil {
			return err
		}
		s.tail.reset(upto)
		s.tail.known = true
	}
	var buf []stored
	var records events.RecordReader
	for {
		if err := s.live(ctx); err != nil {
			return err
		}
		from := s.tail.scanned() + 1
		var end batchEnd
		var err error
		buf, end, err = s.getBatch(ctx, s.log, directRequest{Seq: from, Batch: scanChunk, NoHeaders: true}, buf[:0])
		if err != nil {
			return err
		}
		if len(buf) == 0 {
			return nil
		}
		if end.last != from+uint64(len(buf))-1 {
			return fmt.Errorf("%w: the log has a gap between positions %d and %d", events.ErrCorrupt, from, end.last)
		}
		for i, m := range buf {
			e, ok := s.event(&records, ctx, m.data, from+uint64(i), "")
			if !ok {
				s.tail.skip(from + uint64(i))
				continue
			}
			s.tail.add(tailEvent{pos: e.Position, id: e.ID, session: e.Session, version: e.Version})
		}
		if len(s.tail.events) >= s.opt.IndexEvery {
			// Best effort, as every indexing: a reader copes with an index
			// behind the log, and the tail is kept meanwhile.
			_ = s.flush(ctx)
		}
		if end.pending == 0 {
			return nil
		}
	}
}

// flush writes the tail to the index, in atomic batches each of which moves
// the upto mark on, on the condition that no one else has moved it since it
// was read. A writer that loses that race drops what the winner indexed and
// goes on from there. tailMu must be held.
func (s *Store) flush(ctx context.Context) error {
	for attempt := 0; len(s.tail.events) > 0; attempt++ {
		if attempt > 50 {
			return fmt.Errorf("natsstore: indexing: %w (other writers keep moving the index on)", events.ErrConflict)
		}
		upto, markSeq, err := s.indexUpto(ctx)
		if err != nil {
			return err
		}
		switch {
		case upto < s.tail.indexed:
			// The index was dropped and is being rebuilt: scan again.
			s.tail.reset(upto)
			return nil
		case upto > s.tail.indexed:
			s.tail.advance(upto)
			if len(s.tail.events) == 0 {
				return nil
			}
		}
		msgs := make([]*nats.Msg, 0, min(len(s.tail.events)*2, s.opt.MaxBatch))
		last := s.tail.indexed
		for _, e := range s.tail.events {
			if e.foreign {
				last = e.pos
				continue
			}
			need := 1
			if e.version == 1 {
				need = 2
			}
			if len(msgs)+need+1 > s.opt.MaxBatch {
				break
			}
			pos := u64bytes(e.pos)
			msgs = append(msgs, &nats.Msg{Subject: s.idxPrefix + "id." + e.id.String(), Data: pos, Header: nats.Header{}})
			if e.version == 1 {
				msgs = append(msgs, &nats.Msg{Subject: s.idxPrefix + "session." + e.session, Data: pos, Header: nats.Header{}})
			}
			last = e.pos
		}
		mark := &nats.Msg{Subject: s.idxPrefix + "upto", Data: u64bytes(last), Header: nats.Header{}}
		mark.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(markSeq, 10))
		msgs = append(msgs, mark)
		if _, err := s.publishBatch(ctx, "indexing", msgs); err != nil {
			if isWrongLastSeq(err) {
				// Someone else moved upto (or a replica behind the leader
				// told where it was): see how far.
				tries := 0
				s.settle(ctx, &tries)
				continue
			}
			return err
		}
		s.tail.advance(last)
	}
	return nil
}

// isWrongLastSeq reports a failed Nats-Expected-Last-Subject-Sequence check.
func isWrongLastSeq(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// maybeFlush indexes the log after an append that took positions first
// to last, if that append crossed a multiple of IndexEvery: one writer
// indexes each stretch, never a herd of them racing (each reading the
// stretch to write it). It asks how far the index is first (the writer of
// the last stretch may have failed, or another writer indexed past it)
// and reads the log from there. It is best effort: a failure leaves the
// index behind the log, which every reader copes with, and the writer of
// the next stretch takes this one too.
func (s *Store) maybeFlush(ctx context.Context, first, last uint64) {
	every := uint64(s.opt.IndexEvery)
	if first == 0 || last/every == (first-1)/every {
		return
	}
	s.tailMu.Lock()
	defer s.tailMu.Unlock()
	if !s.tail.known {
		return
	}
	upto, _, err := s.indexUpto(ctx)
	if err != nil {
		return
	}
	switch {
	case upto < s.tail.indexed:
		s.tail.reset(upto) // the index dropped and being rebuilt
	case upto > s.tail.scanned():
		s.tail.reset(upto) // indexed by others past what this store read
	case upto > s.tail.indexed:
		s.tail.advance(upto)
	}
	if last < s.tail.indexed+every {
		return
	}
	_ = s.refresh(ctx)
}

// tailIndexed is where the index ends as far as the tail knows.
func (s *Store) tailIndexed() uint64 {
	s.tailMu.Lock()
	defer s.tailMu.Unlock()
	return s.tail.indexed
}

// tailLookup brings the tail up to the end of the log and finds the IDs
// that are in it, by position. It also says whether the tail has moved past
// since, the index having taken events from it (flushed by this store,
// perhaps by another goroutine): index look-ups sent before then may have
// missed those.
func (s *Store) tailLookup(ctx context.Context, ids []events.ID, since uint64) (found map[events.ID]uint64, moved bool, err error) {
	found = map[events.ID]uint64{}
	s.tailMu.Lock()
	defer s.tailMu.Unlock()
	if err := s.refresh(ctx); err != nil {
		return nil, false, err
	}
	for _, id := range ids {
		if pos, ok := s.tail.ids[id]; ok {
			found[id] = pos
		}
	}
	return found, s.tail.indexed != since, nil
}

// sendIDLookups asks the index where the events are, up to multiLastMax
// a request. Together with the tail (read after these are sent, so that it
// covers whatever the index did not yet when they were answered) the
// answers cover the whole log.
func (s *Store) sendIDLookups(ctx context.Context, ids []events.ID) []*pendingBatch {
	var out []*pendingBatch
	for len(ids) > 0 {
		n := min(len(ids), multiLastMax)
		subjects := make([]string, n)
		for i, id := range ids[:n] {
			subjects[i] = s.idxPrefix + "id." + id.String()
		}
		out = append(out, s.sendBatch(ctx, s.index, directRequest{MultiLast: subjects}))
		ids = ids[n:]
	}
	return out
}

// waitIDLookups reads the answers to sendIDLookups into found.
func (s *Store) waitIDLookups(pending []*pendingBatch, found map[events.ID]uint64) error {
	var buf []stored
	for _, p := range pending {
		var err error
		buf, _, err = p.wait(buf[:0])
		if err != nil {
			return err
		}
		for _, m := range buf {
			id, err := events.ParseID(m.subject[len(s.idxPrefix)+len("id."):])
			if err != nil {
				return fmt.Errorf("%w: index entry %s", events.ErrCorrupt, m.subject)
			}
			pos, err := bytesU64(m.data)
			if err != nil {
				return err
			}
			found[id] = pos
		}
	}
	return nil
}

// multiLastMax is the most subjects asked for in one multi_last request:
// the server answers at most 1,024 messages to one.
const multiLastMax = 1000
