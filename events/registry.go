package events

import (
	"fmt"
	"sort"
	"sync"
)

// Payload is the content of an event. Its type name is stable: it is written
// in the log and must never change once released ("auction.call", never a Go
// struct name). Its fields are written in a fixed order; that order is its
// schema, numbered by SchemaVersion.
type Payload interface {
	// EventType is the stable type name, "noun.verb" style.
	EventType() string
	// MarshalWire writes the payload's fields.
	MarshalWire(e *Encoder)
	// UnmarshalWire reads them back, in the current schema.
	UnmarshalWire(d *Decoder) error
}

// Upcaster turns the stored bytes of an older schema into today's payload.
// Old events are upcast on read, never rewritten: the log stays as written
// and its hash chain stays valid.
type Upcaster func(raw []byte) (Payload, error)

// TypeInfo describes one registered event type.
type TypeInfo struct {
	Name      string
	Schema    uint16              // the current schema version, from 1
	New       func() Payload      // a zero payload to decode into
	Upcasters map[uint16]Upcaster // older schema -> today's payload
	Doc       string              // one line for `hoyle log` and the docs
}

var (
	regMu    sync.RWMutex
	registry = map[string]*TypeInfo{}
)

// Register adds an event type. Packages that define payloads call it from
// init. Registering a name twice panics: it is a programming error.
func Register(info TypeInfo) {
	regMu.Lock()
	defer regMu.Unlock()
	if info.Name == "" || info.Schema == 0 || info.New == nil {
		panic("events: Register needs a name, a schema version and New")
	}
	if got := info.New().EventType(); got != info.Name {
		panic(fmt.Sprintf("events: %s registered with a payload whose type is %s", info.Name, got))
	}
	if _, dup := registry[info.Name]; dup {
		panic("events: type registered twice: " + info.Name)
	}
	registry[info.Name] = &info
}

// Lookup returns the registration of a type name.
func Lookup(name string) (*TypeInfo, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	t, ok := registry[name]
	return t, ok
}

// Types lists the registered types by name.
func Types() []TypeInfo {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]TypeInfo, 0, len(registry))
	for _, t := range registry {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// EncodePayload writes a payload in its current schema and returns the type
// name, schema version and bytes.
func EncodePayload(p Payload) (name string, schema uint16, raw []byte, err error) {
	t, ok := Lookup(p.EventType())
	if !ok {
		return "", 0, nil, fmt.Errorf("%w: %q", ErrUnknownType, p.EventType())
	}
	e := NewEncoder(make([]byte, 0, 32))
	p.MarshalWire(e)
	return t.Name, t.Schema, e.Bytes(), nil
}

// DecodePayload reads the stored bytes of a type and schema, upcasting an
// older schema to today's payload.
func DecodePayload(name string, schema uint16, raw []byte) (Payload, error) {
	t, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownType, name)
	}
	return t.decode(schema, raw, NewDecoder(nil))
}

// payloadDecoder decodes payloads one after another, as a reader of the
// log does: it looks a type up only when it changes from the event
// before, and reads every payload with one Decoder. A full read decodes
// millions, and the look-up and the Decoder each payload made were a
// third of what decoding cost.
type payloadDecoder struct {
	name string
	t    *TypeInfo
	d    Decoder
}

// decode is DecodePayload.
func (pd *payloadDecoder) decode(name string, schema uint16, raw []byte) (Payload, error) {
	if pd.t == nil || name != pd.name {
		t, ok := Lookup(name)
		if !ok {
			return nil, fmt.Errorf("%w: %q", ErrUnknownType, name)
		}
		pd.name, pd.t = name, t
	}
	return pd.t.decode(schema, raw, &pd.d)
}

// decode reads raw, of schema, into a new payload of type t, with d (its
// buffer and error set here: a Decoder may be used again).
func (t *TypeInfo) decode(schema uint16, raw []byte, d *Decoder) (Payload, error) {
	name := t.Name
	switch {
	case schema == t.Schema:
		p := t.New()
		d.buf, d.err = raw, nil
		if err := p.UnmarshalWire(d); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return p, nil
	case schema > t.Schema:
		return nil, fmt.Errorf("%w: %s schema %d (this hoyle knows up to %d)", ErrFutureSchema, name, schema, t.Schema)
	}
	up, ok := t.Upcasters[schema]
	if !ok {
		return nil, fmt.Errorf("%w: %s schema %d has no upcaster", ErrCorrupt, name, schema)
	}
	p, err := up(raw)
	if err != nil {
		return nil, fmt.Errorf("%s schema %d: %w", name, schema, err)
	}
	return p, nil
}
