package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// Holding is one holding of honours that a scorer may claim at the table
// when the deal is not recorded, by the name the claim is recorded under.
type Holding struct {
	Name    string // "3", "4-in-one": what `hoyle honours` takes
	Meaning string // "simple honours; at no trump three aces"
}

// The holdings of the codes that count the five honours of trumps (A K Q J
// 10), or the four aces at no trump, between partners: Bridge and the
// auction laws. They are the names score.honours_claimed records, shared so
// that a log reads the same under each of those codes; at no trump only the
// first three exist.
const (
	Holding3        = "3"          // three between partners (simple honours)
	Holding4        = "4"          // four between partners
	Holding4InOne   = "4-in-one"   // four in one hand
	Holding5        = "5"          // five between partners
	Holding5FourIn1 = "5-4-in-one" // four in one hand, the fifth in partner's
	Holding5InOne   = "5-in-one"   // all five in one hand
)

// HonoursCount is what one side holds of a deal's honours: in all between
// its partners, and the most in any one of its hands.
type HonoursCount struct {
	Total, Most int
}

// CountHonours counts, side by side, the honours of a deal whose every hand
// is known (dealt is indexed by seat). Which cards are honours is the code's.
func CountHonours(honours []cards.Card, dealt []cards.Set, seating Seating) []HonoursCount {
	out := make([]HonoursCount, seating.SideCount())
	for seat, hand := range dealt {
		n := 0
		for _, c := range honours {
			if hand.Has(c) {
				n++
			}
		}
		sd := seating.SideOf(cards.Seat(seat))
		out[sd].Total += n
		out[sd].Most = max(out[sd].Most, n)
	}
	return out
}

// HonourValue is one holding of an HonoursTable: what it is worth and what
// the score sheet calls it, with a trump suit and at no trump.
type HonourValue struct {
	Name     string // one of Holding3 ... Holding5InOne
	Times    int    // times the trick value, with a trump suit
	Aces     int    // points at no trump; 0: no such holding of aces
	Label    string // with a trump suit: "simple honours"
	AceLabel string // at no trump: "three aces"; "" when there is none
}

// HonoursTable is the honours of a code that counts the five trump honours,
// or the four aces at no trump, between partners (Bridge, the auction
// laws). The reading, valuing, counting and checking of holdings is the
// same in each, and so is what a holding is worth: FiveHonours builds the
// one table, with the code's own words.
type HonoursTable struct {
	Holdings []HonourValue
	Aliases  map[string]string // other ways a scorer may write a holding
	HonoursWords
}

// HonoursWords is what a code says in its own words about the table of
// honours it shares: its labels where its text names a holding otherwise,
// the trick value the holdings multiply and the laws it cites.
type HonoursWords struct {
	Labels     map[string]string      // a holding's label with a trump suit, where the code's text words it otherwise
	TrickValue func(cards.Strain) int // the trick value the holdings multiply; 0 at a strain with no trump holding
	NoTrump    string                 // how the code names no trump: "no trump", "no trumps"
	Law        string                 // the law of honours
	AcesLaw    string                 // the law of the aces at no trump
	Unsettled  string                 // why a claim waits for the declaration
}

// fiveHonours is the table of honours of Bridge (Laws 6 and 7 of the Club
// code) and of the auction laws of 1913 (Law 6; Foster's TABLE OF HONOUR
// VALUES prints the products): with a trump suit so many times the value of
// a trick, at no trump a count of aces.
var fiveHonours = []HonourValue{
	{Name: Holding3, Times: 2, Aces: 30, Label: "simple honours", AceLabel: "three aces"},
	{Name: Holding4, Times: 4, Aces: 40, Label: "four honours", AceLabel: "four aces"},
	{Name: Holding4InOne, Times: 8, Aces: 100, Label: "four honours in one hand", AceLabel: "four aces in one hand"},
	{Name: Holding5, Times: 5, Label: "five honours"},
	{Name: Holding5FourIn1, Times: 9, Label: "five honours, four in one hand"},
	{Name: Holding5InOne, Times: 10, Label: "five honours in one hand"},
}

// holdingSpellings are the other ways a scorer may write a holding, the
// same under every code that shares the table.
var holdingSpellings = map[string]string{
	"simple": Holding3, "3-honours": Holding3, "three": Holding3,
	"four": Holding4, "4-in-1": Holding4InOne, "four-in-one": Holding4InOne,
	"five": Holding5, "5-4-in-1": Holding5FourIn1, "5-in-1": Holding5InOne, "five-in-one": Holding5InOne,
}

// FiveHonours is the one table of honours of the codes that count the five
// honours of trumps, or the four aces at no trump, between partners, told
// in a code's words: the holdings, their worth and their spellings are
// shared; the labels the code words otherwise (words.Labels), the trick
// value and the laws are its own.
func FiveHonours(words HonoursWords) *HonoursTable {
	t := &HonoursTable{Holdings: slices.Clone(fiveHonours), Aliases: holdingSpellings, HonoursWords: words}
	for i, h := range t.Holdings {
		if l, ok := words.Labels[h.Name]; ok {
			t.Holdings[i].Label = l
		}
	}
	return t
}

// badReason is the TokenError's reason for a holding the table does not
// know, citing the code's law.
func (t *HonoursTable) badReason() string {
	return "honours are 3 (simple), 4, 4-in-one, 5, 5-4-in-one or 5-in-one (" + t.Law + ")"
}

// Parse reads a holding by its name or an alias, in any case, and returns
// its canonical name. The error is a *cards.TokenError that unwraps to
// ErrBadHolding.
func (t *HonoursTable) Parse(tok string) (string, error) {
	name := strings.ToLower(strings.TrimSpace(tok))
	if a, ok := t.Aliases[name]; ok {
		name = a
	}
	if _, ok := t.row(name); ok {
		return name, nil
	}
	return "", &cards.TokenError{Kind: ErrBadHolding, Token: tok, Reason: t.badReason()}
}

func (t *HonoursTable) row(holding string) (HonourValue, bool) {
	for _, h := range t.Holdings {
		if h.Name == holding {
			return h, true
		}
	}
	return HonourValue{}, false
}

// Value is what a holding is worth in strain s: with a trump suit so many
// times the trick value, at no trump a count of aces. ok is false for a
// holding that does not exist at s.
func (t *HonoursTable) Value(s cards.Strain, holding string) (points int, ok bool) {
	h, ok := t.row(holding)
	switch {
	case !ok:
		return 0, false
	case s == cards.NoTrump:
		return h.Aces, h.Aces > 0
	case t.TrickValue(s) == 0:
		return 0, false
	}
	return h.Times * t.TrickValue(s), true
}

// Label names a holding in strain s for the score sheet; an unknown
// holding is named as it was written.
func (t *HonoursTable) Label(s cards.Strain, holding string) string {
	h, ok := t.row(holding)
	switch {
	case !ok:
		return holding
	case s == cards.NoTrump:
		return h.AceLabel
	}
	return h.Label
}

// List is the table's holdings for help (HonoursHoldings), each with its
// holding of aces at no trump where there is one.
func (t *HonoursTable) List() []Holding {
	var out []Holding
	for _, h := range t.Holdings {
		meaning := h.Label
		if h.AceLabel != "" {
			meaning += "; at " + t.NoTrump + " " + h.AceLabel
		}
		out = append(out, Holding{Name: h.Name, Meaning: meaning})
	}
	return out
}

// Deal finds the honours of a deal whose every hand is known, at strain s:
// the side that holds three or more between its partners, and its holding.
// ok is false when no side holds enough (the aces divided two and two), or
// s has no trump and is not no trump.
func (t *HonoursTable) Deal(s cards.Strain, dealt []cards.Set, seating Seating) (side cards.Side, holding string, ok bool) {
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
	for sd, n := range CountHonours(honours, dealt, seating) {
		switch {
		case n.Total < 3:
			continue
		case n.Total == 3:
			holding = Holding3
		case n.Total == 4 && n.Most == 4:
			holding = Holding4InOne
		case n.Total == 4:
			holding = Holding4
		case n.Most == 5:
			holding = Holding5InOne
		case n.Most == 4:
			holding = Holding5FourIn1
		default:
			holding = Holding5
		}
		return cards.Side(sd), holding, true
	}
	return cards.NoSide, "", false
}

// Check checks a claim of honours made at the table for hand h (the
// recorder's HonoursRules): the holding must be one the table names at the
// declaration being played, the declaration must be settled so that the
// trump is known, and the deal must not have been recorded (hoyle then
// counts the honours itself). Only one side can hold three honours of
// five, or three aces of four, so a claim for the other side is refused
// until the first is undone. It returns the holding's canonical name.
func (t *HonoursTable) Check(h *Hand, side cards.Side, holding string) (string, error) {
	name, err := t.Parse(holding)
	if err != nil {
		return "", err
	}
	switch {
	case h == nil:
		return "", Illegal(holding, "no hand has been dealt", "")
	case side < 0 || int(side) >= h.Seating.SideCount():
		return "", Illegal(side.String(), "honours are held by NS or EW", "")
	case h.Contract == nil:
		return "", Illegal(holding, t.Unsettled, t.Law)
	case h.KnownAtDeal():
		return "", Illegal(holding, "the deal of this hand is recorded, so hoyle counts the honours itself", t.Law)
	}
	if _, ok := t.Value(h.Contract.Strain, name); !ok {
		return "", Illegal(holding, fmt.Sprintf("at %s the honours are the four aces: 3, 4 or 4-in-one", h.Contract.Strain.Name()), t.AcesLaw)
	}
	for other := range h.HonoursClaimed {
		if other != side {
			return "", Illegal(holding, fmt.Sprintf("%s have already claimed honours on this hand, and only one side can hold them; undo that claim first", other), t.Law)
		}
	}
	return name, nil
}
