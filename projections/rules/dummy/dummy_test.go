package dummy_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/dummy"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
)

func open(t *testing.T, opts map[string]string) *rulestest.Table {
	return rulestest.New(t, projections.SessionSpec{Game: dummy.ID, PlayerList: []string{"Ann", "Bob", "Cy"}, Options: opts})
}

// hand records a hand whose cards were not recorded: the trump turned up,
// and by's side taking n tricks by a claim at the first trick.
func hand(tb *rulestest.Table, by string, n int) {
	tb.Must(rulestest.DealBlank("H7"))
	tb.Must(rulestest.Claim(by, n))
}

// Foster's figures for a player who takes dummy continuously, conceding
// his adversaries one point in each rubber: "the largest rubber that the
// dummy's partner can win is one of seven; and he may win nothing; whereas
// his adversaries may win a rubber of nine, and must win at least two".
// Ann takes dummy; Bob and Cy are her adversaries.
func TestContinuousDummyConcedesAPoint(t *testing.T) {
	tb := open(t, map[string]string{dummy.OptionDummy: dummy.OptionContinual})
	// Two trebles for Ann: 3 + 3 + 2, less the point conceded.
	hand(tb, "Ann", 13)
	hand(tb, "Ann", 13)
	// Ann wins two singles and the rubber, her adversaries a treble: 4 - 3,
	// and the point conceded.
	hand(tb, "Bob", 10)
	hand(tb, "Ann", 13)
	hand(tb, "Bob", 13)
	hand(tb, "Ann", 4)
	hand(tb, "Ann", 13)
	// Two trebles for her adversaries: 8 and the point conceded.
	hand(tb, "Bob", 13)
	hand(tb, "Cy", 13)
	// Her adversaries win two singles and the rubber, she a treble: 4 - 3,
	// and the point.
	hand(tb, "Ann", 10)
	hand(tb, "Bob", 13)
	hand(tb, "Ann", 13)
	hand(tb, "Ann", 9)
	hand(tb, "Cy", 13)

	s := tb.Session()
	sheet := s.Score()
	require.Len(t, sheet.Rubbers, 4)
	value := func(r game.Rubber) int {
		for _, p := range r.Players {
			if p.Role != "" {
				require.Equal(t, "Ann", p.Name, "Ann takes dummy throughout")
				return p.Points / 2 // she settles the rubber with each of two adversaries
			}
		}
		t.Fatal("nobody took dummy")
		return 0
	}
	assert.Equal(t, 7, value(sheet.Rubbers[0]), "the largest rubber dummy's partner can win is one of seven")
	assert.Equal(t, 0, value(sheet.Rubbers[1]), "he may win nothing")
	assert.Nil(t, sheet.Rubbers[1].Winner)
	assert.Equal(t, -9, value(sheet.Rubbers[2]), "his adversaries may win a rubber of nine")
	assert.Equal(t, -2, value(sheet.Rubbers[3]), "and must win at least two")
	testkit.Golden(t, "testdata/continuous.golden", rulestest.Sheet(sheet, s.Seating()))
}

// A tournée: each player takes dummy for a rubber, in the order of the
// cut, and again from the first; dummy deals the first hand of each, lying
// where the deal has come round to; each settles with both adversaries.
func TestTourneeEachTakesDummyInTurn(t *testing.T) {
	tb := open(t, nil)
	for range 4 {
		hand(tb, "N", 13) // North's side wins: the dummy's side or not
		hand(tb, "N", 13)
	}
	s := tb.Session()
	sheet := s.Score()
	require.Len(t, sheet.Rubbers, 4)
	var takers []string
	for i, r := range sheet.Rubbers {
		h := s.Hands[2*i]
		assert.True(t, h.IsDummy(h.Dealer), "rubber %d: dummy deals its first hand", r.Number)
		assert.Equal(t, h.Sitting, s.Hands[2*i+1].Sitting, "rubber %d: nobody changes seats until it is over", r.Number)
		assert.Equal(t, r.Hands[0], h.Number)
		for _, p := range r.Players {
			if p.Role == "dummy's partner" {
				takers = append(takers, p.Name)
				assert.Equal(t, p.Name, s.PlayerIn(h, h.Dealer), "rubber %d: the taker plays the dummy", r.Number)
			}
		}
		assert.Len(t, r.Players, 3)
	}
	assert.Equal(t, []string{"Ann", "Bob", "Cy", "Ann"}, takers)
	total := 0
	for _, p := range sheet.Players {
		total += p.Points
	}
	assert.Zero(t, total, "what one pays the others receive")
	testkit.Golden(t, "testdata/tournee.golden", rulestest.Sheet(sheet, s.Seating()))
}

// The cut orders the tournée: the lowest takes dummy first and deals for
// it; the session names the players in that order.
func TestCutOrdersTheTournee(t *testing.T) {
	r := dummy.New()
	cut := func(s, w, e string) []game.CutCard {
		return []game.CutCard{{Seat: cards.South, Card: cards.MustCard(s)}, {Seat: cards.West, Card: cards.MustCard(w)}, {Seat: cards.East, Card: cards.MustCard(e)}}
	}
	d, err := r.CutDealer(cut("SA", "H3", "DK"), nil)
	require.NoError(t, err)
	assert.Equal(t, cards.North, d, "the lowest deals for his dummy, not for himself")
	for _, c := range []struct {
		name string
		cuts []game.CutCard
		opts game.Options
		want string
	}{
		{"the lowest not first", cut("H3", "SA", "DK"), nil, "W cut lowest and takes dummy first"},
		{"the next not second", cut("SA", "DK", "H3"), nil, "E cut next lowest"},
		{"a tie for second", cut("SA", "D9", "H9"), nil, "they cut again"},
		{"a tie for the lowest", cut("S2", "D2", "H9"), nil, "cut cards of equal value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := r.CutDealer(c.cuts, c.opts)
			var ie *game.IllegalError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, ie.Reason, c.want)
		})
	}
	d, err = r.CutDealer(cut("SA", "DK", "H3"), game.Options{dummy.OptionDummy: dummy.OptionContinual})
	require.NoError(t, err, "taking dummy continuously, only the lowest matters")
	assert.Equal(t, cards.North, d)
}

// testDeal gives every hand a suit to err in. North (dummy) holds
// diamonds and clubs, East spades and diamonds, South hearts with a
// diamond and two clubs, West the rest; clubs are trumps (North turned up
// the eight).
var testDeal = map[string]string{
	"N": "..AKQJT9.AKQJT98",
	"E": "AKQJT98..876543.",
	"S": ".AKQJT98765.2.65",
	"W": "765432.432..7432",
}

func dealt(t *testing.T) *rulestest.Table {
	tb := open(t, nil)
	tb.Must(rulestest.DealHands(testDeal, "C8"))
	return tb
}

func open1(t *testing.T, s *projections.Session) (*game.Irregularity, []game.Choice, string) {
	t.Helper()
	h := s.Current()
	require.NotEmpty(t, h.Irregular)
	irr := h.Irregular[len(h.Irregular)-1]
	cs, settled := s.Rules.(game.IrregularityRules).Choices(h, irr)
	return irr, cs, settled
}

func names(cs []game.Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// "For this dummy is not liable to any penalty ... Should dummy's hand
// revoke, it cannot be remedied after the trick in which it occurs has
// been turned and quitted; and the game must proceed as if no revoke had
// occurred."
func TestDummyRevokesWithoutPenalty(t *testing.T) {
	tb := dealt(t)
	tb.Must(rulestest.Plays("D8 D2 S7"))
	tb.Must(rulestest.Irregular("N", "C9")) // North holds diamonds
	irr, cs, settled := open1(t, tb.Session())
	assert.Equal(t, game.KindRevoke, irr.Kind)
	assert.Equal(t, dummy.LawDummyRevoke, irr.Law)
	assert.Empty(t, cs)
	assert.Contains(t, settled, "may still be corrected")
	tb.Must(rulestest.Plays("DA")) // North won with the trump and leads: the trick is quitted
	_, cs, settled = open1(t, tb.Session())
	assert.Empty(t, cs)
	assert.Contains(t, settled, "no penalty: dummy is liable to none")
	tb.Must(rulestest.Claim("Ann", 11))
	s := tb.Session()
	assert.Empty(t, s.Current().Open(s.Rules))
	rv := s.Current().TricksOrValue(3)
	assert.Empty(t, rv.Unchosen, "dummy's revoke carries no penalty")
	assert.Equal(t, []int{12, 1}, s.Current().Won)
}

// "All the penalties for a revoke may be enforced against dummy's partner
// ... the English penalty of three tricks or three points may be
// enforced, and the revoking player cannot win the game that hand."
func TestDummysPartnerRevokes(t *testing.T) {
	tb := dealt(t)
	tb.Must(rulestest.Plays("D8"))
	tb.Must(rulestest.Irregular("S", "HA")) // South holds the two of diamonds
	irr, _, _ := open1(t, tb.Session())
	assert.Equal(t, dummy.LawRevoke, irr.Law)
	tb.Must(rulestest.Plays("S7 DA CA")) // North wins, and leads to the next: established
	tb.Must(rulestest.Claim("Ann", 12))
	_, cs, _ := open1(t, tb.Session())
	assert.Equal(t, []string{"tricks", "deduct", "add"}, names(cs))
	tb.Must(rulestest.Penalty("add", ""))
	s := tb.Session()
	sheet := s.Score()
	require.Len(t, sheet.Rubbers, 1)
	testkit.Golden(t, "testdata/partner-revoke.golden", rulestest.Sheet(sheet, s.Seating()))
	var ns int
	for _, e := range sheet.Rubbers[0].Entries {
		if e.Side == cards.NS {
			ns += e.Points
		}
	}
	assert.Equal(t, 4, ns, "seven by cards, but no more than four: the revoking player cannot win the game that hand")
}

// "Should either dummy or his partner lead out of turn, the adversaries may
// call a suit from the one that should have led. ... if it was not the
// turn of either to lead, there is no penalty."
func TestLeadsOutOfTurnByDummysSide(t *testing.T) {
	t.Run("dummy leads when his partner should", func(t *testing.T) {
		tb := dealt(t)
		tb.Must(rulestest.Plays("SA C5 S2 D9")) // South trumps, and leads
		tb.Must(rulestest.Irregular("N", "DA"))
		irr, cs, _ := open1(t, tb.Session())
		assert.Equal(t, game.KindLeadOutOfTurn, irr.Kind)
		assert.Equal(t, dummy.LawLead, irr.Law)
		assert.Equal(t, []string{"accept", "call-suit"}, names(cs))
		tb.Must(rulestest.Penalty("call-suit", "H"))
		require.Error(t, tb.Try(rulestest.Plays("D2")), "South must lead the suit called")
		tb.Must(rulestest.Plays("HA"))
	})
	t.Run("dummy's partner leads in an adversary's turn", func(t *testing.T) {
		tb := dealt(t)
		tb.Must(rulestest.Irregular("S", "HA")) // East's lead
		_, cs, _ := open1(t, tb.Session())
		assert.Equal(t, []string{"accept", "correct"}, names(cs), "no penalty: neither could gain by it")
		tb.Must(rulestest.Penalty("correct", ""))
		assert.Equal(t, cards.East, tb.Hand().Turn)
		assert.True(t, tb.Hand().Held[cards.South].Has(cards.MustCard("HA")), "the card goes back, not liable to be called")
	})
	t.Run("an adversary leads out of turn: as at whist", func(t *testing.T) {
		tb := dealt(t)
		tb.Must(rulestest.Irregular("W", "S7"))
		_, cs, _ := open1(t, tb.Session())
		assert.Contains(t, names(cs), "call-card")
	})
}

// "Dummy's partner is not liable to any penalty for cards dropped face
// upwards on the table"; the adversaries' are liable to be called.
func TestExposedCards(t *testing.T) {
	tb := dealt(t)
	tb.Must(rulestest.Expose("S", "HK"))
	irr, cs, settled := open1(t, tb.Session())
	assert.Equal(t, dummy.LawInError, irr.Law)
	assert.Empty(t, cs)
	assert.Contains(t, settled, "no penalty")
	assert.Error(t, tb.Try(rulestest.Expose("N", "DA")), "dummy's cards are on the table")
	tb.Must(rulestest.Expose("W", "H4"))
	_, cs, _ = open1(t, tb.Session())
	assert.Equal(t, []string{"call-card"}, names(cs))
}

// The dummy's cards are asked of its partner: a card of dummy's played in
// his partner's turn is named as from the wrong hand, and "by" another is
// refused.
func TestDummysCardsAreHisPartners(t *testing.T) {
	tb := dealt(t)
	tb.Must(rulestest.Plays("D8"))
	err := tb.Try(rulestest.Plays("DA"))
	require.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "if it was played from N's hand")
	s := tb.Session()
	assert.Equal(t, cards.South, s.Current().Turn)
	assert.Equal(t, "Ann", s.PlayerIn(s.Current(), cards.North))
}

// Random legal sessions of both usages fold, verify and score
// consistently: a tail fold knows who plays each seat, and the players'
// shares add up to nothing.
func TestRandomSessions(t *testing.T) {
	for _, opt := range []string{dummy.OptionTournee, dummy.OptionContinual} {
		t.Run(opt, func(t *testing.T) {
			rulestest.RandomSessions(t, dummy.ID, map[string]string{dummy.OptionDummy: opt}, func(rt *rapid.T, s *projections.Session) {
				for _, r := range s.Score().Rubbers {
					first := s.Hands[r.Hands[0]-1]
					for _, n := range r.Hands {
						if h := s.Hands[n-1]; !slices.Equal(h.Sitting.Players, first.Sitting.Players) {
							rt.Fatalf("rubber %d: hand %d seated %v, hand %d %v: nobody changes seats until the rubber is over", r.Number, first.Number, first.Sitting.Players, n, h.Sitting.Players)
						}
					}
				}
				for _, h := range s.Hands {
					if len(h.Dummies()) != 1 {
						rt.Fatalf("hand %d: %d dummies", h.Number, len(h.Dummies()))
					}
					d := h.Dummies()[0]
					if h.PlayedFrom(d) != h.Seating.Partner(d) {
						rt.Fatalf("hand %d: the dummy at %s is played from %s", h.Number, d, h.PlayedFrom(d))
					}
				}
			})
		})
	}
}
