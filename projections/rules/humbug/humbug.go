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
// The variation the text gives ("the dealer announcing a trump suit after
// he has examined his hand, instead of turning up the last card. His
// adversary then has the right either to play his hand, or to exchange it
// for the one on his right; but the dealer must play the hand dealt to
// him") is the option trump=announced: the dealer's first word is a suit,
// no card is turned (the last card dealt is only the dealer's), and the
// adversary alone is content or exchanges.
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
	LawAnnounce = Text + ": a variation is sometimes made by the dealer announcing a trump suit after he has examined his hand, instead of turning up the last card; his adversary then has the right either to play his hand, or to exchange it for the one on his right; but the dealer must play the hand dealt to him"
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
		Options: []game.OptionInfo{{Name: OptionTrump, Values: []string{TrumpTurned, TrumpAnnounced},
			Summary: "turned: the last card is turned for trump, and each player may exchange; announced: the dealer announces a trump suit after examining his hand, and his adversary alone may exchange"}},
	}
}

// The option that chooses how the trump is made, and its values.
const (
	OptionTrump    = "trump"
	TrumpTurned    = "turned"
	TrumpAnnounced = "announced"
)

// announced reports whether the dealer announces the trump on h.
func announced(h *game.Hand) bool { return h.Opts[OptionTrump] == TrumpAnnounced }

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// NextDealer implements game.Ruleset: the deal passes between the two
// players.
func (*Rules) NextDealer(h *game.Hand) cards.Seat { return h.Dealer.Plus(2, 4) }

// Start implements game.Ruleset: the card turned up makes the trump; the
// dead hands lie aside; the dealer's adversary, then the dealer, say
// whether they are content. When the dealer announces the trump (no card
// was turned: see DealWith), he speaks first, and there is no trump until
// he has.
func (*Rules) Start(h *game.Hand, _ game.Options) {
	h.Out = make([]bool, 4)
	for seat := range 4 {
		h.Out[seat] = !Seating.Own(cards.Seat(seat))
	}
	if announced(h) {
		h.Phase, h.Turn = game.PhaseAuction, h.Dealer
		return
	}
	h.Contract = &game.Contract{Strain: cards.StrainOf(h.TurnUp.Suit()), Declarer: cards.NoSeat}
	h.Phase, h.Turn = game.PhaseAuction, adversary(h)
}

// DealWith implements game.DealerWith: the deal as at whist, but where
// the dealer announces the trump the last card is not turned up.
func (r *Rules) DealWith(pack []cards.Card, dealer cards.Seat, opts game.Options) game.DealResult {
	d := r.Deal(pack, dealer)
	if opts[OptionTrump] == TrumpAnnounced {
		d.TurnUp = cards.NoCard
	}
	return d
}

// CheckDealWith implements game.DealerWith: the deal as at whist, but
// where the dealer announces the trump no card is turned up.
func (r *Rules) CheckDealWith(d game.DealResult, opts game.Options) error {
	if opts[OptionTrump] != TrumpAnnounced {
		return r.CheckDeal(d)
	}
	if d.TurnUp != cards.NoCard {
		return game.Illegal(d.TurnUp.String(), "no card is turned up: the dealer announces the trump after he has examined his hand", LawAnnounce)
	}
	if d.Widow != 0 {
		return game.Illegal(d.Widow.PBN(), "Humbug Whist has no widow: the whole pack is dealt", LawDeal)
	}
	return game.CheckHands(d, r.Pack(), 13)
}

// adversary is the dealer's adversary's seat.
func adversary(h *game.Hand) cards.Seat { return h.Dealer.Plus(2, 4) }

// right is the dead hand on a player's right.
func right(seat cards.Seat) cards.Seat { return seat.Plus(-1, 4) }

// CallWords implements game.PhaseWords: the players say whether they are
// content (the dealer first announcing the trump, where he does).
func (*Rules) CallWords() (string, string) { return "content or exchange", "to say" }

// ParseCall implements game.Ruleset: "content" (or "pass"), "exchange",
// and a suit (C, D, H, S, or its name) for the dealer's announced trump.
func (*Rules) ParseCall(tok string) (cards.Call, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "content", "stand", "keep", "p", "pass":
		return cards.PassCall, nil
	case "exchange", "ex", "change":
		return cards.ExchangeCall, nil
	}
	if suit, err := cards.ParseSuit(tok); err == nil {
		return cards.Call{Kind: cards.Bid, Strain: cards.StrainOf(suit)}, nil
	}
	return cards.Call{}, &cards.TokenError{Kind: cards.ErrBadCall, Token: tok,
		Reason: "a player at Humbug Whist is content (content, or pass) or exchanges his hand for the one on his right (exchange); where the dealer announces the trump, he names a suit (C, D, H or S)"}
}

// CallSpace implements game.Ruleset.
func (*Rules) CallSpace() []cards.Call {
	out := []cards.Call{cards.PassCall, cards.ExchangeCall}
	for _, suit := range []cards.Suit{cards.Clubs, cards.Diamonds, cards.Hearts, cards.Spades} {
		out = append(out, cards.Call{Kind: cards.Bid, Strain: cards.StrainOf(suit)})
	}
	return out
}

// Call implements game.Ruleset: a player content, or exchanging his hand
// for the dead hand on his right. Once both have said (where the dealer
// announces the trump, once his adversary has), the dealer's adversary
// leads, from the hand he plays.
func (*Rules) Call(h *game.Hand, c cards.Call, id events.ID) error {
	if h.Phase != game.PhaseAuction {
		return game.Illegal(c.String(), "the players have said whether they are content; the play is on", LawExchange)
	}
	if announced(h) {
		return announce(h, c, id)
	}
	if err := say(h, c, id, "a player is content (content, or pass) or exchanges his hand for the one on his right (exchange)", LawExchange); err != nil {
		return err
	}
	if len(h.Calls) < 2 {
		h.Turn = h.Dealer
		return nil
	}
	startPlay(h)
	return nil
}

// say records the player whose turn it is content, or exchanging his hand
// for the dead hand on his right; any other call is refused, with why and
// its law.
func say(h *game.Hand, c cards.Call, id events.ID, why, law string) error {
	seat := h.Turn
	switch c.Kind {
	case cards.Pass:
	case cards.Exchange:
		h.Out[seat], h.Out[right(seat)] = true, false
	default:
		return game.Illegal(c.String(), why, law)
	}
	h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: id})
	return nil
}

// announce is a call where the dealer announces the trump: his suit first,
// then his adversary content or exchanging; the dealer plays the hand
// dealt him.
func announce(h *game.Hand, c cards.Call, id events.ID) error {
	seat := h.Turn
	if len(h.Calls) == 0 {
		suit, ok := c.Strain.Trump()
		if c.Kind != cards.Bid || c.Level != 0 || !ok {
			return game.Illegal(c.String(), h.SeatName(seat)+", the dealer, announces a trump suit first (C, D, H or S)", LawAnnounce)
		}
		h.Contract = &game.Contract{Strain: cards.StrainOf(suit), Declarer: cards.NoSeat}
		h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: id})
		h.Turn = adversary(h)
		return nil
	}
	why := "the trump is announced: " + h.SeatName(seat) + " plays his hand (content, or pass) or exchanges it for the one on his right (exchange)"
	if err := say(h, c, id, why, LawAnnounce); err != nil {
		return err
	}
	startPlay(h)
	return nil
}

// startPlay begins the play once the players have said: the dealer's
// adversary leads, from the hand he plays.
func startPlay(h *game.Hand) {
	lead := adversary(h)
	if !h.InPlay(lead) {
		lead = right(lead)
	}
	h.StartPlay(lead)
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

// Fold implements game.Folding: Score, a hand at a time.
func (*Rules) Fold(_ game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	return Scorer.Fold(from)
}
