package thirteenandtheodd_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
	odd "github.com/hoyle/hoyle/projections/rules/thirteenandtheodd"
)

// "The dealer gives thirteen cards to his adversary and to himself, one at
// a time, and turns up the next for the trump. The trump card belongs to
// neither player."
func TestTheDeal(t *testing.T) {
	r := odd.New()
	pack := r.Pack()
	d := r.Deal(pack, cards.North)
	require.Len(t, d.Hands, 2)
	assert.Equal(t, cards.NewSet(pack[0], pack[2], pack[24]).Intersect(d.Hands[cards.Seat(1)]), cards.NewSet(pack[0], pack[2], pack[24]), "the adversary is served first")
	assert.Equal(t, 13, d.Hands[0].Len())
	assert.Equal(t, 13, d.Hands[1].Len())
	assert.Equal(t, pack[26], d.TurnUp, "the next card is turned up")
	assert.False(t, d.Hands[0].Has(d.TurnUp) || d.Hands[1].Has(d.TurnUp), "it is nobody's")
	require.NoError(t, r.CheckDeal(d))
	d.Hands[0] = d.Hands[0].Remove(d.Hands[0].Cards()[0]).Add(d.TurnUp)
	err := r.CheckDeal(d)
	require.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "belongs to neither player")

	tb := rulestest.New(t, projections.SessionSpec{Game: odd.ID, PlayerList: []string{"Ann", "Bob"}})
	err = tb.Try(rulestest.DealHands(map[string]string{"N": "AKQJT98765432..."}, "SA"))
	require.ErrorIs(t, err, game.ErrIllegal, "a card turned up in a hand")
	tb.Must(rulestest.DealSeed(9))
	h := tb.Hand()
	assert.Equal(t, cards.Seat(1), h.Turn, "the dealer's adversary leads")
	assert.Equal(t, 26, h.Dealt[0].Union(h.Dealt[1]).Len(), "twenty-five cards are not dealt")
}

// "The winner of the odd trick scores a point. Five points is game."
// Honours are not counted; the revoke costs three tricks, as at Humbug,
// and may take the odd trick from its winner.
func TestTheOddTrick(t *testing.T) {
	tb := rulestest.New(t, projections.SessionSpec{Game: odd.ID, PlayerList: []string{"Ann", "Bob"}})
	for _, c := range []struct {
		by string
		n  int
	}{{"Ann", 7}, {"Bob", 13}, {"Ann", 9}, {"Ann", 7}, {"Ann", 8}, {"Ann", 10}} {
		tb.Must(rulestest.DealBlank("H9"))
		tb.Must(rulestest.Claim(c.by, c.n))
	}
	require.Error(t, tb.Try(rulestest.Honours(0, "4")), "no honours are counted")

	// A revoke: Ann would have the odd trick, seven to six; three tricks
	// taken from her give it to Bob.
	tb.Must(rulestest.DealHands(map[string]string{"N": "AKQJT9876543.2..", "S": ".AKQJT9876543.3."}, "D2"))
	h := tb.Hand()
	require.Equal(t, cards.Seat(1), h.Turn, "Bob (South) leads")
	tb.Must(rulestest.Plays("HA"))
	tb.Must(rulestest.Irregular("N", "SA")) // Ann holds the two of hearts
	tb.Must(rulestest.Plays("HK"))          // Bob leads again: the trick is quitted, the revoke established
	tb.Must(rulestest.Claim("Bob", 5))      // of the twelve left: Ann 7, Bob 6 as played
	s := tb.Session()
	assert.True(t, s.Current().Irregular[0].Chose("tricks"), "three tricks, as at Humbug")
	sheet := s.Score()
	testkit.Golden(t, "testdata/odd.golden", rulestest.Sheet(sheet, s.Seating()))
	r := sheet.Rubbers[0]
	assert.Equal(t, []cards.Side{0}, r.Games, "Ann to five: a game")
	lastEntry := r.Entries[len(r.Entries)-1]
	assert.Equal(t, cards.Side(1), lastEntry.Side, "the revoke gave Bob the odd trick")
	assert.Contains(t, lastEntry.Label, "3 of the tricks taken for a revoke")
	for _, e := range r.Entries {
		if !e.Above {
			assert.Equal(t, 1, e.Points, "a point a hand, for the odd trick")
		}
	}
}

// Random legal sessions: each finished hand scores one point, to the
// winner of the odd trick, unless a revoke moved it.
func TestRandomSessions(t *testing.T) {
	rulestest.RandomSessions(t, odd.ID, nil, func(rt *rapid.T, s *projections.Session) {
		below := 0
		for _, r := range s.Score().Rubbers {
			for _, e := range r.Entries {
				if !e.Above {
					below++
				}
			}
		}
		if below != len(s.Hands) {
			rt.Fatalf("%d points below the line for %d hands", below, len(s.Hands))
		}
	})
}
