package dd

import (
	"math/bits"

	"github.com/hoyle/hoyle/events/cards"
)

// Position is a moment of the play of a bridge deal, open-handed: what each
// seat still holds, the strain, whose lead it was to the trick in progress
// and the cards already played to that trick.
//
// Hands holds the cards each seat still holds, indexed by cards.Seat
// (North 0, East 1, South 2, West 3). At the start of a trick every hand
// holds the same number of cards; during a trick, the seats that have
// already played to it hold one card fewer.
//
// Trick holds the cards played to the trick in progress, in the order they
// were played, starting with Leader's card: zero to three cards. The cards
// in Trick are in no hand.
type Position struct {
	Hands  [4]cards.Set
	Strain cards.Strain // a trump suit or cards.NoTrump
	Leader cards.Seat   // the seat that led, or is to lead, the trick in progress
	Trick  []cards.Card // cards already played to the trick in progress, Leader's first
}

// NewDealPosition is the position before the opening lead of a deal.
func NewDealPosition(d cards.Deal, strain cards.Strain, leader cards.Seat) Position {
	var p Position
	for i := 0; i < 4 && i < len(d); i++ {
		p.Hands[i] = d[i]
	}
	p.Strain = strain
	p.Leader = leader
	return p
}

// ToPlay is the seat whose turn it is.
func (p Position) ToPlay() cards.Seat { return p.Leader.Plus(len(p.Trick), 4) }

// TricksLeft is the number of tricks not yet complete, counting the one in
// progress.
func (p Position) TricksLeft() int { return p.Hands[p.Leader].Len() + min(len(p.Trick), 1) }

// Validate reports whether p can arise in play: a strain the solver knows, a
// compass leader, at most three cards in the trick, no card twice, hand
// sizes consistent with the trick in progress, and a trick that follows
// suit wherever it could. The error unwraps to ErrBadPosition or
// ErrBadStrain.
func (p Position) Validate() error {
	if _, err := trumpOf(p.Strain); err != nil {
		return err
	}
	if p.Leader < 0 || p.Leader > 3 {
		return badPosition("the leader must be N, E, S or W")
	}
	if len(p.Trick) > 3 {
		return badPosition("a trick in progress holds at most three cards, not %d", len(p.Trick))
	}
	var seen cards.Set
	for i, h := range p.Hands {
		if h&^cards.Set(1<<52-1) != 0 {
			return badPosition("%s holds a card that is not in the bridge pack", cards.Seat(i).Name())
		}
		if seen&h != 0 {
			return badPosition("%s is held twice", (seen & h).Cards()[0])
		}
		seen |= h
	}
	for _, c := range p.Trick {
		if !c.Valid() || c == cards.Joker {
			return badPosition("the trick holds %v, which is not a card of the bridge pack", c)
		}
		if seen.Has(c) {
			return badPosition("%v is both played to the trick and held", c)
		}
		seen = seen.Add(c)
	}
	n := p.Hands[p.Leader].Len() + min(len(p.Trick), 1)
	if n == 0 {
		return badPosition("no cards are left to play")
	}
	for k := 0; k < 4; k++ {
		seat := p.Leader.Plus(k, 4)
		want := n
		if k < len(p.Trick) {
			want = n - 1
		}
		if got := p.Hands[seat].Len(); got != want {
			return badPosition("%s holds %d cards where %d are expected", seat.Name(), got, want)
		}
	}
	if len(p.Trick) > 0 {
		led := p.Trick[0].Suit()
		for k := 1; k < len(p.Trick); k++ {
			c := p.Trick[k]
			seat := p.Leader.Plus(k, 4)
			if c.Suit() != led && p.Hands[seat].HasSuit(led) {
				return badPosition("%s played %v but still holds %s", seat.Name(), c, led.Name())
			}
		}
	}
	return nil
}

const noTrump = 4 // internal trump index for no trumps; 0..3 are cards.Suit

// trumpOf maps a strain to the internal trump index.
func trumpOf(s cards.Strain) (int, error) {
	switch s {
	case cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades:
		return int(s), nil
	case cards.NoTrump:
		return noTrump, nil
	}
	return 0, &PositionError{Kind: ErrBadStrain, Reason: "the strain must be C, D, H, S or NT, not " + s.String()}
}

// holding is one suit of a hand as a 13-bit set: bit r is rank r+2, so bit
// 12 is the ace.
type holding = uint16

// suitOf splits a cards.Set into its four suits (cards.Suit order: clubs
// first). cards.Set numbers a card 1+suit*13+rank-2, so each suit is 13
// consecutive bits.
func suitOf(s cards.Set, u int) holding { return holding(uint64(s)>>(13*uint(u))) & 0x1fff }

// splitCard is the internal suit and rank index of a card.
func splitCard(c cards.Card) (int, int) { return int(c.Suit()), int(c.Rank()) - 2 }

func count(h holding) int { return bits.OnesCount16(h) }

// top is the rank index of the highest card of a non-empty holding.
func top(h holding) int { return bits.Len16(h) - 1 }
