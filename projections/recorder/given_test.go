package recorder_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

func openGame(t *testing.T, spec projections.SessionSpec) (*recorder.Recorder, string) {
	t.Helper()
	r := recorder.New(memstore.New())
	id, err := r.Open(context.Background(), spec)
	require.NoError(t, err)
	return r, id
}

// Five Hundred's hands are given by seat letter or by player's name; with
// all three given, the cards left over are the widow.
func TestHandsGivenBySeatOrPlayer(t *testing.T) {
	ctx := context.Background()
	r, id := openGame(t, projections.SessionSpec{Game: "five-hundred", Players: map[string]string{"A": "Ann", "B": "Bob", "C": "Cy"}})
	_, err := r.Deal(ctx, id, projections.DealSpec{Hands: map[string]string{"ann": "87.AKJ.J7.87+JK", "B": "AKQ.QT9.AK.AK", "Cy": "JT9.87.QT.QJT"}})
	require.NoError(t, err)
	s, _, err := load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	h := s.Current()
	assert.Equal(t, "87.AKJ.J7.87+JK", h.Dealt[0].PBN())
	assert.Equal(t, "JT9.87.QT.QJT", h.Dealt[2].PBN())
	assert.Equal(t, "..98.9", h.Widow.PBN())

	seat, err := s.SeatOf("BOB")
	require.NoError(t, err)
	assert.Equal(t, cards.Seat(1), seat)
	_, err = s.SeatOf("Di")
	assert.ErrorIs(t, err, cards.ErrBadSeat)
}

func TestGivenCardsAreChecked(t *testing.T) {
	ctx := context.Background()
	seed := uint64(4)
	cases := []struct {
		name string
		game string
		spec projections.DealSpec
		want error
	}{
		{"hands and a seed", "five-hundred", projections.DealSpec{Hands: map[string]string{"A": "87.AKJ.J7.87+JK"}, Seed: &seed}, game.ErrIllegal},
		{"a seat twice", "five-hundred", projections.DealSpec{Hands: map[string]string{"A": "87.AKJ.J7.87+JK", "a": "AKQ.QT9.AK.AK"}}, cards.ErrBadDeal},
		{"no such seat", "five-hundred", projections.DealSpec{Hands: map[string]string{"N": "87.AKJ.J7.87+JK"}}, cards.ErrBadSeat},
		{"not a hand", "five-hundred", projections.DealSpec{Hands: map[string]string{"A": "87.AKJ"}}, cards.ErrBadDeal},
		{"an empty hand", "five-hundred", projections.DealSpec{Hands: map[string]string{"A": "..."}}, cards.ErrBadDeal},
		{"not a widow", "five-hundred", projections.DealSpec{Widow: "9.8"}, cards.ErrBadDeal},
		{"PBN and hands", "whist", projections.DealSpec{PBN: "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96",
			Hands: map[string]string{"N": "AKQ2.K2.A3.AQ432"}, TurnUp: "SA"}, game.ErrIllegal},
		{"no turn-up", "whist", projections.DealSpec{}, game.ErrIllegal},
		{"not a card", "whist", projections.DealSpec{TurnUp: "H1"}, cards.ErrBadCard},
		{"turn-up held by another", "whist", projections.DealSpec{Hands: map[string]string{"S": "T654.A854.T94.K8"}, TurnUp: "SA"}, game.ErrIllegal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, id := openGame(t, projections.SessionSpec{Game: c.game, Dealer: map[string]string{"whist": "S", "five-hundred": "C"}[c.game]})
			_, err := r.Deal(ctx, id, c.spec)
			assert.ErrorIs(t, err, c.want)
			envs, err := load.Events(ctx, r.Store, id)
			require.NoError(t, err)
			assert.Len(t, envs, 1, "nothing appended")
		})
	}
}

// A seeded whist deal derives the card turned up: the dealer's last.
func TestSeededTurnUp(t *testing.T) {
	ctx := context.Background()
	r, id := openGame(t, projections.SessionSpec{Game: "whist", Dealer: "E"})
	seed, cut := uint64(9), 20
	_, err := r.Deal(ctx, id, projections.DealSpec{Seed: &seed, Cut: &cut})
	require.NoError(t, err)
	s, _, err := load.Session(ctx, r.Store, id)
	require.NoError(t, err)
	h := s.Current()
	require.NotEqual(t, cards.NoCard, h.TurnUp)
	assert.True(t, h.Dealt[cards.East].Has(h.TurnUp))
	trump, ok := h.Trump()
	assert.True(t, ok)
	assert.Equal(t, h.TurnUp.Suit(), trump)
	assert.Equal(t, cards.South, h.Turn)
}
