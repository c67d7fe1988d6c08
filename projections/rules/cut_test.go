package rules_test

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/rules/bridge"
	"github.com/hoyle/hoyle/projections/rules/fivehundred"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

func cutRules(t testing.TB, id string) game.CutRules {
	t.Helper()
	rs, err := rules.Lookup(id)
	require.NoError(t, err)
	cr, ok := rs.(game.CutRules)
	require.True(t, ok, "%s settles the deal by the cut", id)
	return cr
}

func cutsOf(toks ...string) []game.CutCard {
	var out []game.CutCard
	for i, t := range toks {
		out = append(out, game.CutCard{Seat: cards.Seat(i), Card: cards.MustCard(t)})
	}
	return out
}

// TestCutForDealByTheLaws checks each code's cut for deal on cuts that
// its laws settle one way, and those they have cut again.
func TestCutForDealByTheLaws(t *testing.T) {
	cases := []struct {
		name, game string
		opts       game.Options
		cuts       []game.CutCard
		dealer     cards.Seat
		refused    string // the law cited when the cut is refused
	}{
		// 1913 Law 14: the ace is lowest; between equal ranks the heart is
		// lowest, then the diamond, the club, the spade. Law 19: the
		// lowest deals.
		{"1913: the ace lowest", "auction", nil, cutsOf("HJ", "SA", "D9", "C2"), cards.East, ""},
		{"1913: hearts lowest of equal cards", "auction", nil, cutsOf("D2", "C2", "H2", "S2"), cards.South, ""},
		{"1913: diamonds below clubs", "auction", nil, cutsOf("C5", "S9", "D5", "SK"), cards.South, ""},
		// Law 19: "the two lower play against the two higher": a cut that
		// puts the two lowest in opponents' seats is refused.
		{"1913: the two lowest seated apart", "auction", nil, cutsOf("D2", "SA", "HJ", "C4"), cards.NoSeat, "Law 19: the two lower play against the two higher"},
		{"bridge: the two lowest seated apart", "bridge", nil, cutsOf("D3", "C2", "HJ", "S4"), cards.NoSeat, bridge.LawPartners},
		// Today's rubber bridge: the highest deals, the ace high, spades
		// the highest suit.
		{"rubber bridge: the highest deals", "contract", nil, cutsOf("D7", "C2", "HJ", "S4"), cards.South, ""},
		{"rubber bridge: spades highest of equal cards", "contract", game.Options{"scoring": "chicago"}, cutsOf("DA", "SA", "C4", "HA"), cards.East, ""},
		{"duplicate: the board deals", "contract", game.Options{"scoring": "duplicate"}, cutsOf("D7", "C2", "HJ", "S4"), cards.NoSeat, "Law 2"},
		// The Club code of Bridge (seeds 000): the lowest deals (Law 17);
		// two lowest equal cut again (Law 19); three equal cut again, but
		// when the fourth is lowest the original lowest deals (Law 20).
		{"bridge: the lowest deals", "bridge", nil, cutsOf("D7", "C2", "HJ", "S4"), cards.East, ""},
		{"bridge: two lowest equal", "bridge", nil, cutsOf("D2", "C2", "HJ", "S4"), cards.NoSeat, "Laws 19 and 20"},
		{"bridge: three equal, the fourth lowest", "bridge", nil, cutsOf("DK", "CK", "HK", "SA"), cards.West, ""},
		{"bridge: three equal and lowest", "bridge", nil, cutsOf("D3", "C3", "H3", "SK"), cards.NoSeat, "Laws 19 and 20"},
		{"whist: the lowest deals", "whist", nil, cutsOf("D7", "CA", "HJ", "S4"), cards.East, ""}, // E (ace) and W (4) are partners
		{"whist: two lowest equal", "whist", nil, cutsOf("DA", "CA", "HJ", "S4"), cards.NoSeat, whist.LawCutAgain},
		{"duplicate whist: the board deals", "duplicate-whist", nil, cutsOf("D7", "CA", "HJ", "S4"), cards.NoSeat, "Duplicate Whist"},
		// Five Hundred: the Joker lowest, then the ace, then 7 up to king.
		{"Five Hundred: the Joker lowest", "five-hundred", nil, cutsOf("SA", "JK", "H7"), cards.East, ""},
		{"Five Hundred: the ace below the seven", "five-hundred", nil, cutsOf("SA", "DK", "H7"), cards.North, ""},
		{"Five Hundred: two aces", "five-hundred", nil, cutsOf("SA", "DA", "H7"), cards.NoSeat, fivehundred.LawCutAgain},
		{"Five Hundred: a card below the seven", "five-hundred", nil, cutsOf("S6", "DA", "H7"), cards.NoSeat, "Five Hundred: cutting for deal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := cutRules(t, c.game).CutDealer(c.cuts, c.opts)
			if c.refused == "" {
				require.NoError(t, err)
				assert.Equal(t, c.dealer, d)
				return
			}
			var ie *game.IllegalError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, ie.Law, c.refused)
		})
	}
}

// TestCutRuleSaysWhoDeals: every code that cuts for deal says so in words
// for help.
func TestCutRuleSaysWhoDeals(t *testing.T) {
	for _, rs := range rules.All() {
		cr, ok := rs.(game.CutRules)
		require.True(t, ok, rs.Info().ID)
		assert.NotEmpty(t, cr.CutRule(game.Options{}), rs.Info().ID)
	}
}

// In the codes whose order leaves no tie (1913, by suit; today's draw),
// any four different cards settle the deal, on the lowest (or highest)
// card, whatever order they are given in, when the two best are seated as
// partners; otherwise the cut is refused.
func TestCutWithoutTiesAlwaysSettles(t *testing.T) {
	for _, id := range []string{"auction", "contract"} {
		cr := cutRules(t, id)
		rapid.Check(t, func(t *rapid.T) {
			pack := cards.Deck(2, false)
			idx := rapid.SliceOfNDistinct(rapid.IntRange(0, len(pack)-1), 4, 4, rapid.ID[int]).Draw(t, "cards")
			var cuts []game.CutCard
			for seat, i := range idx {
				cuts = append(cuts, game.CutCard{Seat: cards.Seat(seat), Card: pack[i]})
			}
			d, err := cr.CutDealer(cuts, nil)
			// The two best cards must be in partners' seats (N-S or E-W).
			best := append([]game.CutCard(nil), cuts...)
			sort.Slice(best, func(i, j int) bool { return order(id, best[i].Card) < order(id, best[j].Card) })
			if best[0].Seat.Partnership() != best[1].Seat.Partnership() {
				var ie *game.IllegalError
				if !errors.As(err, &ie) || !strings.Contains(ie.Reason, "play together") {
					t.Fatalf("%s: %v puts the two best cards in opponents' seats, yet gives %v, %v", id, cuts, d, err)
				}
				return
			}
			if err != nil || d != best[0].Seat {
				t.Fatalf("%s: %v: %v, %v; the best card is %v's", id, cuts, d, err, best[0].Seat)
			}
			rev := []game.CutCard{cuts[3], cuts[2], cuts[1], cuts[0]}
			d2, err := cr.CutDealer(rev, nil)
			if err != nil || d2 != d {
				t.Fatalf("%s: %v gives %v, reversed %v (%v)", id, cuts, d, d2, err)
			}
		})
	}
}

// order ranks a card best first in the cut of game id: 1913's lowest deals
// (ace low, hearts lowest of equal ranks), today's draw highest.
func order(id string, c cards.Card) int {
	if id == "contract" {
		return -(4*int(c.Rank()) + int(c.Suit()))
	}
	suit := map[cards.Suit]int{cards.Hearts: 0, cards.Diamonds: 1, cards.Clubs: 2, cards.Spades: 3}[c.Suit()]
	return 4*game.AceLowOrder(c) + suit
}
