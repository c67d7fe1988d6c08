package table_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

// contractGivenV1 writes an auction.contract as schema 1 stored it: bid,
// doubled, declarer, the calls as given, why they were inconsistent.
func contractGivenV1(p table.ContractGiven) []byte {
	e := events.NewEncoder(nil)
	e.Call(p.Bid)
	e.Uint(uint64(p.Doubled))
	e.Seat(p.Declarer)
	e.Uint(uint64(len(p.Calls)))
	for _, c := range p.Calls {
		e.Call(c)
	}
	e.String(p.Inconsistent)
	return e.Bytes()
}

// TestContractGivenSchema2: schema 2 keeps the seat a source's auction
// began with when it was not the dealer's; a schema 1 contract reads as
// calls from the dealer, and neither schema's bytes pass for the other's.
func TestContractGivenSchema2(t *testing.T) {
	info, ok := events.Lookup(table.TypeContractGiven)
	require.True(t, ok)
	assert.Equal(t, uint16(2), info.Schema)

	four, err := cards.ParseCall("4S")
	require.NoError(t, err)
	base := table.ContractGiven{Bid: four, Doubled: 1, Declarer: cards.East,
		Calls:        []cards.Call{four, cards.PassCall, cards.PassCall, cards.PassCall},
		Inconsistent: "the auction makes North declarer; the Declarer tag says East (line 12)"}
	east := cards.East
	full := base
	full.First = &east
	for _, p := range []table.ContractGiven{base, full} {
		name, schema, raw, err := events.EncodePayload(&p)
		require.NoError(t, err)
		assert.Equal(t, uint16(2), schema)
		got, err := events.DecodePayload(name, schema, raw)
		require.NoError(t, err)
		assert.Equal(t, &p, got)
		_, err = events.DecodePayload(name, 1, raw)
		require.ErrorIs(t, err, events.ErrCorrupt, "schema 2 bytes have the first seat left over")
	}

	old, err := events.DecodePayload(table.TypeContractGiven, 1, contractGivenV1(full))
	require.NoError(t, err)
	assert.Equal(t, &base, old, "a schema 1 contract's calls are from the dealer")
	_, err = events.DecodePayload(table.TypeContractGiven, 2, contractGivenV1(base))
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 1 bytes lack the first seat")
}

// TestNewDealSchema2: schema 2 says whether a new deal was a misdeal; a
// schema 1 new deal, the reason alone, reads as one that was not.
func TestNewDealSchema2(t *testing.T) {
	info, ok := events.Lookup(table.TypeNewDeal)
	require.True(t, ok)
	assert.Equal(t, uint16(2), info.Schema)
	e := events.NewEncoder(nil)
	e.String("a card faced in the pack")
	got, err := events.DecodePayload(table.TypeNewDeal, 1, e.Bytes())
	require.NoError(t, err)
	assert.Equal(t, &table.NewDeal{Reason: "a card faced in the pack"}, got)
	_, err = events.DecodePayload(table.TypeNewDeal, 2, e.Bytes())
	require.ErrorIs(t, err, events.ErrCorrupt, "schema 1 bytes do not pass for schema 2")
}
