package bridge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// dealt is a hand just dealt by South (Foster's Z), cards unknown.
func dealt(t *testing.T) *game.Hand { return bridgetest.Dealt(t, New(), cards.South, "") }

func calls(t *testing.T, h *game.Hand, toks ...string) {
	t.Helper()
	bridgetest.Calls(t, New(), h, toks...)
}

func refused(t *testing.T, h *game.Hand, tok, law string) *game.IllegalError {
	t.Helper()
	return bridgetest.Refused(t, New(), h, tok, law)
}

// Law 47 and 54, 60: the dealer names hearts, the eldest hand asks "May I
// lead?", his partner says yes: the dealer plays, his partner is Dummy,
// the eldest hand leads.
func TestDealerDeclaresAndNobodyDoubles(t *testing.T) {
	h := dealt(t)
	assert.Equal(t, cards.South, h.Turn)
	calls(t, h, "H")
	assert.Equal(t, cards.West, h.Turn, "the eldest hand has the first right to double")
	calls(t, h, "P")
	assert.Equal(t, cards.East, h.Turn, "his partner answers")
	calls(t, h, "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Strain: cards.StrainHearts, Declarer: cards.South}, *h.Contract)
	assert.Equal(t, cards.North, h.Dummy)
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, cards.West, h.Turn)
}

// Law 48 and 62: the dealer leaves it to his partner, who names no trumps;
// the dealer still plays the hand and his partner is Dummy. Laws 55-56:
// after the double the maker has the first right to re-double, then the
// original doubler to double again.
func TestLeftToPartnerAndRedoubled(t *testing.T) {
	h := dealt(t)
	calls(t, h, "pass")
	assert.Equal(t, cards.North, h.Turn)
	calls(t, h, "NT")
	calls(t, h, "P") // West: May I lead?
	calls(t, h, "X") // East: I double
	assert.Equal(t, cards.North, h.Turn, "the maker of the trump re-doubles first")
	calls(t, h, "P") // North: satisfied
	assert.Equal(t, cards.South, h.Turn, "then his partner")
	calls(t, h, "XX")
	assert.Equal(t, cards.East, h.Turn, "the original doubler has the first right to double again")
	calls(t, h, "P")
	assert.Equal(t, cards.West, h.Turn)
	calls(t, h, "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Strain: cards.NoTrump, Doubled: 2, Declarer: cards.South}, *h.Contract)
	assert.Equal(t, cards.North, h.Dummy, "the dealer's partner is Dummy though he named the trump")
	assert.Equal(t, cards.West, h.Turn)
}

// Law 58: at no trumps a trick is worth 12, 24, 48, 96; a fourth double
// would pass 100, so the play begins after the third.
func TestDoublingStopsAtTheLimit(t *testing.T) {
	h := dealt(t)
	calls(t, h, "NT", "X", "XX", "X")
	require.NotNil(t, h.Contract)
	assert.Equal(t, 3, h.Contract.Doubled)
	assert.Equal(t, 96, DoubledValue(cards.NoTrump, 3))
	assert.Equal(t, game.PhasePlay, h.Phase)

	for _, c := range []struct {
		s    cards.Strain
		most int
	}{{cards.StrainSpades, 5}, {cards.StrainClubs, 4}, {cards.StrainDiamonds, 4}, {cards.StrainHearts, 3}, {cards.NoTrump, 3}} {
		n := 0
		for CanDouble(c.s, n) {
			n++
		}
		assert.Equal(t, c.most, n, c.s.Name())
		assert.LessOrEqual(t, DoubledValue(c.s, n), TrickLimit)
	}
}

func TestIllegalDeclarations(t *testing.T) {
	h := dealt(t)
	refused(t, h, "1H", LawDeclare)
	refused(t, h, "2R", LawDeclare)
	refused(t, h, "X", LawMayILead)
	calls(t, h, "P")
	refused(t, h, "P", LawPassBack)
	calls(t, h, "S")
	refused(t, h, "H", LawAltered)
	refused(t, h, "XX", LawMayILead)
	calls(t, h, "X")
	refused(t, h, "X", LawRedouble)
	calls(t, h, "XX")
	refused(t, h, "XX", LawDoubleBack)
}

func TestLegalCallsAtEachStage(t *testing.T) {
	r := New()
	h := dealt(t)
	strs := func(cs []cards.Call) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.String())
		}
		return out
	}
	assert.Equal(t, []string{"Pass", "S", "C", "D", "H", "NT"}, strs(h.LegalCalls(r)))
	calls(t, h, "P")
	assert.Equal(t, []string{"S", "C", "D", "H", "NT"}, strs(h.LegalCalls(r)))
	calls(t, h, "D")
	assert.Equal(t, []string{"Pass", "X"}, strs(h.LegalCalls(r)))
	calls(t, h, "X")
	assert.Equal(t, []string{"Pass", "XX"}, strs(h.LegalCalls(r)))
}

func TestCallAfterTheDeclarationIsNotNow(t *testing.T) {
	h := dealt(t)
	calls(t, h, "C", "P", "P")
	err := New().Call(h, cards.PassCall, events.ID{})
	assert.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "cannot be made")
}

// Any sequence of legal calls ends the declaration with the dealer playing
// the hand, his partner Dummy, the eldest hand on lead, and no trick worth
// more than 100 (Laws 58, 62).
func TestRandomLegalDeclarations(t *testing.T) {
	r := New()
	rapid.Check(t, func(t *rapid.T) {
		dealer := cards.Seat(rapid.IntRange(0, 3).Draw(t, "dealer"))
		h := game.NewHand(1, dealer, r.Seating(), nil)
		r.Start(h, nil)
		for steps := 0; h.Phase == game.PhaseAuction; steps++ {
			legal := h.LegalCalls(r)
			if len(legal) == 0 || steps > 40 {
				t.Fatalf("stuck after %d calls", steps)
			}
			if err := r.Call(h, rapid.SampledFrom(legal).Draw(t, "call"), events.ID{}); err != nil {
				t.Fatal(err)
			}
		}
		c := h.Contract
		if c.Declarer != dealer || h.Dummy != h.Seating.Partner(dealer) || h.Turn != dealer.Next(4) {
			t.Fatalf("contract %+v dummy %s turn %s", c, h.Dummy, h.Turn)
		}
		if DoubledValue(c.Strain, c.Doubled) > TrickLimit {
			t.Fatalf("%s doubled %d times is worth %d a trick", c.Strain.Name(), c.Doubled, DoubledValue(c.Strain, c.Doubled))
		}
	})
}
