package natsstore

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go"

	"github.com/hoyle/hoyle/events"
)

// Checkpoints are kept in the index stream, which holds derived data that
// can be rebuilt: under the subjects <index prefix>proj.<name>.part.<key>
// (one message a part, the latest kept) and proj.<name>.head (the position,
// 8 bytes). When the index is dropped and rebuilt, the checkpoints go with
// it and their projections start again from the log.

var _ events.ProjectionCheckpoints = (*Store)(nil)

// checkToken refuses a name or key that cannot be one subject token.
func checkToken(what, s string) error {
	if s == "" || strings.ContainsAny(s, ".*> \t\r\n") || len(s) > MaxSessionID {
		return fmt.Errorf("%w: checkpoint %s %q cannot be a NATS subject token", events.ErrInvalid, what, s)
	}
	return nil
}

func (s *Store) projPrefix(name string) string { return s.idxPrefix + "proj." + name + "." }

// LoadCheckpoint implements events.ProjectionCheckpoints.
func (s *Store) LoadCheckpoint(ctx context.Context, name string) (events.ProjectionCheckpoint, error) {
	cp := events.ProjectionCheckpoint{Parts: map[string][]byte{}}
	if err := checkToken("name", name); err != nil {
		return cp, err
	}
	if err := s.live(ctx); err != nil {
		return cp, err
	}
	prefix := s.projPrefix(name)
	m, found, err := s.getOne(ctx, s.index, directRequest{LastFor: prefix + "head"})
	if err != nil {
		return cp, err
	}
	if found && !s.verified(m) {
		s.warnf("checkpoint %s: its position (index message %d) is not signed by the server: ignored, the summaries are read from the log", name, m.seq)
		found = false
	}
	if found {
		if cp.Position, err = bytesU64(m.data); err != nil {
			return cp, err
		}
	}
	parts := prefix + "part."
	var buf []stored
	for next := uint64(1); ; {
		var end batchEnd
		buf, end, err = s.getBatch(ctx, s.index, directRequest{Seq: next, NextFor: parts + "*", Batch: readChunk}, buf[:0])
		if err != nil {
			return cp, err
		}
		for _, m := range buf {
			key := m.subject[len(parts):]
			if !s.verified(m) {
				// Not the server's: written by someone else with access to
				// the index. The projection computes it again from the log.
				s.warnf("checkpoint %s: the part for %s (index message %d) is not signed by the server: ignored, computed again from the log", name, key, m.seq)
				continue
			}
			cp.Parts[key] = m.data
		}
		if len(buf) == 0 || end.pending == 0 {
			return cp, nil
		}
		next = buf[len(buf)-1].seq + 1
	}
}

// SaveCheckpoint implements events.ProjectionCheckpoints: the parts in atomic
// batches of at most MaxBatch messages, then the head. A part larger than
// the server takes in one message is left out.
func (s *Store) SaveCheckpoint(ctx context.Context, name string, cp events.ProjectionCheckpoint) error {
	if err := checkToken("name", name); err != nil {
		return err
	}
	if err := s.live(ctx); err != nil {
		return err
	}
	if s.signerPub != nil && s.opt.Signer == nil {
		// The log's summaries are its server's own: another store's would
		// be ignored by every reader, and a table's credential may not
		// write them anyway.
		return &PermissionError{Op: "natsstore: saving checkpoint " + name,
			Err: errors.New("the log's checkpoints are signed by its server: only hoyle serve saves them")}
	}
	prefix := s.projPrefix(name)
	limit := s.nc.MaxPayload() - 1024 // room for the subject and headers
	var msgs []*nats.Msg
	send := func() error {
		if len(msgs) == 0 {
			return nil
		}
		var err error
		if len(msgs) == 1 {
			_, err = s.publish(ctx, msgs)
		} else {
			_, err = s.publishBatch(ctx, "saving a checkpoint", msgs)
		}
		msgs = msgs[:0]
		return err
	}
	for key, data := range cp.Parts {
		if err := checkToken("key", key); err != nil {
			return err
		}
		if int64(len(data)) > limit {
			continue
		}
		msgs = append(msgs, s.signedMsg(prefix+"part."+key, data))
		if len(msgs) == s.opt.MaxBatch {
			if err := send(); err != nil {
				return err
			}
		}
	}
	if err := send(); err != nil {
		return err
	}
	msgs = append(msgs, s.signedMsg(prefix+"head", u64bytes(cp.Position)))
	return send()
}

// signedMsg is a checkpoint message, signed when the store holds the
// server's key.
func (s *Store) signedMsg(subject string, data []byte) *nats.Msg {
	m := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{}}
	if s.opt.Signer != nil {
		m.Header.Set(hdrSig, sign(s.opt.Signer, m))
	}
	return m
}
