package game

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func cutsOf(toks ...string) []CutCard {
	var out []CutCard
	for i, t := range toks {
		out = append(out, CutCard{Seat: cards.Seat(i), Card: cards.MustCard(t)})
	}
	return out
}

func TestCutLawDealer(t *testing.T) {
	pack := cards.Deck(2, false)
	low := CutLaw{Order: AceLowOrder, Deals: "Law D", SamePack: "Law P", Tie: "Law T"}
	high := CutLaw{Order: func(c cards.Card) int { return int(c.Rank()) }, Highest: true, Deals: "Law D"}

	d, err := low.Dealer(Compass, pack, cutsOf("D7", "C2", "HJ", "SA"))
	require.NoError(t, err)
	assert.Equal(t, cards.West, d, "the ace is the lowest card")
	d, err = high.Dealer(Compass, pack, cutsOf("D7", "C2", "HJ", "S4"))
	require.NoError(t, err)
	assert.Equal(t, cards.South, d, "the highest deals")
	d, err = low.Dealer(Compass, pack, cutsOf("DK", "CK", "HK", "S4"))
	require.NoError(t, err)
	assert.Equal(t, cards.West, d, "three equal cards above the lowest leave the deal settled")

	cases := []struct {
		name string
		cuts []CutCard
		msg  string
		law  string
	}{
		{"a tie for the lowest", cutsOf("D2", "C2", "HJ", "S4"), "N and E cut cards of equal value for the lowest", "Law T"},
		{"a card twice", cutsOf("D2", "D2", "HJ", "S4"), "D2 is cut twice", "Law P"},
		{"a seat missing", cutsOf("D2", "C3", "HJ"), "give a card for W", "Law D"},
		{"a seat twice", append(cutsOf("D2", "C3", "HJ"), CutCard{Seat: cards.North, Card: cards.MustCard("S4")}), "N cuts twice", ""},
		{"no such seat", append(cutsOf("D2", "C3", "HJ", "S4"), CutCard{Seat: 4, Card: cards.MustCard("S5")}), "the seats are N, E, S, W", ""},
		{"a card not of the pack", cutsOf("D2", "C3", "HJ", "JK"), "JK is not in this game's pack", "Law P"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := low.Dealer(Compass, pack, c.cuts)
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrIllegal))
			var ie *IllegalError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, ie.Reason, c.msg)
			assert.Equal(t, c.law, ie.Law)
		})
	}
}
