package table_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// A weighted ruling round-trips through the wire; damaged bytes are
// refused.
func TestRulingAdjustedRoundTrip(t *testing.T) {
	p := &table.RulingAdjusted{Board: 5, Kind: table.RulingWeighted, Law: "Law 12C1(c)", By: "TD",
		Scores: []table.AssignedScore{{Contract: "4S", Declarer: cards.North, Tricks: 10, Weight: 6000},
			{Contract: "Pass", Declarer: cards.NoSeat, Tricks: 0, Weight: 4000}}}
	name, schema, raw, err := events.EncodePayload(p)
	require.NoError(t, err)
	assert.Equal(t, table.TypeRulingAdjusted, name)
	got, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, p, got)
	_, err = events.DecodePayload(name, schema, raw[:len(raw)-3])
	assert.ErrorIs(t, err, events.ErrCorrupt, "cut short")
}
