package table_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// TestDealtSchema1IsReadNotFouled: a deal stored before schema 2 (no
// fouled flag) reads through its upcaster as not fouled; schema 2 keeps
// the flag.
func TestDealtSchema1IsReadNotFouled(t *testing.T) {
	d := &table.Dealt{Hand: 2, Dealer: cards.South, Board: 3, Hands: []cards.Set{1, 2, 4, 8}, Vul: cards.VulEW, Fouled: true}
	name, schema, raw, err := events.EncodePayload(d)
	require.NoError(t, err)
	assert.Equal(t, uint16(2), schema)
	back, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, d, back)

	// Schema 1's bytes are schema 2's without the last field.
	old, err := events.DecodePayload(name, 1, raw[:len(raw)-1])
	require.NoError(t, err)
	want := *d
	want.Fouled = false
	assert.Equal(t, &want, old)
}
