package cards

import (
	"math/bits"
	"strings"
)

// Set is a set of cards: a player's hand, the cards played, a widow. It is a
// bit set, so copying and comparing are free.
type Set uint64

// NewSet makes the set of the given cards.
func NewSet(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s = s.Add(c)
	}
	return s
}

func bit(c Card) Set {
	if !c.Valid() {
		return 0
	}
	return 1 << (c - 1)
}

// Add returns s with c in it.
func (s Set) Add(c Card) Set { return s | bit(c) }

// Remove returns s without c.
func (s Set) Remove(c Card) Set { return s &^ bit(c) }

// Has reports whether c is in s.
func (s Set) Has(c Card) bool { return c.Valid() && s&bit(c) != 0 }

// Len is the number of cards in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Union is the cards in s or t.
func (s Set) Union(t Set) Set { return s | t }

// Intersect is the cards in both s and t.
func (s Set) Intersect(t Set) Set { return s & t }

// Suit is the cards of s in suit u.
func (s Set) Suit(u Suit) Set {
	if u > Spades {
		return 0
	}
	return s & (Set(1<<13-1) << (13 * uint(u)))
}

// HasSuit reports whether s holds a card of suit u.
func (s Set) HasSuit(u Suit) bool { return s.Suit(u) != 0 }

// Cards lists the cards of s from the highest spade down to the lowest club,
// the Joker first.
func (s Set) Cards() []Card {
	out := make([]Card, 0, s.Len())
	if s.Has(Joker) {
		out = append(out, Joker)
	}
	for _, u := range Suits {
		for r := Ace; r >= 2; r-- {
			if c := NewCard(u, r); s.Has(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// PBN writes s as a PBN hand: spades, hearts, diamonds, clubs, each from the
// ace down, separated by dots ("AKQ2.K2.A3.AQ432"; a void is empty). A Joker,
// which PBN cannot say, is written as a trailing "+JK".
func (s Set) PBN() string {
	var b strings.Builder
	for i, u := range Suits {
		if i > 0 {
			b.WriteByte('.')
		}
		for r := Ace; r >= 2; r-- {
			if s.Has(NewCard(u, r)) {
				b.WriteString(r.String())
			}
		}
	}
	if s.Has(Joker) {
		b.WriteString("+JK")
	}
	return b.String()
}

// ParseHand reads a PBN hand ("AKQ2.K2.A3.AQ432", "-" for a void is accepted
// too, "+JK" adds the Joker). A card named twice is an error.
func ParseHand(tok string) (Set, error) {
	t := strings.ToUpper(strings.TrimSpace(tok))
	var s Set
	if rest, ok := strings.CutSuffix(t, "+JK"); ok {
		s = s.Add(Joker)
		t = rest
	}
	parts := strings.Split(t, ".")
	if len(parts) != 4 {
		return 0, tokenError(ErrBadDeal, tok, "a hand is four suits separated by dots, spades first, such as AKQ2.K2.A3.AQ432")
	}
	for i, p := range parts {
		if p == "-" {
			continue
		}
		p = strings.ReplaceAll(p, "10", "T")
		for j := 0; j < len(p); j++ {
			r, err := ParseRank(p[j : j+1])
			if err != nil {
				return 0, tokenError(ErrBadDeal, tok, "the "+Suits[i].Name()+" hold "+p[j:j+1]+", which is not a rank")
			}
			c := NewCard(Suits[i], r)
			if s.Has(c) {
				return 0, tokenError(ErrBadDeal, tok, c.String()+" is named twice")
			}
			s = s.Add(c)
		}
	}
	return s, nil
}
