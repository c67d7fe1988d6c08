package table_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// dealtV1 writes a deal.dealt as schema 1 stored it: everything but who
// sits where.
func dealtV1(p table.Dealt) []byte {
	e := events.NewEncoder(nil)
	e.Uint(uint64(p.Hand))
	e.Seat(p.Dealer)
	e.Uint(uint64(p.Board))
	e.Uint(uint64(len(p.Hands)))
	for _, h := range p.Hands {
		e.Set(h)
	}
	e.Set(p.Widow)
	e.Card(p.TurnUp)
	e.Bool(p.Derived)
	e.Uint(uint64(len(p.Vul)))
	for _, s := range p.Vul {
		e.Int(int64(s))
	}
	return e.Bytes()
}

// TestDealtSchema2: schema 2 keeps who sits where (English Dummy's
// tournée); a schema 1 deal reads as everyone seated as the session
// opened, and neither schema's bytes pass for the other's.
func TestDealtSchema2(t *testing.T) {
	info, ok := events.Lookup(table.TypeDealt)
	require.True(t, ok)
	assert.Equal(t, uint16(2), info.Schema)

	base := table.Dealt{Hand: 4, Dealer: cards.East, TurnUp: cards.NoCard, Hands: []cards.Set{1, 2, 4, 8}}
	full := base
	full.Seated = []cards.Seat{cards.West, cards.East, cards.North, cards.South}
	name, schema, raw, err := events.EncodePayload(&full)
	require.NoError(t, err)
	assert.Equal(t, uint16(2), schema)
	got, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, &full, got)

	old, err := events.DecodePayload(name, 1, dealtV1(base))
	require.NoError(t, err)
	assert.Equal(t, &base, old, "a schema 1 deal seats everyone as the session opened")
	_, err = events.DecodePayload(name, 1, raw)
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 2 bytes have the seating left over")
	_, err = events.DecodePayload(name, 2, dealtV1(base))
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 1 bytes lack the seating")
}
