package natsstore

import (
	"context"

	"github.com/hoyle/hoyle/events"
)

// A message in the log that is not a hoyle event (anyone who may append
// to the log's subjects may publish anything there: "hello" under
// hoyle.log.NOTASESSION) is skipped by every reader, with a warning
// naming its subject and position, and the log reads as if it were not
// there: it is never "a newer version" (a newer hoyle marks the stream's
// format, which Open checks), never an error that stops every command.
// A message is a hoyle event when it decodes as an event record and, where
// its subject is known, lies under its own session's subject.

// event decodes a log message as a hoyle event: ok is false, after a
// warning, for a message that is not one. subject is the message's
// subject, or "" when it was read without headers.
func (s *Store) event(r *events.RecordReader, ctx context.Context, data []byte, pos uint64, subject string) (events.Envelope, bool) {
	var e events.Envelope
	var err error
	if r != nil {
		e, err = r.Read(data, pos)
	} else {
		e, err = events.UnmarshalRecord(data, pos, false)
	}
	// Why it is not one, in words: not the decoder's error, which for a
	// first byte above the record format says "a newer version".
	why := ""
	switch {
	case err != nil:
		why = "it does not decode as an event record"
	case checkSessionID(e.Session) != nil:
		why = "its session ID cannot be one of this log's"
	case subject != "" && subject != s.logSubject(e.Session):
		why = "it is an event of session " + e.Session + " under another subject"
	}
	if why != "" {
		s.skipForeign(ctx, pos, subject, why)
		return e, false
	}
	return e, true
}

// skipForeign remembers a position that is not a hoyle event, and warns
// of it (once), naming its subject (asked for if the read had none).
func (s *Store) skipForeign(ctx context.Context, pos uint64, subject, why string) {
	s.foreignMu.Lock()
	if s.foreign == nil {
		s.foreign = map[uint64]bool{}
	}
	seen := s.foreign[pos]
	if len(s.foreign) < 1<<16 {
		s.foreign[pos] = true
	}
	s.foreignMu.Unlock()
	if seen || s.opt.Warn == nil {
		return
	}
	if subject == "" {
		if m, found, err := s.getOne(ctx, s.log, directRequest{Seq: pos}); err == nil && found {
			subject = m.subject
		}
	}
	s.warnf("the shared log's message %d, under subject %q, is not a hoyle event (%s): skipped", pos, subject, why)
}

// Foreign reports whether the store has skipped the message at position
// pos as not a hoyle event (events.ForeignSkipper): verify accepts the gap
// it leaves in the positions, having been warned of it.
func (s *Store) Foreign(pos uint64) bool {
	s.foreignMu.Lock()
	defer s.foreignMu.Unlock()
	return s.foreign[pos]
}
