// Package game is the interface every code of laws implements (Ruleset) and
// the state of one hand that they all share (Hand), with the building blocks
// most trick-taking rulesets reuse: a competitive auction, following suit,
// trick winners.
//
// A Ruleset decides everything game-specific: the pack, the seats, the deal
// pattern, how trumps are settled (an auction, a declaration, a turned-up
// card), which calls and plays are legal, who wins a trick, and the score.
// Nothing outside a ruleset assumes four players, 52 cards or 13 tricks.
//
// Rulesets live one per package under projections/rules/; the registry
// there lists them.
package game

import (
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// Seating describes a table: how many seats, what they are called, and who
// plays with whom.
type Seating struct {
	Seats   int          // number of seats, numbered clockwise from 0
	Names   []string     // short name by seat: "N", "E", ... or "A", "B", "C"
	Sides   []cards.Side // each seat's side
	Compass bool         // seats are N, E, S, W (PBN and LIN can describe them)

	// PlayedFrom is, in a game where one player plays more than one hand
	// (the dummy games), by seat the seat whose player plays its cards:
	// the seat itself for a player's own hand. A seat played from another
	// has no player of its own: nobody is named to it, and its cards are
	// asked of the player who plays it. Nil: every seat is a player's.
	PlayedFrom []cards.Seat
	// Dummies marks, by seat, the hands that lie face up on the table and
	// are played by another (English Dummy's dummy, Double Dummy's two);
	// nil for none. Bridge's dummy is the hand's (Hand.Dummy): it is
	// settled by the auction.
	Dummies []bool
	// Players lists the seats that have players of their own in the order
	// new --players names them, when that is not seat order (English
	// Dummy: in the order of the cut, the first to take dummy first). Nil:
	// every seat with a player of its own, in seat order.
	Players []cards.Seat
}

// SideCount is the number of sides.
func (s Seating) SideCount() int {
	n := 0
	for _, side := range s.Sides {
		if int(side)+1 > n {
			n = int(side) + 1
		}
	}
	return n
}

// Partner is the other seat of s's side in a partnership game, or NoSeat.
func (s Seating) Partner(seat cards.Seat) cards.Seat {
	for i, side := range s.Sides {
		if cards.Seat(i) != seat && int(seat) >= 0 && int(seat) < len(s.Sides) && side == s.Sides[seat] {
			return cards.Seat(i)
		}
	}
	return cards.NoSeat
}

// SideOf is the side of a seat; NoSide for NoSeat.
func (s Seating) SideOf(seat cards.Seat) cards.Side {
	if seat < 0 || int(seat) >= len(s.Sides) {
		return cards.NoSide
	}
	return s.Sides[seat]
}

// Compass is the seating of a four-handed partnership game: N E S W, with
// North–South against East–West.
var Compass = Seating{
	Seats:   4,
	Names:   []string{"N", "E", "S", "W"},
	Sides:   []cards.Side{cards.NS, cards.EW, cards.NS, cards.EW},
	Compass: true,
}

// Info describes a ruleset for people.
type Info struct {
	ID    string // what `--game` takes: "auction", "contract"
	Title string // "Auction Bridge"
	Code  string // the code of laws it follows, with its source
	// WidowName is what the game calls the cards dealt apart, if it has
	// any: "cachette" (Quinto); "" for "widow".
	WidowName string
	Options   []OptionInfo
}

// OptionInfo describes one session option a ruleset takes.
type OptionInfo struct {
	Name    string   // "scoring"
	Values  []string // allowed values; the first is the default
	Summary string
}

// DealResult is what the deal pattern gives: each seat's hand, and any cards
// dealt apart (a widow) or turned up for trump.
type DealResult struct {
	Hands  []cards.Set
	Widow  cards.Set
	TurnUp cards.Card
}

// Ruleset is one code of laws.
type Ruleset interface {
	Info() Info
	Seating() Seating
	// Pack is every card of the pack, in the fixed order a recorded shuffle's
	// permutation refers to.
	Pack() []cards.Card
	// Tricks is the number of tricks in a hand.
	Tricks() int
	// Deal distributes a pack, top card first, by the deal pattern, starting
	// with the seat on the dealer's left.
	Deal(pack []cards.Card, dealer cards.Seat) DealResult
	// CheckDeal checks hands given by the scorer (some may be unknown).
	CheckDeal(d DealResult) error
	// CheckCut checks a cut of top cards from a pack of n.
	CheckCut(top, n int) error
	// NextDealer is the dealer of the hand after h. (The first hand's
	// dealer is the session's: new --dealer, or the cut for deal.)
	NextDealer(h *Hand) cards.Seat
	// Start sets up a freshly dealt hand: its phase, turn, and anything the
	// deal settles (a turned-up trump).
	Start(h *Hand, opts Options)
	// ParseCall reads a call in this game's words.
	ParseCall(tok string) (cards.Call, error)
	// CallSpace lists every call this game has, in auction order, legal or
	// not: completion and the simulator pick from it (see Hand.LegalCalls).
	CallSpace() []cards.Call
	// Call checks a call by the seat whose turn it is and, if it is legal,
	// applies it: the call is appended to h.Calls, and the ruleset updates
	// the turn, phase and contract. An illegal call leaves h unchanged and
	// returns an *IllegalError.
	Call(h *Hand, call cards.Call, id events.ID) error
	// Discard lays away cards (Five Hundred's widow); games without it
	// return an *IllegalError.
	Discard(h *Hand, seat cards.Seat, cs []cards.Card) error
	// CheckPlay checks a card for the seat whose turn it is, beyond the
	// generic checks (the card is held and not yet played): following suit.
	CheckPlay(h *Hand, seat cards.Seat, c cards.Card) error
	// TrickWinner names the seat that wins a complete trick, or NoSeat
	// where the code as hoyle has it does not say which card wins (Quinto:
	// its text breaks off first): then the table says who won it
	// (Hand.WinTrick), and play waits until it has.
	TrickWinner(h *Hand, t *Trick) cards.Seat
	// Score folds the session's finished hands into its score sheet.
	Score(in ScoreInput) ScoreSheet
}

// Options are a session's settings, by name.
type Options map[string]string
