package table_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// claimV1 is a claim as hoyle stored it in schema 1: seat, then tricks.
func claimV1(seat cards.Seat, tricks uint64) []byte {
	e := events.NewEncoder(nil)
	e.Seat(seat)
	e.Uint(tricks)
	return e.Bytes()
}

// claimV2 writes a claim as schema 2 stored it: schema 1, then the
// statement.
func claimV2(seat cards.Seat, tricks uint64, statement string) []byte {
	return append(claimV1(seat, tricks), append([]byte{byte(len(statement))}, statement...)...)
}

func TestClaimSchema3(t *testing.T) {
	info, ok := events.Lookup(table.TypeClaimed)
	require.True(t, ok)
	assert.Equal(t, uint16(3), info.Schema)
	require.Contains(t, info.Upcasters, uint16(1), "schema 1 claims are read through an upcaster")
	require.Contains(t, info.Upcasters, uint16(2), "schema 2 claims are read through an upcaster")

	p := &table.Claimed{Seat: cards.Seat(1), Tricks: 5, Statement: "the rest are yours",
		Others: []table.SeatTricks{{Seat: 0, Tricks: 3}, {Seat: 2, Tricks: 2}}}
	name, schema, raw, err := events.EncodePayload(p)
	require.NoError(t, err)
	assert.Equal(t, table.TypeClaimed, name)
	assert.Equal(t, uint16(3), schema)
	assert.Equal(t, append(claimV2(1, 5, p.Statement), 2, 0, 3, 4, 2), raw, // two seats: seat 0 takes 3, seat 2 (zigzag 4) takes 2
		"schema 3 is schema 2 followed by how the rest fall")
	got, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, p, got)
}

func TestClaimUpcastFromSchema2(t *testing.T) {
	got, err := events.DecodePayload(table.TypeClaimed, 2, claimV2(cards.South, 9, "drawing trumps"))
	require.NoError(t, err)
	assert.Equal(t, &table.Claimed{Seat: cards.South, Tricks: 9, Statement: "drawing trumps"}, got, "a schema 2 claim has no split of the rest")
	_, err = events.DecodePayload(table.TypeClaimed, 2, append(claimV2(cards.South, 9, "x"), 0))
	require.ErrorIs(t, err, events.ErrCorrupt, "bytes left over")
}

func TestClaimUpcastFromSchema1(t *testing.T) {
	for _, c := range []struct {
		seat   cards.Seat
		tricks uint64
	}{{cards.East, 7}, {cards.North, 0}, {cards.West, 13}, {cards.NoSeat, 3}} {
		got, err := events.DecodePayload(table.TypeClaimed, 1, claimV1(c.seat, c.tricks))
		require.NoError(t, err)
		assert.Equal(t, &table.Claimed{Seat: c.seat, Tricks: int(c.tricks)}, got, "a schema 1 claim has no statement")
	}
	// Damaged schema 1 bytes are damaged, not a schema 1 claim of nothing.
	for _, raw := range [][]byte{nil, {0x02}, append(claimV1(cards.East, 7), 0), {0x40, 0x07}} {
		_, err := events.DecodePayload(table.TypeClaimed, 1, raw)
		require.ErrorIs(t, err, events.ErrCorrupt, "% x", raw)
	}
	// Schema 2 bytes are not schema 1 bytes: the statement is left over.
	raw2 := claimV2(cards.East, 7, "the rest are mine")
	_, err := events.DecodePayload(table.TypeClaimed, 1, raw2)
	require.ErrorIs(t, err, events.ErrCorrupt)
	// And a schema this hoyle does not know yet is refused as newer.
	_, err = events.DecodePayload(table.TypeClaimed, 4, raw2)
	require.ErrorIs(t, err, events.ErrFutureSchema)
}

// TestClaimV1EnvelopeStaysValid: an event stored in schema 1 keeps its
// schema, its bytes and its hash when read today; only Data is upcast.
func TestClaimV1EnvelopeStaysValid(t *testing.T) {
	id, err := events.ParseID("01JX0000000000000000000001")
	require.NoError(t, err)
	at := time.Date(2025, 3, 4, 20, 15, 0, 0, time.UTC)
	raw := claimV1(cards.East, 7)
	e := events.Envelope{Type: table.TypeClaimed, Schema: 1, ID: id, Session: "s", Version: 5, At: at,
		PrevHash: events.Hash{9}, Raw: raw}
	e.Seal()
	rec := e.MarshalRecord(nil)

	got, err := events.UnmarshalRecord(rec, 40, true)
	require.NoError(t, err)
	require.NoError(t, got.CheckHash())
	require.NoError(t, got.Decode())
	assert.Equal(t, uint16(1), got.Schema)
	assert.Equal(t, raw, got.Raw)
	assert.Equal(t, e.Hash, got.Hash)
	assert.Equal(t, &table.Claimed{Seat: cards.East, Tricks: 7}, got.Data)
	assert.Equal(t, rec, got.MarshalRecord(nil), "reading does not rewrite the record")
}

// TestEveryOlderSchemaHasAnUpcaster: a type at schema N reads every schema
// before N, or logs written by an older hoyle would stop opening.
func TestEveryOlderSchemaHasAnUpcaster(t *testing.T) {
	for _, info := range events.Types() {
		if strings.HasPrefix(info.Name, "test.") {
			continue
		}
		for s := uint16(1); s < info.Schema; s++ {
			assert.Contains(t, info.Upcasters, s, "%s: schema %d has no upcaster", info.Name, s)
		}
	}
}
