package natsstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hoyle/hoyle/events"
)

// Reads use JetStream's direct get API ($JS.API.DIRECT.GET.<stream>, ADR-31),
// spoken here rather than through nats.go or jetstreamext: nats.go's
// Stream.GetMsg fetches one message per request, and jetstreamext.GetBatch
// ends its iteration silently when an answer times out, which would make a
// read of a log whose server went away look like the end of the log. This
// client reads until the server's end-of-batch marker and fails otherwise.

// directRequest is the body of a direct get (JSApiMsgGetRequest).
type directRequest struct {
	Seq       uint64   `json:"seq,omitempty"`
	LastFor   string   `json:"last_by_subj,omitempty"`
	NextFor   string   `json:"next_by_subj,omitempty"`
	Batch     int      `json:"batch,omitempty"`
	MultiLast []string `json:"multi_last,omitempty"`
	UpToSeq   uint64   `json:"up_to_seq,omitempty"`
	NoHeaders bool     `json:"no_hdr,omitempty"`
}

// stored is a message as a direct get returns it.
type stored struct {
	seq     uint64
	subject string
	data    []byte
	header  nats.Header // nil when asked for without headers
}

// batchEnd is what the end-of-batch marker says.
type batchEnd struct {
	pending uint64 // messages matching the request after the last one sent
	last    uint64 // the sequence of the last one sent
}

const (
	hdrStatus      = "Status"
	hdrDescription = "Description"
	hdrNumPending  = "Nats-Num-Pending"
	hdrLastSeq     = "Nats-Last-Sequence"
)

// getOne fetches a single message (by sequence, or the first or last on a
// subject). found is false when there is none. A read cut off by a lost
// connection is asked again once it is back (a read can be asked twice).
func (s *Store) getOne(ctx context.Context, stream string, req directRequest) (m stored, found bool, err error) {
	body, err := json.Marshal(req)
	if err != nil {
		return m, false, err
	}
	var resp *nats.Msg
	for attempt := 0; ; attempt++ {
		octx, cancel := s.opContext(ctx)
		resp, err = s.nc.RequestWithContext(octx, s.directSubject(stream), body)
		lost := s.lost(ctx, octx, err)
		cancel()
		if err == nil {
			break
		}
		if !lost || attempt > 0 || s.waitConnected(ctx) != nil {
			return m, false, s.netError(ctx, "read", err)
		}
	}
	if st := resp.Header.Get(hdrStatus); st != "" {
		if st == "404" {
			return m, false, nil
		}
		return m, false, fmt.Errorf("natsstore: direct get from %s: status %s %s", stream, st, resp.Header.Get(hdrDescription))
	}
	m, err = storedOf(resp)
	return m, err == nil, err
}

// lost reports whether a request failed because the connection was lost
// (rather than for want of an answer within the timeout, or the caller's
// own cancellation).
func (s *Store) lost(ctx, octx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil || s.closed.Load() || s.recentDenial() != nil {
		return false
	}
	return errors.Is(octx.Err(), context.Canceled) || errors.Is(err, nats.ErrReconnectBufExceeded) ||
		errors.Is(err, nats.ErrDisconnected)
}

// waitConnected waits, up to the timeout, for the client to connect again
// after losing the connection.
func (s *Store) waitConnected(ctx context.Context) error {
	deadline := time.Now().Add(s.opt.Timeout)
	for !s.nc.IsConnected() {
		if err := s.live(ctx); err != nil {
			return err
		}
		if time.Now().After(deadline) || s.nc.IsClosed() {
			return ErrUnavailable
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// getBatch sends a batched direct get (Batch or MultiLast set) and returns
// the messages and what the end marker says. A request that matches nothing
// returns no messages and a zero end.
func (s *Store) getBatch(ctx context.Context, stream string, req directRequest, out []stored) ([]stored, batchEnd, error) {
	return s.sendBatch(ctx, stream, req).wait(out)
}

// pendingBatch is a batched direct get sent and not yet read: a reader
// sends the next request before it hands out what the last one brought,
// and an append sends its look-ups together, so that the server works while
// the client does.
type pendingBatch struct {
	s      *Store
	ctx    context.Context // the caller's
	octx   context.Context // bounded by Options.Timeout
	cancel context.CancelFunc
	sub    *nats.Subscription
	ch     chan *nats.Msg
	req    directRequest
	stream string
	err    error
	resent bool // asked again after the connection was lost
}

// sendBatch sends a batched direct get; wait reads the answer.
func (s *Store) sendBatch(ctx context.Context, stream string, req directRequest) *pendingBatch {
	p := &pendingBatch{s: s, ctx: ctx, req: req, stream: stream}
	body, err := json.Marshal(req)
	if err != nil {
		p.err = err
		return p
	}
	p.octx, p.cancel = s.opContext(ctx)
	// A channel sized to the answer, not nats.go's default of 64k messages
	// per subscription (half a megabyte allocated per request).
	p.ch = make(chan *nats.Msg, max(req.Batch, len(req.MultiLast), 1)+2)
	inbox := s.nc.NewRespInbox()
	if p.sub, err = s.nc.ChanSubscribe(inbox, p.ch); err != nil {
		p.err = s.netError(ctx, "read", err)
		return p
	}
	if err := s.nc.PublishRequest(s.directSubject(stream), inbox, body); err != nil {
		p.err = s.netError(ctx, "read", err)
	}
	return p
}

// abandon drops a request whose answer is not wanted.
func (p *pendingBatch) abandon() {
	if p.sub != nil {
		p.sub.Unsubscribe()
		p.sub = nil
	}
	if p.cancel != nil {
		p.cancel()
	}
}

// wait reads the answer to a batched direct get.
func (p *pendingBatch) wait(out []stored) ([]stored, batchEnd, error) {
	defer p.abandon()
	var end batchEnd
	if p.err != nil {
		return out, end, p.err
	}
	seq := p.req.Seq
	start := len(out)
	for {
		var msg *nats.Msg
		select {
		case msg = <-p.ch: // what has arrived first, even past the deadline
		default:
			select {
			case msg = <-p.ch:
			case <-p.octx.Done():
				err := p.octx.Err()
				if !p.resent && len(out) == start && p.s.lost(p.ctx, p.octx, err) && p.s.waitConnected(p.ctx) == nil {
					// Nothing of the answer came before the connection
					// was lost: ask again, once, now that it is back.
					again := p.s.sendBatch(p.ctx, p.stream, p.req)
					again.resent = true
					p.abandon()
					return again.wait(out)
				}
				return out, end, p.s.netError(p.ctx, "read", err)
			}
		}
		if len(msg.Data) == 0 && msg.Header != nil {
			switch st := msg.Header.Get(hdrStatus); st {
			case "":
			case "204": // end of batch
				end.pending, _ = strconv.ParseUint(msg.Header.Get(hdrNumPending), 10, 64)
				end.last, _ = strconv.ParseUint(msg.Header.Get(hdrLastSeq), 10, 64)
				return out, end, nil
			case "404":
				return out, end, nil
			case "503":
				return out, end, p.s.netError(p.ctx, "read", nats.ErrNoResponders)
			default:
				return out, end, fmt.Errorf("natsstore: direct get from %s: status %s %s", p.stream, st, msg.Header.Get(hdrDescription))
			}
		}
		if p.req.NoHeaders {
			// Without headers the message does not say its sequence: the
			// caller asked for consecutive ones and checks the end marker.
			out = append(out, stored{seq: seq, data: msg.Data})
			seq++
			continue
		}
		m, err := storedOf(msg)
		if err != nil {
			return out, end, err
		}
		out = append(out, m)
	}
}

// storedOf reads a direct get answer's headers.
func storedOf(msg *nats.Msg) (stored, error) {
	seq, err := strconv.ParseUint(msg.Header.Get(jetstream.SequenceHeader), 10, 64)
	if err != nil {
		return stored{}, fmt.Errorf("%w: a direct get answer without a sequence (%v)", events.ErrCorrupt, err)
	}
	return stored{seq: seq, subject: msg.Header.Get(jetstream.SubjectHeader), data: msg.Data, header: msg.Header}, nil
}

func (s *Store) directSubject(stream string) string { return "$JS.API.DIRECT.GET." + stream }

// opContext bounds one request by Options.Timeout, within ctx, and ends it
// at once should the connection be lost meanwhile (or be lost already): a
// request in flight when the server goes away would otherwise wait out its
// whole timeout for an answer that cannot come.
func (s *Store) opContext(ctx context.Context) (context.Context, context.CancelFunc) {
	octx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
	stop := context.AfterFunc(s.connection(), cancel)
	s.connMu.Lock()
	deny := s.denyCtx
	s.connMu.Unlock()
	stopDeny := context.AfterFunc(deny, cancel)
	return octx, func() { stop(); stopDeny(); cancel() }
}

// refused records the server's refusal of something to this credential
// (the client's error handler calls it) and ends the requests in flight:
// the refused one has no answer coming. Requests refused are publishes
// with an answer awaited (a request, an append), so one refusal ends them
// all: a table's hoyle runs one at a time.
func (s *Store) refused(err error) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	s.denial, s.deniedAt = err, time.Now()
	s.denyDone()
	s.denyCtx, s.denyDone = context.WithCancel(context.Background())
}

// recentDenial is the server's last refusal, if it came within the time a
// request may take: the request that failed meanwhile is what it refused.
func (s *Store) recentDenial() error {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if s.denial != nil && time.Since(s.deniedAt) <= s.opt.Timeout {
		return s.denial
	}
	return nil
}

// connection is a context that ends when the connection to the server is
// lost; a new one begins when it is made again.
func (s *Store) connection() context.Context {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	return s.connCtx
}

// connectionLost ends the connection's context (the client's disconnect
// handler calls it).
func (s *Store) connectionLost() {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	s.connDone()
}

// connectionBack begins a new connection context (the client's reconnect
// handler calls it).
func (s *Store) connectionBack() {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	s.connDone()
	s.connCtx, s.connDone = context.WithCancel(context.Background())
}

// netError turns what the NATS client says about a failed request into the
// store's errors: the caller's own cancellation or deadline as it is (ctx is
// the caller's context, not the one bounded by Options.Timeout), a server
// that does not answer or cannot be reached as ErrUnavailable.
func (s *Store) netError(ctx context.Context, op string, err error) error {
	if s.closed.Load() {
		return fmt.Errorf("natsstore: %s: %w", op, ErrClosed)
	}
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	if d := s.recentDenial(); d != nil {
		return &PermissionError{Op: "natsstore: " + op, Err: d}
	}
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) {
		return fmt.Errorf("natsstore: %s: %w", op, err)
	}
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, nats.ErrConnectionClosed), errors.Is(err, nats.ErrDisconnected),
		errors.Is(err, nats.ErrReconnectBufExceeded):
		err = fmt.Errorf("the connection to the server was lost: %w", err)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, nats.ErrTimeout):
		err = fmt.Errorf("no answer within %v: %w", s.opt.Timeout, err)
	case errors.Is(err, nats.ErrNoResponders), errors.Is(err, jetstream.ErrNoStreamResponse):
		err = fmt.Errorf("nothing answers for JetStream stream %s (is JetStream enabled? was the stream deleted?): %w", s.log, err)
	}
	return &UnavailableError{Op: op, URL: s.url, Err: err}
}
