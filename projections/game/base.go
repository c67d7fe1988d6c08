package game

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
)

// FourHanded carries what the four-handed games of the whist family share:
// a 52-card pack dealt one card at a time from the dealer's left, thirteen
// tricks, the deal passing to the left, following suit, and the highest trump
// or card of the suit led winning. A ruleset embeds it and adds its own
// auction and score; the laws it cites are the ruleset's own.
type FourHanded struct {
	CutLaw    string // the law on the cut (four cards in each packet)
	RevokeLaw string // the law that obliges following suit
}

// Seating implements Ruleset.
func (FourHanded) Seating() Seating { return Compass }

// Pack implements Ruleset.
func (FourHanded) Pack() []cards.Card { return cards.Deck(2, false) }

// Tricks implements Ruleset.
func (FourHanded) Tricks() int { return 13 }

// Deal implements Ruleset: one card at a time, from the dealer's left.
func (FourHanded) Deal(pack []cards.Card, dealer cards.Seat) DealResult {
	return DealRoundRobin(pack, dealer, 4)
}

// DealRoundRobin deals the pack one card at a time to n seats, starting on
// the dealer's left.
func DealRoundRobin(pack []cards.Card, dealer cards.Seat, n int) DealResult {
	hands := make([]cards.Set, n)
	for i, c := range pack {
		seat := dealer.Plus(1+i, n)
		hands[seat] = hands[seat].Add(c)
	}
	return DealResult{Hands: hands}
}

// CheckDeal implements Ruleset: every known hand has thirteen cards of the
// pack, no card twice, and unknown hands can hold what is left. The whole
// pack goes to the four hands: there is no widow, and no card is turned up
// (the auction settles the trump); a ruleset that turns one up, as whist
// does, checks its own deal.
func (f FourHanded) CheckDeal(d DealResult) error {
	switch {
	case d.Widow != 0:
		return Illegal(d.Widow.PBN(), "there is no widow in this game: the whole pack is dealt to the four hands", "")
	case d.TurnUp != cards.NoCard:
		return Illegal(d.TurnUp.String(), "no card is turned up for trump in this game: the declaration settles the trump", "")
	}
	return CheckHands(d, f.Pack(), 13)
}

// CheckHands checks dealt hands against a pack: each known hand holds per
// cards, all from the pack, none twice. Unknown (empty) hands are allowed.
func CheckHands(d DealResult, pack []cards.Card, per int) error {
	all := cards.NewSet(pack...)
	var seen cards.Set
	for seat, h := range d.Hands {
		if h == 0 {
			continue
		}
		if n := h.Len(); n != per {
			return Illegal(h.PBN(), fmt.Sprintf("seat %s is dealt %d cards; each hand has %d", cards.Seat(seat), n, per), "")
		}
		if extra := h &^ all; extra != 0 {
			return Illegal(h.PBN(), fmt.Sprintf("%s is not in this game's pack", extra.Cards()[0]), "")
		}
		if dup := h.Intersect(seen); dup != 0 {
			return Illegal(h.PBN(), fmt.Sprintf("%s is dealt twice", dup.Cards()[0]), "")
		}
		seen = seen.Union(h)
	}
	return nil
}

// CheckCut implements Ruleset: at least four cards in each packet.
func (f FourHanded) CheckCut(top, n int) error {
	if top < 4 || n-top < 4 {
		return Illegal(fmt.Sprint(top), fmt.Sprintf("a cut must leave at least four cards in each packet: lift %d to %d of the %d", 4, n-4, n), f.CutLaw)
	}
	return nil
}

// NextDealer implements Ruleset: the deal passes to the left.
func (FourHanded) NextDealer(h *Hand) cards.Seat { return h.Dealer.Next(4) }

// CheckPlay implements Ruleset: follow suit.
func (f FourHanded) CheckPlay(h *Hand, seat cards.Seat, c cards.Card) error {
	return FollowSuit(h, seat, c, nil, f.RevokeLaw)
}

// TrickWinner implements Ruleset: the highest trump, else the highest card
// of the suit led.
func (FourHanded) TrickWinner(h *Hand, t *Trick) cards.Seat {
	trump, ok := h.Trump()
	return HighestWins(t, trump, ok)
}

// Discard implements Ruleset: there is no widow in these games.
func (FourHanded) Discard(h *Hand, seat cards.Seat, cs []cards.Card) error {
	return Illegal("discard", "this game has no widow to discard to", "")
}

// DealerWith is implemented by a ruleset whose deal depends on the
// session's options: Humbug Whist turns no card up for trump where the
// dealer announces it. Its methods stand for Deal and CheckDeal.
type DealerWith interface {
	DealWith(pack []cards.Card, dealer cards.Seat, opts Options) DealResult
	CheckDealWith(d DealResult, opts Options) error
}

// DealWith deals a pack by the ruleset's deal pattern, under the session's
// options.
func DealWith(rs Ruleset, pack []cards.Card, dealer cards.Seat, opts Options) DealResult {
	if d, ok := rs.(DealerWith); ok {
		return d.DealWith(pack, dealer, opts)
	}
	return rs.Deal(pack, dealer)
}

// CheckDealWith checks hands given by the scorer by the ruleset's laws,
// under the session's options.
func CheckDealWith(rs Ruleset, d DealResult, opts Options) error {
	if c, ok := rs.(DealerWith); ok {
		return c.CheckDealWith(d, opts)
	}
	return rs.CheckDeal(d)
}
