package natsstore

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hoyle/hoyle/events"
)

var _ events.Follower = (*Store)(nil)

// Following: a durable pull consumer on the log stream, named
// "hoyle_<name>", acknowledging all up to the last message of each batch
// its handler accepts. The server keeps where it stands, so that a
// follower that comes back goes on from there; batches are at most
// followBatch events, or what arrived within followWait.
const (
	followBatch = 512
	followWait  = time.Second
	// followAckWait is how long the server waits for a batch to be
	// accepted before it hands it out again: long enough for a handler
	// that folds many sessions the first time.
	followAckWait = 2 * time.Minute
	// followCheck is how often a follower checks that the log is still
	// the one it opened (Store.CheckIdentity).
	followCheck = 5 * time.Second
	// followRetry is the pause after a failure (the server away, a handler
	// refusing a batch) before the follower tries again.
	followRetry = 500 * time.Millisecond
)

// Follow implements events.Follower with a durable JetStream consumer.
// Failures to reach the server are waited out (the follower tries again
// every half second) until ctx is done; a consumer of that name that the
// store cannot use is an error, and so is the log deleted or replaced
// (a LogReplacedError).
func (s *Store) Follow(ctx context.Context, name string, handle func(ctx context.Context, batch []events.Envelope) error) error {
	if err := checkToken("follower", name); err != nil {
		return err
	}
	cfg := jetstream.ConsumerConfig{
		Durable:       "hoyle_" + name,
		Description:   "hoyle follower " + name + ": a projection of the log kept up to date",
		DeliverPolicy: jetstream.DeliverAllPolicy,
		AckPolicy:     jetstream.AckAllPolicy,
		AckWait:       followAckWait,
		MaxAckPending: -1,
		FilterSubject: s.logPrefix + "*",
	}
	var cons jetstream.Consumer
	var checked time.Time
	for {
		if err := s.live(ctx); err != nil {
			return err
		}
		if cons == nil || time.Since(checked) > followCheck {
			// A consumer lost may be a log deleted, or deleted and made
			// again (whose consumer fetches nothing, not an error): never
			// follow a log that is not the one opened. Failing to ask is
			// waited out as any failure is.
			if s.identity.LogID != "" {
				if err := s.CheckIdentity(ctx); errors.Is(err, ErrLogReplaced) {
					return err
				}
			}
			checked = time.Now()
		}
		if cons == nil {
			octx, cancel := s.opContext(ctx)
			c, err := s.js.CreateOrUpdateConsumer(octx, s.log, cfg)
			cancel()
			if err != nil {
				if err := s.waitRetry(ctx, err); err != nil {
					return err
				}
				continue
			}
			cons = c
		}
		// Wait for the next event (up to followWait), then take what else
		// is there at once: a fetch of many waits its whole time for them.
		var envs []events.Envelope
		var msgs []jetstream.Msg
		var records events.RecordReader
		var ferr error
		// The wait ends with ctx as well: a follower stopped (hoyle serve
		// shutting down) returns at once, not when the wait is out.
		wait, endWait := context.WithTimeout(ctx, followWait)
		for _, fetch := range []func() (jetstream.MessageBatch, error){
			func() (jetstream.MessageBatch, error) { return cons.Fetch(1, jetstream.FetchContext(wait)) },
			func() (jetstream.MessageBatch, error) { return cons.FetchNoWait(followBatch - 1) },
		} {
			batch, err := fetch()
			if err != nil {
				ferr = err
				break
			}
			for msg := range batch.Messages() {
				meta, err := msg.Metadata()
				if err != nil {
					continue
				}
				msgs = append(msgs, msg) // acknowledged with the batch, a hoyle event or not
				e, ok := s.event(&records, ctx, msg.Data(), meta.Sequence.Stream, msg.Subject())
				if !ok {
					continue
				}
				envs = append(envs, e)
			}
			if berr := batch.Error(); berr != nil && !errors.Is(berr, errNoMessages) && !errors.Is(berr, nats.ErrTimeout) &&
				!errors.Is(berr, context.DeadlineExceeded) {
				ferr = berr
				break
			}
			if len(msgs) == 0 {
				break
			}
		}
		endWait()
		if err := ctx.Err(); err != nil && len(msgs) == 0 {
			return err
		}
		if ferr != nil && len(msgs) == 0 {
			if err := s.waitRetry(ctx, ferr); err != nil {
				return err
			}
			cons = nil // made again (or found) at the next turn, the log checked first
			continue
		}
		if len(msgs) == 0 {
			continue
		}
		if len(envs) == 0 {
			// Only messages that are not hoyle events: passed over.
			octx, cancel := s.opContext(ctx)
			_ = msgs[len(msgs)-1].DoubleAck(octx)
			cancel()
			continue
		}
		if err := handle(ctx, envs); err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			// Not accepted: have the server hand it out again.
			for _, m := range msgs {
				_ = m.Nak()
			}
			if err := s.waitRetry(ctx, err); err != nil {
				return err
			}
			continue
		}
		octx, cancel := s.opContext(ctx)
		_ = msgs[len(msgs)-1].DoubleAck(octx) // an ack lost is a batch handed out again, which the handler takes again
		cancel()
	}
}

// errNoMessages is what a fetch that found nothing within its wait says.
var errNoMessages = jetstream.ErrNoMessages

// waitRetry pauses before the follower tries again, or returns ctx's error.
func (s *Store) waitRetry(ctx context.Context, _ error) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(followRetry):
		return s.live(ctx)
	}
}
