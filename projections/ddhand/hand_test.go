package ddhand

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/oklog/ulid/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/dd/ddlist"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// handOf is a list deal as a hand played in strain from the opening lead by
// leader, its declarer on the leader's right, with the first n cards of
// its play in tricks as the laws lay them out.
func handOf(t testing.TB, ld ddlist.Deal, strain cards.Strain, n int) *game.Hand {
	t.Helper()
	h := game.NewHand(1, ld.Dealer, game.Compass, nil)
	copy(h.Dealt, ld.Deal)
	copy(h.Held, ld.Deal)
	h.Contract = &game.Contract{Level: 1, Strain: strain, Declarer: ld.Leader.Plus(3, 4)}
	h.Phase = game.PhasePlay
	play(h, ld.Leader, strainOf(strain), ld.Play[:n])
	return h
}

func strainOf(s cards.Strain) cards.Strain { return SolverStrain(s) }

// play lays cards out in tricks from leader, each trick led by the winner
// of the one before.
func play(h *game.Hand, leader cards.Seat, strain cards.Strain, cs []cards.Card) {
	h.Tricks = append(h.Tricks, game.Trick{Leader: leader, Winner: cards.NoSeat})
	for _, c := range cs {
		t := &h.Tricks[len(h.Tricks)-1]
		seat := t.Leader.Plus(len(t.Cards), 4)
		t.Cards = append(t.Cards, game.PlayedCard{Seat: seat, Card: c, ID: ulid.Make()})
		if len(t.Cards) == 4 {
			trick := []cards.Card{t.Cards[0].Card, t.Cards[1].Card, t.Cards[2].Card, t.Cards[3].Card}
			t.Winner = t.Leader.Plus(winner(trick, strain), 4)
			h.Tricks = append(h.Tricks, game.Trick{Leader: t.Winner, Winner: cards.NoSeat})
		}
	}
}

// solved is Solve with each answer kept for the test binary: the tests
// analyse the same few deals of DDS's list again and again, and each is
// solved once (projections/ddkeep is the real keeper; it imports this
// package, so the tests here keep their own).
var solved = &testMemo{tables: map[[4]cards.Set]dd.Table{}, traces: map[string]dd.PlayTrace{}}

type testMemo struct {
	mu     sync.Mutex
	tables map[[4]cards.Set]dd.Table
	traces map[string]dd.PlayTrace
}

func (m *testMemo) Table(d cards.Deal) (dd.Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(d) != 4 {
		return Solve{}.Table(d)
	}
	k := [4]cards.Set{d[0], d[1], d[2], d[3]}
	if t, ok := m.tables[k]; ok {
		return t, nil
	}
	t, err := Solve{}.Table(d)
	if err == nil {
		m.tables[k] = t
	}
	return t, err
}

func (m *testMemo) Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) (dd.PlayTrace, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := fmt.Sprint(d, strain, leader, seq)
	if t, ok := m.traces[k]; ok {
		return t, nil
	}
	t, err := Solve{}.Trace(d, strain, leader, seq)
	if err == nil {
		m.traces[k] = t
	}
	return t, err
}

// The deals of DDS's list the tests analyse: among the quickest of the
// hundred to solve (a table in tens of milliseconds on the two-core
// machine, where deal 1 takes a second), each played out in full. The
// solver itself is checked against the whole list in projections/dd.
const (
	// quickSpades is played in spades, its trace rising by a trick at the
	// lead to trick 4 and falling back at card 37.
	quickSpades = 5
	// quickDiamonds is played in diamonds.
	quickDiamonds = 41
)

func listDeals(t testing.TB) []ddlist.Deal {
	t.Helper()
	ds, err := ddlist.Load()
	require.NoError(t, err)
	require.Len(t, ds, 100)
	return ds
}

// The trace of a recorded hand is DDS's TRACE line, and each card's cost is
// what the line's step says: a card of the declaring side that lowers it,
// or a defender's that raises it.
func TestPlayIsDDSTrace(t *testing.T) {
	ds := listDeals(t)
	for _, i := range []int{quickSpades, quickDiamonds} {
		ld := ds[i]
		h := handOf(t, ld, ld.Strain, len(ld.Play))
		a, err := Analyse(h, solved, contract.ParScore)
		require.NoError(t, err)
		assert.Equal(t, ld.Table, a.Table.DDSOrder(), "deal %d: the table", i)
		require.NotNil(t, a.Play)
		p := a.Play
		assert.Equal(t, len(ld.Play), len(p.Cards), "deal %d: every card analysed", i)
		assert.Equal(t, ld.Trace[0], p.Start)
		side := ld.Leader.Plus(3, 4).Partnership()
		assert.Equal(t, side, p.Side)
		for k := 1; k < len(ld.Trace); k++ {
			c := p.Cards[k-1]
			require.Equal(t, ld.Trace[k], c.Tricks, "deal %d, card %d", i, k)
			want := ld.Trace[k-1] - ld.Trace[k]
			if c.Seat.Partnership() != side {
				want = -want
			}
			assert.Equal(t, want, c.Cost, "deal %d, card %d (%s %s)", i, k, c.Seat, c.Card)
			after, ok := p.After(k)
			assert.True(t, ok)
			assert.Equal(t, ld.Trace[k], after)
		}
	}
}

// A trace with a costly card on each side (quickSpades): a defender's
// lead to trick 4 gives declarer a ninth trick, and a card of the
// declaring side at card 37 gives it back; no other card costs anything.
func TestCostlyCards(t *testing.T) {
	ld := listDeals(t)[quickSpades]
	require.Equal(t, 8, ld.Trace[12])
	require.Equal(t, 9, ld.Trace[13])
	require.Equal(t, 8, ld.Trace[37])
	a, err := Analyse(handOf(t, ld, ld.Strain, len(ld.Play)), solved, contract.ParScore)
	require.NoError(t, err)
	costly := a.Play.Costly()
	require.Len(t, costly, 2)
	assert.Equal(t, a.Play.Cards[12], costly[0], "the lead to trick 4")
	assert.NotEqual(t, a.Play.Side, costly[0].Seat.Partnership(), "a defender's card")
	assert.Equal(t, 1, costly[0].Cost)
	assert.Equal(t, a.Play.Cards[36], costly[1], "card 37")
	assert.Equal(t, a.Play.Side, costly[1].Seat.Partnership(), "a card of the declaring side")
	assert.Equal(t, 1, costly[1].Cost)
	c, ok := a.Play.ByID(costly[0].ID)
	assert.True(t, ok)
	assert.Equal(t, costly[0], c)
}

// Royal spades are spades for the solver.
func TestRoyalSpadesAreSpades(t *testing.T) {
	ld := listDeals(t)[quickSpades] // played in spades
	require.Equal(t, cards.StrainSpades, ld.Strain)
	h := handOf(t, ld, cards.RoyalSpades, 8)
	a, err := Analyse(h, solved, contract.ParScore)
	require.NoError(t, err)
	assert.Equal(t, cards.StrainSpades, a.Play.Strain)
	s := dd.NewSolver(dd.Config{})
	want, err := s.Trace(ld.Deal, cards.StrainSpades, ld.Leader, ld.Play[:8])
	require.NoError(t, err)
	assert.Equal(t, want.Tricks[0], a.Play.Start)
	assert.Equal(t, want.Tricks[8], a.Play.Cards[7].Tricks)
}

// Whist plays no contract: no par, and the tricks are those of the side
// on the opening leader's right (the dealer's).
func TestWhistIsBySide(t *testing.T) {
	ld := listDeals(t)[quickDiamonds]
	h := handOf(t, ld, cards.StrainHearts, 4)
	h.Contract.Declarer = cards.NoSeat
	a, err := Analyse(h, solved, contract.ParScore)
	require.NoError(t, err)
	assert.True(t, a.BySide)
	assert.Equal(t, dd.ParResult{}, a.Par)
	assert.Equal(t, cards.NoSeat, a.Play.Declarer)
	assert.Equal(t, ld.Leader.Plus(3, 4).Partnership(), a.Play.Side)
	assert.Equal(t, 13-a.Table.Get(cards.StrainHearts, ld.Leader.Plus(3, 4)), 13-a.Play.Start)
}

// The analysis follows regular play only: a card out of turn ends it,
// and says who played and whose turn it was.
func TestIrregularPlayStopsTheAnalysis(t *testing.T) {
	ld := listDeals(t)[quickDiamonds]
	h := handOf(t, ld, ld.Strain, 5) // trick 2 is led
	tr := &h.Tricks[1]
	// The second card of trick 2 comes from the wrong seat: the leader's
	// partner plays a card of his in its place.
	partner := tr.Leader.Plus(2, 4)
	c := ld.Deal[partner].Cards()[0]
	tr.Cards = append(tr.Cards, game.PlayedCard{Seat: partner, Card: c, ID: ulid.Make()})
	a, err := Analyse(h, solved, contract.ParScore)
	require.NoError(t, err)
	p := a.Play
	assert.Equal(t, 6, p.Recorded)
	assert.Len(t, p.Cards, 5)
	require.NotNil(t, p.Stopped)
	assert.Equal(t, c, p.Stopped.Card)
	assert.Equal(t, partner.Name()+" played out of turn (it was "+tr.Leader.Plus(1, 4).Name()+"'s turn)", p.Stop)
}

// A renounce ends it too.
func TestRenounceStopsTheAnalysis(t *testing.T) {
	ld := listDeals(t)[quickDiamonds]
	h := handOf(t, ld, ld.Strain, 4)
	// Trick 2: its leader leads a suit the next hand holds, and the next
	// hand plays another suit.
	tr := &h.Tricks[1]
	held := ld.Deal[tr.Leader]
	for _, c := range ld.Play[:4] {
		held = held.Remove(c)
	}
	next := tr.Leader.Plus(1, 4)
	nextHeld := ld.Deal[next]
	for _, c := range ld.Play[:4] {
		nextHeld = nextHeld.Remove(c)
	}
	var lead, off cards.Card
	for _, c := range held.Cards() {
		if nextHeld.HasSuit(c.Suit()) {
			for _, o := range nextHeld.Cards() {
				if o.Suit() != c.Suit() {
					lead, off = c, o
				}
			}
			if off != 0 {
				break
			}
		}
	}
	require.NotZero(t, off)
	tr.Cards = append(tr.Cards, game.PlayedCard{Seat: tr.Leader, Card: lead, ID: ulid.Make()},
		game.PlayedCard{Seat: next, Card: off, ID: ulid.Make()})
	a, err := Analyse(h, solved, contract.ParScore)
	require.NoError(t, err)
	assert.Len(t, a.Play.Cards, 5)
	assert.Equal(t, next.Name()+" did not follow suit, holding "+lead.Suit().Name(), a.Play.Stop)
}

// What cannot be analysed says why.
func TestWhatCannotBeAnalysed(t *testing.T) {
	ld := listDeals(t)[quickDiamonds]
	h := handOf(t, ld, ld.Strain, 0)
	h.Dealt[cards.East] = 0
	h.Dealt[cards.West] = 0
	_, err := Analyse(h, solved, contract.ParScore)
	assert.ErrorIs(t, err, ErrCardsUnknown)
	assert.EqualError(t, err, "not every card of the deal is known: East's and West's hands were not recorded with the deal, nor shown by the play")

	three := game.NewHand(1, 0, game.Seating{Seats: 3, Names: []string{"A", "B", "C"}, Sides: []cards.Side{0, 1, 2}}, nil)
	_, err = Analyse(three, solved, contract.ParScore)
	assert.ErrorIs(t, err, ErrNotBridgeDeal)
	assert.EqualError(t, err, "the double-dummy solver analyses four hands of 13 cards: this game deals 3 hands")

	short := append(cards.Deal(nil), ld.Deal...)
	short[cards.South] = short[cards.South].Remove(short[cards.South].Cards()[0])
	assert.EqualError(t, CheckDeal(short), "the double-dummy solver analyses four hands of 13 cards: South holds 12")
	joker := append(cards.Deal(nil), short...)
	joker[cards.South] = joker[cards.South].Add(cards.Joker)
	assert.ErrorIs(t, CheckDeal(joker), ErrNotBridgeDeal)
	_, err = Solve{}.Table(short)
	assert.True(t, errors.Is(err, ErrNotBridgeDeal))
}

// The auction: a table and par, no play yet; the hand's vulnerability is
// par's.
func TestBeforeThePlay(t *testing.T) {
	ld := listDeals(t)[quickDiamonds]
	h := handOf(t, ld, ld.Strain, 0)
	h.Contract, h.Tricks, h.Phase = nil, nil, game.PhaseAuction
	h.Vulnerable = cards.VulAll
	a, err := Analyse(h, solved, contract.ParScore)
	require.NoError(t, err)
	assert.Nil(t, a.Play)
	assert.Equal(t, cards.VulAll, a.Vul)
	assert.Equal(t, dd.Par(a.Table, cards.VulAll, contract.ParScore), a.Par)
}
