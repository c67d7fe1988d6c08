package dd

import (
	"testing"

	"github.com/hoyle/hoyle/events/cards"
	"pgregory.net/rapid"
)

// Property tests on random endings (rapid draws the cards; rerun a failure
// with the -rapid.seed it prints). Endings of up to seven tricks keep each
// check to milliseconds.

// genPosition draws an ending of 1..maxTricks tricks a seat, a strain, a
// leader and a random legal prefix of play (so also mid-trick).
func genPosition(t *rapid.T, maxTricks int) Position {
	n := rapid.IntRange(min(3, maxTricks), maxTricks).Draw(t, "tricks")
	deck := rapid.Permutation(cards.Deck(2, false)).Draw(t, "deck")
	var p Position
	for i := 0; i < 4*n; i++ {
		p.Hands[i%4] = p.Hands[i%4].Add(deck[i])
	}
	p.Strain = rapid.SampledFrom(allStrains).Draw(t, "strain")
	p.Leader = cards.Seat(rapid.IntRange(0, 3).Draw(t, "leader"))
	k := rapid.IntRange(0, 4*n-1).Draw(t, "played")
	for i := 0; i < k; i++ {
		ls := legalCards(p)
		c := ls[rapid.IntRange(0, len(ls)-1).Draw(t, "card")]
		p, _ = playCard(p, c)
	}
	return p
}

// leaderSideValue is what card c is worth to the side of p.Leader: the
// trick it completes, if that side wins it, plus that side's share of what
// is left.
func leaderSideValue(t *rapid.T, s *Solver, p Position, c cards.Card) int {
	q, won := playCard(p, c)
	side := p.Leader.Partnership()
	v := 0
	if won == side {
		v = 1
	}
	if q.TricksLeft() == 0 {
		return v
	}
	r, err := s.Solve(q)
	if err != nil {
		t.Fatal(err)
	}
	if q.Leader.Partnership() != side {
		r = q.TricksLeft() - r
	}
	return v + r
}

// The value is between 0 and the tricks left; the best card keeps it and
// no card beats it (minimax consistency, which also checks the search
// after every card of the position).
func TestPropMinimax(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t, 6)
		s := NewSolver(Config{TTBytes: 1 << 20})
		v, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		if v < 0 || v > p.TricksLeft() {
			t.Fatalf("value %d outside 0..%d", v, p.TricksLeft())
		}
		mover := p.ToPlay().Partnership() == p.Leader.Partnership()
		best := -1
		for _, c := range legalCards(p) {
			cv := leaderSideValue(t, s, p, c)
			if best < 0 || mover && cv > best || !mover && cv < best {
				best = cv
			}
		}
		if best != v {
			t.Fatalf("value %d, but the best card gives %d", v, best)
		}
	})
}

// Both sides' tricks add up to the tricks left, solving with either side as
// the maximizing side.
func TestPropSidesSum(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t, 7)
		s := NewSolver(Config{TTBytes: 1 << 20})
		ns := s.solveFor(p, cards.NS)
		ew := s.solveFor(p, cards.EW)
		if ns+ew != p.TricksLeft() {
			t.Fatalf("NS %d + EW %d != %d tricks left", ns, ew, p.TricksLeft())
		}
	})
}

// Turning the table (every seat one place to the left) or renaming the
// suits (the trump suit with them) changes nothing.
func TestPropSymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t, 7)
		perm := rapid.Permutation([]cards.Suit{cards.Clubs, cards.Diamonds, cards.Hearts, cards.Spades}).Draw(t, "suits")
		rename := func(c cards.Card) cards.Card { return cards.NewCard(perm[c.Suit()], c.Rank()) }
		var q Position
		for seat := 0; seat < 4; seat++ {
			for _, c := range p.Hands[seat].Cards() {
				q.Hands[(seat+1)%4] = q.Hands[(seat+1)%4].Add(rename(c))
			}
		}
		for _, c := range p.Trick {
			q.Trick = append(q.Trick, rename(c))
		}
		q.Leader = p.Leader.Plus(1, 4)
		q.Strain = p.Strain
		if u, ok := p.Strain.Trump(); ok {
			q.Strain = cards.StrainOf(perm[u])
		}
		a, err := Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Solve(q)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("%d before turning the table and renaming suits %v, %d after", a, perm, b)
		}
	})
}

// A table (on two threads or one) agrees with single solves, entry for
// entry; declarer's and the leader's side share the tricks.
func TestPropTable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "tricks")
		deck := rapid.Permutation(cards.Deck(2, false)).Draw(t, "deck")
		var p Position
		for i := 0; i < 4*n; i++ {
			p.Hands[i%4] = p.Hands[i%4].Add(deck[i])
		}
		two, _, err := tableOf(p, Config{Threads: 2, TTBytes: 2 << 20})
		if err != nil {
			t.Fatal(err)
		}
		one, _, err := tableOf(p, Config{Threads: 1, TTBytes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if one != two {
			t.Fatalf("one thread %v, two threads %v", one, two)
		}
		for _, st := range Strains {
			for d := cards.North; d <= cards.West; d++ {
				p.Strain, p.Leader = st, d.Plus(1, 4)
				v, err := Solve(p)
				if err != nil {
					t.Fatal(err)
				}
				if got := one.Get(st, d); got != n-v || got < 0 || got > n {
					t.Fatalf("%v by %v: table %d, single solve %d of %d", st, d, got, n-v, n)
				}
			}
		}
	})
}
