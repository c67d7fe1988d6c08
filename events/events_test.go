package events_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// samples has one payload of every table type, every field set.
func samples() []events.Payload {
	target := events.ID{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	return []events.Payload{
		&table.SessionOpened{Ruleset: "auction", Name: "Friday rubber", Players: []string{"Ann", "Bob", "", "Dee"},
			Dealer: cards.South, Options: []table.Option{{Name: "honours", Value: "on"}, {Name: "revoke", Value: "2"}}},
		&table.SessionClosed{Reason: "late"},
		&table.CutForDeal{Cuts: []table.SeatCard{{Seat: cards.North, Card: cards.MustCard("SA")}, {Seat: cards.East, Card: cards.MustCard("H2")}}, Dealer: cards.North},
		&table.Shuffled{By: cards.West, Seeded: true, Seed: math.MaxUint64, Permutation: []uint8{3, 1, 2, 0, 255}},
		&table.Cut{By: cards.East, Top: 17},
		&table.Dealt{Hand: 3, Dealer: cards.East, Board: 12,
			Hands:  []cards.Set{cards.NewSet(cards.MustCard("SA"), cards.MustCard("HK")), 0, cards.NewSet(cards.Joker), cards.Set(1<<52 - 1)},
			Widow:  cards.NewSet(cards.MustCard("C2")),
			TurnUp: cards.MustCard("D9"), Derived: true, Vul: cards.VulAll},
		&table.Called{Seat: cards.West, Call: cards.NewBid(7, cards.NoTrump)},
		&table.Played{Seat: cards.South, Card: cards.Joker},
		&table.Discarded{Seat: cards.North, Cards: []cards.Card{cards.MustCard("C3"), cards.MustCard("C4"), cards.Joker}},
		&table.Claimed{Seat: cards.East, Tricks: 13},
		&table.HonoursClaimed{Side: cards.EW, Holding: "4-in-one"},
		&table.Retracted{Target: target, Reason: "misclick"},
		&table.Noted{Target: target, Text: "a fine lead", Glyph: "!", By: "Ann"},
		&table.RulingAdjusted{Board: 5, Kind: table.RulingWeighted, Law: "Law 12C1(c)", By: "TD",
			Scores: []table.AssignedScore{{Contract: "4S", Declarer: cards.North, Tricks: 10, Weight: 6000}, {Contract: "4S", Declarer: cards.North, Tricks: 9, Weight: 4000}}},
		&table.RulingAdjusted{Board: 2, Kind: table.RulingArtificial, Law: "Law 12C2", NS: "avg+", EW: "avg-"},
		&table.ContractGiven{Bid: cards.NewBid(4, cards.StrainSpades), Doubled: 1, Declarer: cards.North,
			Calls: []cards.Call{cards.NewBid(1, cards.StrainSpades), cards.PassCall}, Inconsistent: "the auction makes North declarer"},
		&table.ResultGiven{Won: []int{9, 4}},
		&table.HandGiven{Hand: 7, Seat: cards.West, Cards: cards.NewSet(cards.MustCard("SA"), cards.MustCard("D2"))},
		&table.TagsKept{Format: "pbn", Tags: []table.Tag{{Name: "Site", Value: "Online"}, {Name: "OptimumResultTable", Value: "Declarer;Denomination\\2R;Result\\2R", Section: []string{"N NT 6", "S NT 6"}}}},
		&table.SourceNoted{Format: "pbn", Records: []string{"3f2a", "9c1e"}},
		&table.IrregularCall{Seat: cards.East, Call: cards.NewBid(4, cards.StrainClubs)},
		&table.IrregularPlay{Seat: cards.North, Card: cards.MustCard("DK"), By: cards.South},
		&table.Exposed{Seat: cards.West, Cards: []cards.Card{cards.MustCard("SQ"), cards.MustCard("H2")}},
		&table.RenounceCorrected{Seat: cards.East, Card: cards.MustCard("C4")},
		&table.NewDeal{Reason: "a card faced in the pack"},
		&table.NewDeal{Reason: "N has fourteen cards", Misdeal: true},
		&table.Penalty{Target: target, Choice: "call-suit", Card: cards.MustCard("HA"), Suit: cards.Hearts},
		&table.TrickWon{Trick: 7, Seat: cards.West},
		&table.Seated{Hand: 5, Players: []int{4, table.NoPlayer, 0, 2}, Round: 3, Table: 2},
	}
}

// sparse has payloads with their fields at zero values or at the edges.
func sparse() []events.Payload {
	return []events.Payload{
		&table.SessionOpened{Dealer: cards.NoSeat},
		&table.SessionClosed{},
		&table.CutForDeal{Dealer: cards.NoSeat},
		&table.Shuffled{By: cards.NoSeat},
		&table.Cut{Top: -1},
		&table.Dealt{Dealer: cards.NoSeat, Hand: math.MaxInt},
		&table.Called{Seat: 16, Call: cards.PassCall},
		&table.Called{Seat: cards.North, Call: cards.RedoubleCall},
		&table.Called{Seat: cards.North, Call: cards.Call{Kind: cards.Bid, Level: 0, Strain: cards.StrainHearts}},
		&table.Played{Seat: cards.NoSeat},
		&table.Discarded{},
		&table.Claimed{Tricks: 0},
		&table.HonoursClaimed{Side: cards.NoSide},
		&table.Retracted{},
		&table.Noted{Text: strings.Repeat("é", 300)},
		&table.IrregularCall{Seat: cards.NoSeat, Call: cards.PassCall},
		&table.IrregularPlay{Seat: cards.NoSeat, By: cards.NoSeat},
		&table.Exposed{},
		&table.RenounceCorrected{},
		&table.NewDeal{},
		&table.TrickWon{Trick: 0, Seat: cards.NoSeat},
		&table.Penalty{Suit: cards.NoSuit},
	}
}

var at = time.Date(2025, 6, 1, 21, 15, 30, 987654321, time.UTC)

func envelopeOf(t testing.TB, p events.Payload, session string, version uint64) events.Envelope {
	t.Helper()
	envs, err := events.Prepare(session, version-1, events.Hash{7}, []events.Event{{ID: events.NewID(), At: at, Data: p}})
	require.NoError(t, err)
	envs[0].Position = 42
	return envs[0]
}

func TestEveryTableTypeHasASample(t *testing.T) {
	have := map[string]bool{}
	for _, p := range samples() {
		have[p.EventType()] = true
	}
	for _, info := range events.Types() {
		if strings.HasPrefix(info.Name, "test.") {
			continue
		}
		assert.True(t, have[info.Name], "no sample of %s: add one to samples()", info.Name)
		assert.NotEmpty(t, info.Doc, info.Name)
	}
}

func TestPayloadRoundTrip(t *testing.T) {
	for _, p := range append(samples(), sparse()...) {
		name, schema, raw, err := events.EncodePayload(p)
		require.NoError(t, err)
		assert.Equal(t, p.EventType(), name)
		info, ok := events.Lookup(name)
		require.True(t, ok)
		assert.Equal(t, info.Schema, schema)
		got, err := events.DecodePayload(name, schema, raw)
		require.NoError(t, err, "%s % x", name, raw)
		assert.Equal(t, p, got, name)
		assert.Equal(t, reflect.TypeOf(p), reflect.TypeOf(got))
		// Equal payloads encode equally.
		_, _, again, err := events.EncodePayload(got)
		require.NoError(t, err)
		assert.Equal(t, raw, again, name)
	}
}

// TestPayloadDamage: every strict prefix of a payload's bytes, and the
// bytes with one more at the end, are ErrCorrupt.
func TestPayloadDamage(t *testing.T) {
	for _, p := range append(samples(), sparse()...) {
		name, schema, raw, err := events.EncodePayload(p)
		require.NoError(t, err)
		for n := range len(raw) {
			_, err := events.DecodePayload(name, schema, raw[:n])
			require.ErrorIs(t, err, events.ErrCorrupt, "%s cut to %d of %d bytes", name, n, len(raw))
		}
		_, err = events.DecodePayload(name, schema, append(bytes.Clone(raw), 0))
		require.ErrorIs(t, err, events.ErrCorrupt, "%s with a byte too many", name)
	}
}

// TestPayloadInvalidValues: bytes in the right shape but with values out of
// range are ErrCorrupt.
func TestPayloadInvalidValues(t *testing.T) {
	enc := func(f func(e *events.Encoder)) []byte {
		e := events.NewEncoder(nil)
		f(e)
		return e.Bytes()
	}
	cases := []struct {
		name string
		typ  string
		raw  []byte
	}{
		{"seat 17", table.TypePlayed, enc(func(e *events.Encoder) { e.Int(17); e.Byte(1) })},
		{"seat -2", table.TypePlayed, enc(func(e *events.Encoder) { e.Int(-2); e.Byte(1) })},
		{"card 54", table.TypePlayed, enc(func(e *events.Encoder) { e.Int(0); e.Byte(54) })},
		{"card 255", table.TypePlayed, enc(func(e *events.Encoder) { e.Int(0); e.Byte(255) })},
		{"call kind 0", table.TypeCalled, enc(func(e *events.Encoder) { e.Int(0); e.Byte(0); e.Byte(1); e.Byte(0) })},
		{"call kind 6", table.TypeCalled, enc(func(e *events.Encoder) { e.Int(0); e.Byte(6); e.Byte(1); e.Byte(0) })},
		{"strain 7", table.TypeCalled, enc(func(e *events.Encoder) { e.Int(0); e.Byte(byte(cards.Bid)); e.Byte(1); e.Byte(7) })},
		{"boolean 2", table.TypeShuffled, enc(func(e *events.Encoder) { e.Int(0); e.Byte(2); e.Uint(0); e.Uint(0) })},
		{"a number of 11 bytes", table.TypeCut, append(enc(func(e *events.Encoder) { e.Int(0) }), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)},
		{"a string longer than the rest", table.TypeSessionClosed, enc(func(e *events.Encoder) { e.Uint(10); e.Byte('a') })},
		{"a list of 2^31 strings", table.TypeSessionOpened, enc(func(e *events.Encoder) { e.String(""); e.String(""); e.Uint(1 << 31) })},
		{"a list of 2^62 cards", table.TypeDiscarded, enc(func(e *events.Encoder) { e.Int(0); e.Uint(1 << 62) })},
		{"a list of 2^40 options", table.TypeSessionOpened, enc(func(e *events.Encoder) { e.String(""); e.String(""); e.Uint(0); e.Int(0); e.Uint(1 << 40) })},
		{"nothing", table.TypeClaimed, nil},
	}
	for _, c := range cases {
		_, err := events.DecodePayload(c.typ, 1, c.raw)
		require.ErrorIs(t, err, events.ErrCorrupt, c.name)
	}
}

func TestEncoderDecoder(t *testing.T) {
	e := events.NewEncoder(nil)
	e.Uint(0)
	e.Uint(math.MaxUint64)
	e.Int(math.MinInt64)
	e.Int(-1)
	e.Bool(true)
	e.Bool(false)
	e.Byte(0xfe)
	e.String("")
	e.String("trumps ♠")
	e.Raw(nil)
	e.Raw([]byte{0, 1, 2})
	e.Seat(cards.NoSeat)
	e.Seat(16)
	e.Card(cards.NoCard)
	e.Card(cards.Joker)
	e.Cards([]cards.Card{cards.MustCard("SA"), cards.MustCard("C2")})
	e.Set(cards.Set(math.MaxUint64))
	e.Call(cards.NewBid(3, cards.RoyalSpades))
	e.Strings([]string{"a", "", "c"})

	d := events.NewDecoder(e.Bytes())
	assert.Equal(t, uint64(0), d.Uint())
	assert.Equal(t, uint64(math.MaxUint64), d.Uint())
	assert.Equal(t, int64(math.MinInt64), d.Int())
	assert.Equal(t, int64(-1), d.Int())
	assert.True(t, d.Bool())
	assert.False(t, d.Bool())
	assert.Equal(t, byte(0xfe), d.Byte())
	assert.Equal(t, "", d.String())
	assert.Equal(t, "trumps ♠", d.String())
	assert.Empty(t, d.Raw())
	assert.Equal(t, []byte{0, 1, 2}, d.Raw())
	assert.Equal(t, cards.NoSeat, d.Seat())
	assert.Equal(t, cards.Seat(16), d.Seat())
	assert.Equal(t, cards.NoCard, d.Card())
	assert.Equal(t, cards.Joker, d.Card())
	assert.Equal(t, []cards.Card{cards.MustCard("SA"), cards.MustCard("C2")}, d.Cards())
	assert.Equal(t, cards.Set(math.MaxUint64), d.Set())
	assert.Equal(t, cards.NewBid(3, cards.RoyalSpades), d.Call())
	assert.Equal(t, []string{"a", "", "c"}, d.Strings())
	assert.False(t, d.More())
	require.NoError(t, d.Err())

	// The first error sticks; reads after it are zero.
	d = events.NewDecoder([]byte{2, 5, 'h', 'e', 'l', 'l', 'o'})
	assert.False(t, d.Bool())
	assert.Equal(t, "", d.String())
	assert.False(t, d.More())
	require.ErrorIs(t, d.Err(), events.ErrCorrupt)
	assert.Contains(t, d.Err().Error(), "boolean")

	// Bytes left over are an error.
	d = events.NewDecoder([]byte{1, 2})
	assert.Equal(t, uint64(1), d.Uint())
	assert.True(t, d.More())
	require.ErrorIs(t, d.Err(), events.ErrCorrupt)
}

// TestGolden pins the stored form of an event and its hash. Both are in
// every database and export: if this test fails, old files can no longer be
// read or verified. Change the format only with a new record format (and a
// store format upgrade), never in place.
func TestGolden(t *testing.T) {
	id, err := events.ParseID("01JX0000000000000000000000")
	require.NoError(t, err)
	envs, err := events.Prepare("golden", 0, events.Hash{}, []events.Event{
		{ID: id, At: time.Date(2025, 1, 2, 3, 4, 5, 6, time.UTC), Data: &table.Called{Seat: cards.East, Call: cards.NewBid(4, cards.StrainSpades)}},
		{ID: id, At: time.Date(2025, 1, 2, 3, 4, 6, 0, time.FixedZone("X", -7200)), Data: &table.Played{Seat: cards.South, Card: cards.MustCard("HQ")}},
	})
	require.NoError(t, err)
	rec := hex.EncodeToString(envs[0].MarshalRecord(nil))
	assert.Equal(t, goldenRecord, rec)
	assert.Equal(t, goldenHash0, envs[0].Hash.String())
	assert.Equal(t, goldenHash1, envs[1].Hash.String())
	assert.Equal(t, envs[0].Hash, envs[1].PrevHash)
	b, err := hex.DecodeString(goldenRecord)
	require.NoError(t, err)
	e, err := events.UnmarshalRecord(b, 1, true)
	require.NoError(t, err)
	require.NoError(t, e.Decode())
	require.NoError(t, e.CheckHash())
	assert.Equal(t, envs[0].Data, e.Data)
}

const (
	goldenRecord = "010c61756374696f6e2e63616c6c010197400000000000000000000000000006676f6c64656e018cc899efddc7e0963000000000000000000000000000000000000000000000000000000000000000008ed228636cf485fbf330305ea441087540ff1259324caa7d2fc5340650b7a9530402040403"
	goldenHash0  = "8ed228636cf485fbf330305ea441087540ff1259324caa7d2fc5340650b7a953"
	goldenHash1  = "4c94cfa6235deace9f6f939d15838fb02539b1871c2592506b76fb321dfd988b"
)

func TestRecordRoundTrip(t *testing.T) {
	for i, p := range append(samples(), sparse()...) {
		e := envelopeOf(t, p, fmt.Sprintf("session-%d", i), uint64(i+1))
		b := e.MarshalRecord(nil)
		for _, copyRaw := range []bool{false, true} {
			got, err := events.UnmarshalRecord(b, e.Position, copyRaw)
			require.NoError(t, err)
			assert.Nil(t, got.Data)
			require.NoError(t, got.CheckHash())
			require.NoError(t, got.Decode())
			assert.Equal(t, e, got)
		}
		// Raw aliases the record unless copied.
		got, err := events.UnmarshalRecord(b, e.Position, false)
		require.NoError(t, err)
		if len(got.Raw) > 0 {
			got.Raw[0] ^= 0xff
			assert.NotEqual(t, e.Raw, got.Raw)
			assert.Equal(t, b[len(b)-len(got.Raw)], got.Raw[0], "Raw aliases the record")
			got.Raw[0] ^= 0xff
		}
		got, err = events.UnmarshalRecord(b, e.Position, true)
		require.NoError(t, err)
		b[len(b)-1] ^= 0xff
		assert.Equal(t, e.Raw, got.Raw, "a copied Raw does not change with the record")
		b[len(b)-1] ^= 0xff
	}
}

// TestRecordDamage: a record cut short anywhere, or with a byte too many, is
// ErrCorrupt; so is the payload inside a record when it is damaged.
func TestRecordDamage(t *testing.T) {
	for _, p := range samples() {
		e := envelopeOf(t, p, "s", 1)
		b := e.MarshalRecord(nil)
		for n := range len(b) {
			_, err := events.UnmarshalRecord(b[:n], 9, false)
			require.ErrorIs(t, err, events.ErrCorrupt, "%s record cut to %d of %d bytes", e.Type, n, len(b))
			assert.Contains(t, err.Error(), "position 9")
		}
		_, err := events.UnmarshalRecord(append(bytes.Clone(b), 0), 9, false)
		require.ErrorIs(t, err, events.ErrCorrupt)

		// The payload cut short inside an intact record: the record reads,
		// its payload does not, and the error says where.
		if len(e.Raw) == 0 {
			continue
		}
		short := e
		short.Raw = e.Raw[:len(e.Raw)-1]
		got, err := events.UnmarshalRecord(short.MarshalRecord(nil), 9, true)
		require.NoError(t, err)
		err = got.Decode()
		require.ErrorIs(t, err, events.ErrCorrupt, e.Type)
		var pe *events.PositionError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, uint64(9), pe.Position)
		assert.Equal(t, "s", pe.Session)
		assert.Equal(t, uint64(1), pe.Version)
		// And its hash no longer matches.
		require.ErrorIs(t, got.CheckHash(), events.ErrTampered)
	}
}

func TestRecordFormat(t *testing.T) {
	e0 := envelopeOf(t, samples()[0], "s", 1)
	b := e0.MarshalRecord(nil)
	for _, f := range []byte{2, 3, 0x7f, 0xff} {
		c := bytes.Clone(b)
		c[0] = f
		_, err := events.UnmarshalRecord(c, 5, false)
		require.ErrorIs(t, err, events.ErrFutureFormat, "format %d", f)
		assert.NotErrorIs(t, err, events.ErrCorrupt)
	}
	c := bytes.Clone(b)
	c[0] = 0
	_, err := events.UnmarshalRecord(c, 5, false)
	require.ErrorIs(t, err, events.ErrCorrupt, "format 0")
	_, err = events.UnmarshalRecord(nil, 5, false)
	require.ErrorIs(t, err, events.ErrCorrupt, "no bytes")
	// A schema past 16 bits.
	e := events.NewEncoder(nil)
	e.Byte(1)
	e.String(table.TypePlayed)
	e.Uint(1 << 16)
	_, err = events.UnmarshalRecord(append(e.Bytes(), b[len(e.Bytes()):]...), 5, false)
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 65536")
}

// unregistered is a payload no one registered.
type unregistered struct{}

func (unregistered) EventType() string                   { return "test.unregistered" }
func (unregistered) MarshalWire(*events.Encoder)         {}
func (unregistered) UnmarshalWire(*events.Decoder) error { return nil }

func TestUnknownType(t *testing.T) {
	_, err := events.DecodePayload("auction.kall", 1, []byte{0})
	require.ErrorIs(t, err, events.ErrUnknownType)
	_, err = events.DecodePayload("", 1, nil)
	require.ErrorIs(t, err, events.ErrUnknownType)
	_, _, _, err = events.EncodePayload(unregistered{})
	require.ErrorIs(t, err, events.ErrUnknownType)
	_, err = events.Prepare("s", 0, events.Hash{}, []events.Event{{ID: events.NewID(), At: at, Data: unregistered{}}})
	require.ErrorIs(t, err, events.ErrUnknownType)

	// In a stored record: the record reads, the payload does not.
	env := envelopeOf(t, samples()[1], "s", 1)
	env.Type = "session.reopened"
	env.Seal()
	got, err := events.UnmarshalRecord(env.MarshalRecord(nil), 3, true)
	require.NoError(t, err)
	require.NoError(t, got.CheckHash())
	err = got.Decode()
	require.ErrorIs(t, err, events.ErrUnknownType)
	var pe *events.PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, uint64(3), pe.Position)
}

func TestFutureSchema(t *testing.T) {
	_, _, raw, err := events.EncodePayload(samples()[6])
	require.NoError(t, err)
	for _, schema := range []uint16{2, 3, math.MaxUint16} {
		_, err := events.DecodePayload(table.TypeCalled, schema, raw)
		require.ErrorIs(t, err, events.ErrFutureSchema, "schema %d", schema)
	}
	// Schema 0 was never written: no upcaster, damaged data.
	_, err = events.DecodePayload(table.TypeCalled, 0, raw)
	require.ErrorIs(t, err, events.ErrCorrupt)
}

// The upcaster demonstration. test.score is a made-up event type whose
// schema went from 1 to 2:
//
//	schema 1: points (uint), side (int)
//	schema 2: side (int), points (uint), above (bool) — the fields reordered
//	          and one added, which schema 1 events lack (they were all
//	          below the line).
//
// An event stored in schema 1 stays as written, hash and all; reading it
// runs the upcaster and yields today's Score.
type Score struct {
	Side   cards.Side
	Points uint64
	Above  bool
}

func (*Score) EventType() string { return "test.score" }

func (p *Score) MarshalWire(e *events.Encoder) {
	e.Int(int64(p.Side))
	e.Uint(p.Points)
	e.Bool(p.Above)
}

func (p *Score) UnmarshalWire(d *events.Decoder) error {
	p.Side = cards.Side(d.Int())
	p.Points = d.Uint()
	p.Above = d.Bool()
	return d.Err()
}

// scoreV1 writes a schema 1 test.score, as an old hoyle did.
func scoreV1(points uint64, side cards.Side) []byte {
	e := events.NewEncoder(nil)
	e.Uint(points)
	e.Int(int64(side))
	return e.Bytes()
}

// upcastScoreV1 reads a schema 1 test.score into today's Score.
func upcastScoreV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &Score{Points: d.Uint(), Side: cards.Side(d.Int())}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

func init() {
	events.Register(events.TypeInfo{
		Name:      "test.score",
		Schema:    2,
		New:       func() events.Payload { return &Score{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastScoreV1},
		Doc:       "a score (test only: the upcaster demonstration)",
	})
}

func TestUpcaster(t *testing.T) {
	// Today's events are written in schema 2.
	name, schema, raw, err := events.EncodePayload(&Score{Side: cards.EW, Points: 30, Above: true})
	require.NoError(t, err)
	assert.Equal(t, "test.score", name)
	assert.Equal(t, uint16(2), schema)
	p, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, &Score{Side: cards.EW, Points: 30, Above: true}, p)

	// An old event, read directly...
	old := scoreV1(60, cards.NS)
	p, err = events.DecodePayload("test.score", 1, old)
	require.NoError(t, err)
	assert.Equal(t, &Score{Side: cards.NS, Points: 60}, p)

	// ...and as stored in a log: the record keeps schema 1 and the old bytes,
	// its hash (over those bytes) still holds, and Decode upcasts.
	env := events.Envelope{Type: "test.score", Schema: 1, ID: events.NewID(), Session: "s", Version: 1, At: at, Raw: old}
	env.Seal()
	got, err := events.UnmarshalRecord(env.MarshalRecord(nil), 1, true)
	require.NoError(t, err)
	assert.Equal(t, uint16(1), got.Schema)
	assert.Equal(t, old, got.Raw)
	require.NoError(t, got.CheckHash())
	require.NoError(t, got.Decode())
	assert.Equal(t, &Score{Side: cards.NS, Points: 60}, got.Data)
	// An idempotent retry of that event compares by today's encoding: it is
	// not the same content as the old bytes.
	assert.False(t, events.SameContent(got, events.Event{ID: got.ID, At: at, Data: got.Data}))

	// Damaged old bytes are damaged data, with the position.
	got.Raw = old[:1]
	err = got.Decode()
	require.ErrorIs(t, err, events.ErrCorrupt)
	var pe *events.PositionError
	require.ErrorAs(t, err, &pe)
	// A schema between the ones known but without an upcaster, and a
	// schema from the future.
	_, err = events.DecodePayload("test.score", 0, old)
	require.ErrorIs(t, err, events.ErrCorrupt)
	_, err = events.DecodePayload("test.score", 3, raw)
	require.ErrorIs(t, err, events.ErrFutureSchema)
}

// dyn is a payload whose type name is chosen at run time, to test Register.
type dyn struct{ name string }

func (p *dyn) EventType() string                     { return p.name }
func (p *dyn) MarshalWire(*events.Encoder)           {}
func (p *dyn) UnmarshalWire(d *events.Decoder) error { return d.Err() }

func TestRegister(t *testing.T) {
	name := "test.dyn." + strings.ToLower(events.NewID().String()) // -count=2 runs this twice
	info := events.TypeInfo{Name: name, Schema: 1, New: func() events.Payload { return &dyn{name} }}
	events.Register(info)
	got, ok := events.Lookup(name)
	require.True(t, ok)
	assert.Equal(t, uint16(1), got.Schema)
	assert.Panics(t, func() { events.Register(info) }, "registered twice")
	assert.Panics(t, func() {
		events.Register(events.TypeInfo{Name: name + ".x", Schema: 1, New: func() events.Payload { return &dyn{name} }})
	}, "a payload whose type is another")
	assert.Panics(t, func() { events.Register(events.TypeInfo{Name: name + ".y", New: info.New}) }, "no schema")
	assert.Panics(t, func() { events.Register(events.TypeInfo{Schema: 1, New: info.New}) }, "no name")
	assert.Panics(t, func() { events.Register(events.TypeInfo{Name: name + ".z", Schema: 1}) }, "no New")
	_, ok = events.Lookup(name + ".x")
	assert.False(t, ok)

	// Types lists by name.
	types := events.Types()
	for i := 1; i < len(types); i++ {
		assert.Less(t, types[i-1].Name, types[i].Name)
	}
}

func TestPrepare(t *testing.T) {
	evs := []events.Event{
		{ID: events.NewID(), At: at.In(time.FixedZone("X", 5*3600)), Data: samples()[0]},
		{ID: events.NewID(), At: at.Add(time.Nanosecond), Data: samples()[6]},
	}
	head := events.Hash{9, 9}
	envs, err := events.Prepare("s", 7, head, evs)
	require.NoError(t, err)
	require.Len(t, envs, 2)
	assert.Equal(t, uint64(8), envs[0].Version)
	assert.Equal(t, uint64(9), envs[1].Version)
	assert.Equal(t, head, envs[0].PrevHash)
	assert.Equal(t, envs[0].Hash, envs[1].PrevHash)
	assert.Equal(t, time.UTC, envs[0].At.Location())
	assert.True(t, envs[0].At.Equal(at))
	for _, e := range envs {
		require.NoError(t, e.CheckHash())
		assert.Zero(t, e.Position, "the store assigns positions")
	}
	assert.True(t, events.SameContent(envs[0], evs[0]))
	assert.False(t, events.SameContent(envs[0], evs[1]))

	for _, bad := range [][]events.Event{
		{{At: at, Data: samples()[0]}},
		{evs[0], {ID: events.NewID(), At: at}},
	} {
		_, err := events.Prepare("s", 0, events.Hash{}, bad)
		require.ErrorIs(t, err, events.ErrInvalid)
	}
}

func TestCheckExpected(t *testing.T) {
	cases := []struct {
		expected, version uint64
		exists            bool
		err               error
	}{
		{events.NewSession, 0, false, nil},
		{events.NewSession, 3, true, events.ErrConflict},
		{events.AnyVersion, 0, false, events.ErrNoSession},
		{events.AnyVersion, 3, true, nil},
		{3, 3, true, nil},
		{2, 3, true, events.ErrConflict},
		{4, 3, true, events.ErrConflict},
		{1, 0, false, events.ErrConflict},
	}
	for _, c := range cases {
		err := events.CheckExpected(events.Batch{Session: "s", Expected: c.expected}, c.version, c.exists)
		if c.err == nil {
			assert.NoError(t, err, "%+v", c)
		} else {
			assert.ErrorIs(t, err, c.err, "%+v", c)
		}
	}
}

func TestIDs(t *testing.T) {
	a, b := events.NewID(), events.NewID()
	assert.NotEqual(t, a, b)
	assert.LessOrEqual(t, a.Time(), b.Time())
	got, err := events.ParseID(a.String())
	require.NoError(t, err)
	assert.Equal(t, a, got)
	for _, bad := range []string{"", "x", a.String() + "0", strings.Repeat("Z", 26), "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"} {
		_, err := events.ParseID(bad)
		assert.Error(t, err, bad)
	}
}

// knownErrors are the only errors decoding may return.
func knownError(err error) bool {
	for _, want := range []error{events.ErrCorrupt, events.ErrUnknownType, events.ErrFutureSchema, events.ErrFutureFormat} {
		if errors.Is(err, want) {
			return true
		}
	}
	return false
}

// FuzzDecodeRecord feeds arbitrary bytes to UnmarshalRecord and Decode: they
// return a known error or an envelope that survives a round trip, and never
// panic.
func FuzzDecodeRecord(f *testing.F) {
	for i, p := range append(samples(), sparse()...) {
		e := envelopeOf(f, p, fmt.Sprintf("s%d", i), uint64(i+1))
		b := e.MarshalRecord(nil)
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	env := events.Envelope{Type: "test.score", Schema: 1, ID: events.NewID(), Session: "s", Version: 1, At: at, Raw: scoreV1(1, 0)}
	env.Seal()
	f.Add(env.MarshalRecord(nil))
	f.Add([]byte{})
	f.Add([]byte{2})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := events.UnmarshalRecord(b, 1, false)
		if err != nil {
			if !errors.Is(err, events.ErrCorrupt) && !errors.Is(err, events.ErrFutureFormat) {
				t.Fatalf("UnmarshalRecord: unexpected error %v", err)
			}
			return
		}
		_ = e.CheckHash()
		again, err := events.UnmarshalRecord(e.MarshalRecord(nil), 1, true)
		if err != nil {
			t.Fatalf("a record read back does not read again: %v", err)
		}
		if !reflect.DeepEqual(e, again) {
			t.Fatalf("record round trip: %+v became %+v", e, again)
		}
		if err := e.Decode(); err != nil {
			if !knownError(err) {
				t.Fatalf("Decode: unexpected error %v", err)
			}
			var pe *events.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("Decode error %v does not say where", err)
			}
			return
		}
		checkPayloadRoundTrip(t, e.Data)
	})
}

// checkPayloadRoundTrip: a payload that decoded encodes, and decodes again
// to the same value.
func checkPayloadRoundTrip(t *testing.T, p events.Payload) {
	name, schema, raw, err := events.EncodePayload(p)
	if err != nil {
		t.Fatalf("EncodePayload of a decoded %T: %v", p, err)
	}
	again, err := events.DecodePayload(name, schema, raw)
	if err != nil {
		t.Fatalf("a decoded %s does not decode again: %v", name, err)
	}
	if !reflect.DeepEqual(p, again) {
		t.Fatalf("payload round trip: %#v became %#v", p, again)
	}
}

// FuzzDecodePayload feeds arbitrary bytes to the decoder of every registered
// type (chosen by the first argument), in its current schema or the one
// before it: ErrCorrupt or a payload that survives a round trip, never a
// panic.
func FuzzDecodePayload(f *testing.F) {
	for _, p := range append(samples(), sparse()...) {
		name, _, raw, err := events.EncodePayload(p)
		require.NoError(f, err)
		f.Add(typeIndex(name), false, raw)
	}
	f.Add(typeIndex("test.score"), true, scoreV1(3, cards.EW))
	f.Add(uint8(255), false, []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, which uint8, old bool, raw []byte) {
		types := events.Types()
		if int(which) >= len(types) {
			if _, err := events.DecodePayload(fmt.Sprintf("no.such.%d", which), 1, raw); !errors.Is(err, events.ErrUnknownType) {
				t.Fatalf("unknown type: %v", err)
			}
			return
		}
		info := types[which]
		schema := info.Schema
		if old {
			schema--
		}
		p, err := events.DecodePayload(info.Name, schema, raw)
		if err != nil {
			if !errors.Is(err, events.ErrCorrupt) {
				t.Fatalf("%s schema %d: unexpected error %v", info.Name, schema, err)
			}
			return
		}
		if p.EventType() != info.Name {
			t.Fatalf("decoding a %s gave a %s", info.Name, p.EventType())
		}
		checkPayloadRoundTrip(t, p)
	})
}

func typeIndex(name string) uint8 {
	for i, info := range events.Types() {
		if info.Name == name {
			return uint8(i)
		}
	}
	panic("no type " + name)
}

// BenchmarkComputeHash hashes one event's content, as every read of a
// session does for each event: it must not allocate.
func BenchmarkComputeHash(b *testing.B) {
	raw := make([]byte, 40)
	at := time.Date(2026, 1, 1, 19, 0, 0, 0, time.UTC)
	id := events.NewID()
	b.ReportAllocs()
	for b.Loop() {
		_ = events.ComputeHash(events.Hash{}, "play.card", 1, id, "01KB2M3V9Q6W4XJ7D2S0N5R8TC", 42, at, raw)
	}
}
