package table_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
)

// notedV1 is a note as hoyle stored it in schema 1: target, text, glyph, by.
func notedV1(target events.ID, text, glyph, by string) []byte {
	e := events.NewEncoder(nil)
	e.Raw(target[:])
	e.String(text)
	e.String(glyph)
	e.String(by)
	return e.Bytes()
}

func TestNotedSchema2SaysWhatTheNoteIsOn(t *testing.T) {
	info, ok := events.Lookup(table.TypeNoted)
	require.True(t, ok)
	assert.Equal(t, uint16(2), info.Schema)
	require.Contains(t, info.Upcasters, uint16(1), "schema 1 notes are read through an upcaster")

	target := events.NewID()
	for _, on := range []table.NoteOn{table.NoteOnEvent, table.NoteOnTrick, table.NoteOnHand} {
		p := &table.Noted{Target: target, Text: "a fine trick", Glyph: "!", By: "Foster", On: on}
		name, schema, raw, err := events.EncodePayload(p)
		require.NoError(t, err)
		assert.Equal(t, uint16(2), schema)
		assert.Equal(t, append(notedV1(target, p.Text, p.Glyph, p.By), byte(on)), raw, "schema 2 is schema 1 followed by what the note is on")
		got, err := events.DecodePayload(name, schema, raw)
		require.NoError(t, err)
		assert.Equal(t, p, got)
	}
	// A kind this hoyle does not know is damage, not a note on nothing.
	_, err := events.DecodePayload(table.TypeNoted, 2, append(notedV1(target, "x", "", ""), 7))
	require.ErrorIs(t, err, events.ErrCorrupt)
}

func TestNotedUpcastFromSchema1IsOnItsEvent(t *testing.T) {
	target := events.NewID()
	got, err := events.DecodePayload(table.TypeNoted, 1, notedV1(target, "one spade means: I pass", "", "Foster"))
	require.NoError(t, err)
	assert.Equal(t, &table.Noted{Target: target, Text: "one spade means: I pass", By: "Foster", On: table.NoteOnEvent}, got)
	// Schema 2 bytes are not schema 1 bytes: what it is on is left over.
	_, err = events.DecodePayload(table.TypeNoted, 1, append(notedV1(target, "x", "", ""), 1))
	require.ErrorIs(t, err, events.ErrCorrupt)
	_, err = events.DecodePayload(table.TypeNoted, 3, notedV1(target, "x", "", ""))
	require.ErrorIs(t, err, events.ErrFutureSchema)
}

func TestNoteOnJSONIsItsName(t *testing.T) {
	b, err := json.Marshal(table.Noted{Text: "x", On: table.NoteOnTrick})
	require.NoError(t, err)
	assert.Contains(t, string(b), `"on":"trick"`)
	b, err = json.Marshal(table.Noted{Text: "x"})
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"on"`, "a note on its event says nothing of it, as schema 1 did")
	var n table.Noted
	require.NoError(t, json.Unmarshal([]byte(`{"text":"x","on":"hand"}`), &n))
	assert.Equal(t, table.NoteOnHand, n.On)
	require.ErrorIs(t, json.Unmarshal([]byte(`{"on":"card"}`), &n), events.ErrInvalid)
}
