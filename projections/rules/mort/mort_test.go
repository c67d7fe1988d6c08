package mort_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/mort"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
)

func open(t *testing.T, deal string) *rulestest.Table {
	return rulestest.New(t, projections.SessionSpec{Game: mort.ID, PlayerList: []string{"Ann", "Bob", "Cy"},
		Options: map[string]string{mort.OptionDeal: deal}})
}

// "The one cutting the lowest card takes dummy for the first game ... The
// player cutting the intermediate card takes dummy for the second game;
// and the player cutting the highest card takes it for the third game ...
// These three games finish the rubber or tournée." Each game is scored by
// itself, and "the points won or lost by each player" go to the sheet.
func TestEachTakesMortForAGame(t *testing.T) {
	for _, c := range []struct {
		deal string
		mort bool // the first hand of each game is dealt for Mort, not by its partner himself
	}{{mort.DealMort, true}, {mort.DealSelf, false}} {
		t.Run(c.deal, func(t *testing.T) {
			tb := open(t, c.deal)
			// Game 1: Mort's side wins a treble in one hand; game 2: the
			// adversaries, a double over three hands; game 3: Mort's side, a
			// single.
			for _, n := range []struct {
				mortSide bool
				tricks   int
			}{{true, 12}, {true, 8}, {false, 9}, {false, 10}, {false, 9}, {true, 11}} {
				tb.Must(rulestest.DealBlank("D4"))
				h := tb.Hand()
				d := h.Dummies()[0]
				by := h.Seating.Names[h.PlayedFrom(d)]
				if !n.mortSide {
					by = h.Seating.Names[d.Next(4)]
				}
				tb.Must(rulestest.Claim(by, n.tricks))
			}
			s := tb.Session()
			sheet := s.Score()
			require.Len(t, sheet.Rubbers, 3)
			var takers []string
			for _, r := range sheet.Rubbers {
				assert.Len(t, r.Games, 1, "a game is scored by itself")
				h := s.Hands[r.Hands[0]-1]
				mortAt := h.Dummies()[0]
				assert.Equal(t, c.mort, mortAt == h.Dealer, "game %d: who deals its first hand", r.Number)
				takers = append(takers, s.PlayerIn(h, mortAt))
			}
			assert.Equal(t, []string{"Ann", "Bob", "Cy"}, takers)
			for _, r := range sheet.Rubbers {
				for _, e := range r.Entries {
					assert.NotEqual(t, "the rubber", e.Label, "no rubber points: the text gives none")
				}
			}
			assert.Equal(t, "Game", sheet.Rubbers[0].Name)
			testkit.Golden(t, "testdata/tournee-"+c.deal+".golden", rulestest.Sheet(sheet, s.Seating()))
		})
	}
}

// The cut: as at English Dummy; the lowest deals the first hand for Mort
// or for himself, as he chose.
func TestCut(t *testing.T) {
	r := mort.New()
	cuts := []game.CutCard{{Seat: cards.South, Card: cards.MustCard("C2")}, {Seat: cards.West, Card: cards.MustCard("H5")}, {Seat: cards.East, Card: cards.MustCard("SQ")}}
	d, err := r.CutDealer(cuts, game.Options{mort.OptionDeal: mort.DealMort})
	require.NoError(t, err)
	assert.Equal(t, cards.North, d)
	d, err = r.CutDealer(cuts, game.Options{mort.OptionDeal: mort.DealSelf})
	require.NoError(t, err)
	assert.Equal(t, cards.South, d)
	cuts[1].Card = cards.MustCard("SK")
	_, err = r.CutDealer(cuts, nil)
	assert.ErrorIs(t, err, game.ErrIllegal, "the intermediate must take Mort second")
	assert.Contains(t, r.CutRule(game.Options{mort.OptionDeal: mort.DealSelf}), "for himself")
}

// Random legal sessions of both choices: the players settle each game.
func TestRandomSessions(t *testing.T) {
	for _, deal := range []string{mort.DealMort, mort.DealSelf} {
		t.Run(deal, func(t *testing.T) {
			rulestest.RandomSessions(t, mort.ID, map[string]string{mort.OptionDeal: deal}, func(rt *rapid.T, s *projections.Session) {
				for _, r := range s.Score().Rubbers {
					if len(r.Games) > 1 {
						rt.Fatalf("game %d holds %d games", r.Number, len(r.Games))
					}
				}
			})
		})
	}
}
