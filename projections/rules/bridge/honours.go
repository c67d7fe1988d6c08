package bridge

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The honours holdings of Laws 6 and 7, by the names the scorer records
// when honours are claimed at the table (score.honours_claimed), the same
// names the auction rulesets use. With a trump suit the honours are its
// A K Q J 10; at no trumps the four aces (Law 5), and only the first three
// holdings exist.
const (
	Holding3        = "3"          // simple honours: three between partners
	Holding4        = "4"          // four between partners
	Holding4InOne   = "4-in-one"   // four in one hand
	Holding5        = "5"          // five between partners
	Holding5FourIn1 = "5-4-in-one" // four in one hand, the fifth in partner's
	Holding5InOne   = "5-in-one"   // all five in one hand
)

// holdings lists each holding with its worth: with a trump suit so many
// times the trick's original value (Law 6), at no trumps a count of aces
// (Law 7).
var holdings = []struct {
	name     string
	times    int // times the trick value, with a trump suit
	aces     int // points at no trumps; 0: no such holding of aces
	label    string
	aceLabel string
}{
	{Holding3, 2, 30, "simple honours", "three aces"},
	{Holding4, 4, 40, "four honours", "four aces"},
	{Holding4InOne, 8, 100, "four honours in one hand", "four aces in one hand"},
	{Holding5, 5, 0, "five honours", ""},
	{Holding5FourIn1, 9, 0, "four honours in one hand, the fifth in partner's", ""},
	{Holding5InOne, 10, 0, "five honours in one hand", ""},
}

// holdingAliases are other ways a scorer may write a holding.
var holdingAliases = map[string]string{
	"simple": Holding3, "three": Holding3, "four": Holding4, "4-in-1": Holding4InOne,
	"five": Holding5, "5-4-in-1": Holding5FourIn1, "5-in-1": Holding5InOne,
}

// ParseHolding reads a holding of honours: 3 (or "simple"), 4, 4-in-one,
// 5, 5-4-in-one or 5-in-one, in any case. The error is a *cards.TokenError
// that unwraps to ErrBadHolding.
func ParseHolding(tok string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(tok))
	if a, ok := holdingAliases[t]; ok {
		t = a
	}
	for _, h := range holdings {
		if h.name == t {
			return t, nil
		}
	}
	return "", &cards.TokenError{Kind: ErrBadHolding, Token: tok,
		Reason: "honours are 3 (simple), 4, 4-in-one, 5, 5-4-in-one or 5-in-one (Law 6)"}
}

// HonoursValue is what a holding is worth in strain s: with a trump suit 2,
// 4, 8, 5, 9 or 10 times the trick's original value (Law 6; doubling does
// not touch it), at no trumps 30, 40 or 100 (Law 7). ok is false for a
// holding that does not exist at s.
func HonoursValue(s cards.Strain, holding string) (points int, ok bool) {
	for _, h := range holdings {
		if h.name != holding {
			continue
		}
		if s == cards.NoTrump {
			return h.aces, h.aces > 0
		}
		if TrickValue(s) == 0 {
			return 0, false
		}
		return h.times * TrickValue(s), true
	}
	return 0, false
}

// HoldingLabel names a holding for the score sheet.
func HoldingLabel(s cards.Strain, holding string) string {
	for _, h := range holdings {
		if h.name == holding {
			if s == cards.NoTrump {
				return h.aceLabel
			}
			return h.label
		}
	}
	return holding
}

// DealHonours finds the honours of a deal whose every hand is known (Laws
// 5-7): the side holding three or more between its partners, and its
// holding. ok is false when no side scores (the aces divided two and two).
func DealHonours(s cards.Strain, dealt []cards.Set, seating game.Seating) (side cards.Side, holding string, ok bool) {
	var honours []cards.Card
	if s == cards.NoTrump {
		for _, u := range cards.Suits {
			honours = append(honours, cards.NewCard(u, cards.Ace))
		}
	} else {
		u, isTrump := s.Trump()
		if !isTrump {
			return cards.NoSide, "", false
		}
		for r := cards.Ten; r <= cards.Ace; r++ {
			honours = append(honours, cards.NewCard(u, r))
		}
	}
	total := map[cards.Side]int{}
	most := map[cards.Side]int{}
	for seat, hand := range dealt {
		sd := seating.SideOf(cards.Seat(seat))
		n := 0
		for _, c := range honours {
			if hand.Has(c) {
				n++
			}
		}
		total[sd] += n
		most[sd] = max(most[sd], n)
	}
	for sd := range cards.Side(seating.SideCount()) {
		switch {
		case total[sd] < 3:
			continue
		case total[sd] == 3:
			holding = Holding3
		case total[sd] == 4 && most[sd] == 4:
			holding = Holding4InOne
		case total[sd] == 4:
			holding = Holding4
		case most[sd] == 5:
			holding = Holding5InOne
		case most[sd] == 4:
			holding = Holding5FourIn1
		default:
			holding = Holding5
		}
		return sd, holding, true
	}
	return cards.NoSide, "", false
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

// dealKnown reports whether every hand of h was recorded at the deal.
func dealKnown(h *game.Hand) bool {
	for seat := range h.Seating.Seats {
		if !h.Known(cards.Seat(seat)) {
			return false
		}
	}
	return true
}

// CheckHonours checks a claim of honours made at the table for hand h (the
// recorder's HonoursRules): the holding must be one Law 6 or 7 names in the
// strain declared, the trump must be declared, and the deal must not have
// been recorded (hoyle then counts them itself). Only one side can hold the
// honours, so a claim for the other side is refused until the first is
// undone. Chicane cannot be claimed: it is counted from a recorded deal.
func (*Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	name, err := ParseHolding(holding)
	if err != nil {
		return "", err
	}
	switch {
	case h == nil:
		return "", game.Illegal(holding, "no hand has been dealt", "")
	case side < 0 || int(side) >= h.Seating.SideCount():
		return "", game.Illegal(side.String(), "honours are held by NS or EW", "")
	case h.Contract == nil:
		return "", game.Illegal(holding, "honours are claimed once the trump is declared: their value depends on it", LawHonours)
	case dealKnown(h):
		return "", game.Illegal(holding, "the deal of this hand is recorded, so hoyle counts the honours itself", LawHonours)
	}
	if _, ok := HonoursValue(h.Contract.Strain, name); !ok {
		return "", game.Illegal(holding, fmt.Sprintf("at %s the honours are the four aces: 3, 4 or 4-in-one", h.Contract.Strain.Name()), LawAces)
	}
	for other := range h.HonoursClaimed {
		if other != side {
			return "", game.Illegal(holding, fmt.Sprintf("%s have already claimed honours on this hand, and only one side can hold them; undo that claim first", other), LawHonours)
		}
	}
	return name, nil
}
