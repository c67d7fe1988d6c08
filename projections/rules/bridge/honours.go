package bridge

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The honours holdings of Laws 6 and 7, by the names the scorer records
// when honours are claimed at the table (score.honours_claimed), the same
// names the auction rulesets use. With a trump suit the honours are its
// A K Q J 10; at no trumps the four aces (Law 5), and only the first three
// holdings exist.
const (
	Holding3        = game.Holding3        // simple honours: three between partners
	Holding4        = game.Holding4        // four between partners
	Holding4InOne   = game.Holding4InOne   // four in one hand
	Holding5        = game.Holding5        // five between partners
	Holding5FourIn1 = game.Holding5FourIn1 // four in one hand, the fifth in partner's
	Holding5InOne   = game.Holding5InOne   // all five in one hand
)

// honours is the code's table of honours, the one the auction laws of 1913
// share (game.FiveHonours): each holding with its worth, with a trump suit
// so many times the trick's original value (Law 6), at no trumps a count
// of aces (Law 7); the Club code's name for the fifth honour in partner's
// hand; and the laws a refused claim cites.
var honours = game.FiveHonours(game.HonoursWords{
	Labels:     map[string]string{Holding5FourIn1: "four honours in one hand, the fifth in partner's"},
	TrickValue: TrickValue,
	NoTrump:    "no trumps",
	Law:        LawHonours,
	AcesLaw:    LawAces,
	Unsettled:  "honours are claimed once the trump is declared: their value depends on it",
})

// HonoursValue is what a holding is worth in strain s: with a trump suit 2,
// 4, 8, 5, 9 or 10 times the trick's original value (Law 6; doubling does
// not touch it), at no trumps 30, 40 or 100 (Law 7). ok is false for a
// holding that does not exist at s.
func HonoursValue(s cards.Strain, holding string) (points int, ok bool) {
	return honours.Value(s, holding)
}

// HoldingLabel names a holding for the score sheet.
func HoldingLabel(s cards.Strain, holding string) string { return honours.Label(s, holding) }

// DealHonours finds the honours of a deal whose every hand is known (Laws
// 5-7): the side holding three or more between its partners, and its
// holding. ok is false when no side scores (the aces divided two and two).
func DealHonours(s cards.Strain, dealt []cards.Set, seating game.Seating) (side cards.Side, holding string, ok bool) {
	return honours.Deal(s, dealt, seating)
}

// Chicane lists, for a deal whose every hand is known, each player who holds
// no trump (Law 8); at no trumps there is no Chicane.
func Chicane(s cards.Strain, dealt []cards.Set) []cards.Seat {
	u, ok := s.Trump()
	if !ok {
		return nil
	}
	var out []cards.Seat
	for seat, hand := range dealt {
		if !hand.HasSuit(u) {
			out = append(out, cards.Seat(seat))
		}
	}
	return out
}

// CheckHonours checks a claim of honours made at the table for hand h (the
// recorder's HonoursRules): the holding must be one Law 6 or 7 names in the
// strain declared, the trump must be declared, and the deal must not have
// been recorded (hoyle then counts them itself). Only one side can hold the
// honours, so a claim for the other side is refused until the first is
// undone. Chicane cannot be claimed: it is counted from a recorded deal.
func (*Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	return honours.Check(h, side, holding)
}
