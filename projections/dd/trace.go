package dd

import (
	"github.com/hoyle/hoyle/events/cards"
)

// PlayTrace is the double-dummy value of a played sequence, card by card.
//
// Declarer is the seat on the right of the opening leader (as in DDS's
// AnalysePlay): Tricks[0] is the tricks declarer's side takes with best
// play from the start, and Tricks[i] the tricks it takes in all (those
// already won plus the best from here) after the i-th card. Cost[i-1] is
// what the i-th card cost the side that played it: 0 if the card keeps the
// best result, otherwise how many tricks that side can no longer take.
type PlayTrace struct {
	Declarer cards.Seat
	Tricks   []int // len(play)+1 values
	Cost     []int // len(play) values
}

// DDSLen is how many values of Tricks DDS's AnalysePlay reports for the
// same play: it analyses at most 48 cards, so a complete deal's trace stops
// before the last trick.
func (t PlayTrace) DDSLen() int { return min(len(t.Tricks)-1, 48) + 1 }

// Trace replays play, from the opening lead by leader in strain, and gives
// the double-dummy value before the first card and after each card. All
// the positions share the Solver's transposition table for the strain, and
// each search is bounded by the last value: a card can only keep or lose
// tricks for the side that plays it, so most cards need one zero-window
// search.
func (s *Solver) Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, play []cards.Card) (PlayTrace, error) {
	p := NewDealPosition(d, strain, leader)
	if err := p.Validate(); err != nil {
		return PlayTrace{}, err
	}
	decl := leader.Plus(3, 4)
	dSide := decl.Partnership()
	tr := PlayTrace{Declarer: decl, Tricks: make([]int, 0, len(play)+1), Cost: make([]int, 0, len(play))}
	won := 0 // tricks declarer's side has won
	// value is declarer's total from position p, given bounds on it.
	value := func(lo, hi, guess int) int {
		left := p.TricksLeft()
		if left == 0 {
			return won
		}
		// Bounds on the leader-side tricks of the remaining ones.
		ours := p.Leader.Partnership() == dSide
		conv := func(total int) int { // declarer total -> leader-side value
			if ours {
				return total - won
			}
			return left - (total - won)
		}
		l, h, g := conv(lo), conv(hi), conv(guess)
		if !ours {
			l, h = h, l
		}
		v := s.solve(p, g, max(l, 0), min(h, left))
		if ours {
			return won + v
		}
		return won + left - v
	}
	cur := value(0, p.TricksLeft(), -1)
	tr.Tricks = append(tr.Tricks, cur)
	for i, c := range play {
		seat := p.ToPlay()
		if !p.Hands[seat].Has(c) {
			return tr, &PlayError{Index: i, Reason: seat.Name() + " does not hold " + c.String()}
		}
		if len(p.Trick) > 0 {
			led := p.Trick[0].Suit()
			if c.Suit() != led && p.Hands[seat].HasSuit(led) {
				return tr, &PlayError{Index: i, Reason: seat.Name() + " must follow to " + led.Name()}
			}
		}
		p.Hands[seat] = p.Hands[seat].Remove(c)
		p.Trick = append(p.Trick, c)
		if len(p.Trick) == 4 {
			w := trickWinner(p.Trick, p.Strain)
			winner := p.Leader.Plus(w, 4)
			if winner.Partnership() == dSide {
				won++
			}
			p.Leader = winner
			p.Trick = p.Trick[:0]
		}
		// The side that played can only lose by it.
		lo, hi := won, won+p.TricksLeft()
		if seat.Partnership() == dSide {
			hi = min(hi, cur)
		} else {
			lo = max(lo, cur)
		}
		next := value(lo, hi, cur)
		cost := cur - next
		if seat.Partnership() != dSide {
			cost = -cost
		}
		tr.Tricks = append(tr.Tricks, next)
		tr.Cost = append(tr.Cost, cost)
		cur = next
	}
	return tr, nil
}

// trickWinner is the position in a complete trick of the card that wins it.
func trickWinner(t []cards.Card, strain cards.Strain) int {
	trump, _ := trumpOf(strain)
	best := 0
	for k := 1; k < len(t); k++ {
		su, ru := splitCard(t[k])
		bs, br := splitCard(t[best])
		if beats(su, ru, bs, br, trump) {
			best = k
		}
	}
	return best
}
