package fivehundred

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// sameColour is the other suit of a suit's colour: the Left Bower's suit.
func sameColour(s cards.Suit) cards.Suit {
	switch s {
	case cards.Spades:
		return cards.Clubs
	case cards.Clubs:
		return cards.Spades
	case cards.Hearts:
		return cards.Diamonds
	case cards.Diamonds:
		return cards.Hearts
	}
	return cards.NoSuit
}

// SuitOf is the suit a card belongs to in play: with a trump suit, the
// Joker and both Bowers are trumps (the Left Bower leaves its own suit); at
// no trumps the Joker belongs to no suit until the suit it represents is
// named or followed.
func SuitOf(c cards.Card, trump cards.Suit, hasTrump bool) cards.Suit {
	if c == cards.Joker {
		if hasTrump {
			return trump
		}
		return cards.NoSuit
	}
	if hasTrump && c.Rank() == cards.Jack && c.Suit() == sameColour(trump) {
		return trump
	}
	return c.Suit()
}

// TrumpRank orders the trumps: the Joker, the Right Bower, the Left Bower,
// then A K Q 10 9 8 7 (Five Hundred: the Joker and the Bowers). It is
// meaningful for trumps only.
func TrumpRank(c cards.Card, trump cards.Suit) int {
	switch {
	case c == cards.Joker:
		return 100
	case c == cards.NewCard(trump, cards.Jack):
		return 99
	case c == cards.NewCard(sameColour(trump), cards.Jack):
		return 98
	}
	return int(c.Rank())
}

// ledSuit is the suit led to trick t: the effective suit of its first card,
// or the suit the leader named for the Joker at no trumps; NoSuit for an
// unnamed Joker led to the last trick.
func ledSuit(h *game.Hand, t *game.Trick) cards.Suit {
	trump, hasTrump := h.Trump()
	first := t.Led()
	if first == cards.Joker && !hasTrump {
		if t.Named {
			return t.LedAs
		}
		return cards.NoSuit
	}
	return SuitOf(first, trump, hasTrump)
}

// Renounced reports whether seat failed to follow to a lead of suit in a
// trick before trick number upto (from 0). Playing the Joker to a trick at
// no trumps is not a renounce: it represents the suit led.
func Renounced(h *game.Hand, seat cards.Seat, suit cards.Suit, upto int) bool {
	trump, hasTrump := h.Trump()
	for i := 0; i < upto && i < len(h.Tricks); i++ {
		t := &h.Tricks[i]
		if len(t.Cards) == 0 || ledSuit(h, t) != suit {
			continue
		}
		for _, p := range t.Cards {
			if p.Seat != seat || p.Card == cards.Joker {
				continue
			}
			if SuitOf(p.Card, trump, hasTrump) != suit {
				return true
			}
		}
	}
	return false
}

// CheckPlay implements game.Ruleset: a card laid away, or left in an
// untaken widow, cannot be played; the leader who named a suit for the
// Joker leads it; an unnamed Joker is led at no trumps only to the last
// trick; and a player must follow suit by the cards' suits in play (the
// Bowers and the Joker are trumps; at no trumps the Joker may be played to
// any lead, as a card of the suit led).
func (r *Rules) CheckPlay(h *game.Hand, seat cards.Seat, c cards.Card) error {
	tok := c.String()
	if err := unavailable(h, seat, c); err != nil {
		return err
	}
	trump, hasTrump := h.Trump()
	t := h.CurrentTrick()
	if t == nil {
		return nil
	}
	if len(t.Cards) == 0 {
		switch {
		case t.Named && c != cards.Joker:
			return game.Illegal(tok, fmt.Sprintf("%s named %s for the Joker, and must lead it", h.SeatName(seat), t.LedAs.Name()), TextNoTrumps)
		case c == cards.Joker && !hasTrump && !t.Named && len(h.Tricks) < Tricks:
			return game.Illegal(tok, "the leader of the Joker at no trumps names the suit it represents: first call H, S, D or C", TextNoTrumps)
		}
		return nil
	}
	led := ledSuit(h, t)
	if led == cards.NoSuit || SuitOf(c, trump, hasTrump) == led || (c == cards.Joker && !hasTrump) || !h.Known(seat) {
		return nil
	}
	var same []string
	for _, x := range h.Held[seat].Cards() {
		if x != cards.Joker && SuitOf(x, trump, hasTrump) == led {
			same = append(same, x.String())
		}
	}
	if len(same) > 0 {
		return game.RenounceError(h, seat, c, led, same, TextFollow)
	}
	return nil
}

// TrickWinner implements game.Ruleset. With a trump suit: the highest
// trump by the Joker-and-Bowers order, else the highest card of the suit
// led. At no trumps: the Joker, unless a player not leading plays it to a
// suit he has renounced before; else the highest card of the suit led.
func (r *Rules) TrickWinner(h *game.Hand, t *game.Trick) cards.Seat {
	trump, hasTrump := h.Trump()
	led := ledSuit(h, t)
	index := len(h.Tricks) - 1
	for i := range h.Tricks {
		if &h.Tricks[i] == t {
			index = i
		}
	}
	best, bestRank := cards.NoSeat, -1
	for i, p := range t.Cards {
		rank := -1
		switch {
		case hasTrump && SuitOf(p.Card, trump, true) == trump:
			rank = 1000 + TrumpRank(p.Card, trump)
		case p.Card == cards.Joker:
			if i == 0 || !Renounced(h, p.Seat, led, index) {
				rank = 2000
			}
		case led == cards.NoSuit || SuitOf(p.Card, trump, hasTrump) == led:
			rank = int(p.Card.Rank())
		}
		if rank > bestRank {
			best, bestRank = p.Seat, rank
		}
	}
	if best == cards.NoSeat {
		return t.Leader
	}
	return best
}

// nameJoker is the leader's call naming the suit of the Joker he is about
// to lead at no trumps.
func (r *Rules) nameJoker(h *game.Hand, c cards.Call) error {
	tok := c.String()
	suit, isSuit := c.Strain.Trump()
	if c.Kind != cards.Bid || c.Level != 0 || !isSuit || c.Strain == cards.RoyalSpades {
		return game.Illegal(tok, "the bidding is over; during the play a call only names the suit of the Joker led at no trumps: H, S, D or C", TextNoTrumps)
	}
	if _, hasTrump := h.Trump(); hasTrump {
		return game.Illegal(tok, "with a trump suit the Joker is the master trump; a suit is named for it only at no trumps", TextRank)
	}
	t := h.CurrentTrick()
	seat := h.Turn
	switch {
	case t == nil || len(t.Cards) > 0:
		return game.Illegal(tok, "the suit of the Joker is named by the player who leads it, as he leads", TextNoTrumps)
	case t.Named:
		return game.Illegal(tok, fmt.Sprintf("%s has already named %s for the Joker", h.SeatName(seat), t.LedAs.Name()), TextNoTrumps)
	case h.Known(seat) && !h.Held[seat].Has(cards.Joker):
		return game.Illegal(tok, h.SeatName(seat)+" does not hold the Joker", TextNoTrumps)
	case h.Played.Has(cards.Joker):
		return game.Illegal(tok, "the Joker has been played", TextNoTrumps)
	case !h.Known(seat) && heldByOther(h, seat, cards.Joker):
		return game.Illegal(tok, "the Joker is in another player's hand", TextNoTrumps)
	case Renounced(h, seat, suit, len(h.Tricks)-1):
		return game.Illegal(tok, fmt.Sprintf("%s has renounced %s and cannot nominate the Joker to be of that suit", h.SeatName(seat), suit.Name()), TextNoTrumps)
	}
	if err := unavailable(h, seat, cards.Joker); err != nil {
		return err
	}
	t.LedAs, t.Named = suit, true
	return nil
}

// unavailable refuses a card seat cannot have: one laid away with the
// discard, or one of a widow that nobody, or another player, took.
func unavailable(h *game.Hand, seat cards.Seat, c cards.Card) error {
	tok := c.String()
	for _, d := range h.Discards {
		if d == c {
			return game.Illegal(tok, c.String()+" was laid away with the discard", TextWidow)
		}
	}
	bidder := cards.NoSeat
	if h.Contract != nil {
		bidder = h.Contract.Declarer
	}
	if h.Widow.Has(c) {
		switch {
		case bidder == cards.NoSeat:
			return game.Illegal(tok, c.String()+" is in the widow, which nobody takes when nobody bids", TextBidding)
		case seat != bidder:
			return game.Illegal(tok, fmt.Sprintf("%s is in the widow, which %s took", c, h.SeatName(bidder)), TextWidow)
		}
	}
	return nil
}
