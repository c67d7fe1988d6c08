package doubledummy_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/doubledummy"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
)

// testDeal: North is Ann's dummy, East Bob's; clubs are trumps, the eight
// turned up by North, who deals first for Ann.
var testDeal = map[string]string{
	"N": "..AKQJT9.AKQJT98",
	"E": "AKQJT98..876543.",
	"S": ".AKQJT98765.2.65",
	"W": "765432.432..7432",
}

func dealt(t *testing.T) *rulestest.Table {
	tb := rulestest.New(t, projections.SessionSpec{Game: doubledummy.ID, PlayerList: []string{"Ann", "Bob"}})
	tb.Must(rulestest.DealHands(testDeal, "C8"))
	return tb
}

func last(t *testing.T, s *projections.Session) (*game.Irregularity, []string, string) {
	t.Helper()
	h := s.Current()
	require.NotEmpty(t, h.Irregular)
	irr := h.Irregular[len(h.Irregular)-1]
	cs, settled := s.Rules.(game.IrregularityRules).Choices(h, irr)
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	return irr, names, settled
}

// Two players, each with a dummy: the lowest deals for his dummy first and
// sits on his opponent's right; each selects his dummy's cards.
func TestTwoPlayersEachWithADummy(t *testing.T) {
	tb := dealt(t)
	s := tb.Session()
	h := s.Current()
	assert.Equal(t, cards.North, h.Dealer, "the lowest deals for his dummy first")
	assert.Equal(t, []cards.Seat{cards.North, cards.East}, h.Dummies())
	assert.Equal(t, cards.East, h.Turn, "the eldest hand, Bob's dummy, leads")
	assert.Equal(t, "Bob", s.PlayerIn(h, cards.East))
	assert.Equal(t, "Ann", s.PlayerIn(h, cards.North))
	assert.Equal(t, cards.South, h.PlayedFrom(cards.North))
	assert.Equal(t, cards.West, h.PlayedFrom(cards.East))
	// "One player ... claim[s] that he will win a certain number of tricks."
	tb.Must(rulestest.Claim("Ann", 7))
	assert.Equal(t, []int{7, 6}, tb.Hand().Won)
}

// "Neither dummy can revoke, and there are no such things as exposed cards,
// or cards played in error." A player's revoke is dummy's partner's at
// English Dummy: whist's three tricks or three points.
func TestRevokesAndCardsInError(t *testing.T) {
	t.Run("a dummy's revoke", func(t *testing.T) {
		tb := dealt(t)
		tb.Must(rulestest.Plays("D8 D2 S7"))
		tb.Must(rulestest.Irregular("N", "C9"))
		tb.Must(rulestest.Plays("DA"))
		irr, cs, settled := last(t, tb.Session())
		assert.Equal(t, doubledummy.LawNoRevoke, irr.Law)
		assert.Empty(t, cs)
		assert.Contains(t, settled, "no penalty")
	})
	t.Run("a player's revoke", func(t *testing.T) {
		tb := dealt(t)
		tb.Must(rulestest.Plays("D8"))
		tb.Must(rulestest.Irregular("S", "HA"))
		tb.Must(rulestest.Plays("S7 DA CA"))
		tb.Must(rulestest.Claim("Ann", 12))
		irr, cs, _ := last(t, tb.Session())
		assert.Equal(t, doubledummy.LawRevoke, irr.Law)
		assert.Equal(t, []string{"tricks", "deduct", "add"}, cs)
	})
	t.Run("exposed cards", func(t *testing.T) {
		tb := dealt(t)
		tb.Must(rulestest.Expose("W", "S7"))
		irr, cs, settled := last(t, tb.Session())
		assert.Equal(t, doubledummy.LawNoError, irr.Law)
		assert.Empty(t, cs)
		assert.Contains(t, settled, "no penalty")
	})
}

// "Should either of the dummies or the players lead out of turn, the
// adversary may call a suit from the one that ought to have led; but if it
// was the turn of neither, there is no penalty."
func TestLeadsOutOfTurn(t *testing.T) {
	tb := dealt(t)
	tb.Must(rulestest.Irregular("W", "S7")) // Bob leads from his own hand, the lead being his dummy's
	irr, cs, _ := last(t, tb.Session())
	assert.Equal(t, doubledummy.LawLead, irr.Law)
	assert.Equal(t, []string{"accept", "call-suit"}, cs)
	tb.Must(rulestest.Penalty("call-suit", "D"))
	require.Error(t, tb.Try(rulestest.Plays("SA")), "East must lead the suit called")
	tb.Must(rulestest.Plays("D8"))

	tb = dealt(t)
	tb.Must(rulestest.Irregular("S", "HA")) // Ann leads in Bob's turn: the turn of neither of hers
	_, cs, _ = last(t, tb.Session())
	assert.Equal(t, []string{"accept", "correct"}, cs)
}

// Rubbers as at whist; each side is a player and his dummy. Three hands,
// the deal not recorded: Ann wins a treble, Bob a double, Ann a single
// and the rubber.
func TestRubber(t *testing.T) {
	tb := rulestest.New(t, projections.SessionSpec{Game: doubledummy.ID, PlayerList: []string{"Ann", "Bob"}})
	for _, c := range []struct {
		by string
		n  int
	}{{"Ann", 11}, {"Bob", 9}, {"Ann", 8}, {"Bob", 8}, {"Ann", 9}, {"Bob", 10}, {"Ann", 8}} {
		tb.Must(rulestest.DealBlank("S5"))
		tb.Must(rulestest.Claim(c.by, c.n))
	}
	s := tb.Session()
	sheet := s.Score()
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.Equal(t, []cards.Side{cards.NS, cards.EW, cards.NS}, r.Games)
	require.NotNil(t, r.Winner)
	assert.Equal(t, cards.NS, *r.Winner)
	assert.Equal(t, 4, r.Points, "a treble and a single, the rubber, less Bob's double (Law 10)")
	testkit.Golden(t, "testdata/rubber.golden", rulestest.Sheet(sheet, s.Seating()))
}

// Random legal sessions: two dummies a hand, each played from across the
// table.
func TestRandomSessions(t *testing.T) {
	rulestest.RandomSessions(t, doubledummy.ID, nil, func(rt *rapid.T, s *projections.Session) {
		for _, h := range s.Hands {
			if len(h.Dummies()) != 2 || h.PlayedFrom(cards.North) != cards.South || h.PlayedFrom(cards.East) != cards.West {
				rt.Fatalf("hand %d: dummies %v", h.Number, h.Dummies())
			}
		}
	})
}
