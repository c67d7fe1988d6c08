package load

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
)

// Checking what the checkpoints keep against the log. A checkpoint's
// records are sealed with a CRC only, which anyone who can write the file
// can compute again: a record rewritten with hoyle's own codecs (a score
// changed) reads as well as the true one. So hoyle verify folds the log
// itself to the version the checkpoint says it was folded to, makes the
// records that fold gives, and compares them with those kept, byte for
// byte; verify --repair drops a checkpoint that differs, and writes it
// again from the log.

// ErrKeptDiffers: a checkpoint holds a record that the log, folded again,
// does not give (see Audit).
var ErrKeptDiffers = errors.New("a checkpoint differs from the log it was folded from")

// Difference is a record of a session's checkpoint that differs from the
// fold of the log: which record, and the version the checkpoint was
// folded to.
type Difference struct {
	Session string
	Version uint64 // the checkpoint's last event
	Record  string // "hand 3", "the score sheets", "the header"...
}

// Error says where.
func (d Difference) Error() string {
	return fmt.Sprintf("session %s, the checkpoint folded to event %d: %s differs from the log", d.Session, d.Version, d.Record)
}

// Unwrap is ErrKeptDiffers.
func (d Difference) Unwrap() error { return ErrKeptDiffers }

// Audit folds the session's log to its checkpoint's version and lists the
// checkpoint's records that differ from what that fold gives (none: the
// checkpoint is the log's, or there is none). A checkpoint whose header
// cannot be read, or whose last event is not in the log with the hash it
// says, is one difference ("the header"): no reader reads it, but it is
// not the log's either.
func Audit(ctx context.Context, st events.Store, session string) ([]Difference, error) {
	cp, ok := st.(events.SessionSnapshots)
	if !ok {
		return nil, nil
	}
	stored := map[string][]byte{}
	err := cp.ReadSnapshot(ctx, session, nil, func(k, v []byte) bool {
		stored[string(k)] = bytes.Clone(v)
		return true
	})
	if err != nil || len(stored) == 0 {
		return nil, err
	}
	r, err := begin(ctx, st, session)
	if err != nil {
		return nil, err
	}
	h, ok := decodeHeader(stored[string([]byte{keyHeader})])
	if ok && h.format != projections.SnapshotFormat {
		// Another format's: no reader of this one reads it, and its
		// records are not this codec's to compare.
		return nil, nil
	}
	if !ok || h.version == 0 || h.version > r.info.Version {
		return []Difference{{Session: session, Version: h.version, Record: "the header"}}, nil
	}
	// The log as it stood at the checkpoint's last event, which must be
	// the event the checkpoint names.
	r.info = events.SessionInfo{ID: session, Version: h.version, Head: h.hash}
	snap, err := r.foldAll(ctx)
	if errors.Is(err, events.ErrTampered) {
		return []Difference{{Session: session, Version: h.version, Record: "the header (its last event is not in the log)"}}, nil
	}
	if err != nil {
		return nil, err
	}
	want, err := r.records(snap, 1, h.build)
	if err != nil {
		return nil, err
	}
	var out []Difference
	for _, rec := range want {
		got, ok := stored[string(rec.Key)]
		delete(stored, string(rec.Key))
		if !ok || !bytes.Equal(got, rec.Value) {
			out = append(out, Difference{Session: session, Version: h.version, Record: recordName(rec.Key)})
		}
	}
	for k := range stored {
		out = append(out, Difference{Session: session, Version: h.version, Record: recordName([]byte(k)) + " (not the log's)"})
	}
	return out, nil
}

// Drop removes the session's checkpoint: readers fold the log until a
// writer keeps one again (Refresh).
func Drop(ctx context.Context, st events.Store, session string) error {
	cp, ok := st.(events.SessionSnapshots)
	if !ok {
		return nil
	}
	return cp.WriteSnapshot(ctx, session, events.SnapshotWrite{Reset: true})
}

// recordName names a checkpoint record for people.
func recordName(k []byte) string {
	switch {
	case len(k) == 9 && k[0] == keyHand:
		return fmt.Sprintf("hand %d", binary.BigEndian.Uint64(k[1:]))
	case len(k) == 5 && k[0] == keyIndex:
		return fmt.Sprintf("the index of hands %d on", int(binary.BigEndian.Uint32(k[1:]))*indexChunk+1)
	case len(k) == 1 && k[0] == keyHeader:
		return "the header"
	case len(k) == 1 && k[0] == keyNotes:
		return "the notes"
	case len(k) == 1 && k[0] == keyWithdrawn:
		return "the events withdrawn"
	case len(k) == 1 && k[0] == keyRetracted:
		return "the retractions"
	case len(k) == 1 && k[0] == keySheets:
		return "the score sheets"
	}
	return fmt.Sprintf("record %x", k)
}
