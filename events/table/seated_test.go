package table_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
)

// A seating round-trips, a dummy's NoPlayer with it; damaged bytes are
// refused.
func TestSeatedRoundTrip(t *testing.T) {
	p := &table.Seated{Hand: 7, Players: []int{table.NoPlayer, 4, 0, 2}, Round: 4, Table: 2}
	name, schema, raw, err := events.EncodePayload(p)
	require.NoError(t, err)
	assert.Equal(t, table.TypeSeated, name)
	assert.Equal(t, uint16(1), schema)
	got, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, p, got)
	_, err = events.DecodePayload(name, schema, append(raw, 0))
	assert.ErrorIs(t, err, events.ErrCorrupt, "bytes left over")
	_, err = events.DecodePayload(name, schema, raw[:2])
	assert.ErrorIs(t, err, events.ErrCorrupt, "cut short")
}
