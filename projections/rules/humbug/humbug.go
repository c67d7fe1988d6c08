// Package humbug is Humbug Whist, for two, as Foster's Complete Hoyle
// (1914), "HUMBUG WHIST", describes it: "a variation on double dummy, in
// which two players sit opposite each other", each dealt his hand and a
// dead hand beside him, which he may take up instead. What the text leaves
// out is Double Dummy's (projections/rules/doubledummy), and through it
// English whist's (projections/rules/whist): "The honours count towards
// game as in whist", and "Whist laws govern the deal and its errors".
//
// What the text says, and hoyle does:
//
//   - "The deal and seats are cut for in the usual manner; four hands of
//     thirteen cards each are dealt, and the last card is turned for
//     trump." The players sit South and North; the dead hands are East (on
//     South's right) and West (on North's right). new --players names them
//     in the order of the cut, the lowest, who deals first, first.
//   - "Each player examines the hand dealt to him, without touching those
//     to his right or left. If he is content with his hand, he announces
//     it, if not, he may exchange it for the one on his right. ... If the
//     dealer exchanges, he loses the turn-up card, but the trump suit
//     remains the same." Each records his choice as a call: content (or
//     pass), or exchange; the dealer's adversary first, as he leads. A
//     hand put down plays no card; the one taken up is played from its
//     player's seat.
//   - "Each player deals for himself in turn, there being no deal for the
//     dead hands": the deal passes between the two players.
//   - Method of playing: "The dealer's adversary has the first lead; the
//     other must follow suit if he can, and the highest card of the suit
//     led wins the trick. Trumps win all other suits." A trick is of two
//     cards.
//   - Scoring: "Each trick above six counts one point towards game. Of the
//     four honours, A K Q J of trumps, if each player holds two, neither
//     can count. But if one player has only one honour, or none, the other
//     counts 2 points for two honours, if he holds them; 3 points for
//     three; and 4 points for four. The honours count towards game as in
//     whist. The penalty for a revoke is three tricks, and it takes
//     precedence of other scores; tricks count next, honours last. Five
//     points is game." Honours are counted in the two hands played (a dead
//     hand's are nobody's). Games make rubbers as at Double Dummy, of which
//     Humbug is a variation ("the methods of ... Scoring ... Marking Rubber
//     Points, etc., are the same as in whist"): whist's Laws 1 and 4-10.
//   - Irregularities: the revoke costs three tricks, which hoyle applies
//     when it is established. The text says no more of the play's
//     irregularities; Double Dummy, the game it varies, stands in: there
//     are "no such things as exposed cards, or cards played in error", and
//     a lead out of turn, when it was "the turn of neither" of the leader's
//     hands, carries no penalty (the adversary lets it stand or has it taken
//     back).
//
// The variation in which the dealer names the trump instead of turning it
// up, and his adversary alone may exchange, is not implemented.
//
// It imports events, events/cards, projections/game and the dummy,
// doubledummy and whist rulesets it builds on.
package humbug

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/doubledummy"
	"github.com/hoyle/hoyle/projections/rules/dummy"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// ID is the game's ID.
const ID = "humbug"

// The text's sections, as hoyle cites them.
const (
	Text        = "Foster's Complete Hoyle (1914), Humbug Whist"
	LawDeal     = Text + ": the deal and seats are cut for in the usual manner; four hands of thirteen cards are dealt, and the last card is turned for trump"
	LawExchange = Text + ": a player content with his hand announces it; if not, he may exchange it for the one on his right; if the dealer exchanges, he loses the turn-up card, but the trump suit remains the same"
	LawDealer   = Text + ": each player deals for himself in turn, there being no deal for the dead hands"
	LawLead     = Text + ", Method of Playing: the dealer's adversary has the first lead"
	LawFollow   = Text + ", Method of Playing: the other must follow suit if he can"
	LawTricks   = Text + ", Scoring: each trick above six counts one point towards game"
	LawHonours  = Text + ", Scoring: of the A K Q J of trumps, if each player holds two, neither counts; if one holds one or none, the other counts 2 for two, 3 for three, 4 for four"
	LawRevoke   = Text + ", Scoring: the penalty for a revoke is three tricks, and it takes precedence of other scores"
	LawRubbers  = Text + " is a variation on double dummy: " + doubledummy.LawRubbers
	LawNearest  = ", the nearest code (Humbug Whist is a variation on Double Dummy)"
)

// Seating is Humbug Whist's table: South and North play; East, on South's
// right, and West, on North's, are the dead hands each may take up.
var Seating = game.Seating{
	Seats:      4,
	Names:      []string{"N", "E", "S", "W"},
	Sides:      []cards.Side{0, 1, 1, 0},
	Compass:    true,
	PlayedFrom: []cards.Seat{cards.North, cards.South, cards.South, cards.North},
	Players:    []cards.Seat{cards.South, cards.North},
}

// Laws are Humbug Whist's on the irregularities of the play: the revoke
// its own, the rest Double Dummy's.
var Laws = dummy.Laws{Revoke: LawRevoke, Tricks: LawRevoke, InError: doubledummy.LawNoError + LawNearest, NoExposed: true,
	Lead: doubledummy.LawLead + LawNearest, EveryLead: true}

// Rules is Humbug Whist.
type Rules struct {
	dummy.Game
}

// New returns Humbug Whist.
func New() *Rules { return &Rules{dummy.Game{Rules: Whist(), Laws: Laws}} }

// Whist is the whist Humbug is played on, following suit by its own text.
func Whist() *whist.Rules {
	w := whist.New()
	w.RevokeLaw = LawFollow
	return w
}

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    ID,
		Title: "Humbug Whist",
		Code: "Foster's Complete Hoyle (1914), Humbug Whist: two players, four hands dealt, each may exchange his for the dead hand on his right; " +
			"tricks over six, honours 2, 3 or 4, the revoke three tricks, five points game; rubbers and the rest as Double Dummy and whist",
	}
}

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// NextDealer implements game.Ruleset: the deal passes between the two
// players.
func (*Rules) NextDealer(h *game.Hand) cards.Seat { return h.Dealer.Plus(2, 4) }

// Start implements game.Ruleset: the card turned up makes the trump; the
// dead hands lie aside; the dealer's adversary, then the dealer, say
// whether they are content.
func (*Rules) Start(h *game.Hand, _ game.Options) {
	h.Contract = &game.Contract{Strain: cards.StrainOf(h.TurnUp.Suit()), Declarer: cards.NoSeat}
	h.Out = make([]bool, 4)
	for seat := range 4 {
		h.Out[seat] = !Seating.Own(cards.Seat(seat))
	}
	h.Phase, h.Turn = game.PhaseAuction, adversary(h)
}

// adversary is the dealer's adversary's seat.
func adversary(h *game.Hand) cards.Seat { return h.Dealer.Plus(2, 4) }

// right is the dead hand on a player's right.
func right(seat cards.Seat) cards.Seat { return seat.Plus(-1, 4) }

// CallWords implements game.PhaseWords: the players say whether they are
// content.
func (*Rules) CallWords() (string, string) { return "content or exchange", "to say" }

// ParseCall implements game.Ruleset: "content" (or "pass"), "exchange".
func (*Rules) ParseCall(tok string) (cards.Call, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "content", "stand", "keep", "p", "pass":
		return cards.PassCall, nil
	case "exchange", "ex", "change":
		return cards.ExchangeCall, nil
	}
	return cards.Call{}, &cards.TokenError{Kind: cards.ErrBadCall, Token: tok,
		Reason: "a player at Humbug Whist is content (content, or pass) or exchanges his hand for the one on his right (exchange)"}
}

// CallSpace implements game.Ruleset.
func (*Rules) CallSpace() []cards.Call { return []cards.Call{cards.PassCall, cards.ExchangeCall} }

// Call implements game.Ruleset: a player content, or exchanging his hand
// for the dead hand on his right. Once both have said, the dealer's
// adversary leads, from the hand he plays.
func (*Rules) Call(h *game.Hand, c cards.Call, id events.ID) error {
	if h.Phase != game.PhaseAuction {
		return game.Illegal(c.String(), "the players have said whether they are content; the play is on", LawExchange)
	}
	seat := h.Turn
	switch c.Kind {
	case cards.Pass:
	case cards.Exchange:
		h.Out[seat], h.Out[right(seat)] = true, false
	default:
		return game.Illegal(c.String(), "a player is content (content, or pass) or exchanges his hand for the one on his right (exchange)", LawExchange)
	}
	h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: id})
	if len(h.Calls) < 2 {
		h.Turn = h.Dealer
		return nil
	}
	lead := adversary(h)
	if !h.InPlay(lead) {
		lead = right(lead)
	}
	h.StartPlay(lead)
	return nil
}

// Exchanged reports whether seat's player exchanged his hand on h.
func Exchanged(h *game.Hand, seat cards.Seat) bool {
	for _, c := range h.Calls {
		if c.Seat == seat && c.Call.Kind == cards.Exchange {
			return true
		}
	}
	return false
}

// Score implements game.Ruleset: the revoke first, tricks next, honours
// last, to five points; rubbers as at whist.
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet { return Scorer.Score(in) }

// Scorer is Humbug Whist's: whist's rubber with its own honours, and a
// revoke that costs tricks alone, with no bar to winning the game.
var Scorer = &whist.Scorer{
	Tricks: func(h *game.Hand, won []int, side cards.Side) (int, string, string) {
		odd := won[side] - 6
		return odd, fmt.Sprintf("%d by cards", odd), LawTricks
	},
	Honours:       honoursCount,
	RevokerMayWin: true,
	RevokeLaw:     LawRevoke,
}

// honoursCount counts the honours in the two hands played.
var honoursCount = &whist.HonoursCount{
	Known: func(h *game.Hand) bool {
		for seat := range 4 {
			if h.InPlay(cards.Seat(seat)) && !h.Known(cards.Seat(seat)) {
				return false
			}
		}
		return true
	},
	Dealt: func(h *game.Hand, trump cards.Suit) whist.Honours {
		held := map[cards.Side]int{}
		for seat := range 4 {
			s := cards.Seat(seat)
			if !h.InPlay(s) {
				continue
			}
			for r := cards.Jack; r <= cards.Ace; r++ {
				if h.Dealt[s].Has(cards.NewCard(trump, r)) {
					held[h.Seating.SideOf(s)]++
				}
			}
		}
		for _, sd := range whist.Sides {
			if held[sd] >= 2 && held[1-sd] <= 1 {
				return honours(sd, held[sd])
			}
		}
		return whist.Honours{Side: cards.NoSide}
	},
	Claimed: func(side cards.Side, holding string) whist.Honours {
		for n := 2; n <= 4; n++ {
			if holding == fmt.Sprint(n) {
				return honours(side, n)
			}
		}
		return whist.Honours{Side: cards.NoSide}
	},
}

var honourWords = map[int]string{2: "two honours", 3: "three honours", 4: "four honours"}

func honours(side cards.Side, n int) whist.Honours {
	return whist.Honours{Side: side, Holding: fmt.Sprint(n), Points: n, Label: honourWords[n], Law: LawHonours}
}

// Holdings implements game.HonoursHoldings.
func (*Rules) Holdings(game.Options) ([]game.Holding, string) {
	return []game.Holding{
		{Name: "4", Meaning: "the four honours (ace, king, queen, knave of trumps) in the hand a player plays: 4 points"},
		{Name: "3", Meaning: "three of them, the other holding one or none: 3 points"},
		{Name: "2", Meaning: "two of them, the other holding one or none: 2 points (two each count nothing)"},
	}, LawHonours
}

// CheckHonours implements game.HonoursRules: honours claimed at the table,
// when the hands played were not recorded: "4", "3" or "2", by the player
// (his side) who holds them.
func (*Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	switch {
	case h == nil:
		return "", game.Illegal(holding, "no hand has been dealt", "")
	case side < 0 || int(side) > 1:
		return "", game.Illegal(side.String(), "honours are held by a player: N or S", "")
	case honoursCount.Known(h) && h.KnownAtDeal():
		return "", game.Illegal(holding, "the hands of this deal are recorded, so hoyle counts the honours itself", LawHonours)
	}
	name := strings.TrimSpace(holding)
	switch name {
	case "two":
		name = "2"
	case "three":
		name = "3"
	case "four":
		name = "4"
	}
	if name != "2" && name != "3" && name != "4" {
		return "", &cards.TokenError{Kind: game.ErrBadHolding, Token: holding, Reason: "honours at Humbug Whist are 4, 3 or 2 (" + LawHonours + ")"}
	}
	for other := range h.HonoursClaimed {
		if other != side {
			return "", game.Illegal(holding, "the other player has already claimed honours on this hand, and only one can count them; undo that claim first", LawHonours)
		}
	}
	return name, nil
}

// CutDealer implements game.CutRules: "the deal and seats are cut for in
// the usual manner", as at whist: the lowest deals, and is named first.
func (r *Rules) CutDealer(cuts []game.CutCard, _ game.Options) (cards.Seat, error) {
	return dummy.CutOrder(Seating, r.Pack(), cuts, false, LawDeal, cards.South)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string {
	return "the two players cut as at whist, the lowest deals, the ace lowest; he is named first, and sits South (" + LawDeal + ")"
}
