package events

import (
	"context"
	"errors"
	"runtime"
	"sync"
)

// Reading the whole log for verify on every core. What each event's check
// costs is mostly its content: its hash computed again (SHA-256 over its
// bytes) and its payload decoded. Neither depends on any other event: an
// event's hash is checked against the hash stored with it, and the chain
// is the link from each event to the stored hash of the one before, which
// the reader in log order compares. So the log is read in batches by one
// goroutine, each batch's content checked by whichever checker is free,
// and the batches given back in log order: on two cores, a whole verify
// costs about what the fold costs, not the fold, the read and the hashing
// one after another.

// LogScanner is implemented by stores that can give a reader of the whole
// log each record as stored (Envelope.MarshalRecord's bytes), not yet
// decoded: verify then decodes the records on every core, with their
// hashes and payloads, and the one that reads only copies them.
type LogScanner interface {
	// ScanLog calls fn with each record of the log from position from on,
	// in order, until fn returns false or the log ends. rec is valid only
	// during the call.
	ScanLog(ctx context.Context, from uint64, fn func(pos uint64, rec []byte) bool) error
}

// contentBatch is a stretch of the log as read, each event's content
// checked by one of the checkers.
type contentBatch struct {
	envs []Envelope
	// From a LogScanner, the records as stored, one after another in raw
	// (each's end and position in recs), which the checker decodes into
	// envs; their payloads are left in raw (Envelope.Raw aliases it).
	raw  []byte
	recs []scanned
	// bad is the first event whose content does not hold (len(envs): none),
	// and err what is wrong with it, as checkLink or Decode says it; with
	// unread, the record itself could not be read (the read's error, as
	// a store's ReadAll gives it).
	bad    int
	err    error
	unread bool
	// readErr is the read's error after envs: the read stops there.
	readErr error
	done    chan struct{} // the content is checked
}

// scanned is where a scanned record ends in its batch's raw, and its
// position in the log.
type scanned struct {
	end int
	pos uint64
}

// Batches read ahead: enough for every core to check one while the reader
// reads the next and the caller folds another, few enough that what is
// read ahead stays a few megabytes.
const (
	contentBatchSize = 512
	contentBatches   = 8
)

// check checks each event's content in turn: its hash, then its payload
// (which it decodes into Data), stopping at the first that does not hold.
func (b *contentBatch) check(pd *payloadDecoder, records *RecordReader) {
	b.bad, b.err, b.unread = len(b.envs), nil, false
	if b.recs != nil {
		b.envs = b.envs[:0]
		start := 0
		for _, r := range b.recs {
			e, err := records.Read(b.raw[start:r.end], r.pos)
			if err != nil {
				b.err, b.unread = err, true // after the events before it
				break
			}
			b.envs = append(b.envs, e)
			start = r.end
		}
		b.bad = len(b.envs)
	}
	for i := range b.envs {
		e := &b.envs[i]
		err := e.CheckHash()
		if err == nil {
			err = e.decodeWith(pd)
		}
		if err != nil {
			b.bad, b.err, b.unread = i, errors.Unwrap(err), false // the position is the caller's to give
			return
		}
	}
}

// readChecked reads the whole log, from its first position, and gives each
// batch to each in log order, once its content is checked (see
// contentBatch); each returns false to stop the read. A batch and its
// events are each's only until it returns: the batch is read into again.
func readChecked(ctx context.Context, st Store, each func(*contentBatch) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	free := make(chan *contentBatch, contentBatches)
	for range contentBatches {
		free <- &contentBatch{envs: make([]Envelope, 0, contentBatchSize), done: make(chan struct{}, 1)}
	}
	// Each batch taken from free is sent once to both, which therefore
	// never block: the reader waits only for a free batch.
	work := make(chan *contentBatch, contentBatches)
	ordered := make(chan *contentBatch, contentBatches)
	var wg sync.WaitGroup
	for range max(runtime.GOMAXPROCS(0), 1) {
		wg.Go(func() {
			var pd payloadDecoder
			records := RecordReader{alias: true} // into the batch's raw, read into again once it is let go
			for b := range work {
				b.check(&pd, &records)
				b.done <- struct{}{}
			}
		})
	}
	wg.Go(func() {
		defer close(work)
		defer close(ordered)
		take := func() *contentBatch {
			select {
			case b := <-free:
				b.envs, b.readErr = b.envs[:0], nil
				return b
			case <-ctx.Done():
				return nil
			}
		}
		b := take()
		if b == nil {
			return
		}
		if sc, ok := st.(LogScanner); ok {
			b.raw, b.recs = b.raw[:0], make([]scanned, 0, contentBatchSize)
			err := sc.ScanLog(ctx, 1, func(pos uint64, rec []byte) bool {
				b.raw = append(b.raw, rec...)
				if b.recs = append(b.recs, scanned{end: len(b.raw), pos: pos}); len(b.recs) < contentBatchSize {
					return true
				}
				work <- b
				ordered <- b
				if b = take(); b == nil {
					return false
				}
				if b.recs == nil {
					b.recs = make([]scanned, 0, contentBatchSize)
				}
				b.raw, b.recs = b.raw[:0], b.recs[:0]
				return true
			})
			if b == nil {
				return
			}
			b.readErr = err
			work <- b
			ordered <- b
			return
		}
		for e, err := range st.ReadAll(ctx, 1, false) {
			if err != nil {
				b.readErr = err
				break
			}
			if b.envs = append(b.envs, e); len(b.envs) == contentBatchSize {
				work <- b
				ordered <- b
				if b = take(); b == nil {
					return
				}
			}
		}
		work <- b
		ordered <- b
	})
	stopped := false
	for b := range ordered {
		<-b.done
		if !stopped && !each(b) {
			stopped = true
			cancel() // the reader stops at its next batch; what it sent is drained
		}
		if !stopped {
			free <- b
		}
	}
	wg.Wait()
}
