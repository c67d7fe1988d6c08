package projections_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/recorder"
)

// English Dummy seats three players at four hands: --players names them in
// the order of the cut, and nobody is named to the dummy's seat.
func TestThreePlayersAtFourHands(t *testing.T) {
	o, err := projections.DecideOpen(projections.SessionSpec{Game: "dummy", PlayerList: []string{"Ann", "Bob", "Cy"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"", "Cy", "Ann", "Bob"}, o.Players, "Ann takes dummy first, opposite it; Bob West, Cy East")
	assert.Equal(t, cards.North, o.Dealer, "the lowest deals the first hand for his dummy")

	_, err = projections.DecideOpen(projections.SessionSpec{Game: "dummy", PlayerList: []string{"Ann", "Bob", "Cy", "Di"}})
	require.ErrorIs(t, err, game.ErrBadPlayers)
	assert.Contains(t, err.Error(), "3 players (S, W, E; N is played by S)")
	_, err = projections.DecideOpen(projections.SessionSpec{Game: "dummy", Players: map[string]string{"north": "Di"}})
	require.ErrorIs(t, err, game.ErrBadPlayers)
	assert.Contains(t, err.Error(), "N has no player of its own")

	o, err = projections.DecideOpen(projections.SessionSpec{Game: "double-dummy", PlayerList: []string{"Ann", "Bob"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"", "", "Ann", "Bob"}, o.Players, "two players, each with a dummy")
	o, err = projections.DecideOpen(projections.SessionSpec{Game: "humbug", PlayerList: []string{"Ann", "Bob"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"Bob", "", "Ann", ""}, o.Players, "two players opposite each other")
}

func claimBy(by string, n int) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideClaim(st, projections.ClaimSpec{Tricks: n, By: by})
	}
}

func dealSeed(seed uint64) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{Seed: &seed})
	}
}

// At each new rubber of a tournée the next player takes dummy: the deal is
// followed by a deal.seated, so that a fold of the latest hand alone knows
// who plays each seat; deciding it needs the rubbers so far, the whole
// session.
func TestTourneeReseatsAtEachRubber(t *testing.T) {
	tb := newIrrTable(t, projections.SessionSpec{Game: "dummy", PlayerList: []string{"Ann", "Bob", "Cy"}})
	for seed := range uint64(2) {
		tb.Must(dealSeed(seed + 1))
		tb.Must(claimBy("Ann", 13)) // seven by cards: a game each, the rubber in two
	}
	_, err := tb.Tail().DecideDeal(tb.R.Stamp, projections.DealSpec{})
	require.ErrorIs(t, err, game.ErrWholeSession, "who sits where next depends on the rubbers so far")
	tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{Hands: map[string]string{"Ann": "AKQJT98765432..."}, TurnUp: "H2"})
	})

	for _, s := range []*projections.Session{tb.Session(), tb.Tail()} {
		h := s.Current()
		require.Equal(t, 3, h.Number)
		assert.Equal(t, cards.South, h.Dealer)
		assert.Equal(t, []int{int(cards.West), int(cards.East), int(cards.North), int(cards.South)}, h.Sitting.Players,
			"the dummy lies where the deal has come round to; Bob, who takes it, opposite; Ann West, Cy East")
		assert.True(t, h.IsDummy(cards.South))
		assert.Equal(t, "Bob", s.PlayerIn(h, cards.South), "Bob plays the dummy")
		assert.Equal(t, "Bob", s.PlayerIn(h, cards.North))
		assert.Equal(t, "Ann", s.PlayerIn(h, cards.West))
		seat, err := s.SeatOf("Ann")
		require.NoError(t, err)
		assert.Equal(t, cards.West, seat, "a player's seat on the current hand")
		assert.Equal(t, 13, h.Dealt[cards.West].Len(), "a hand given by the player's name is dealt to his seat on that hand")
	}
	first := tb.Session().Hands[0]
	assert.False(t, first.Sitting.Seated(), "the first rubber sits as the session opened: no deal.seated")
	assert.Equal(t, "Ann", tb.Session().PlayerIn(first, cards.North))
}
