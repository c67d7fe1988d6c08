package load

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
)

// Checking what the checkpoints keep against the log. A checkpoint's
// records are sealed with a keyed MAC (see sealer) that no reader without
// the key believes; but a checkpoint forged, or sealed with another key,
// is still in the file, and the fold it was made by may be wrong. So
// hoyle verify folds the log itself to the version the checkpoint says it
// was folded to, makes the records that fold gives, and compares them with
// those kept, byte for byte, and checks each record's seal with the key
// the store holds (none: the seals are not checked, and no reader believes
// them anyway); verify --repair drops a checkpoint that differs, and
// writes it again from the log.

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
	return AuditFolded(ctx, st, session, nil)
}

// Folded is a whole session folded to its head (keeping no steps, as a
// load.Light fold does) by a reader that read every event of it, with the
// hash of its last event and the hash each deal links to: what verify has
// once it has checked the log, so that Audit need not fold it again.
type Folded struct {
	Session *projections.Session
	Head    events.Hash
	Links   map[uint64]events.Hash // by the version of each deal
}

// AuditFolded is Audit, taking the fold of the log from folded when the
// checkpoint was folded to the same event (nil, or another event: it
// folds the log itself).
func AuditFolded(ctx context.Context, st events.Store, session string, folded *Folded) ([]Difference, error) {
	k, err := ReadKept(ctx, st, session)
	if err != nil {
		return nil, err
	}
	return k.Audit(ctx, st, folded)
}

// Kept is a session's checkpoint as the store keeps it, each record's seal
// checked with the store's key: what Audit compares with the fold of the
// log. It needs no fold, so verify reads it (ReadKept) while it folds the
// log, on whichever core is free, and compares it (Audit) once the fold is
// made.
type Kept struct {
	session string
	// stored is every record, by key; nil when there is nothing to
	// compare (no checkpoint, or one no reader of this hoyle reads).
	stored map[string]keptRecord
	header []byte // the header record, as stored
	// checkSeals: the store has a key; headerSeal, the header's seal
	// holds under it.
	checkSeals, headerSeal bool
}

// Size is the bytes of the records k holds.
func (k *Kept) Size() int {
	if k == nil {
		return 0
	}
	n := 0
	for key, rec := range k.stored {
		n += len(key) + len(rec.value)
	}
	return n
}

// keptRecord is a stored record and whether its seal holds, bound to the
// event the header names.
type keptRecord struct {
	value  []byte
	sealed bool
}

// ReadKept reads the session's checkpoint and checks each record's seal:
// nil when the store keeps no checkpoints.
func ReadKept(ctx context.Context, st events.Store, session string) (*Kept, error) {
	cp, ok := st.(events.SessionSnapshots)
	if !ok {
		return nil, nil
	}
	k := &Kept{session: session}
	stored := map[string]keptRecord{}
	err := cp.ReadSnapshot(ctx, session, nil, func(key, v []byte) bool {
		stored[string(key)] = keptRecord{value: bytes.Clone(v)}
		return true
	})
	if err != nil || len(stored) == 0 {
		return k, err
	}
	hv := stored[string([]byte{keyHeader})].value
	if crcSealed(hv) {
		// A checkpoint of a hoyle before the seals (a CRC only): no
		// reader reads it, and the next writer makes it again.
		return k, nil
	}
	h, ok := decodeHeaderBody(unsealed(hv))
	if ok && h.format != projections.SnapshotFormat {
		// Another format's: no reader of this one reads it, and its
		// records are not this codec's to compare.
		return k, nil
	}
	k.stored, k.header = stored, hv
	seal := sealerOf(cp, session)
	if k.checkSeals = len(seal.key) > 0; !k.checkSeals || !ok {
		return k, nil
	}
	_, k.headerSeal = seal.open([]byte{keyHeader}, hv)
	at := seal.at(h.version, h.hash)
	m := at.newMAC()
	for key, rec := range stored {
		if key != string([]byte{keyHeader}) {
			_, rec.sealed = at.openWith(m, []byte(key), rec.value)
			stored[key] = rec
		}
	}
	return k, nil
}

// Audit lists the records of the checkpoint k that differ from the fold
// of the log to the checkpoint's version, taking that fold from folded when
// it is folded to the same event (nil, or another event: it folds the log
// itself).
func (k *Kept) Audit(ctx context.Context, st events.Store, folded *Folded) ([]Difference, error) {
	if k == nil || k.stored == nil {
		return nil, nil
	}
	session := k.session
	r, err := begin(ctx, st, session)
	if err != nil {
		return nil, err
	}
	h, ok := decodeHeaderBody(unsealed(k.header))
	if !ok || h.version == 0 || h.version > r.info.Version {
		return []Difference{{Session: session, Version: h.version, Record: "the header"}}, nil
	}
	// The log as it stood at the checkpoint's last event, which must be
	// the event the checkpoint names.
	r.info = events.SessionInfo{ID: session, Version: h.version, Head: h.hash}
	var snap *snapshot
	if folded != nil && folded.Session.Version == h.version && folded.Head == h.hash {
		snap = &snapshot{Snapshot: folded.Session.Snapshot(), Hash: h.hash}
		for _, v := range snap.Starts {
			snap.Prev = append(snap.Prev, folded.Links[v])
		}
	} else {
		snap, err = r.foldAll(ctx)
	}
	if errors.Is(err, events.ErrTampered) {
		return []Difference{{Session: session, Version: h.version, Record: "the header (its last event is not in the log)"}}, nil
	}
	if err != nil {
		return nil, err
	}
	// The log's records, unsealed: their bytes are compared, and the
	// stored seals were checked as they were read. The hands' records
	// are made on one core while the rest (the score sheets, which score
	// the session) are on another; the hands are kept, as the rest reads
	// them meanwhile.
	seal := sealer{session: session}
	var tail []events.SnapshotRecord
	done := make(chan struct{})
	go func() {
		defer close(done)
		tail, err = r.restOf(snap, h.build, seal, seal.at(snap.Version, snap.Hash).record)
	}()
	want := handRecords(snap, 1, seal, 0, false)
	<-done
	if err != nil {
		return nil, err
	}
	want = append(want, tail...)
	var out []Difference
	checkSeals := k.checkSeals
	if checkSeals && !k.headerSeal {
		// Sealed with another key (another user of the file, or a
		// forger): said once, and the bytes compared as below.
		out = append(out, Difference{Session: session, Version: h.version, Record: sealOf([]byte{keyHeader})})
		checkSeals = false
	}
	stored := k.stored
	for _, rec := range want {
		got, ok := stored[string(rec.Key)]
		delete(stored, string(rec.Key))
		header := len(rec.Key) == 1 && rec.Key[0] == keyHeader
		switch {
		case !ok || !bytes.Equal(unsealed(got.value), unsealed(rec.Value)):
			out = append(out, Difference{Session: session, Version: h.version, Record: recordName(rec.Key)})
		case checkSeals && !header && !got.sealed:
			out = append(out, Difference{Session: session, Version: h.version, Record: sealOf(rec.Key)})
		}
	}
	for key := range stored {
		out = append(out, Difference{Session: session, Version: h.version, Record: recordName([]byte(key)) + " (not the log's)"})
	}
	k.stored = nil // compared once
	return out, nil
}

// crcSealed reports whether a header record is sealed as hoyle sealed
// checkpoints before their keyed MAC: with a CRC-32C of the rest, which
// a header sealed with a MAC ends with by a chance of one in 2^32.
func crcSealed(v []byte) bool {
	if len(v) < 4 {
		return false
	}
	body := v[:len(v)-4]
	return crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)) == binary.BigEndian.Uint32(v[len(v)-4:])
}

// sealOf names the seal of a record whose bytes are the log's but whose
// seal is not made with this user's key: forged, or written by another
// user of the file. No reader believes it.
func sealOf(k []byte) string {
	return "the seal of " + recordName(k) + " (not made with this user's key; no reader believes it)"
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
	case len(k) == 1 && k[0] == keyBoards:
		return "the boards' first deals"
	case len(k) == 1 && k[0] == keyRunning:
		return "the running score"
	}
	return fmt.Sprintf("record %x", k)
}
