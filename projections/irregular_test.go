package projections_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
)

// A table for the irregularities' tests: a session in memory, written
// through the recorder as the CLI writes it (rulestest.Table).
func newIrrTable(t testing.TB, spec projections.SessionSpec) *rulestest.Table {
	return rulestest.New(t, spec)
}

func plays(tokens ...string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecidePlays(st, tokens)
	}
}

func irregular(seat string, tokens ...string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideIrregularPlays(st, seat, "", tokens)
	}
}

func calls(tokens ...string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideCalls(st, tokens)
	}
}

func penalty(choice, arg string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecidePenalty(st, projections.PenaltySpec{Choice: choice, Arg: arg})
	}
}

func dealPBN(pbn string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{PBN: pbn})
	}
}

const irrDeal = "N:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87"

// A revoke is established by the code's own rule: in the old codes the
// trick turned and quitted establishes it (the next trick begun, whoever
// leads), at contract only the offender or his partner playing to a later
// trick (Law 63A1).
func TestRevokeEstablishedByTheCodesRule(t *testing.T) {
	for _, c := range []struct {
		game      string
		quitted   bool
		contract  []string
		revokeAt  []string // the trick up to East's renounce
		nextLead  string   // the next trick's lead, by South's side (the winner)
		establish bool
	}{
		{game: "auction", contract: []string{"3H", "P", "P", "P"}, establish: true},
		{game: "contract", contract: []string{"P", "P", "4H", "P", "P", "P"}, establish: false},
	} {
		t.Run(c.game, func(t *testing.T) {
			tb := newIrrTable(t, projections.SessionSpec{Game: c.game, Dealer: "S"})
			if c.game == "contract" {
				tb = newIrrTable(t, projections.SessionSpec{Game: c.game, Dealer: "N"})
			}
			tb.Must(dealPBN(irrDeal))
			tb.Must(calls(c.contract...))
			tb.Must(plays("S8", "S3", "SK", "SA"))
			tb.Must(plays("C2", "C7", "CA"))
			tb.Must(irregular("", "D8")) // East renounces; North wins with the ace
			tb.Must(plays("CK"))         // North leads to the next trick
			h := tb.Session().Current()
			require.Len(t, h.Irregular, 1)
			irr := h.Irregular[0]
			if c.establish {
				assert.Equal(t, 3, irr.Established, "the trick quitted establishes it")
			} else {
				assert.Zero(t, irr.Established, "a card of the non-offending side does not establish it (Law 63A1)")
				tb.Must(plays("CT"))
				assert.Equal(t, 3, tb.Session().Current().Irregular[0].Established, "the offender playing to the next trick does")
			}
		})
	}
}

// Contract, Law 64A: the tricks transferred depend on who won the revoke
// trick and whether the offending side won a later one.
func TestContractRevokeTransfer(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []recorder.Decision
		claim int // tricks the declarer's side takes of the rest
		want  int
	}{
		{"the offender won it, and his side a later trick: two (64A1)", []recorder.Decision{
			plays("S8", "S3", "SK", "SA"), plays("C2", "C7", "CK"), irregular("", "H5"), plays("SQ", "S2", "S5", "S4"),
		}, 8, 2},
		{"the offender won it, and his side no later trick: one (64A1)", []recorder.Decision{
			plays("S8", "S3", "SK", "SA"), plays("C2", "C7", "CK"), irregular("", "H5"), plays("D9", "DA", "D5", "D4"),
		}, 10, 1},
		{"the declarer's side won it, and the offenders a later trick: one (64A2)", []recorder.Decision{
			plays("S8", "S3", "SK", "SA"), plays("C2", "C7", "CA"), irregular("", "D8"), plays("CK", "CT", "C3", "C8"),
		}, 9, 1},
		{"the offending side won nothing from it on: none (64B1)", []recorder.Decision{
			plays("S8", "S3", "SK", "SA"), plays("C2", "C7", "CA"), irregular("", "D8"), plays("CK", "CT", "C3", "C8"),
		}, 10, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newIrrTable(t, projections.SessionSpec{Game: "contract", Dealer: "N", Options: map[string]string{"scoring": "duplicate"}})
			tb.Must(dealPBN(irrDeal))
			tb.Must(calls("1C", "1S", "2H", "P", "3H", "P", "4H", "P", "P", "P"))
			for _, m := range c.moves {
				tb.Must(m)
			}
			tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
				return s.DecideClaim(st, projections.ClaimSpec{Tricks: c.claim})
			})
			s := tb.Session()
			h := s.Current()
			require.Len(t, h.Revokes(), 1)
			sheet := s.Score()
			b := sheet.Boards[0]
			won := h.Won[cards.NS]
			assert.Equal(t, won+min(c.want, h.Won[cards.EW]), b.Tricks, "the declarer is scored with the tricks transferred")
		})
	}
}

// Tricks transferred never take more than the side has.
func TestScoredWonTakesNoMoreThanTheSideHas(t *testing.T) {
	h := game.NewHand(1, cards.South, game.Compass, nil)
	h.Won = []int{12, 1}
	got := game.ScoredWon(h, []game.RevokeTransfer{{To: cards.NS, Tricks: 3}})
	assert.Equal(t, []int{13, 0}, got)
}

// Random hands in every code, with renounces recorded as irregular, some
// corrected, and a remedy chosen for each revoke that has a choice: the
// fold never refuses what the recorder wrote, the latest hand folded alone
// says what the whole fold says, every card is played once, each revoke is
// established after its trick, and the score sheet counts every trick.
func TestRandomHandsWithRenounces(t *testing.T) {
	games := []projections.SessionSpec{
		{Game: "auction", Dealer: "S"},
		{Game: "contract", Dealer: "N", Options: map[string]string{"scoring": "duplicate"}},
		{Game: "contract", Dealer: "N"},
		{Game: "bridge", Dealer: "S"},
		{Game: "whist", Dealer: "S"},
		{Game: "duplicate-whist"},
		{Game: "five-hundred", Options: map[string]string{"revoke": "hoffmann"}},
		{Game: "five-hundred", Options: map[string]string{"revoke": "american"}},
		{Game: "dummy", Dealer: "N"},
		{Game: "double-dummy"},
		{Game: "mort"},
		{Game: "humbug"},
		{Game: "thirteen-and-the-odd"},
	}
	rapid.Check(t, func(rt *rapid.T) {
		spec := rapid.SampledFrom(games).Draw(rt, "game")
		tb := newIrrTable(t, spec)
		seed := rapid.Uint64().Draw(rt, "seed")
		tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
			return s.DecideDeal(st, projections.DealSpec{Seed: &seed})
		})
		renounces := 0
		for step := 0; ; step++ {
			if step > 600 {
				rt.Fatalf("the hand did not end")
			}
			s := tb.Tail()
			h := s.Current()
			if h.Phase == game.PhaseDone {
				break
			}
			switch h.Phase {
			case game.PhaseAuction:
				legal := h.LegalCalls(s.Rules)
				require.NotEmpty(rt, legal)
				c := legal[0]
				if rapid.IntRange(0, 3).Draw(rt, "bid?") == 0 {
					c = rapid.SampledFrom(legal).Draw(rt, "call")
				}
				tb.Must(calls(c.String()))
			case game.PhaseExchange:
				held := h.Held[h.Turn].Cards()
				cs := rapid.Permutation(held).Draw(rt, "discard")[:3]
				tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
					return s.DecideDiscard(st, []string{cs[0].String(), cs[1].String(), cs[2].String()})
				})
			case game.PhasePlay:
				if fixable(h) && rapid.IntRange(0, 2).Draw(rt, "correct?") == 0 {
					tb.Must(func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
						return s.DecideCorrect(st, "")
					})
					continue
				}
				if r := renounce(h, s.Rules); r != cards.NoCard && renounces < 3 && rapid.IntRange(0, 3).Draw(rt, "renounce?") == 0 {
					renounces++
					tb.Must(irregular("", r.String()))
					continue
				}
				legal := h.LegalCards(s.Rules)
				if len(legal) == 0 {
					// A hand not recorded, or the Joker to name: any card
					// the recorder takes.
					legal = h.Held[h.Turn].Cards()
				}
				require.NotEmpty(rt, legal, "no card for %s", h.SeatName(h.Turn))
				c := rapid.SampledFrom(legal).Draw(rt, "card")
				if err := tb.Try(plays(c.String())); err != nil {
					// Five Hundred's Joker at no trumps is named first.
					tb.Must(calls("H"))
					tb.Must(plays(c.String()))
				}
			}
		}
		for range 4 {
			s := tb.Tail()
			open := s.Current().Open(s.Rules)
			if len(open) == 0 {
				break
			}
			ch := open[0].Choices[0]
			arg := ""
			switch ch.Arg {
			case "SUIT":
				arg = "S"
			case "CARD":
				exposed := s.Current().ExposedOf(open[0].Irregularity)
				if len(exposed) == 0 {
					break
				}
				arg = exposed[0].String()
			}
			tb.Must(penalty(ch.Name, arg))
		}
		full, tail := tb.Session(), tb.Tail()
		require.Empty(rt, full.Problems, "the fold refuses nothing the recorder wrote")
		h, ht := full.Current(), tail.Current()
		assert.Equal(rt, summary(h), summary(ht), "the latest hand folded alone is the same")
		seen := cards.Set(0)
		for _, t := range h.Tricks {
			for _, p := range t.Cards {
				require.False(rt, seen.Has(p.Card), "%s played twice", p.Card)
				seen = seen.Add(p.Card)
			}
		}
		for _, irr := range h.Revokes() {
			require.GreaterOrEqual(rt, irr.Established, irr.Trick, "established no earlier than its trick")
		}
		sheet := full.Score()
		_ = sheet
		if !h.Annulled && h.Contract != nil {
			total := 0
			for _, w := range h.Won {
				total += w
			}
			if h.Abandoned {
				assert.LessOrEqual(rt, total, full.Rules.Tricks())
			} else {
				assert.Equal(rt, full.Rules.Tricks(), total, "every trick is won by someone")
			}
		}
	})
}

// fixable reports whether the trick on the table holds a renounce that may
// still be corrected.
func fixable(h *game.Hand) bool {
	for _, irr := range h.Irregular {
		if h.Correctable(irr) {
			return true
		}
	}
	return false
}

// renounce is a card the player to act could renounce with: not of the
// suit led, held with a card of it (NoCard when there is none).
func renounce(h *game.Hand, rs game.Ruleset) cards.Card {
	t := h.CurrentTrick()
	if t == nil || len(t.Cards) == 0 || !h.Known(h.Turn) || t.Led() == cards.Joker || h.Declaring(h.Turn) && h.Turn == h.Dummy {
		return cards.NoCard
	}
	for _, c := range h.Held[h.Turn].Cards() {
		if c == cards.Joker {
			continue
		}
		if err := h.CheckCard(rs, c); err != nil && errorIsRenounce(err) {
			return c
		}
	}
	return cards.NoCard
}

func errorIsRenounce(err error) bool {
	ie, ok := err.(*game.IllegalError)
	return ok && ie.Cause == game.ErrRenounce
}

// summary is what a hand's irregularities and tricks come to, for
// comparing two folds.
func summary(h *game.Hand) string {
	s := fmt.Sprintf("phase %s won %v annulled %v abandoned %v", h.Phase, h.Won, h.Annulled, h.Abandoned)
	for _, irr := range h.Irregular {
		s += fmt.Sprintf("; %s %s %s t%d e%d c%v r%d", irr.Kind, irr.Seat, irr.Card, irr.Trick, irr.Established, irr.Corrected, len(irr.Remedies))
	}
	return s
}
