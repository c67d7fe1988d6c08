package events

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/hoyle/hoyle/events/cards"
)

// Encoder appends values to a byte slice in hoyle's compact event encoding:
// unsigned varints, length-prefixed strings, a card in one byte. Payloads
// write their fields with it in a fixed order; the order is the schema.
//
// A compact hand-written encoding (not JSON or gob) because a full rebuild
// decodes every event in the log, and the rebuild must run at millions of
// events a second; the JSON form is still available for people (see
// MarshalJSON on the payloads) and for backups.
type Encoder struct{ buf []byte }

// NewEncoder returns an Encoder that appends to buf.
func NewEncoder(buf []byte) *Encoder { return &Encoder{buf: buf} }

// Bytes returns the encoded bytes.
func (e *Encoder) Bytes() []byte { return e.buf }

// Uint writes an unsigned integer.
func (e *Encoder) Uint(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }

// Int writes a signed integer.
func (e *Encoder) Int(v int64) { e.buf = binary.AppendVarint(e.buf, v) }

// Bool writes a boolean.
func (e *Encoder) Bool(v bool) {
	if v {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

// Byte writes one byte.
func (e *Encoder) Byte(b byte) { e.buf = append(e.buf, b) }

// String writes a length-prefixed string.
func (e *Encoder) String(s string) {
	e.Uint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}

// Raw writes length-prefixed bytes.
func (e *Encoder) Raw(b []byte) {
	e.Uint(uint64(len(b)))
	e.buf = append(e.buf, b...)
}

// Fixed writes bytes whose length both sides know (an ID, a hash), with
// no length before them.
func (e *Encoder) Fixed(b []byte) { e.buf = append(e.buf, b...) }

// Seat writes a seat (NoSeat included).
func (e *Encoder) Seat(s cards.Seat) { e.Int(int64(s)) }

// Card writes a card in one byte.
func (e *Encoder) Card(c cards.Card) { e.buf = append(e.buf, byte(c)) }

// Cards writes a list of cards, keeping their order.
func (e *Encoder) Cards(cs []cards.Card) {
	e.Uint(uint64(len(cs)))
	for _, c := range cs {
		e.Card(c)
	}
}

// Set writes a set of cards.
func (e *Encoder) Set(s cards.Set) { e.Uint(uint64(s)) }

// Call writes a call in three bytes.
func (e *Encoder) Call(c cards.Call) { e.buf = append(e.buf, byte(c.Kind), c.Level, byte(c.Strain)) }

// Strings writes a list of strings.
func (e *Encoder) Strings(ss []string) {
	e.Uint(uint64(len(ss)))
	for _, s := range ss {
		e.String(s)
	}
}

// Decoder reads what an Encoder wrote. The first error sticks: after it every
// read returns a zero value, and Err reports it, so a payload's decoder reads
// its fields in a straight line and checks once at the end.
type Decoder struct {
	buf []byte
	err error
}

// NewDecoder reads from buf.
func NewDecoder(buf []byte) *Decoder { return &Decoder{buf: buf} }

// Err is the first error met, or an error if bytes are left unread.
func (d *Decoder) Err() error {
	if d.err == nil && len(d.buf) > 0 {
		return fmt.Errorf("%w: %d bytes left over", ErrCorrupt, len(d.buf))
	}
	return d.err
}

// More reports whether bytes are left: an older payload may end before
// fields that a newer schema added.
func (d *Decoder) More() bool { return d.err == nil && len(d.buf) > 0 }

// Left is how many bytes are left unread: what bounds a length read from
// damaged bytes before anything is allocated for it.
func (d *Decoder) Left() int { return len(d.buf) }

func (d *Decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: truncated or invalid %s", ErrCorrupt, what)
	}
	d.buf = nil
}

// Uint reads an unsigned integer.
func (d *Decoder) Uint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.buf)
	if n <= 0 {
		d.fail("number")
		return 0
	}
	d.buf = d.buf[n:]
	return v
}

// Int reads a signed integer.
func (d *Decoder) Int() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.buf)
	if n <= 0 {
		d.fail("number")
		return 0
	}
	d.buf = d.buf[n:]
	return v
}

// Len reads a length and checks that at least min bytes per item remain, so
// that a damaged length cannot make a decoder allocate gigabytes.
func (d *Decoder) Len(min int) int {
	n := d.Uint()
	if d.err != nil {
		return 0
	}
	if n > math.MaxInt32 || (min > 0 && n*uint64(min) > uint64(len(d.buf))) {
		d.fail("length")
		return 0
	}
	return int(n)
}

// Bool reads a boolean.
func (d *Decoder) Bool() bool {
	b := d.Byte()
	if b > 1 {
		d.fail("boolean")
	}
	return b == 1
}

// Byte reads one byte.
func (d *Decoder) Byte() byte {
	if d.err != nil {
		return 0
	}
	if len(d.buf) < 1 {
		d.fail("byte")
		return 0
	}
	b := d.buf[0]
	d.buf = d.buf[1:]
	return b
}

// String reads a length-prefixed string.
func (d *Decoder) String() string {
	n := d.Len(1)
	if d.err != nil {
		return ""
	}
	s := string(d.buf[:n])
	d.buf = d.buf[n:]
	return s
}

// Raw reads length-prefixed bytes (a copy).
func (d *Decoder) Raw() []byte {
	n := d.Len(1)
	if d.err != nil {
		return nil
	}
	b := append([]byte(nil), d.buf[:n]...)
	d.buf = d.buf[n:]
	return b
}

// Fail makes the decoder fail as on damaged bytes: the caller found a value
// it cannot be (Err then says what).
func (d *Decoder) Fail(what string) { d.fail(what) }

// Fixed reads len(dst) bytes written by Encoder.Fixed into dst.
func (d *Decoder) Fixed(dst []byte) { d.fixed(dst) }

// Seat reads a seat.
func (d *Decoder) Seat() cards.Seat {
	v := d.Int()
	if v < -1 || v > 16 {
		d.fail("seat")
		return cards.NoSeat
	}
	return cards.Seat(v)
}

// Card reads a card.
func (d *Decoder) Card() cards.Card {
	c := cards.Card(d.Byte())
	if d.err == nil && c != cards.NoCard && !c.Valid() {
		d.fail("card")
	}
	return c
}

// Cards reads a list of cards.
func (d *Decoder) Cards() []cards.Card {
	n := d.Len(1)
	if n == 0 {
		return nil
	}
	out := make([]cards.Card, n)
	for i := range out {
		out[i] = d.Card()
	}
	return out
}

// Set reads a set of cards.
func (d *Decoder) Set() cards.Set { return cards.Set(d.Uint()) }

// Call reads a call.
func (d *Decoder) Call() cards.Call {
	k, l, s := d.Byte(), d.Byte(), d.Byte()
	c := cards.Call{Kind: cards.CallKind(k), Level: l, Strain: cards.Strain(s)}
	if d.err == nil && (c.Kind < cards.Pass || c.Kind > cards.Exchange || c.Strain > cards.NoStrain) {
		d.fail("call")
	}
	return c
}

// Strings reads a list of strings.
func (d *Decoder) Strings() []string {
	n := d.Len(1)
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.String()
	}
	return out
}

// ID reads an event ID written with Raw: exactly 16 bytes.
func (d *Decoder) ID() ID {
	var id ID
	b := d.Raw()
	if d.err == nil && len(b) != len(id) {
		d.fail("event ID")
		return id
	}
	copy(id[:], b)
	return id
}

// Side reads a side written with Int.
func (d *Decoder) Side() cards.Side {
	v := d.Int()
	if v < -1 || v > 16 {
		d.fail("side")
		return cards.NoSide
	}
	return cards.Side(v)
}
