// Package fivehundred is Five Hundred for three players, each for himself,
// as "Hoyle's Games Modernized" describes it (ed. Professor Hoffmann, 1909;
// the seeds, file 000, chapter FIVE HUNDRED). That text is a description
// with a schedule, not a numbered code; the rules are cited by its
// headings and sentences:
//
//   - The pack: the piquet pack of thirty-two cards (seven to ace) and the
//     Joker, thirty-three cards.
//   - The deal: "three rounds of three cards each to the three players,
//     followed by one round of one card each"; the three cards left are the
//     widow, face down. (The deal is implemented as the text orders it: the
//     widow comes last.)
//   - Rank: with a trump suit the Joker is the master trump, then the knave
//     of trumps (the Right Bower), then the other knave of the same colour
//     (the Left Bower), then A K Q 10 9 8 7: ten trumps; the Left Bower
//     leaves its own suit. At no trumps the cards rank as at whist and the
//     Joker is the master card: "if it is led, the leader names the suit
//     which he elects it to represent", he "cannot nominate it to be of a
//     suit in which he has previously renounced", and a player not leading
//     who plays it "to the lead of a suit in which he has previously
//     renounced" gives it "no winning value".
//   - Bidding: the eldest hand first, then in turn, six tricks or more with
//     a suit or no trumps; "a player who has once passed cannot
//     subsequently bid"; the bidding goes on "until every one is content".
//     If nobody bids, the hand is played at no trumps, the widow is not
//     taken, the eldest hand leads and each player scores 10 a trick.
//   - The bidder takes the widow, lays away three cards face down, and has
//     the first lead.
//   - The Avondale schedule: 6 tricks in spades 40, clubs 60, diamonds 80,
//     hearts 100, no trumps 120; each trick more adds 100. Bids overbid by
//     value ("no two bids are numerically equal").
//   - Scoring: the bidder who makes his contract scores its value "but no
//     more"; all ten tricks score at least 250; failing, the value goes in
//     his minus column; each opponent scores 10 a trick. Three columns:
//     WON, LOST and the net.
//   - The winner is the first to 500; if two pass 500 on the same deal the
//     bidder wins, and if neither is the bidder, "he who first makes the
//     trick that brings his score over 500".
//   - Revokes: two rules are quoted, the American and Professor Hoffmann's.
//     The session option "revoke" chooses one, and hoyle applies it when
//     the revoke is established (irregular.go; RevokePenalty scores it).
//
// Where the text is silent hoyle says so and takes the nearest rule: at no
// trumps the text does not say whether the Joker may be played to a suit
// its holder could follow; since it gives the Joker "no winning value" when
// played to a suit its holder has renounced, it must be playable by a
// player void in the suit led, and as it "represents" a suit, hoyle lets
// it be played to any lead as a card of the suit led, never obliging its
// holder to play it. An unnamed Joker is allowed to be led only to the last
// trick, where naming a suit changes nothing. The cut follows the Bridge
// code of the same book (Law 35: at least four cards in each packet).
//
// The players are named by their seats A, B and C, clockwise; A deals first
// unless the session says otherwise. Each player is his own side.
package fivehundred

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The game's dimensions.
const (
	ID        = "five-hundred"
	HandSize  = 10
	WidowSize = 3
	Tricks    = 10
	MinBid    = 6
	MaxBid    = 10
)

// Citations of the text, by its headings.
const (
	TextPack     = "Five Hundred: the pack"
	TextDeal     = "Five Hundred: the deal"
	TextRank     = "Five Hundred: the Joker and the Bowers"
	TextNoTrumps = "Five Hundred: the Joker at No-trumps"
	TextBidding  = "Five Hundred: the bidding"
	TextWidow    = "Five Hundred: the widow"
	TextSchedule = "Five Hundred: the Avondale schedule"
	TextScoring  = "Five Hundred: scoring"
	TextTen      = "Five Hundred: all ten tricks score a minimum of 250"
	TextWinner   = "Five Hundred: the winner"
	TextRevokes  = "Five Hundred: revokes"
	TextFollow   = "Five Hundred: following suit (the rule of the whist family)"
	LawCut       = "Law 35 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest rule: the Five Hundred text is silent on the cut"
)

// The revoke rules a session may choose (option "revoke").
const (
	RevokeAmerican = "american"
	RevokeHoffmann = "hoffmann"
)

// Seating is the table of Five Hundred: three players, each his own side.
var Seating = game.Seating{Seats: 3, Names: []string{"A", "B", "C"}, Sides: []cards.Side{0, 1, 2}}

// bidStrains are the strains of a bid, in the order of their value.
var bidStrains = []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.NoTrump}

// BidValue is the value of a bid by the Avondale schedule: six tricks are
// worth 40 in spades, 60 in clubs, 80 in diamonds, 100 in hearts and 120
// at no trumps, and each trick more adds 100. A bid that is not of six to
// ten tricks in one of those strains is worth 0.
func BidValue(c cards.Call) int {
	if c.Kind != cards.Bid || c.Level < MinBid || c.Level > MaxBid {
		return 0
	}
	for i, s := range bidStrains {
		if s == c.Strain {
			return 40 + 20*i + 100*(int(c.Level)-MinBid)
		}
	}
	return 0
}

// Rules is the Five Hundred ruleset.
type Rules struct{}

// New returns the ruleset.
func New() *Rules { return &Rules{} }

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    ID,
		Title: "Five Hundred",
		Code: "Five Hundred as Hoyle's Games Modernized (ed. Hoffmann, 1909) describes it: " +
			"33 cards with the Joker, the widow, the bowers, the Avondale schedule",
		Options: []game.OptionInfo{{Name: "revoke", Values: []string{RevokeAmerican, RevokeHoffmann},
			Summary: "the revoke rule: the American (the hand is abandoned; the bidder scores his bid if an adversary revoked) or Professor Hoffmann's"}},
	}
}

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// Pack implements game.Ruleset: the piquet pack and the Joker.
func (*Rules) Pack() []cards.Card { return cards.Deck(7, true) }

// Tricks implements game.Ruleset.
func (*Rules) Tricks() int { return Tricks }

// Deal implements game.Ruleset: three rounds of three cards to each player
// from the dealer's left, then a round of one card each; the three cards
// left are the widow.
func (*Rules) Deal(pack []cards.Card, dealer cards.Seat) game.DealResult {
	n := Seating.Seats
	d := game.DealResult{Hands: make([]cards.Set, n)}
	i := 0
	give := func(seat cards.Seat, k int) {
		for ; k > 0 && i < len(pack); k-- {
			d.Hands[seat] = d.Hands[seat].Add(pack[i])
			i++
		}
	}
	for range 3 {
		for p := 1; p <= n; p++ {
			give(dealer.Plus(p, n), 3)
		}
	}
	for p := 1; p <= n; p++ {
		give(dealer.Plus(p, n), 1)
	}
	d.Widow = cards.NewSet(pack[i:]...)
	return d
}

// CheckDeal implements game.Ruleset: ten cards a known hand and three in
// the widow, all of the pack, none twice. The widow must be recorded with
// the hands: the bidder takes it into his hand.
func (r *Rules) CheckDeal(d game.DealResult) error {
	all := cards.NewSet(r.Pack()...)
	var seen cards.Set
	known := false
	for seat, h := range d.Hands {
		if h == 0 {
			continue
		}
		known = true
		name := Seating.Names[seat%len(Seating.Names)]
		if err := checkSet(h, name+"'s hand", HandSize, all, seen); err != nil {
			return err
		}
		seen = seen.Union(h)
	}
	switch {
	case d.TurnUp != cards.NoCard:
		return game.Illegal(d.TurnUp.String(), "no card is turned up in Five Hundred", TextDeal)
	case d.Widow != 0:
		return checkSet(d.Widow, "the widow", WidowSize, all, seen)
	case known:
		return game.Illegal("deal", "record the widow with the hands (deal --widow HAND): the bidder takes it into his hand", TextWidow)
	}
	return nil
}

func checkSet(h cards.Set, what string, size int, all, seen cards.Set) error {
	switch {
	case h.Len() != size:
		return game.Illegal(h.PBN(), fmt.Sprintf("%s has %d cards; it has %d", what, h.Len(), size), TextDeal)
	case h&^all != 0:
		return game.Illegal(h.PBN(), fmt.Sprintf("%s is not in the Five Hundred pack (seven to ace and the Joker)", (h &^ all).Cards()[0]), TextPack)
	case h.Intersect(seen) != 0:
		return game.Illegal(h.PBN(), fmt.Sprintf("%s is dealt twice", h.Intersect(seen).Cards()[0]), TextDeal)
	}
	return nil
}

// CheckCut implements game.Ruleset: at least four cards in each packet.
func (*Rules) CheckCut(top, n int) error {
	if top < 4 || n-top < 4 {
		return game.Illegal(fmt.Sprint(top), fmt.Sprintf("a cut must leave at least four cards in each packet: lift %d to %d of the %d", 4, n-4, n), LawCut)
	}
	return nil
}

// NextDealer implements game.Ruleset: the deal passes to the left.
func (*Rules) NextDealer(h *game.Hand) cards.Seat { return h.Dealer.Next(Seating.Seats) }

// Start implements game.Ruleset: the eldest hand bids first.
func (*Rules) Start(h *game.Hand, _ game.Options) {
	h.Phase = game.PhaseAuction
	h.Turn = h.Dealer.Next(h.Seating.Seats)
}

// ParseCall implements game.Ruleset: bids "6S" to "10NT", "P" or "pass";
// during the play, a suit alone ("H") names the suit of the Joker led at no
// trumps.
func (*Rules) ParseCall(tok string) (cards.Call, error) { return cards.ParseCall(tok) }

// CallSpace implements game.Ruleset: pass, the twenty-five bids from the
// lowest, and the four suits the Joker may be named at no trumps.
func (*Rules) CallSpace() []cards.Call {
	out := []cards.Call{cards.PassCall}
	for level := MinBid; level <= MaxBid; level++ {
		for _, s := range bidStrains {
			out = append(out, cards.NewBid(level, s))
		}
	}
	for _, s := range []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts} {
		out = append(out, cards.NewBid(0, s))
	}
	return out
}

// Bidding is what the calls of a hand have settled.
type Bidding struct {
	Passed []bool     // by seat: has passed, and may not bid again
	High   cards.Call // the highest bid, or the zero Call
	Bidder cards.Seat // who made it, or NoSeat
	Over   bool
}

// BiddingOf reads the calls of h.
func BiddingOf(h *game.Hand) Bidding {
	b := Bidding{Passed: make([]bool, h.Seating.Seats), Bidder: cards.NoSeat}
	for _, c := range h.Calls {
		if c.Call.Kind == cards.Pass {
			b.Passed[c.Seat] = true
		} else {
			b.High, b.Bidder = c.Call, c.Seat
		}
	}
	active := 0
	for _, p := range b.Passed {
		if !p {
			active++
		}
	}
	b.Over = active == 0 || (b.Bidder != cards.NoSeat && active == 1 && !b.Passed[b.Bidder])
	return b
}

// Call implements game.Ruleset: a bid or a pass in the auction; in the
// play, the leader's naming of the suit of the Joker he leads at no trumps.
func (r *Rules) Call(h *game.Hand, c cards.Call, id events.ID) error {
	switch h.Phase {
	case game.PhaseAuction:
		return r.bid(h, c, id)
	case game.PhasePlay:
		return r.nameJoker(h, c)
	}
	return h.NotNow("a call cannot be made", c.String())
}

func (r *Rules) bid(h *game.Hand, c cards.Call, id events.ID) error {
	tok := c.String()
	b := BiddingOf(h)
	switch c.Kind {
	case cards.Pass:
	case cards.Bid:
		if c.Level == 0 {
			return game.Illegal(tok, "a bid is of six to ten tricks with a suit or no trumps, such as 8H or 6NT", TextBidding)
		}
		if BidValue(c) == 0 {
			return game.Illegal(tok, "a bid is of six to ten tricks (not fewer than six) in spades, clubs, diamonds, hearts or no trumps", TextBidding)
		}
		if b.Bidder != cards.NoSeat && BidValue(c) <= BidValue(b.High) {
			return game.Illegal(tok, fmt.Sprintf("insufficient: %s (%d) does not overbid %s (%d)", tok, BidValue(c), b.High, BidValue(b.High)), TextSchedule)
		}
	default:
		return game.Illegal(tok, "there is no doubling in Five Hundred: bid or pass", TextBidding)
	}
	enter(h, h.Turn, c, id)
	return nil
}

// enter enters a call in the bidding as made by seat, in turn or not, and
// moves the bidding on from him: the next player who has not passed bids,
// or the bidding is over.
func enter(h *game.Hand, seat cards.Seat, c cards.Call, id events.ID) {
	h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c, ID: id})
	settle(h, seat)
}

// settle ends the bidding, or gives the turn to the next player after seat
// who has not passed.
func settle(h *game.Hand, seat cards.Seat) {
	b := BiddingOf(h)
	n := h.Seating.Seats
	switch {
	case !b.Over:
		next := seat.Next(n)
		for b.Passed[next] {
			next = next.Next(n)
		}
		h.Turn = next
	case b.Bidder == cards.NoSeat:
		// Nobody bid: played at no trumps, the widow untouched, the eldest
		// hand leading.
		h.Contract = &game.Contract{Strain: cards.NoTrump, Declarer: cards.NoSeat}
		h.StartPlay(h.Dealer.Next(n))
	default:
		h.Contract = &game.Contract{Level: int(b.High.Level), Strain: b.High.Strain, Declarer: b.Bidder}
		if h.Known(b.Bidder) {
			h.Held[b.Bidder] = h.Held[b.Bidder].Union(h.Widow)
		}
		h.Phase, h.Turn = game.PhaseExchange, b.Bidder
	}
}

// Discard implements game.Ruleset: the bidder, having taken the widow,
// lays away three cards; then he leads.
func (r *Rules) Discard(h *game.Hand, seat cards.Seat, cs []cards.Card) error {
	tok := cardsText(cs)
	if h.Phase != game.PhaseExchange {
		if h.Phase == game.PhasePlay || (h.Phase == game.PhaseDone && h.Contract != nil) {
			return game.Illegal(tok, "the discard is made once, by the bidder, before the first lead", TextWidow)
		}
		return h.NotNow("cards cannot be laid away", tok)
	}
	if seat != h.Turn {
		return game.Illegal(tok, fmt.Sprintf("the bidder, %s, lays away the cards, not %s", h.SeatName(h.Turn), h.SeatName(seat)), TextWidow)
	}
	if len(cs) != WidowSize {
		return game.Illegal(tok, fmt.Sprintf("the bidder lays away three cards, not %d", len(cs)), TextWidow)
	}
	all := cards.NewSet(r.Pack()...)
	var set cards.Set
	for _, c := range cs {
		switch {
		case !all.Has(c):
			return game.Illegal(c.String(), c.String()+" is not in the Five Hundred pack", TextPack)
		case set.Has(c):
			return game.Illegal(c.String(), c.String()+" is named twice", TextWidow)
		case h.Known(seat) && !h.Held[seat].Has(c):
			return game.Illegal(c.String(), fmt.Sprintf("%s does not hold %s (holds %s with the widow)", h.SeatName(seat), c, h.Held[seat].PBN()), TextWidow)
		case !h.Known(seat) && heldByOther(h, seat, c):
			return game.Illegal(c.String(), c.String()+" is in another player's hand", TextWidow)
		}
		set = set.Add(c)
	}
	if h.Known(seat) {
		h.Held[seat] = h.Held[seat] &^ set
	}
	h.Discards = append([]cards.Card(nil), cs...)
	h.StartPlay(seat)
	return nil
}

func heldByOther(h *game.Hand, seat cards.Seat, c cards.Card) bool {
	for s, held := range h.Held {
		if cards.Seat(s) != seat && held.Has(c) {
			return true
		}
	}
	return false
}

func cardsText(cs []cards.Card) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c.String()
	}
	if out == "" {
		return "discard"
	}
	return out
}

// Score implements game.Ruleset: the WON, LOST and net columns and the
// winner at 500.
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet { return score(in) }

// Fold implements game.Folding: Score, a hand at a time.
func (*Rules) Fold(_ game.Options, seating game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	return fold(seating, from)
}

// GiveContract implements game.ContractRules: a bid the schedule knows,
// by the player who made it; nobody doubles at Five Hundred. Given as a
// result, the hand skips the widow: its tricks come next. A Pass means
// nobody bid, and the hand is played at no trumps, each for himself.
func (r *Rules) GiveContract(h *game.Hand, bid cards.Call, doubled int, declarer cards.Seat) error {
	tok := bid.String()
	n := h.Seating.Seats
	switch {
	case h.Phase != game.PhaseAuction || len(h.Calls) > 0:
		return game.Illegal(tok, "a contract is given instead of the bidding, before any bid", TextBidding)
	case bid.Kind == cards.Pass:
		h.Contract = &game.Contract{Strain: cards.NoTrump, Declarer: cards.NoSeat}
		h.StartPlay(h.Dealer.Next(n))
		return nil
	case bid.Kind != cards.Bid || BidValue(bid) == 0:
		return game.Illegal(tok, "a bid is of six to ten tricks with a suit or no trumps, such as 8H or 6NT", TextSchedule)
	case doubled != 0:
		return game.Illegal(tok, "there is no doubling in Five Hundred", TextBidding)
	case declarer < 0 || int(declarer) >= n:
		return game.Illegal(tok, "the bidder is not a seat at this table", "")
	}
	h.Contract = &game.Contract{Level: int(bid.Level), Strain: bid.Strain, Declarer: declarer}
	h.Phase, h.Turn = game.PhaseExchange, declarer
	return nil
}
