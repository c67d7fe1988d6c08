package auction1913

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The honours holdings of Law 6, by the names the scorer records when
// honours are claimed at the table (score.honours_claimed). With a trump
// suit the honours are its A K Q J 10; at no trump they are the four aces
// (Law 5), and only the first three holdings exist.
const (
	Holding3        = game.Holding3        // simple honours: three between partners
	Holding4        = game.Holding4        // four between partners
	Holding4InOne   = game.Holding4InOne   // four in one hand
	Holding5        = game.Holding5        // five between partners
	Holding5FourIn1 = game.Holding5FourIn1 // four in one hand, the fifth in partner's
	Holding5InOne   = game.Holding5InOne   // all five in one hand
)

// honours is the code's table of honours, the one Bridge shares
// (game.FiveHonours): each holding with what Law 6 makes it worth, with a
// trump suit so many times the value of a trick (Foster's TABLE OF HONOUR
// VALUES prints the products), at no trump a fixed count of aces; and the
// laws a refused claim cites.
var honours = game.FiveHonours(game.HonoursWords{
	TrickValue: TrickValue,
	NoTrump:    "no trump",
	Law:        "Law 6",
	AcesLaw:    "Law 5",
	Unsettled:  "honours are claimed once the declaration is settled: their value depends on the trump (Law 6)",
})

// ParseHolding reads a holding of honours: 3 (or "simple"), 4, 4-in-one,
// 5, 5-4-in-one or 5-in-one, in any case. The error is a *cards.TokenError
// that unwraps to game.ErrBadHolding.
func ParseHolding(tok string) (string, error) { return honours.Parse(tok) }

// HonoursValue is what a holding is worth at a declaration in strain s
// (Law 6): with a trump suit, 2, 4, 8, 5, 9 or 10 times the value of a
// trick in that suit (Law 3); at no trump three aces 30, four 40, four in
// one hand 100. Doubling never changes it (Law 9). ok is false for a
// holding that does not exist at s (five honours at no trump).
func HonoursValue(s cards.Strain, holding string) (points int, ok bool) {
	return honours.Value(s, holding)
}

// HoldingLabel names a holding for the score sheet: "simple honours",
// "four aces in one hand".
func HoldingLabel(s cards.Strain, holding string) string { return honours.Label(s, holding) }

// DealHonours finds the honours of a deal whose every hand is known, at a
// declaration in strain s (Laws 5 and 6): the side that holds three or more
// of them between its partners, and its holding. ok is false when no side
// holds enough: at no trump, when the aces are divided two and two. With a
// trump suit one side always holds three of the five.
func DealHonours(s cards.Strain, dealt []cards.Set, seating game.Seating) (side cards.Side, holding string, ok bool) {
	return honours.Deal(s, dealt, seating)
}

// CheckHonours checks a claim of honours made at the table for hand h (the
// recorder's HonoursRules): the holding must be one Law 6 names at the
// declaration being played, the auction must be over so that the trump is
// known, and the deal must not have been recorded (hoyle then counts the
// honours itself). Only one side can hold three honours of five, or three
// aces of four, so a claim for the other side is refused until the first is
// undone. It returns the holding's canonical name.
func (*Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	return honours.Check(h, side, holding)
}
