package recorder_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

func cutSpecs(pairs ...string) []projections.CutSpec {
	var out []projections.CutSpec
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, projections.CutSpec{Seat: pairs[i], Card: pairs[i+1]})
	}
	return out
}

// The cut for deal names the first dealer; undone, the session's dealer
// deals again; after the first deal it is refused.
func TestCutForDealSetsTheFirstDealer(t *testing.T) {
	ctx := context.Background()
	r := recorder.New(memstore.New())
	id, err := r.Open(ctx, projections.SessionSpec{Game: "five-hundred", Players: map[string]string{"A": "Ann", "B": "Bob", "C": "Cy"}})
	require.NoError(t, err)

	stored, err := r.CutForDeal(ctx, id, cutSpecs("cy", "H9", "A", "SA", "Bob", "JK"))
	require.NoError(t, err)
	require.Len(t, stored, 1)
	cut := stored[0].Data.(*table.CutForDeal)
	assert.Equal(t, cards.Seat(1), cut.Dealer, "Bob cut the Joker, the lowest card")
	assert.Equal(t, []table.SeatCard{{Seat: 0, Card: cards.MustCard("SA")}, {Seat: 1, Card: cards.Joker}, {Seat: 2, Card: cards.MustCard("H9")}},
		cut.Cuts, "by seat, however they were given")

	s, _, err := load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	assert.Equal(t, cards.Seat(1), s.NextDealer)

	_, err = r.CutForDeal(ctx, id, cutSpecs("A", "S7", "B", "S8", "C", "S9"))
	assert.ErrorIs(t, err, game.ErrIllegal, "one cut for deal in force at a time")

	_, err = r.Undo(ctx, id)
	require.NoError(t, err)
	s, _, err = load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	assert.Equal(t, cards.Seat(0), s.NextDealer, "undone: the session's own first dealer")

	_, err = r.CutForDeal(ctx, id, cutSpecs("A", "S7", "B", "S8", "C", "S9"))
	require.NoError(t, err)
	_, err = r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	s, _, err = load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	assert.Equal(t, cards.Seat(0), s.Hands[0].Dealer, "Ann cut the seven, the lowest, and deals")

	before := s.Version
	_, err = r.CutForDeal(ctx, id, cutSpecs("A", "S7", "B", "S8", "C", "S9"))
	var ie *game.IllegalError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, ie.Reason, "before the first hand")
	s, _, err = load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	assert.Equal(t, before, s.Version, "nothing appended")
}

func TestCutForDealRefusals(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		cuts []projections.CutSpec
		is   error
	}{
		{"no such seat", cutSpecs("N", "D7", "Q", "C2", "S", "HJ", "W", "S4"), cards.ErrBadSeat},
		{"not a card", cutSpecs("N", "D7", "E", "ZZ", "S", "HJ", "W", "S4"), cards.ErrBadCard},
		{"a seat twice", cutSpecs("N", "D7", "north", "C2", "S", "HJ", "W", "S4"), game.ErrIllegal},
		{"a card twice", cutSpecs("N", "D7", "E", "d7", "S", "HJ", "W", "S4"), game.ErrIllegal},
		{"a seat left out", cutSpecs("N", "D7", "E", "C2", "S", "HJ"), game.ErrIllegal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, id := newAuction(t)
			_, err := r.CutForDeal(ctx, id, c.cuts)
			assert.ErrorIs(t, err, c.is)
			s, _, err := load.Session(ctx, r.Store, id)
			require.NoError(t, err)
			assert.Equal(t, uint64(1), s.Version, "nothing appended")
		})
	}
}
