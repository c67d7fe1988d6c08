package projections_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

func deal(spec projections.DealSpec) func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, spec)
	}
}

// A pivot table: after every two deals the three players move round the
// first dealer, and each deal records where they sit, so that every
// reader, a fold of the latest hand alone too, names them as they sat:
// Cora (South, the first dealer) sits still, Dot passes behind her from
// her left to her right, Bea goes opposite, Ann to the left.
func TestThePivotSeatsEachDeal(t *testing.T) {
	tb := newIrrTable(t, projections.SessionSpec{Game: "auction", Players: map[string]string{"N": "Ann", "E": "Bea", "S": "Cora", "W": "Dot"},
		Placement: projections.Placement{Event: "Pivot tea", Movement: "pivot:2"}})
	for range 3 {
		tb.Must(deal(projections.DealSpec{}))
		tb.Must(calls("1NT", "P", "P", "P"))
		tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
			return s.DecideClaim(st, projections.ClaimSpec{Tricks: 7})
		})
	}
	s := tb.Session()
	names := func(h int) []string {
		var out []string
		for seat := cards.North; seat <= cards.West; seat++ {
			out = append(out, s.PlayerAt(h, seat))
		}
		return out
	}
	assert.Equal(t, []string{"Ann", "Bea", "Cora", "Dot"}, names(1))
	assert.Equal(t, []string{"Ann", "Bea", "Cora", "Dot"}, names(2))
	assert.Equal(t, []string{"Bea", "Dot", "Cora", "Ann"}, names(3), "round 2")
	assert.Equal(t, 2, s.Hands[2].Sitting.Round)
	assert.Equal(t, "Dot", s.Player(cards.East), "the latest hand's seating")
	tail := tb.Tail()
	assert.Equal(t, "Dot", tail.Player(cards.East), "a fold of the latest hand alone knows it too")
	seat, err := tail.SeatOf("Ann")
	require.NoError(t, err)
	assert.Equal(t, cards.West, seat)
}

// A deal.seated belongs to its hand, just dealt: none before the first
// deal, none for another hand, none once the hand is under way, and no
// player seated twice or unknown.
func TestSeatedIsRecordedWithTheDeal(t *testing.T) {
	tb := newIrrTable(t, projections.SessionSpec{Game: "auction", PlayerList: []string{"Ann", "Bea", "Cora", "Dot"}})
	seated := func(p *table.Seated) error {
		return tb.Try(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
			ev := st(p)
			return []events.Event{ev}, s.Propose(ev)
		})
	}
	assert.ErrorIs(t, seated(&table.Seated{Hand: 1, Players: []int{0, 1, 2, 3}}), game.ErrIllegal, "no hand dealt")
	tb.Must(deal(projections.DealSpec{}))
	assert.ErrorIs(t, seated(&table.Seated{Hand: 2, Players: []int{0, 1, 2, 3}}), game.ErrIllegal, "another hand")
	assert.ErrorIs(t, seated(&table.Seated{Hand: 1, Players: []int{0, 0, 2, 3}}), game.ErrIllegal, "seated twice")
	assert.ErrorIs(t, seated(&table.Seated{Hand: 1, Players: []int{0, 1, 2, 4}}), game.ErrIllegal, "no such player")
	assert.ErrorIs(t, seated(&table.Seated{Hand: 1, Players: []int{0, 1, 2}}), game.ErrIllegal, "a seat short")
	require.NoError(t, seated(&table.Seated{Hand: 1, Players: []int{3, 2, table.NoPlayer, 0}}))
	s := tb.Session()
	assert.Equal(t, "Dot", s.Player(cards.North))
	assert.Equal(t, "", s.Player(cards.South), "nobody sits there")
	tb.Must(calls("1S"))
	assert.ErrorIs(t, seated(&table.Seated{Hand: 1, Players: []int{0, 1, 2, 3}}), game.ErrIllegal, "the auction has begun")
}

// A result recorded with its board's cards (result --board N at a table
// whose event has a hand record) deals the board with them: compare can
// then tell which form of the board it was on (Law 87). Without cards the
// board is dealt unseen, as before.
func TestResultDealsTheBoardsCards(t *testing.T) {
	const pbn = "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
	tb := newIrrTable(t, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}})
	tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideResult(st, projections.ResultSpec{Board: 1, PBN: pbn, Contract: "4S", Declarer: "N", Tricks: "10"})
	})
	tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideResult(st, projections.ResultSpec{Board: 2, Contract: "3NT", Declarer: "S", Tricks: "9"})
	})
	s := tb.Session()
	require.Len(t, s.Hands, 2)
	require.True(t, s.Hands[0].DealKnown())
	assert.Equal(t, pbn, cards.Deal(s.Hands[0].Dealt).PBN(cards.North))
	assert.False(t, s.Hands[1].DealKnown())
}
