// Package cards is the vocabulary every other hoyle package speaks: suits,
// ranks, cards, sets of cards, seats, strains and calls, with their parsers.
//
// Nothing here knows the rules of any game. A pack, the number of seats and
// the order of strains are decided by a ruleset (see projections/game); this
// package only names things and reads and writes them as text.
//
// Parsing is case-insensitive and every parser reports a *TokenError that
// names the token and unwraps to one of the sentinel errors in errors.go.
package cards

import (
	"strings"
)

// Suit is one of the four suits, ordered as bridge ranks them (clubs lowest).
// NoSuit is the suit of the Joker.
type Suit uint8

// The suits, lowest first.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
	NoSuit
)

// Suits lists the four suits from spades down, the order of PBN hands and of
// hand diagrams.
var Suits = [4]Suit{Spades, Hearts, Diamonds, Clubs}

var suitLetters = [...]string{"C", "D", "H", "S", ""}
var suitSymbols = [...]string{"♣", "♦", "♥", "♠", ""}
var suitNames = [...]string{"clubs", "diamonds", "hearts", "spades", "no suit"}

// String is the suit's letter: C, D, H or S.
func (s Suit) String() string {
	if int(s) < len(suitLetters) {
		return suitLetters[s]
	}
	return "?"
}

// Symbol is the suit's symbol: ♣ ♦ ♥ ♠.
func (s Suit) Symbol() string {
	if int(s) < len(suitSymbols) {
		return suitSymbols[s]
	}
	return "?"
}

// Name is the suit's English name, plural: "spades".
func (s Suit) Name() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return "?"
}

// ParseSuit reads a suit letter, symbol or name.
func ParseSuit(tok string) (Suit, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "c", "♣", "club", "clubs":
		return Clubs, nil
	case "d", "♦", "diamond", "diamonds":
		return Diamonds, nil
	case "h", "♥", "heart", "hearts":
		return Hearts, nil
	case "s", "♠", "spade", "spades":
		return Spades, nil
	}
	return NoSuit, tokenError(ErrBadSuit, tok, "a suit is S, H, D or C")
}

// Rank is a card's rank: 2 to 10, then Jack 11, Queen 12, King 13, Ace 14.
type Rank uint8

// The court and ace ranks.
const (
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

const rankLetters = "23456789TJQKA"

// String is the rank's PBN letter: 2-9, T, J, Q, K, A.
func (r Rank) String() string {
	if r >= 2 && r <= Ace {
		return rankLetters[r-2 : r-1]
	}
	return "?"
}

// ParseRank reads a rank: 2-9, T or 10, J, Q, K, A.
func ParseRank(tok string) (Rank, error) {
	t := strings.ToUpper(strings.TrimSpace(tok))
	if t == "10" {
		return Ten, nil
	}
	if len(t) == 1 {
		if i := strings.IndexByte(rankLetters, t[0]); i >= 0 {
			return Rank(i + 2), nil
		}
	}
	return 0, tokenError(ErrBadRank, tok, "a rank is 2-9, T (or 10), J, Q, K or A")
}

// Card is one playing card, or the Joker. The zero Card is no card.
//
// A card is a small number (1 to 53) so that sets of cards fit in a word and
// events encode a card in one byte.
type Card uint8

// NoCard is the zero Card.
const NoCard Card = 0

// Joker is the Joker of the Five Hundred and Quinto packs.
const Joker Card = 53

// NewCard makes the card of the given suit and rank.
func NewCard(s Suit, r Rank) Card {
	if s > Spades || r < 2 || r > Ace {
		return NoCard
	}
	return Card(1 + int(s)*13 + int(r-2))
}

// Suit is the card's suit; NoSuit for the Joker and for NoCard.
func (c Card) Suit() Suit {
	if c == NoCard || c == Joker || c > Joker {
		return NoSuit
	}
	return Suit((c - 1) / 13)
}

// Rank is the card's rank; 0 for the Joker.
func (c Card) Rank() Rank {
	if c == NoCard || c >= Joker {
		return 0
	}
	return Rank((c-1)%13 + 2)
}

// Valid reports whether c is one of the 53 cards.
func (c Card) Valid() bool { return c >= 1 && c <= Joker }

// String is the card in suit-then-rank form: "SA", "HT", "JK" for the Joker.
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return cardNames[c]
}

// cardNames is each card's String, made once: the laws name the card of
// every play they check (an entry's token), and a fold of a whole log
// checks millions.
var cardNames = func() (names [Joker + 1]string) {
	for c := Card(1); c < Joker; c++ {
		names[c] = c.Suit().String() + c.Rank().String()
	}
	names[Joker] = "JK"
	return names
}()

// Symbol is the card with its suit symbol: "♠A", "♥10".
func (c Card) Symbol() string {
	switch {
	case c == Joker:
		return "Joker"
	case !c.Valid():
		return "??"
	}
	return c.Suit().Symbol() + c.Rank().Display()
}

// Display is the rank as a reader expects it in prose and diagrams: 10, not T.
func (r Rank) Display() string {
	if r == Ten {
		return "10"
	}
	return r.String()
}

// ParseCard reads a card. Both orders are accepted, in any case: "SA", "as",
// "HT", "H10", "10h", "d2". The Joker is "JK" or "joker".
func ParseCard(tok string) (Card, error) {
	t := strings.ToUpper(strings.TrimSpace(tok))
	if t == "JK" || t == "JOKER" || t == "JO" {
		return Joker, nil
	}
	if len(t) < 2 || len(t) > 3 {
		return NoCard, tokenError(ErrBadCard, tok, "a card is a suit and a rank, such as SA, HT, H10 or d2")
	}
	// Suit first ("SA", "H10") or rank first ("AS", "10H").
	if s, err := ParseSuit(t[:1]); err == nil {
		if r, err := ParseRank(t[1:]); err == nil {
			return NewCard(s, r), nil
		}
	}
	if s, err := ParseSuit(t[len(t)-1:]); err == nil {
		if r, err := ParseRank(t[:len(t)-1]); err == nil {
			return NewCard(s, r), nil
		}
	}
	return NoCard, tokenError(ErrBadCard, tok, "a card is a suit and a rank, such as SA, HT, H10 or d2")
}

// MustCard parses a card or panics; for tests and tables of constants.
func MustCard(tok string) Card {
	c, err := ParseCard(tok)
	if err != nil {
		panic(err)
	}
	return c
}

// Deck returns the cards of a standard pack: every suit from the lowest rank
// given to the ace, plus the Joker when joker is true. Bridge and whist use
// Deck(2, false); Five Hundred Deck(7, true); Quinto Deck(2, true).
func Deck(lowest Rank, joker bool) []Card {
	var d []Card
	for _, s := range []Suit{Clubs, Diamonds, Hearts, Spades} {
		for r := lowest; r <= Ace; r++ {
			d = append(d, NewCard(s, r))
		}
	}
	if joker {
		d = append(d, Joker)
	}
	return d
}
