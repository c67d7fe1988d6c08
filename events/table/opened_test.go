package table_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// openedV1 writes a session.opened as schema 1 stored it: ruleset, name,
// players, dealer, options.
func openedV1(p table.SessionOpened) []byte {
	e := events.NewEncoder(nil)
	e.String(p.Ruleset)
	e.String(p.Name)
	e.Strings(p.Players)
	e.Seat(p.Dealer)
	e.Uint(uint64(len(p.Options)))
	for _, o := range p.Options {
		e.String(o.Name)
		e.String(o.Value)
	}
	return e.Bytes()
}

// TestSessionOpenedSchema2: schema 2 keeps where a session sits in an
// event; a schema 1 session.opened reads as a session in no event, and
// schema 2 bytes are not mistaken for schema 1.
func TestSessionOpenedSchema2(t *testing.T) {
	info, ok := events.Lookup(table.TypeSessionOpened)
	require.True(t, ok)
	assert.Equal(t, uint16(2), info.Schema)

	base := table.SessionOpened{Ruleset: "contract", Name: "Tuesday", Players: []string{"Ann", "Bob", "Cy", "Di"},
		Dealer: cards.North, Options: []table.Option{{Name: "scoring", Value: "duplicate"}}}
	full := base
	full.Event, full.Table, full.Room, full.HomeTeam, full.VisitTeam, full.Movement =
		"Club night", "3", table.RoomClosed, "Rovers", "Wanderers", "mitchell:5x3"
	name, schema, raw, err := events.EncodePayload(&full)
	require.NoError(t, err)
	assert.Equal(t, uint16(2), schema)
	got, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	assert.Equal(t, &full, got)

	old, err := events.DecodePayload(name, 1, openedV1(base))
	require.NoError(t, err)
	assert.Equal(t, &base, old, "a schema 1 session is in no event")
	_, err = events.DecodePayload(name, 1, raw)
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 2 bytes have the event left over")
	_, err = events.DecodePayload(name, 2, openedV1(base))
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 1 bytes lack the event's fields")
}
