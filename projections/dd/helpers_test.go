package dd

import (
	"flag"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events/cards"
)

// The randomized tests take their seed from -dd.seed or DD_SEED, and print
// it when they fail, so a failure can be replayed with the same seed.
var seedFlag = flag.Uint64("dd.seed", 0, "seed of the randomized dd tests (0: DD_SEED, else the clock)")

func testSeed(t testing.TB) uint64 {
	seed := *seedFlag
	if seed == 0 {
		if v, err := strconv.ParseUint(os.Getenv("DD_SEED"), 10, 64); err == nil {
			seed = v
		}
	}
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("seed %d (rerun with -dd.seed=%d or DD_SEED=%d)", seed, seed, seed)
		}
	})
	return seed
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v >= 0 {
		return v
	}
	return def
}

// randomDeal deals the 52 cards at random (the differential tests
// against DDS, build tag dds, use it).
func randomDeal(r *rand.Rand) cards.Deal {
	deck := cards.Deck(2, false)
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	d := make(cards.Deal, 4)
	for i, c := range deck {
		d[i%4] = d[i%4].Add(c)
	}
	return d
}

// randomEnding deals n cards to each seat from a random subset of the pack.
func randomEnding(r *rand.Rand, n int) [4]cards.Set {
	deck := cards.Deck(2, false)
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var h [4]cards.Set
	for i := 0; i < 4*n; i++ {
		h[i%4] = h[i%4].Add(deck[i])
	}
	return h
}

var allStrains = []cards.Strain{cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades, cards.NoTrump}

// legalCards is what the seat to play may play.
func legalCards(p Position) []cards.Card {
	h := p.Hands[p.ToPlay()]
	if len(p.Trick) > 0 {
		if s := h.Suit(p.Trick[0].Suit()); s != 0 {
			return s.Cards()
		}
	}
	return h.Cards()
}

// playCard returns p after c, and the side that won the trick if c
// completed one (else cards.NoSide).
func playCard(p Position, c cards.Card) (Position, cards.Side) {
	seat := p.ToPlay()
	p.Hands[seat] = p.Hands[seat].Remove(c)
	p.Trick = append(append([]cards.Card(nil), p.Trick...), c)
	if len(p.Trick) < 4 {
		return p, cards.NoSide
	}
	winner := p.Leader.Plus(trickWinner(p.Trick, p.Strain), 4)
	p.Leader = winner
	p.Trick = nil
	return p, winner.Partnership()
}

// randomPrefix plays k random legal cards from p.
func randomPrefix(r *rand.Rand, p Position, k int) Position {
	for i := 0; i < k && p.TricksLeft() > 0; i++ {
		ls := legalCards(p)
		if len(ls) == 0 {
			break
		}
		p, _ = playCard(p, ls[r.IntN(len(ls))])
	}
	return p
}

// bruteForce is plain minimax over every legal card: the tricks of the
// remaining ones that the side of p.Leader takes. Only for small endings.
func bruteForce(p Position) int {
	side := p.Leader.Partnership()
	return bruteSide(p, side, map[bruteKey]int{})
}

// bruteKey is a position between tricks: what is left of the hands and
// who leads. The tricks a side takes from it do not depend on how play
// came to it, so bruteSide looks each one up once (still every legal
// card, with no bound or equivalence of cards: a 4-card ending has
// hundreds of thousands of plays, but a few thousand such positions).
type bruteKey struct {
	hands  [4]cards.Set
	leader cards.Seat
}

// bruteSide is the tricks side takes from p with best play; seen holds
// those of the positions between tricks already searched.
func bruteSide(p Position, side cards.Side, seen map[bruteKey]int) int {
	if p.TricksLeft() == 0 {
		return 0
	}
	var key bruteKey
	if len(p.Trick) == 0 {
		key = bruteKey{p.Hands, p.Leader}
		if v, ok := seen[key]; ok {
			return v
		}
	}
	mover := p.ToPlay().Partnership()
	best := -1
	for _, c := range legalCards(p) {
		q, won := playCard(p, c)
		v := bruteSide(q, side, seen)
		if won == side {
			v++
		}
		if best < 0 || (mover == side && v > best) || (mover != side && v < best) {
			best = v
		}
	}
	if len(p.Trick) == 0 {
		seen[key] = best
	}
	return best
}
