package natsstore

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/synadia-io/orbit.go/jetstreamext"

	"github.com/hoyle/hoyle/events"
)

// head is where a session stands: its last event's version, hash and
// position (all zero for a session that does not exist).
type head struct {
	version uint64
	hash    events.Hash
	seq     uint64
	exists  bool
	// subjSeq is the sequence of the last message under the session's
	// subject, which an append's expected sequence names: seq, unless a
	// message that is not a hoyle event came after the last event.
	subjSeq uint64
}

// plan is an append ready to publish: the envelopes to return (earlier
// appends' for retried batches), and the messages of the new ones.
type plan struct {
	out   []events.Envelope
	fresh []int // indexes in out of the new envelopes, in message order
	msgs  []*nats.Msg
}

// maxAttempts bounds how often an append is planned again after the server
// refused it for a reason that a fresh look may settle: an AnyVersion batch
// overtaken by another writer, an ID another writer stored meanwhile.
const maxAttempts = 20

// Append implements events.Store. All batches are published as one
// JetStream atomic batch (one message per new event), each session's first
// message carrying the stream sequence of the session's last event as
// Nats-Expected-Last-Subject-Sequence: the server stores all of it or none,
// and refuses it if any session moved since it was read.
func (s *Store) Append(ctx context.Context, batches ...events.Batch) ([]events.Envelope, error) {
	if err := s.live(ctx); err != nil {
		return nil, err
	}
	if err := checkBatches(batches); err != nil {
		return nil, err
	}
	if !s.replicated {
		return s.appendOnce(ctx, batches)
	}
	// A replicated log rides out a change of leader: the append is tried
	// again, planned afresh (so that one that landed before its answer was
	// lost is found and reported as stored), until failoverWait has passed.
	start := time.Now()
	for wait := failoverPause; ; wait = min(2*wait, 8*failoverPause) {
		out, err := s.appendOnce(ctx, batches)
		if err == nil || !failingOver(err) {
			return out, err
		}
		var stale *staleRead
		if errors.As(err, &stale) && time.Since(start) > staleWait {
			return nil, stale.err // the session is as the replicas say
		}
		if time.Since(start) > failoverWait {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// How a replicated log's append rides out a change of leader: JetStream
// elects a new one within a few seconds of the old one's failure.
const (
	failoverWait  = 10 * time.Second
	failoverPause = 50 * time.Millisecond
	// staleWait bounds how long a replica may be believed behind: the
	// lag of a replica that answers is milliseconds.
	staleWait = time.Second
)

// failingOver reports an append's failure that a cluster changing its
// leader gives, and that trying again settles: no server answering, a
// server answering that the stream has no leader (503), or a read from a
// replica behind the leader (staleRead).
func failingOver(err error) bool {
	var stale *staleRead
	var apiErr *jetstream.APIError
	return errors.Is(err, ErrUnavailable) || errors.As(err, &stale) ||
		(errors.As(err, &apiErr) && apiErr.Code == 503)
}

// staleRead is an append refused on what a replica of the log said: a
// session behind the version the append expects, or missing. A replica
// may answer reads a moment behind the leader (after this very store's
// last append), so the append is planned again before err is believed.
type staleRead struct{ err error }

func (e *staleRead) Error() string { return e.err.Error() }
func (e *staleRead) Unwrap() error { return e.err }

// behind reports whether the heads read are behind what the batches
// expect: a session missing that the append expects to find, or at a
// version below the one it expects. A writer that read the session knows
// it at least that far: a replica that says less is behind the leader.
func behind(batches []events.Batch, heads map[string]head) bool {
	seen := map[string]bool{}
	for _, b := range batches {
		if seen[b.Session] {
			continue
		}
		seen[b.Session] = true
		h := heads[b.Session]
		switch b.Expected {
		case events.NewSession:
		case events.AnyVersion:
			if !h.exists {
				return true
			}
		default:
			if !h.exists || h.version < b.Expected {
				return true
			}
		}
	}
	return false
}

// appendOnce is Append on one view of the log: planned, published and
// planned again after a refusal that a fresh look settles.
func (s *Store) appendOnce(ctx context.Context, batches []events.Batch) ([]events.Envelope, error) {
	// Look the IDs up in the log unless the server's duplicate window
	// vouches for them (see young); after any refusal, always.
	lookUp := s.noBatchMsgID.Load() || !young(batches, time.Now(), min(youngFor, s.dupWindow/2))
	for attempt := 1; ; attempt, lookUp = attempt+1, true {
		p, err := s.plan(ctx, batches, lookUp)
		if err != nil {
			var unavailable *UnavailableError
			if errors.As(err, &unavailable) {
				unavailable.Op = "append"
			}
			return nil, err
		}
		if len(p.msgs) == 0 {
			return p.out, nil
		}
		if len(p.msgs) > s.opt.MaxBatch {
			return nil, &BatchTooLargeError{Events: len(p.msgs), Max: s.opt.MaxBatch}
		}
		first, err := s.publish(ctx, p.msgs)
		if err == nil {
			for i, j := range p.fresh {
				p.out[j].Position = first + uint64(i)
				s.saw(p.out[j].Session, p.out[j].Position)
			}
			s.maybeFlush(ctx, first, first+uint64(len(p.msgs))-1)
			return p.out, nil
		}
		var again *retryError
		if !errors.As(err, &again) {
			return nil, err
		}
		if attempt >= maxAttempts {
			return nil, again.err
		}
		// Plan again: a batch with an explicit version now finds its
		// session moved (ErrConflict); an AnyVersion batch goes on top;
		// an event another writer stored is found and reported as stored.
		if again.wait > 0 {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(again.wait):
			}
		}
	}
}

// youngFor is how young (by the time in their IDs, on this machine's
// clock) an append's events must all be for the server's duplicate window
// to vouch for them: half the window hoyle makes the log with (two
// minutes), and no more than a few seconds ahead of the clock.
const (
	youngFor   = time.Minute
	youngAhead = 5 * time.Second
)

// young reports whether every event of the append was made within
// within (youngFor, or half the log's own duplicate window if shorter): then none of them can have been stored more than youngFor ago,
// so the server, which refuses (Nats-Msg-Id) any ID stored within its
// duplicate window, catches a retry, and the append need not look its IDs
// up in the log first (which costs reading every other writer's events).
// An ID the server refuses sends the append back to the look-up.
func young(batches []events.Batch, now time.Time, within time.Duration) bool {
	for _, b := range batches {
		for _, ev := range b.Events {
			age := now.Sub(ev.ID.Timestamp())
			if age > within || age < -youngAhead {
				return false
			}
		}
	}
	return true
}

// retryError is a refusal that planning the append again may settle.
type retryError struct {
	err  error
	wait time.Duration
}

func (e *retryError) Error() string { return e.err.Error() }
func (e *retryError) Unwrap() error { return e.err }

// checkBatches rejects malformed batches before anything is looked up
// (events.CheckBatches), and session IDs that are not a subject token.
func checkBatches(batches []events.Batch) error {
	if err := events.CheckBatches(batches); err != nil {
		return err
	}
	for _, b := range batches {
		if err := checkSessionID(b.Session); err != nil {
			return err
		}
	}
	return nil
}

// plan looks up the append's event IDs and its sessions' heads, then plans
// it as every store does (events.Stage): a batch whose events are all
// stored is a retry, reported as stored; any other is checked against its
// session's version (as it stands after the batches before it in this
// append) and sealed onto its chain.
func (s *Store) plan(ctx context.Context, batches []events.Batch, lookUp bool) (*plan, error) {
	var ids []events.ID
	var sessions []string
	seenSession := map[string]bool{}
	for _, b := range batches {
		for _, ev := range b.Events {
			ids = append(ids, ev.ID)
		}
		if !seenSession[b.Session] {
			seenSession[b.Session] = true
			sessions = append(sessions, b.Session)
		}
	}
	// The look-ups go out together: the index and the heads are asked for
	// while the tail is read, so an append waits for one round trip, not
	// three, before it publishes.
	hp := s.sendHeads(ctx, sessions, 0)
	var idx []*pendingBatch
	defer func() {
		for _, p := range append(idx, hp...) {
			p.abandon()
		}
	}()
	positions, moved := map[events.ID]uint64{}, false
	if lookUp {
		since := s.tailIndexed()
		idx = s.sendIDLookups(ctx, ids)
		var err error
		if positions, moved, err = s.tailLookup(ctx, ids, since); err != nil {
			return nil, err
		}
		if err := s.waitIDLookups(idx, positions); err != nil {
			return nil, err
		}
	}
	if moved {
		// Events went from the tail to the index after the look-ups were
		// sent: ask the index again for what was not found.
		var missing []events.ID
		for _, id := range ids {
			if _, ok := positions[id]; !ok {
				missing = append(missing, id)
			}
		}
		if err := s.waitIDLookups(s.sendIDLookups(ctx, missing), positions); err != nil {
			return nil, err
		}
	}
	heads, err := s.waitHeads(ctx, hp)
	for tries := 0; err == nil && s.headsBehind(heads, sessions) && s.settle(ctx, &tries); {
		heads, err = s.heads(ctx, sessions, 0) // a replica behind this store's own appends: ask again
	}
	if err != nil {
		return nil, err
	}
	stored, err := s.readPositions(ctx, positions)
	if err != nil {
		return nil, err
	}
	staged, out, err := events.Stage(stageSource{stored: stored, heads: heads}, 0, batches)
	if err != nil && !lookUp {
		// Perhaps a retry of an append that landed, which the session's
		// head now follows: its events, looked up, say so.
		return s.plan(ctx, batches, true)
	}
	if err != nil {
		if s.replicated && behind(batches, heads) {
			return nil, &staleRead{err: err}
		}
		return nil, err
	}
	p := &plan{out: out}
	firstOf := map[string]bool{} // sessions that already have a message in this append
	k := 0                       // the index in out of the next envelope
	for i, st := range staged {
		if st.Prior {
			k += len(batches[i].Events)
			continue
		}
		subject := s.logSubject(st.Session)
		for _, e := range st.Envs {
			m := &nats.Msg{Subject: subject, Data: e.MarshalRecord(make([]byte, 0, 128+len(e.Raw))), Header: nats.Header{}}
			m.Header.Set(jetstream.MsgIDHeader, e.ID.String())
			if !firstOf[st.Session] {
				// Conditional on the session as it stood before this
				// append: the server refuses it if another writer got in.
				firstOf[st.Session] = true
				m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(heads[st.Session].subjSeq, 10))
			}
			p.msgs = append(p.msgs, m)
			p.fresh = append(p.fresh, k)
			k++
		}
	}
	return p, nil
}

// headsBehind reports, on a replicated log, a session whose head as read
// is before a position this store has read or appended of it (see saw).
func (s *Store) headsBehind(heads map[string]head, sessions []string) bool {
	if !s.replicated {
		return false
	}
	for _, id := range sessions {
		if heads[id].subjSeq < s.seenOf(id) {
			return true
		}
	}
	return false
}

// stageSource answers events.Stage from what plan looked up ahead: the
// events stored under the append's IDs, and its sessions' heads.
type stageSource struct {
	stored map[events.ID]events.Envelope
	heads  map[string]head
}

func (src stageSource) Lookup(id events.ID) (events.Envelope, bool, error) {
	e, ok := src.stored[id]
	return e, ok, nil
}

func (src stageSource) Head(session string) (events.Head, bool, error) {
	h := src.heads[session]
	return events.Head{Version: h.version, Hash: h.hash, Last: h.seq}, h.exists, nil
}

// heads reads where each session stands, from its last message in the log
// (at or before position upTo, if not 0).
func (s *Store) heads(ctx context.Context, sessions []string, upTo uint64) (map[string]head, error) {
	return s.waitHeads(ctx, s.sendHeads(ctx, sessions, upTo))
}

// sendHeads asks for the sessions' last messages, up to multiLastMax a
// request.
func (s *Store) sendHeads(ctx context.Context, sessions []string, upTo uint64) []*pendingBatch {
	var out []*pendingBatch
	for len(sessions) > 0 {
		n := min(len(sessions), multiLastMax)
		subjects := make([]string, n)
		for i, id := range sessions[:n] {
			subjects[i] = s.logSubject(id)
		}
		out = append(out, s.sendBatch(ctx, s.log, directRequest{MultiLast: subjects, UpToSeq: upTo}))
		sessions = sessions[n:]
	}
	return out
}

// waitHeads reads the answers to sendHeads.
func (s *Store) waitHeads(ctx context.Context, pending []*pendingBatch) (map[string]head, error) {
	out := map[string]head{}
	var buf []stored
	for _, p := range pending {
		var err error
		buf, _, err = p.wait(buf[:0])
		if err != nil {
			return nil, err
		}
		for _, m := range buf {
			e, ok := s.event(nil, ctx, m.data, m.seq, m.subject)
			if !ok {
				// Not a hoyle event: the session stands at its last event
				// before it, and an append must follow the message.
				session := m.subject[len(s.logPrefix):]
				e, found, err := s.lastBefore(ctx, session, m.seq)
				if err != nil {
					return nil, err
				}
				if found {
					out[session] = head{version: e.Version, hash: e.Hash, seq: e.Position, exists: true, subjSeq: m.seq}
				} else {
					out[session] = head{subjSeq: m.seq}
				}
				continue
			}
			out[e.Session] = head{version: e.Version, hash: e.Hash, seq: m.seq, exists: true, subjSeq: m.seq}
			s.saw(e.Session, m.seq)
		}
	}
	return out, nil
}

// readPositions reads the (decoded) events at the given positions, by ID,
// fetching runs of consecutive positions in one request each.
func (s *Store) readPositions(ctx context.Context, positions map[events.ID]uint64) (map[events.ID]events.Envelope, error) {
	out := make(map[events.ID]events.Envelope, len(positions))
	if len(positions) == 0 {
		return out, nil
	}
	want := make(map[uint64]events.ID, len(positions))
	for id, pos := range positions {
		want[pos] = id
	}
	for id, pos := range positions {
		if _, done := out[id]; done {
			continue
		}
		// Find the run of wanted positions that pos starts (or is in).
		start := pos
		for {
			if _, ok := want[start-1]; !ok || start == 1 {
				break
			}
			start--
		}
		n := 0
		for {
			if _, ok := want[start+uint64(n)]; !ok {
				break
			}
			n++
		}
		buf, end, err := s.getBatch(ctx, s.log, directRequest{Seq: start, Batch: n, NoHeaders: true}, nil)
		for behindTries := 0; err == nil && end.last < start+uint64(n)-1 && s.settle(ctx, &behindTries); {
			// A replica behind the index's: ask again.
			buf, end, err = s.getBatch(ctx, s.log, directRequest{Seq: start, Batch: n, NoHeaders: true}, nil)
		}
		if err != nil {
			return nil, err
		}
		if len(buf) != n || end.last != start+uint64(n)-1 {
			return nil, fmt.Errorf("%w: the index points at positions %d to %d, which the log lacks", events.ErrCorrupt, start, start+uint64(n)-1)
		}
		for i, m := range buf {
			e, err := events.UnmarshalRecord(m.data, start+uint64(i), false)
			if err == nil {
				err = e.Decode()
			}
			if err != nil {
				return nil, err
			}
			if e.ID != want[e.Position] {
				return nil, fmt.Errorf("%w: the index puts event %s at position %d, which holds %s", events.ErrCorrupt, want[e.Position], e.Position, e.ID)
			}
			out[e.ID] = e
		}
	}
	return out, nil
}

// replicaLag is the pause before an append refused as a duplicate looks
// again: none on a single server, where the look-up reads what the server
// stored; on a replicated log a replica may answer the look-up a moment
// behind the leader that refused it (an append whose answer was lost,
// tried again).
func (s *Store) replicaLag() time.Duration {
	if s.replicated {
		return 20 * time.Millisecond
	}
	return 0
}

// tooLargeMax reads the limit from the server's "atomic publish batch is
// too large: N".
var tooLargeMax = regexp.MustCompile(`too large: (\d+)`)

// publish stores the messages of one append, and returns the position of
// the first. One message is an ordinary publish (atomic by itself, and
// cheaper: an atomic batch is staged on the server before it commits);
// more are one atomic batch, whose positions are consecutive.
func (s *Store) publish(ctx context.Context, msgs []*nats.Msg) (uint64, error) {
	if len(msgs) == 1 {
		octx, cancel := s.opContext(ctx)
		defer cancel()
		ack, err := s.js.PublishMsg(octx, msgs[0], jetstream.WithRetryAttempts(0))
		if err != nil {
			return 0, s.publishError(ctx, err)
		}
		if ack.Duplicate {
			// The server holds an event of this ID, stored after the look-up:
			// the next plan finds it.
			return 0, &retryError{err: fmt.Errorf("natsstore: append: %w: %s stored meanwhile by another writer", events.ErrDuplicateID, msgs[0].Header.Get(jetstream.MsgIDHeader)), wait: s.replicaLag()}
		}
		return ack.Sequence, nil
	}
	if s.noBatchMsgID.Load() {
		for _, m := range msgs {
			m.Header.Del(jetstream.MsgIDHeader)
		}
	}
	ack, err := s.publishBatch(ctx, "append", msgs)
	if err != nil {
		err = s.publishError(ctx, err)
		var tooLarge *BatchTooLargeError
		if errors.As(err, &tooLarge) {
			tooLarge.Events = len(msgs)
		}
		return 0, err
	}
	return ack.Sequence - uint64(len(msgs)) + 1, nil
}

// publishBatch publishes an atomic batch and checks the server's answer.
func (s *Store) publishBatch(ctx context.Context, op string, msgs []*nats.Msg) (*jetstreamext.BatchAck, error) {
	octx, cancel := s.opContext(ctx)
	defer cancel()
	ack, err := jetstreamext.PublishMsgBatch(octx, s.js, msgs,
		// The first message needs no answer of its own: the commit's answer
		// says whether the batch was stored, and waiting would cost a round
		// trip per append.
		jetstreamext.BatchFlowControl{AckFirst: false, AckTimeout: s.opt.Timeout})
	if err != nil {
		var apiErr *jetstream.APIError
		if errors.As(err, &apiErr) {
			return nil, err
		}
		return nil, s.netError(ctx, op, err)
	}
	if ack.BatchSize != uint64(len(msgs)) || ack.Sequence < uint64(len(msgs)) {
		return nil, fmt.Errorf("natsstore: %s: the server acknowledged %d messages ending at %d, not the %d sent", op, ack.BatchSize, ack.Sequence, len(msgs))
	}
	return ack, nil
}

// publishError turns the server's refusal of an append into the store's
// errors.
func (s *Store) publishError(ctx context.Context, err error) error {
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		if _, ok := err.(*UnavailableError); ok {
			return err
		}
		return s.netError(ctx, "append", err)
	}
	switch apiErr.ErrorCode {
	case jetstream.JSErrCodeStreamWrongLastSequence, jetstream.JSErrCodeStreamWrongLastSequenceConstant:
		return &retryError{err: fmt.Errorf("natsstore: append: %w (%s)", events.ErrConflict, apiErr.Description), wait: s.replicaLag()}
	case jetstreamext.JSErrCodeBatchPublishDuplicateMsgID:
		return &retryError{err: fmt.Errorf("natsstore: append: %w: an event of the append was stored meanwhile by another writer", events.ErrDuplicateID), wait: s.replicaLag()}
	case jetstreamext.JSErrCodeBatchPublishUnsupportedHeader:
		// A server that does not take Nats-Msg-Id in an atomic batch: the
		// IDs are still checked against the log before each append.
		if !s.noBatchMsgID.Swap(true) {
			return &retryError{err: err}
		}
	case jetstreamext.JSErrCodeBatchPublishExceedsLimit:
		max := 0
		if m := tooLargeMax.FindStringSubmatch(apiErr.Description); m != nil {
			max, _ = strconv.Atoi(m[1])
		}
		return &BatchTooLargeError{Max: max}
	case jetstreamext.JSErrCodeAtomicPublishTooManyInflight, jetstreamext.JSErrCodeBatchPublishIncomplete:
		// Too many batches staged at once on the server, or one it dropped
		// for taking too long: try again shortly.
		return &retryError{err: &UnavailableError{Op: "append", URL: s.url, Err: err}, wait: 50 * time.Millisecond}
	}
	return fmt.Errorf("natsstore: append: %w", err)
}
