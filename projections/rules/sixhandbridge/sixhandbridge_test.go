package sixhandbridge_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
	"github.com/hoyle/hoyle/projections/rules/sixhandbridge"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// The six, in the order of Foster's diagram: pair A at 1 and 4, B at 2 and
// 5, C at 3 and 6.
var six = []string{"Abe", "Bea", "Cal", "Ada", "Ben", "Cy"}

func newTable(t *testing.T) *table {
	return &table{rulestest.New(t, projections.SessionSpec{Game: sixhandbridge.ID, PlayerList: six})}
}

// table is a session of the six, written through the recorder.
type table struct{ *rulestest.Table }

// hand deals, has the dealer declare no trumps undoubled, and gives his
// side tricks of the thirteen.
func (tb *table) hand(tricks int) {
	tb.Must(rulestest.DealBlank(""))
	tb.Must(rulestest.Calls("NT P P"))
	tb.Must(rulestest.Claim("", tricks))
}

// at names who sits where on hand n: dealer, his left, the dummy, his
// right.
func at(s *projections.Session, n int) []string {
	var out []string
	for _, seat := range []cards.Seat{cards.South, cards.West, cards.North, cards.East} {
		out = append(out, s.PlayerAt(n, seat))
	}
	return out
}

// Foster's diagram and moves: A deals at both ends, against B at the left
// table and C at the right; after the deal 6 goes to 5, 4 to 3, 3 to 2, 2
// to 1, 1 to 6 (and 5 to 4), so B deals next, then C.
func TestFostersDiagram(t *testing.T) {
	tb := newTable(t)
	for range 6 {
		tb.hand(7)
	}
	s := tb.Session()
	want := [][]string{
		{"Abe", "Ben", "", "Bea"}, // deal 1, left: 1 deals; 5 on his left, 2 on his right
		{"Ada", "Cal", "", "Cy"},  // deal 1, right: 4 deals; 3 on his left, 6 on his right
		{"Bea", "Cy", "", "Cal"},  // deal 2: 2 has gone to 1, 6 to 5, 3 to 2
		{"Ben", "Ada", "", "Abe"}, // 5 to 4, 4 to 3, 1 to 6
		{"Cal", "Abe", "", "Ada"},
		{"Cy", "Ben", "", "Bea"},
	}
	for n, w := range want {
		assert.Equal(t, w, at(s, n+1), "hand %d", n+1)
		assert.Equal(t, n/2+1, s.Hands[n].Sitting.Round, "hand %d is of deal %d", n+1, n/2+1)
		assert.Equal(t, n%2+1, s.Hands[n].Sitting.Table, "hand %d: the left end's table, then the right's", n+1)
		assert.Equal(t, cards.South, s.Hands[n].Dealer, "the dealer sits at the end")
	}
	sheet := s.Score()
	require.Len(t, sheet.Sides, 3)
	assert.Equal(t, "A (Abe & Ada)", sheet.Sides[0].Name)
	require.Len(t, sheet.Rubbers, 3, "three rubbers at once")
	for i, pairs := range [][]cards.Side{{0, 1}, {0, 2}, {1, 2}} {
		r := sheet.Rubbers[i]
		assert.Len(t, r.Sides, 2)
		assert.Contains(t, r.Sides, pairs[0])
		assert.Contains(t, r.Sides, pairs[1])
		assert.Len(t, r.Hands, 2, "two hands of each rubber in three deals")
	}
}

// A rubber won: the two pairs' next hand is not dealt (three players idle
// at that end for the deal), and they begin another after it. A beats B in
// two hands (deals 1 and 2); the next A v B hand would have been deal 4's
// at the left end: it is passed over, and hand 7 is deal 4's right end.
func TestARubberWonIdlesAnEnd(t *testing.T) {
	tb := newTable(t)
	tb.hand(13) // deal 1, left: A v B, A takes all: 84, game
	tb.hand(7)  // deal 1, right: A v C
	tb.hand(7)  // deal 2, left: B v C
	tb.hand(0)  // deal 2, right: B deals against A, A takes all: A's second game, the rubber
	tb.hand(7)  // deal 3, left: C v A
	tb.hand(7)  // deal 3, right: C v B
	tb.hand(7)  // deal 4: the left end (A v B) is idle; the right end (A v C)
	s := tb.Session()
	assert.Equal(t, 4, s.Hands[6].Sitting.Round)
	assert.Equal(t, 2, s.Hands[6].Sitting.Table, "the left end sat out deal 4")
	assert.Equal(t, []string{"Abe", "Cy", "", "Cal"}, at(s, 7), "Abe has come round from 1 to 4")
	sheet := s.Score()
	bridgetest.GoldenSheet(t, "testdata/rubber-won.json", sheet)
	ab := sheet.Rubbers[0]
	assert.True(t, ab.Complete)
	require.NotNil(t, ab.Winner)
	assert.Equal(t, cards.Side(0), *ab.Winner, "A wins the rubber against B")
	assert.Equal(t, []int{1, 4}, ab.Hands)
	assert.Contains(t, ab.Note, "three players will be idle")
	for _, r := range sheet.Rubbers[1:] {
		assert.False(t, r.Complete)
	}
	tb.hand(7) // deal 5, left: B v C
	tb.hand(7) // deal 5, right: B v A, their new rubber
	sheet = tb.Session().Score()
	require.Len(t, sheet.Rubbers, 4)
	assert.Equal(t, []int{9}, sheet.Rubbers[3].Hands, "A and B begin again")
}

// A new deal demanded is dealt again at the same end; there is no cut for
// deal.
func TestNewDealAtTheSameEnd(t *testing.T) {
	r := sixhandbridge.New()
	one := game.NewHand(1, cards.South, r.Seating(), nil)
	one.Phase = game.PhaseDone
	void := game.NewHand(2, cards.South, r.Seating(), nil)
	void.Annulled = true
	sit := r.Sitting([]*game.Hand{one, void}, cards.South, nil)
	assert.Equal(t, 2, sit.Table, "hand 2 was void: the right end deals again")
	assert.Equal(t, 1, sit.Round)
	_, err := r.CutDealer(nil, nil)
	assert.ErrorIs(t, err, game.ErrIllegal)
}

// Random legal hands, recorded as a scorer would (projections/simulate):
// each hand was seated as the hands before it say, a fold of the latest
// hand alone seats it so too, every finished hand is in one rubber, and
// every rubber is between two pairs, the two that met at its hands.
func TestRandomSessionsSeatAndScoreConsistently(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s, tail, err := simtest.Memory(context.Background(), simulate.Options{Game: sixhandbridge.ID, Hands: rapid.IntRange(1, 14).Draw(rt, "hands"),
			Seed: rapid.Uint64().Draw(rt, "seed"), ClaimEvery: 2})
		if err != nil {
			rt.Fatal(err)
		}
		r := sixhandbridge.New()
		for i, h := range s.Hands {
			want := r.Sitting(s.Hands[:i], s.Opened.Dealer, s.Opts)
			if fmt.Sprint(want) != fmt.Sprint(h.Sitting) {
				rt.Fatalf("hand %d seated %v; the hands before it say %v", h.Number, h.Sitting, want)
			}
		}
		if got, want := fmt.Sprint(tail.Current().Sitting), fmt.Sprint(s.Current().Sitting); got != want {
			rt.Fatalf("the latest hand alone is seated %s, the whole session %s", got, want)
		}
		sheet := s.Score()
		in := map[int]int{}
		for _, rb := range sheet.Rubbers {
			if len(rb.Sides) != 2 {
				rt.Fatalf("rubber %d is between %d sides", rb.Number, len(rb.Sides))
			}
			for _, hand := range rb.Hands {
				in[hand]++
				h := s.Hands[hand-1]
				d, a := h.Sitting.Player(h.Dealer)%3, h.Sitting.Player(h.Dealer.Plus(1, 4))%3
				if rb.Sides[cards.Side(d)] == nil || rb.Sides[cards.Side(a)] == nil {
					rt.Fatalf("hand %d (pairs %d and %d) is in a rubber between others", hand, d, a)
				}
			}
		}
		for _, h := range s.Hands {
			if h.Phase == game.PhaseDone && !h.Annulled && in[h.Number] != 1 {
				rt.Fatalf("hand %d is in %d rubbers", h.Number, in[h.Number])
			}
		}
	})
}
