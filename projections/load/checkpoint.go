package load

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"os"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// The checkpoint: a session's snapshot (projections.Snapshot) kept beside
// its log, in a store that keeps checkpoints (events.SessionSnapshots). Its
// records, by key:
//
//	0x00           the header: the snapshot's format, the build of hoyle
//	               that folded it, the version and hash of the last event
//	               folded, the number of hands, the close, the next dealer
//	0x01 hand      each hand (8 bytes, big-endian)
//	0x02           the notes in force
//	0x03           the events withdrawn
//	0x04           the retractions (the version of each, and of its target)
//	0x05 chunk     the index, by 512 hands (4 bytes, big-endian): where each
//	               hand's deal is in the log, and the hash it links to
//	0x06           the score sheets kept, and the score's fold of the
//	               finished hands where the score is one (keptSheets)
//	0x07           the first deal of each board (projections.AppendBoards):
//	               what a deal of a board is checked against, so that a
//	               fold of the latest hand (Tail) can decide one
//	0x08           the running state of the score's fold (runningRecord,
//	               game.RunningState): the rubber in play and a count of
//	               those before it, the size of a rubber whatever the
//	               session's length, which is all a reader of the running
//	               score (Running: the table's prompt) reads of the score
//
// Each record ends with a keyed MAC of the rest (see sealer): a damaged or
// forged record makes the checkpoint unread, never misread, and a store
// without the key believes no checkpoint. A checkpoint is read only if the build
// that wrote it is this one (a newer hoyle may fold differently) and its
// last event is in the log with the hash it recorded: then the log up to
// there is what was folded. The events after it are folded on top (see
// catchUp). Writers keep it near the session's head (Refresh); readers
// never write it, so reading never changes the file.
const (
	keyHeader    = 0x00
	keyHand      = 0x01
	keyNotes     = 0x02
	keyWithdrawn = 0x03
	keyRetracted = 0x04
	keyIndex     = 0x05
	keySheets    = 0x06
	keyBoards    = 0x07
	keyRunning   = 0x08
)

// macSize is how many bytes of a record's seal are kept: the first half
// of an HMAC-SHA-256, as much as anyone needs to make a forgery hopeless.
const macSize = 16

// A sealer seals a session's checkpoint records with a keyed MAC (its
// store's events.SessionSnapshots.SnapshotKey, which is never kept beside
// the records): over the session, the record's key, the version and the
// hash of the event the checkpoint was folded to (zero for the header,
// which holds them), and the record's bytes. Anyone who can write the file
// can still write a record with hoyle's own codecs, but not one that a
// reader believes: a record whose seal does not hold is not read, and the
// session is folded from the log. A record moved from another session or
// another checkpoint of the same session does not hold either: every
// record of a checkpoint is written again each time it is (Refresh), bound
// to the event it was folded to, whose hash the reader checks against the
// log (catchUp reads on from it, linking to it).
type sealer struct {
	key     []byte
	session string
	version uint64
	hash    events.Hash
}

// sealerOf is the sealer of st's checkpoints of session, for its header;
// at is the sealer of its other records, once the header is read.
func sealerOf(cp events.SessionSnapshots, session string) sealer {
	return sealer{key: cp.SnapshotKey(), session: session}
}

func (s sealer) at(version uint64, hash events.Hash) sealer {
	s.version, s.hash = version, hash
	return s
}

func (s sealer) mac(k, body []byte) []byte {
	if len(s.key) == 0 {
		// Nothing to seal with: no reader believes it (open), and verify
		// compares records without their seals (Kept.Audit).
		return noSeal[:]
	}
	return s.macWith(hmac.New(sha256.New, s.key), k, body)
}

// macWith is mac with m, an HMAC of the sealer's key (made with newMAC),
// which it resets: a reader of many records makes one, not one a record.
func (s sealer) macWith(m hash.Hash, k, body []byte) []byte {
	m.Reset()
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(s.session)))
	m.Write([]byte("hoyle checkpoint 1\x00"))
	m.Write(n[:])
	m.Write([]byte(s.session))
	binary.BigEndian.PutUint64(n[:], uint64(len(k)))
	m.Write(n[:])
	m.Write(k)
	binary.BigEndian.PutUint64(n[:], s.version)
	m.Write(n[:])
	m.Write(s.hash[:])
	m.Write(body)
	return m.Sum(nil)[:macSize]
}

// newMAC is an HMAC of the sealer's key, for macWith.
func (s sealer) newMAC() hash.Hash { return hmac.New(sha256.New, s.key) }

// noSeal is the seal of a record sealed without a key.
var noSeal [macSize]byte

// seal is the record kept under k: body and its MAC.
func (s sealer) seal(k, body []byte) []byte { return append(body, s.mac(k, body)...) }

// open checks the seal of the record kept under k and returns its bytes
// without it: not ok when it does not hold, or there is no key to check it
// with (a store opened without one believes no checkpoint).
func (s sealer) open(k, v []byte) ([]byte, bool) {
	if len(s.key) == 0 || len(v) < macSize {
		return nil, false
	}
	body := v[:len(v)-macSize]
	return body, hmac.Equal(s.mac(k, body), v[len(v)-macSize:])
}

// openWith is open with m, made by newMAC.
func (s sealer) openWith(m hash.Hash, k, v []byte) ([]byte, bool) {
	if len(s.key) == 0 || len(v) < macSize {
		return nil, false
	}
	body := v[:len(v)-macSize]
	return body, hmac.Equal(s.macWith(m, k, body), v[len(v)-macSize:])
}

// unsealed is a record's bytes without its seal, unchecked: for verify,
// which compares them with the log's.
func unsealed(v []byte) []byte {
	if len(v) < macSize {
		return nil
	}
	return v[:len(v)-macSize]
}

func handKey(n int) []byte { return binary.BigEndian.AppendUint64([]byte{keyHand}, uint64(n)) }

// buildID names this build of hoyle: its module version and revision when
// it has them, and its executable's size and time, so that any rebuild
// makes a new one. A checkpoint folded by another build is folded again.
var buildID = sync.OnceValue(func() string {
	id := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		id = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
	}
	exe, err := os.Executable()
	if err == nil {
		var st os.FileInfo
		if st, err = os.Stat(exe); err == nil {
			return fmt.Sprintf("%s %d %d", id, st.Size(), st.ModTime().UnixNano())
		}
	}
	return fmt.Sprintf("%s unknown %d", id, os.Getpid()) // never read again
})

// header is a checkpoint's first record.
type header struct {
	format, version, hands, closedAt uint64
	build                            string
	hash                             events.Hash
	nextDealer                       cards.Seat
}

func (h header) encode(s sealer) []byte {
	e := events.NewEncoder(nil)
	e.Uint(h.format)
	e.String(h.build)
	e.Uint(h.version)
	e.Fixed(h.hash[:])
	e.Uint(h.hands)
	e.Uint(h.closedAt)
	e.Seat(h.nextDealer)
	return s.seal([]byte{keyHeader}, e.Bytes())
}

// decodeHeader reads a header record: not ok when its seal does not hold.
func decodeHeader(s sealer, b []byte) (header, bool) {
	body, ok := s.open([]byte{keyHeader}, b)
	if !ok {
		return header{}, false
	}
	return decodeHeaderBody(body)
}

func decodeHeaderBody(body []byte) (header, bool) {
	var h header
	d := events.NewDecoder(body)
	h.format = d.Uint()
	h.build = d.String()
	h.version = d.Uint()
	d.Fixed(h.hash[:])
	h.hands = d.Uint()
	h.closedAt = d.Uint()
	h.nextDealer = d.Seat()
	return h, d.Err() == nil
}

// current reports whether a checkpoint with this header can be read by
// this build.
func (h header) current() bool { return h.format == projections.SnapshotFormat && h.build == buildID() }

// checkpoint reads the session's checkpoint, with its first upTo hands
// (all when upTo < 0; the index says where every hand begins): nil when
// the store keeps none, it has none, or it cannot be read (another build's,
// damaged, or not of this log).
func (r *reading) checkpoint(ctx context.Context, upTo int) (*snapshot, error) {
	return r.checkpointWith(ctx, upTo, nil)
}

// checkpointWith is checkpoint, the index taken from a read of the same
// checkpoint (index, read with no hands), if given, rather than read again.
func (r *reading) checkpointWith(ctx context.Context, upTo int, index *snapshot) (*snapshot, error) {
	cp, ok := r.st.(events.SessionSnapshots)
	if !ok {
		return nil, nil
	}
	base, err := projections.Fold([]events.Envelope{r.opened})
	if err != nil {
		return nil, err
	}
	hd := projections.HandDecoder{Seating: base.Seating(), Opts: base.Opts}
	var h header
	var sheets, running []byte
	snap := &snapshot{Snapshot: &projections.Snapshot{}, fromCheckpoint: true}
	seal := sealerOf(cp, r.session)
	bad, cached := false, false
	read := func(k, v []byte) bool {
		if len(k) == 1 && k[0] == keyHeader {
			h, ok = decodeHeader(seal, v)
			bad = !ok || !h.current() || h.version > r.info.Version
			seal = seal.at(h.version, h.hash) // every other record is bound to the event the header names
			if !bad && index == nil {
				snap.starts, snap.prev, cached = indexes.get(r.session, h)
			}
			return !bad
		}
		if h.format == 0 {
			bad = true // no header first: not a checkpoint read
			return false
		}
		// Each record's seal is checked only when it is read: the score
		// sheets (the largest) not when only some hands are wanted.
		switch {
		case len(k) == 9 && k[0] == keyHand:
			n := int(binary.BigEndian.Uint64(k[1:]))
			if upTo >= 0 && n > upTo {
				return false
			}
			body, sealOK := seal.open(k, v)
			bad = !sealOK || !snap.addHand(&hd, body, n)
		case len(k) == 1 && k[0] == keyNotes:
			body, sealOK := seal.open(k, v)
			bad = !sealOK || !snap.setNotes(body)
		case len(k) == 1 && k[0] == keyRetracted:
			body, sealOK := seal.open(k, v)
			bad = !sealOK || !snap.setRetractions(body)
		case len(k) == 1 && k[0] == keyWithdrawn:
			body, sealOK := seal.open(k, v)
			if bad = !sealOK; !bad {
				snap.Withdrawn, err = projections.DecodeIDs(body)
				bad = err != nil
			}
		case len(k) == 5 && k[0] == keyIndex && index == nil && cached:
			// The index of this very checkpoint, read before by this
			// process: not opened again.
		case len(k) == 5 && k[0] == keyIndex && index == nil:
			if snap.starts == nil && h.hands <= 1<<24 {
				snap.starts, snap.prev = make([]uint64, 0, h.hands), make([]events.Hash, 0, h.hands) // the header said how many
			}
			indexRecordsRead.Add(1)
			body, sealOK := seal.open(k, v)
			bad = !sealOK || !snap.addIndex(body, int(binary.BigEndian.Uint32(k[1:])))
		case len(k) == 1 && k[0] == keySheets && upTo < 0:
			if body, sealOK := seal.open(k, v); sealOK {
				sheets = bytes.Clone(body) // a sheet that does not hold is computed again
			}
		case len(k) == 1 && k[0] == keyRunning && upTo < 0:
			if body, sealOK := seal.open(k, v); sealOK {
				running = bytes.Clone(body)
			}
		}
		return !bad
	}
	// The header and the hands wanted, then what follows the hands.
	err = cp.ReadSnapshot(ctx, r.session, nil, func(k, v []byte) bool { return len(k) > 0 && k[0] <= keyHand && read(k, v) })
	if err == nil && !bad {
		err = cp.ReadSnapshot(ctx, r.session, []byte{keyNotes}, read)
	}
	if index != nil {
		if index.Version != h.version || index.Hash != h.hash {
			return nil, nil // written again meanwhile: not the index read
		}
		snap.starts, snap.prev = index.starts, index.prev
	}
	want := h.hands
	if upTo >= 0 {
		want = min(want, uint64(upTo))
	}
	if err != nil || bad || h.format == 0 || uint64(len(snap.starts)) != h.hands || uint64(len(snap.Hands)) != want {
		return nil, err
	}
	if index == nil && !cached {
		indexes.put(r.session, h, snap.starts, snap.prev)
	}
	snap.Version, snap.Hash, snap.ClosedAt, snap.NextDealer = h.version, h.hash, h.closedAt, h.nextDealer
	snap.Starts = slices.Clip(snap.starts[:len(snap.Hands)]) // an append copies: the index may be shared (indexes)
	snap.Prev = slices.Clip(snap.prev[:len(snap.Hands)])
	if sheets != nil {
		snap.sheets = decodeRunning(decodeSheets(sheets, snap.Hands), running, snap.Hands) // a damaged record only costs the scoring
	}
	if snap.Withdrawn == nil {
		snap.Withdrawn = map[events.ID]bool{}
	}
	return snap, nil
}

// indexes are the indexes of the checkpoints this process read last, by
// session and the event the checkpoint was folded to (its version and
// hash), which decide them: the index is where each hand of the log up to
// that event begins, and the hash its deal links to, and the hash of the
// event fixes the log up to it. A reader of the latest hand of a long
// session (the table's prompt, at the end of each hand) then reads the
// index once between two refreshes of the checkpoint, not at each read: it
// is the one part of that read that grows with the session (ten thousand
// hands' index is 360 KB to check and decode, a millisecond). Each read
// still checks the header's seal, and its version and hash against the
// log, before it takes the index from here.
var indexes indexCache

// indexRecordsRead counts the records of the index a checkpoint's read
// opened (not those taken from indexes): what the tests read.
var indexRecordsRead atomic.Int64

// indexCache holds a few indexes (one a session at a table; a few for a
// process that reads several).
type indexCache struct {
	mu      sync.Mutex
	entries [4]indexEntry
	next    int
}

type indexEntry struct {
	session string
	version uint64
	hash    events.Hash
	starts  []uint64
	prev    []events.Hash
}

// get is the index of the checkpoint whose header is h, if held: shared,
// and never changed (its capacity is its length, so that an append to it
// copies it).
func (c *indexCache) get(session string, h header) ([]uint64, []events.Hash, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.session == session && e.version == h.version && e.hash == h.hash && uint64(len(e.starts)) == h.hands {
			return e.starts, e.prev, true
		}
	}
	return nil, nil, false
}

// put holds the index read of the checkpoint whose header is h.
func (c *indexCache) put(session string, h header, starts []uint64, prev []events.Hash) {
	if uint64(len(starts)) != h.hands || len(prev) != len(starts) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[c.next] = indexEntry{session: session, version: h.version, hash: h.hash, starts: slices.Clip(starts), prev: slices.Clip(prev)}
	c.next = (c.next + 1) % len(c.entries)
}

// A checkpoint's index: where each hand begins in the log (its deal's
// version) and the hash its deal links to, in records of indexChunk hands
// (keyed by the chunk's number, 4 bytes, big-endian), so that a writer
// rewrites only the last.
const indexChunk = 512

func indexKey(chunk int) []byte {
	return binary.BigEndian.AppendUint32([]byte{keyIndex}, uint32(chunk))
}

// indexRecord is the bytes of a record of the index (before its seal).
func indexRecord(starts []uint64, prev []events.Hash) []byte {
	e := events.NewEncoder(nil)
	e.Uint(uint64(len(starts)))
	for i := range starts {
		e.Uint(starts[i])
		e.Fixed(prev[i][:])
	}
	return e.Bytes()
}

func (s *snapshot) addIndex(v []byte, chunk int) bool {
	if chunk*indexChunk != len(s.starts) {
		return false
	}
	var ok bool
	s.starts, s.prev, ok = appendIndex(s.starts, s.prev, v)
	return ok
}

// appendIndex reads a record of the index (its seal checked), appending
// where each of its hands begins to starts and the hash its deal links to
// to prev.
func appendIndex(starts []uint64, prev []events.Hash, body []byte) ([]uint64, []events.Hash, bool) {
	d := events.NewDecoder(body)
	n := d.Len(33)
	for range n {
		starts = append(starts, d.Uint())
		var h events.Hash
		d.Fixed(h[:])
		prev = append(prev, h)
	}
	return starts, prev, d.Err() == nil
}

func (s *snapshot) addHand(hd *projections.HandDecoder, body []byte, n int) bool {
	if n != len(s.Hands)+1 {
		return false
	}
	h, err := hd.Decode(body)
	if err != nil || h.Number != n {
		return false
	}
	s.Hands = append(s.Hands, h)
	return true
}

func (s *snapshot) setRetractions(body []byte) bool {
	d := events.NewDecoder(body)
	n := d.Len(2)
	for range n {
		s.Retractions = append(s.Retractions, projections.Retraction{Version: d.Uint(), Target: d.Uint()})
	}
	return d.Err() == nil
}

func (s *snapshot) setNotes(body []byte) bool {
	d := events.NewDecoder(body)
	n := d.Len(1)
	for range n {
		note, err := projections.DecodeNote(d.Raw())
		if err != nil {
			return false
		}
		s.Notes = append(s.Notes, note)
	}
	return d.Err() == nil
}

// MinLag is how far behind its session's head a checkpoint may fall, in
// events, before a writer brings it up: about a dozen hands of bridge, which
// a reader folds on top of it in a millisecond or two. Writing it then, not
// at every entry, keeps the table's entries at the cost of their append.
const MinLag = 768

// Refresh brings a session's checkpoint up to its head, in a store that
// keeps checkpoints and is open for writing, when it is missing, of
// another build, or more than minLag events behind. Writers call it after
// they append (a table entry with MinLag, a bulk writer with 0): readers
// never write. It changes only the checkpoint, never the log.
func Refresh(ctx context.Context, st events.Store, session string, minLag uint64) error {
	cp, ok := st.(events.SessionSnapshots)
	if !ok || len(cp.SnapshotKey()) == 0 {
		return nil // no key to seal it with: none is kept, and readers fold the log
	}
	info, err := st.Session(ctx, session)
	if err != nil {
		return err
	}
	fresh := false
	err = cp.ReadSnapshot(ctx, session, []byte{keyHeader}, func(k, v []byte) bool {
		if len(k) == 1 && k[0] == keyHeader {
			h, ok := decodeHeader(sealerOf(cp, session), v)
			fresh = ok && h.current() && h.version <= info.Version && info.Version-h.version < max(minLag, 1)
		}
		return false
	})
	if err != nil || fresh {
		return err
	}
	r, err := begin(ctx, st, session)
	if err != nil {
		return err
	}
	old, err := r.checkpoint(ctx, -1)
	if err != nil {
		return err
	}
	snap, from, err := r.catchUp(ctx, old)
	if err != nil {
		return err
	}
	if old != nil && from > len(snap.Hands) && snap.Version == old.Version {
		return nil
	}
	// Every record is written again, sealed to the event now folded to: a
	// record kept from an older checkpoint would be sealed to another one,
	// and could be put back later in place of one written since.
	w := events.SnapshotWrite{Reset: true}
	w.Put, err = r.records(snap, 1, buildID(), sealerOf(cp, session))
	if err != nil {
		return err
	}
	return cp.WriteSnapshot(ctx, session, w)
}

// records are the checkpoint's records of snap, written by build: its
// hands from from on (and the index chunks that hold them), then the
// header, the notes, the events withdrawn, the retractions, the score
// sheets and the boards' first deals.
//
// It takes snap's hands: each is let go (its place in snap.Hands nil) once
// its record is made, after the sheets and the boards that need them all,
// so that a session of a hundred thousand hands is not held whole and
// encoded at once (an import's checkpoint, issue 30).
func (r *reading) records(snap *snapshot, from int, build string, seal sealer) ([]events.SnapshotRecord, error) {
	tail, err := r.restOf(snap, build, seal, seal.at(snap.Version, snap.Hash).record)
	if err != nil {
		return nil, err
	}
	return append(handRecords(snap, from, seal, len(tail), true), tail...), nil
}

// record is the record kept under k: body, sealed.
func (s sealer) record(k, body []byte) events.SnapshotRecord {
	return events.SnapshotRecord{Key: k, Value: s.seal(k, body)}
}

// handRecords are the records of snap's hands from from on, and of the
// index chunks that hold them, with room for more records after them.
// With letGo, each hand is let go (its place in snap.Hands nil) once its
// record is made: records makes them after the records that need them all.
func handRecords(snap *snapshot, from int, seal sealer, more int, letGo bool) []events.SnapshotRecord {
	at := seal.at(snap.Version, snap.Hash)
	var a arena
	hands := len(snap.Hands)
	put := make([]events.SnapshotRecord, 0, max(hands-from+1, 0)+(hands-from+1)/indexChunk+1+more)
	var buf []byte
	for i := from - 1; i < hands; i++ {
		buf = projections.AppendHand(buf[:0], snap.Hands[i])
		k := a.bytes(handKey(i + 1))
		put = append(put, events.SnapshotRecord{Key: k, Value: a.sealed(at, k, buf)})
		if letGo {
			snap.Hands[i] = nil
		}
	}
	for c := (from - 1) / indexChunk; c*indexChunk < hands; c++ {
		end := min((c+1)*indexChunk, hands)
		put = append(put, at.record(indexKey(c), indexRecord(snap.Starts[c*indexChunk:end], snap.Prev[c*indexChunk:end])))
	}
	return put
}

// arena holds many small records in a few large allocations: a hundred
// thousand hands' records are each a few dozen bytes, which allocated one
// by one cost as much again in the allocator's rounding and headers.
type arena struct{ chunk []byte }

// bytes is a copy of b in the arena.
func (a *arena) bytes(b []byte) []byte {
	if cap(a.chunk)-len(a.chunk) < len(b) {
		a.chunk = make([]byte, 0, max(1<<20, len(b)))
	}
	n := len(a.chunk)
	a.chunk = append(a.chunk, b...)
	return a.chunk[n:len(a.chunk):len(a.chunk)]
}

// sealed is body sealed under k by s (sealer.seal), in the arena.
func (a *arena) sealed(s sealer, k, body []byte) []byte {
	mac := s.mac(k, body)
	if cap(a.chunk)-len(a.chunk) < len(body)+len(mac) {
		a.chunk = make([]byte, 0, max(1<<20, len(body)+len(mac)))
	}
	n := len(a.chunk)
	a.chunk = append(append(a.chunk, body...), mac...)
	return a.chunk[n:len(a.chunk):len(a.chunk)]
}

// restOf are the checkpoint's records of snap other than its hands and
// index: the header, the notes, the events withdrawn, the retractions, the
// score sheets and the boards' first deals (which need every hand).
func (r *reading) restOf(snap *snapshot, build string, seal sealer, rec func(k, body []byte) events.SnapshotRecord) ([]events.SnapshotRecord, error) {
	notes := events.NewEncoder(nil)
	notes.Uint(uint64(len(snap.Notes)))
	for _, n := range snap.Notes {
		notes.Raw(projections.AppendNote(nil, n))
	}
	h := header{format: projections.SnapshotFormat, build: build, version: snap.Version, hash: snap.Hash,
		hands: uint64(len(snap.Hands)), closedAt: snap.ClosedAt, nextDealer: snap.NextDealer}
	sheets := events.NewEncoder(nil)
	whole, err := projections.FromSnapshot(r.opened, snap.Snapshot)
	if err != nil {
		return nil, err
	}
	keys := whole.SheetsToKeep()
	encoded := make([][]byte, len(keys))
	fold, folded, ok := whole.ScoresToKeep(keys, func(i int, sheet game.ScoreSheet) {
		encoded[i] = projections.AppendSheet(nil, sheet)
	})
	sheets.Uint(uint64(len(keys)))
	for i, k := range keys {
		sheets.Uint(uint64(k.Finished))
		sheets.Bool(k.Closed)
		sheets.Raw(encoded[i])
	}
	sheets.Bool(ok)
	if ok {
		sheets.Uint(uint64(folded))
		sheets.Raw(projections.AppendFoldState(nil, fold))
	}
	retractions := events.NewEncoder(nil)
	retractions.Uint(uint64(len(snap.Retractions)))
	for _, r := range snap.Retractions {
		retractions.Uint(r.Version)
		retractions.Uint(r.Target)
	}
	out := []events.SnapshotRecord{
		{Key: []byte{keyHeader}, Value: h.encode(seal)},
		rec([]byte{keyNotes}, notes.Bytes()),
		rec([]byte{keyWithdrawn}, projections.AppendIDs(nil, snap.Withdrawn)),
		rec([]byte{keyRetracted}, retractions.Bytes()),
		rec([]byte{keySheets}, sheets.Bytes()),
		rec([]byte{keyBoards}, projections.AppendBoards(nil, snap.Hands))}
	if ok {
		out = append(out, rec([]byte{keyRunning}, runningRecord(folded, fold)))
	}
	return out, nil
}
