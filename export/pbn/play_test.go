package pbn

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func pc(s cards.Seat, c string) PlayedCard { return PlayedCard{Seat: s, Card: cards.MustCard(c)} }

func TestWinner(t *testing.T) {
	trick := []PlayedCard{pc(cards.North, "H4"), pc(cards.East, "HK"), pc(cards.South, "S2"), pc(cards.West, "HA")}
	assert.Equal(t, cards.West, Winner(trick, cards.NoTrump))
	assert.Equal(t, cards.West, Winner(trick, cards.StrainDiamonds))
	assert.Equal(t, cards.South, Winner(trick, cards.StrainSpades))
	assert.Equal(t, cards.South, Winner(trick, cards.RoyalSpades))
	assert.Equal(t, cards.West, Winner(trick, cards.NoStrain), "an unknown strain is read as no trumps")
	// Off-suit discards never win, whatever their rank.
	assert.Equal(t, cards.North, Winner([]PlayedCard{pc(cards.North, "C2"), pc(cards.East, "DA"), pc(cards.South, "HA"), pc(cards.West, "SA")}, cards.NoTrump))
	// The higher of two trumps.
	assert.Equal(t, cards.West, Winner([]PlayedCard{pc(cards.North, "CA"), pc(cards.East, "H2"), pc(cards.South, "CK"), pc(cards.West, "H3")}, cards.StrainHearts))
	assert.Equal(t, cards.NoSeat, Winner(nil, cards.NoTrump))
}

func playOf(t *testing.T, src string) *Play {
	t.Helper()
	gs := parseString(t, src)
	require.Len(t, gs, 1)
	require.NotNil(t, gs[0].Play)
	return gs[0].Play
}

func TestOrderFollowsTheWinner(t *testing.T) {
	// Leader East; columns E S W N. Trick 1: West's ruff wins under hearts
	// trumps, so West leads trick 2 (third column first).
	p := playOf(t, `[Play "E"]
SA S2 H3 S4
C5 C6 C2 C4
`)
	played, early, err := p.Order(cards.StrainHearts)
	require.NoError(t, err)
	assert.False(t, early)
	assert.Equal(t, []PlayedCard{
		pc(cards.East, "SA"), pc(cards.South, "S2"), pc(cards.West, "H3"), pc(cards.North, "S4"),
		pc(cards.West, "C2"), pc(cards.North, "C4"), pc(cards.East, "C5"), pc(cards.South, "C6"),
	}, played)
	// At no trumps East wins the first trick, and leads the second.
	played, _, err = p.Order(cards.NoTrump)
	require.NoError(t, err)
	assert.Equal(t, pc(cards.East, "C5"), played[4])

	back, err := PlayFromOrder(cards.East, cards.StrainHearts, played[:0], false)
	require.NoError(t, err)
	assert.Empty(t, back.Tricks)
	hp, _, _ := p.Order(cards.StrainHearts)
	back, err = PlayFromOrder(cards.East, cards.StrainHearts, hp, false)
	require.NoError(t, err)
	assert.Equal(t, canonical(Game{Play: p}).Play, canonical(Game{Play: back}).Play)
}

func TestOrderErrors(t *testing.T) {
	for _, src := range []string{
		"[Play \"N\"]\nSA - S2 S3\n",               // a card after a gap
		"[Play \"N\"]\nSA S2 - -\nH2 H3 H4 H5\n",   // cards after the play stopped
		"[Play \"N\"]\nSA S2 S3 S4\nSA H3 H4 H5\n", // a card played twice
		"[Play \"\"]\nSA S2 S3 S4\n",               // no leader
	} {
		_, _, err := playOf(t, src).Order(cards.NoTrump)
		assert.ErrorIs(t, err, ErrInvalid, src)
	}
	// A claim after a complete trick, and empty rows after it, are fine.
	p := playOf(t, "[Play \"N\"]\nSA S2 S3 S4\n- - - -\n*\n")
	played, early, err := p.Order(cards.NoTrump)
	require.NoError(t, err)
	assert.True(t, early)
	assert.Len(t, played, 4)

	_, err = PlayFromOrder(cards.North, cards.NoTrump, []PlayedCard{pc(cards.North, "SA"), pc(cards.South, "S2")}, false)
	assert.ErrorIs(t, err, ErrInvalid, "out of turn")
	_, err = PlayFromOrder(cards.North, cards.NoTrump, []PlayedCard{
		pc(cards.North, "S2"), pc(cards.East, "SA"), pc(cards.South, "S3"), pc(cards.West, "S4"),
		pc(cards.North, "S5"),
	}, false)
	assert.ErrorIs(t, err, ErrInvalid, "East won, so East leads")
	_, err = PlayFromOrder(cards.North, cards.NoTrump, []PlayedCard{pc(cards.North, "SA"), pc(cards.East, "SA")}, false)
	assert.ErrorIs(t, err, ErrInvalid, "twice")
	_, err = PlayFromOrder(cards.NoSeat, cards.NoTrump, []PlayedCard{pc(cards.North, "SA")}, false)
	assert.ErrorIs(t, err, ErrInvalid, "no leader")
}

// TestOrderRoundTripsLongPlays builds full 13-trick plays (every seat
// plays its lowest legal card), lays them out with PlayFromOrder, writes
// and parses them, and replays them back to the same sequence.
func TestOrderRoundTripsLongPlays(t *testing.T) {
	d, err := cards.ParseDeal("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96")
	require.NoError(t, err)
	for _, trump := range []cards.Strain{cards.NoTrump, cards.StrainSpades, cards.StrainHearts} {
		hands := append(cards.Deal(nil), d...)
		leader := cards.West
		var played []PlayedCard
		for range 13 {
			var trick []PlayedCard
			for k := range 4 {
				s := leader.Plus(k, 4)
				h := hands[s]
				cs := h.Cards()
				pick := cs[len(cs)-1]
				if k > 0 && h.HasSuit(trick[0].Card.Suit()) {
					follow := h.Suit(trick[0].Card.Suit()).Cards()
					pick = follow[len(follow)-1]
				}
				hands[s] = h.Remove(pick)
				trick = append(trick, PlayedCard{Seat: s, Card: pick})
			}
			played = append(played, trick...)
			leader = Winner(trick, trump)
		}
		p, err := PlayFromOrder(cards.West, trump, played, false)
		require.NoError(t, err)
		require.Len(t, p.Tricks, 13)
		g := Game{Play: p}
		back := parseString(t, strings.SplitN(writeString(t, []Game{g}), "\n", 3)[2])
		again, early, err := back[0].Play.Order(trump)
		require.NoError(t, err)
		assert.False(t, early)
		assert.Equal(t, played, again, trump.String())
	}
}
