// Package events is hoyle's append-only event log: the envelope every event
// is stored in, the registry of event types and their upcasters, the compact
// codec, the hash chain, and the Store interface that the bbolt and
// in-memory stores implement (events/bolt, events/memstore; events/storetest
// is the conformance suite both pass).
//
// The log is the only source of truth. Nothing in it is edited: a mistake is
// corrected by appending a retraction or a correction.
//
// The log is the lowest layer and knows no game.
package events

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/oklog/ulid/v2"
)

// ID identifies an event. It is a ULID: unique, and sortable by the time it
// was made. Re-appending an event with an ID already in the log is a no-op,
// so a scorer's retry after a crash never records a card twice.
type ID = ulid.ULID

// NewID makes a fresh event or session ID.
func NewID() ID { return ulid.Make() }

// ParseID reads an ID written by ID.String.
func ParseID(s string) (ID, error) { return ulid.ParseStrict(s) }

// Hash is the SHA-256 link of a session's hash chain.
type Hash [32]byte

// String is the hash in hex.
func (h Hash) String() string { return fmt.Sprintf("%x", h[:]) }

// Event is what a caller appends: a payload, its ID and when it happened.
//
// Raw and Schema, when Raw is set, are the payload's bytes as another log
// stored them (a JSON backup being restored): they are stored as they are,
// not re-encoded from Data, so that an event of an older schema keeps its
// bytes and its hash. Data must then be the payload they decode to (it
// names the type); Prepare checks that the type is registered and that Raw
// decodes under Schema.
type Event struct {
	ID     ID
	At     time.Time
	Data   Payload
	Schema uint16 // with Raw: the schema Raw is written in
	Raw    []byte // nil: encode Data in its current schema
}

// NewEvent wraps a payload with a fresh ID, recorded at the given time.
func NewEvent(at time.Time, p Payload) Event { return Event{ID: NewID(), At: at, Data: p} }

// Envelope is an event as stored: the payload with everything the log adds.
type Envelope struct {
	Type     string    // stable type name, e.g. "auction.call"
	Schema   uint16    // schema version of Raw as stored
	ID       ID        // the event's ID
	Session  string    // the session's ID
	Version  uint64    // 1 for the session's first event, then 2, 3...
	Position uint64    // place in the whole log, from 1
	At       time.Time // when it was recorded (UTC, to the nanosecond)
	PrevHash Hash      // the Hash of the session's previous event; zero for the first
	Hash     Hash      // SHA-256 of PrevHash and the event's content
	Raw      []byte    // the payload as stored
	Data     Payload   // the payload decoded (and upcast) from Raw
}

// recordFormat is the first byte of every stored envelope.
const recordFormat byte = 1

// ComputeHash is the chain link of an envelope: SHA-256 over the previous
// hash and the content (type, schema, ID, session, version, time, payload).
// The global position is left out so that a session can be exported and
// imported into another database with its chain intact.
func ComputeHash(prev Hash, typ string, schema uint16, id ID, session string, version uint64, at time.Time, raw []byte) Hash {
	// The content is laid out in one buffer and hashed in one call: no
	// allocation for the usual event (verify hashes every event of the log).
	var small [512]byte
	b := small[:0]
	if n := len(prev) + len(typ) + len(id) + len(session) + len(raw) + 6*binary.MaxVarintLen64; n > len(small) {
		b = make([]byte, 0, n)
	}
	b = append(b, prev[:]...)
	b = binary.AppendUvarint(b, uint64(len(typ)))
	b = append(b, typ...)
	b = binary.AppendUvarint(b, uint64(schema))
	b = append(b, id[:]...)
	b = binary.AppendUvarint(b, uint64(len(session)))
	b = append(b, session...)
	b = binary.AppendUvarint(b, version)
	b = binary.AppendVarint(b, at.UnixNano())
	b = binary.AppendUvarint(b, uint64(len(raw)))
	b = append(b, raw...)
	return sha256.Sum256(b)
}

// Seal fills in Hash from the envelope's content and PrevHash.
func (e *Envelope) Seal() {
	e.Hash = ComputeHash(e.PrevHash, e.Type, e.Schema, e.ID, e.Session, e.Version, e.At, e.Raw)
}

// CheckHash reports ErrTampered if the stored hash does not match the content.
func (e *Envelope) CheckHash() error {
	want := ComputeHash(e.PrevHash, e.Type, e.Schema, e.ID, e.Session, e.Version, e.At, e.Raw)
	if want != e.Hash {
		return &PositionError{Session: e.Session, Version: e.Version, Position: e.Position,
			Err: fmt.Errorf("%w: stored hash %.12s… but content hashes to %.12s…", ErrTampered, e.Hash, want)}
	}
	return nil
}

// MarshalRecord encodes the envelope for storage (everything but Position,
// which is the storage key, and Data, which is in Raw).
func (e *Envelope) MarshalRecord(buf []byte) []byte {
	enc := NewEncoder(buf)
	enc.Byte(recordFormat)
	enc.String(e.Type)
	enc.Uint(uint64(e.Schema))
	enc.buf = append(enc.buf, e.ID[:]...)
	enc.String(e.Session)
	enc.Uint(e.Version)
	enc.Int(e.At.UnixNano())
	enc.buf = append(enc.buf, e.PrevHash[:]...)
	enc.buf = append(enc.buf, e.Hash[:]...)
	enc.Raw(e.Raw)
	return enc.Bytes()
}

// UnmarshalRecord decodes a stored envelope found at position pos, without
// decoding the payload (see Decode). Raw aliases b unless copyRaw is true.
func UnmarshalRecord(b []byte, pos uint64, copyRaw bool) (Envelope, error) {
	r := RecordReader{alias: true}
	e, err := r.Read(b, pos)
	if err == nil && copyRaw {
		e.Raw = bytes.Clone(e.Raw)
	}
	return e, err
}

// RecordReader decodes stored records one after another, as a store reads a
// stretch of the log. It shares what consecutive records repeat (the type
// names, the session ID) and copies their payloads into one buffer instead
// of one allocation each: a full rebuild reads millions of records, and
// their allocations, not their bytes, were its cost.
type RecordReader struct {
	alias   bool // Raw aliases the record instead of being copied
	types   map[string]string
	typ     string // the type of the record before
	session string
	arena   []byte
}

// arenaSize is the size of each buffer payloads are copied into.
const arenaSize = 64 << 10

// Read decodes the record b found at position pos.
func (r *RecordReader) Read(b []byte, pos uint64) (Envelope, error) {
	var e Envelope
	e.Position = pos
	d := NewDecoder(b)
	if f := d.Byte(); d.err == nil && f != recordFormat {
		if f > recordFormat {
			return e, fmt.Errorf("%w: event record format %d at position %d", ErrFutureFormat, f, pos)
		}
		return e, fmt.Errorf("%w: unknown event record format %d at position %d", ErrCorrupt, f, pos)
	}
	e.Type = r.intern(d.bytes())
	schema := d.Uint()
	if schema > 0xffff {
		d.fail("schema")
	}
	e.Schema = uint16(schema)
	d.fixed(e.ID[:])
	if sb := d.bytes(); string(sb) == r.session {
		e.Session = r.session
	} else {
		e.Session = string(sb)
		r.session = e.Session
	}
	e.Version = d.Uint()
	e.At = time.Unix(0, d.Int()).UTC()
	d.fixed(e.PrevHash[:])
	d.fixed(e.Hash[:])
	raw := d.bytes()
	if err := d.Err(); err != nil {
		return e, fmt.Errorf("position %d: %w", pos, err)
	}
	e.Raw = r.keep(raw)
	return e, nil
}

func (r *RecordReader) intern(b []byte) string {
	if string(b) == r.typ {
		return r.typ // most records are of the type of the one before (a card, a card...)
	}
	if s, ok := r.types[string(b)]; ok {
		r.typ = s
		return s
	}
	if r.types == nil {
		r.types = map[string]string{}
	}
	s := string(b)
	if len(r.types) < 256 { // type names are few; a damaged log must not grow this
		r.types[s] = s
	}
	return s
}

func (r *RecordReader) keep(raw []byte) []byte {
	switch {
	case r.alias:
		return raw
	case len(raw) > arenaSize/8:
		return bytes.Clone(raw)
	case len(raw) > cap(r.arena)-len(r.arena):
		r.arena = make([]byte, 0, arenaSize)
	}
	start := len(r.arena)
	r.arena = append(r.arena, raw...)
	return r.arena[start:len(r.arena):len(r.arena)]
}

// bytes reads length-prefixed bytes without copying them.
func (d *Decoder) bytes() []byte {
	n := d.Len(1)
	if d.err != nil {
		return nil
	}
	b := d.buf[:n:n]
	d.buf = d.buf[n:]
	return b
}

func (d *Decoder) fixed(dst []byte) {
	if d.err != nil {
		return
	}
	if len(d.buf) < len(dst) {
		d.fail("fixed field")
		return
	}
	copy(dst, d.buf)
	d.buf = d.buf[len(dst):]
}

// Decode fills Data from Raw, upcasting an old schema.
func (e *Envelope) Decode() error {
	return e.decodeWith(nil)
}

// decodeWith is Decode, with pd when given (a reader of many events).
func (e *Envelope) decodeWith(pd *payloadDecoder) error {
	var p Payload
	var err error
	if pd != nil {
		p, err = pd.decode(e.Type, e.Schema, e.Raw)
	} else {
		p, err = DecodePayload(e.Type, e.Schema, e.Raw)
	}
	if err != nil {
		return &PositionError{Session: e.Session, Version: e.Version, Position: e.Position, Err: err}
	}
	e.Data = p
	return nil
}

// The times an event may carry: what fits in int64 nanoseconds, with margin.
var (
	minTime = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

// Prepare turns the events of one append into sealed envelopes that follow a
// session's head: versions from head+1, each chained to the one before. The
// store then assigns positions. Every store uses it, so every store hashes
// alike.
func Prepare(session string, head uint64, headHash Hash, evs []Event) ([]Envelope, error) {
	out := make([]Envelope, len(evs))
	prev := headHash
	for i, ev := range evs {
		if ev.Data == nil || ev.ID == (ID{}) {
			return nil, fmt.Errorf("%w: event %d of the append has no ID or no payload", ErrInvalid, i+1)
		}
		if ev.At.Before(minTime) || ev.At.After(maxTime) {
			// Times are stored as nanoseconds since 1970 in an int64.
			return nil, fmt.Errorf("%w: event %d is dated %s, outside the years 1900 to 2200", ErrInvalid, i+1, ev.At.Format(time.RFC3339))
		}
		name, schema, raw, data, err := eventPayload(ev)
		if err != nil {
			return nil, fmt.Errorf("event %d of the append: %w", i+1, err)
		}
		e := Envelope{Type: name, Schema: schema, ID: ev.ID, Session: session,
			Version: head + uint64(i) + 1, At: ev.At.UTC(), PrevHash: prev, Raw: raw, Data: data}
		e.Seal()
		prev = e.Hash
		out[i] = e
	}
	return out, nil
}

// eventPayload is what an event stores: its Raw bytes as given (checked to
// decode under their schema, and the payload they decode to), or else Data
// encoded in its current schema.
func eventPayload(ev Event) (name string, schema uint16, raw []byte, data Payload, err error) {
	if ev.Raw == nil {
		name, schema, raw, err = EncodePayload(ev.Data)
		return name, schema, raw, ev.Data, err
	}
	name = ev.Data.EventType()
	if ev.Schema == 0 {
		return "", 0, nil, nil, fmt.Errorf("%w: %s given as stored bytes without their schema", ErrInvalid, name)
	}
	data, err = DecodePayload(name, ev.Schema, ev.Raw)
	if err != nil {
		return "", 0, nil, nil, err
	}
	return name, ev.Schema, bytes.Clone(ev.Raw), data, nil
}

// SameContent reports whether a stored envelope records the same event as an
// append would: used to tell an idempotent retry from a reused ID.
func SameContent(stored Envelope, ev Event) bool {
	if ev.Raw != nil {
		return stored.Type == ev.Data.EventType() && stored.Schema == ev.Schema && bytes.Equal(stored.Raw, ev.Raw)
	}
	name, schema, raw, err := EncodePayload(ev.Data)
	return err == nil && stored.Type == name && stored.Schema == schema && bytes.Equal(stored.Raw, raw)
}
