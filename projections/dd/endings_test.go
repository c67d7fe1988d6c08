package dd

import (
	"math/rand/v2"
	"testing"

	"github.com/hoyle/hoyle/events/cards"
)

func mustDeal(t *testing.T, pbn string) cards.Deal {
	t.Helper()
	d, err := cards.ParseDeal(pbn)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustSolve(t *testing.T, s *Solver, p Position) int {
	t.Helper()
	v, err := s.Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A simple squeeze at no trumps. South holds a one-card threat (the spade
// queen) and the squeeze card (the club ace); North a two-card threat with
// its entry (heart ace and two). West alone guards both suits, with the
// spade king and the heart king-queen. South cashes the club ace and West
// must unguard one suit: North-South take all three tricks. With the spade
// guard moved to East, nobody is squeezed and they take two.
func TestSimpleSqueeze(t *testing.T) {
	s := NewSolver(Config{})
	cases := []struct {
		name string
		deal string
		want int
	}{
		{"squeeze", "N:2.A2.. ..432. Q.3..A K.KQ..", 3},
		{"split guards", "N:2.A2.. K..32. Q.3..A .KQ.4.", 2},
	}
	for _, c := range cases {
		d := mustDeal(t, c.deal)
		p := NewDealPosition(d, cards.NoTrump, cards.South)
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if bf := bruteForce(p); bf != c.want {
			t.Fatalf("%s: brute force says %d, the test expects %d", c.name, bf, c.want)
		}
		if got := mustSolve(t, s, p); got != c.want {
			t.Errorf("%s: South's side takes %d, want %d", c.name, got, c.want)
		}
	}
}

// trickWinner with and without trumps: following suit, ruffing, overruffing,
// discarding.
func TestTrumpWinner(t *testing.T) {
	cases := []struct {
		trick  []string
		strain cards.Strain
		want   int
	}{
		{[]string{"C2", "CA", "C3", "C4"}, cards.NoTrump, 1},
		{[]string{"C2", "S2", "C3", "S3"}, cards.StrainSpades, 3},
		{[]string{"C2", "H2", "C3", "HA"}, cards.StrainSpades, 2},
		{[]string{"DA", "DK", "S2", "D3"}, cards.StrainSpades, 2},
		{[]string{"DA", "DK", "S2", "D3"}, cards.StrainHearts, 0},
		{[]string{"H5", "H9", "HT", "H4"}, cards.StrainHearts, 2},
	}
	for _, c := range cases {
		var tr []cards.Card
		for _, x := range c.trick {
			tr = append(tr, cards.MustCard(x))
		}
		if got := trickWinner(tr, c.strain); got != c.want {
			t.Errorf("%v in %v: winner at %d, want %d", c.trick, c.strain, got, c.want)
		}
	}
}

// Mid-trick: the answer counts the trick in progress for the side of the
// seat that led to it.
func TestMidTrick(t *testing.T) {
	s := NewSolver(Config{})
	// One card each left after North led the spade ace; East has the
	// spade king, South and West small spades.
	p := Position{Strain: cards.NoTrump, Leader: cards.North, Trick: []cards.Card{cards.MustCard("SA")}}
	p.Hands[cards.East] = cards.NewSet(cards.MustCard("SK"))
	p.Hands[cards.South] = cards.NewSet(cards.MustCard("S2"))
	p.Hands[cards.West] = cards.NewSet(cards.MustCard("S3"))
	if got := mustSolve(t, s, p); got != 1 {
		t.Errorf("North's ace in progress: %d, want 1", got)
	}
	// Two tricks: North led the heart 2, East and South still to play in the
	// trick. East: HA SA; South: HK S2; West played... no: West is last.
	p = Position{Strain: cards.NoTrump, Leader: cards.North, Trick: []cards.Card{cards.MustCard("H2")}}
	p.Hands[cards.North] = cards.NewSet(cards.MustCard("S3"))
	p.Hands[cards.East] = cards.NewSet(cards.MustCard("HA"), cards.MustCard("SA"))
	p.Hands[cards.South] = cards.NewSet(cards.MustCard("HK"), cards.MustCard("S2"))
	p.Hands[cards.West] = cards.NewSet(cards.MustCard("H3"), cards.MustCard("S4"))
	// East wins the heart with the ace and cashes the spade ace: NS take 0.
	if got, bf := mustSolve(t, s, p), bruteForce(p); got != 0 || bf != 0 {
		t.Errorf("got %d, brute force %d, want 0", got, bf)
	}
	if p.TricksLeft() != 2 || p.ToPlay() != cards.East {
		t.Errorf("TricksLeft %d ToPlay %v", p.TricksLeft(), p.ToPlay())
	}
}

// Random small endings, every kind of trick in progress, against plain
// minimax.
func TestEndingsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed(t), 1))
	n := envInt("DD_ENDINGS", 800)
	if testing.Short() {
		n /= 5
	}
	shared := NewSolver(Config{TTBytes: 1 << 20})
	for i := 0; i < n; i++ {
		tricks := 1 + r.IntN(4)
		h := randomEnding(r, tricks)
		p := Position{Hands: h, Strain: allStrains[r.IntN(5)], Leader: cards.Seat(r.IntN(4))}
		p = randomPrefix(r, p, r.IntN(4))
		if p.TricksLeft() == 0 {
			continue
		}
		want := bruteForce(p)
		fresh := mustSolve(t, NewSolver(Config{}), p)
		reused := mustSolve(t, shared, p)
		if fresh != want || reused != want {
			t.Fatalf("position %d %+v: solver %d (shared TT %d), brute force %d", i, p, fresh, reused, want)
		}
	}
}

func TestGroups(t *testing.T) {
	// North holds AKQ and 9 8 in spades; East the J, South the T, West 2.
	// Groups: AKQ (J separates), then 98 (T separates from J? no: T is
	// South's, between Q..J..T..9): AKQ | 98.
	var e engine
	var p Position
	p.Hands[cards.North] = must(cards.ParseHand("AKQ98..."))
	p.Hands[cards.East] = must(cards.ParseHand("J..."))
	p.Hands[cards.South] = must(cards.ParseHand("T..."))
	p.Hands[cards.West] = must(cards.ParseHand("2..."))
	e.load(p, noTrump, newTransTable(1<<20))
	var mv [16]move
	n := e.groups(&mv, 0, int(cards.Spades), e.hand[0][cards.Spades])
	if n != 2 {
		t.Fatalf("%d groups, want 2: %+v", n, mv[:n])
	}
	if mv[0].seq != (1<<12|1<<11|1<<10) || mv[1].seq != (1<<7|1<<6) {
		t.Errorf("groups %b %b", mv[0].seq, mv[1].seq)
	}
	// Once East's jack and South's ten are gone (the next trick), AKQ98
	// is one group.
	e.aggr[cards.Spades] &^= 1<<9 | 1<<8
	if n := e.groups(&mv, 0, int(cards.Spades), e.hand[0][cards.Spades]); n != 1 {
		t.Errorf("%d groups after the jack and ten are played, want 1", n)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestQuickTricks(t *testing.T) {
	cases := []struct {
		deal    string
		strain  cards.Strain
		leader  cards.Seat
		atLeast int
	}{
		// North: AKQ of spades and the heart ace; nobody can ruff at NT.
		{"N:AKQ.A.. 432.2.. J65.3.. T98.4..", cards.NoTrump, cards.North, 4},
		// With hearts trumps and West void in spades with a trump: the
		// spades are not sure, the heart ace is.
		{"N:AKQ.A.. 432.2.. J65.3.. .654.2.", cards.StrainHearts, cards.North, 1},
		// North leads a small club to South's winners: AKQ of clubs.
		{"N:..32.2 ...543 ...AKQ 2.2.4.", cards.NoTrump, cards.North, 3},
		// North's ace-king exhaust the others' spades: all four are tricks.
		{"N:AK32... 54.KQ.. .5432.. 6...432", cards.NoTrump, cards.North, 4},
		// North's top two trumps draw the others': all four trumps win.
		{"N:.AK32.. 32.54.. ...5432 .6.432.", cards.StrainHearts, cards.North, 4},
		// North crosses to South's clubs, whose ace-king exhaust the suit.
		{"N:.432..2 .AK..65 ...AK43 432...7", cards.NoTrump, cards.North, 4},
	}
	for i, c := range cases {
		p, e := loadedEngine(t, i, c.deal, c.strain, c.leader)
		var w [4]holding
		qt := e.quickTricks(&w, 14)
		if qt < c.atLeast {
			t.Errorf("case %d: %d quick tricks, want at least %d", i, qt, c.atLeast)
		}
		if bf := bruteForce(p); qt > bf {
			t.Errorf("case %d: %d quick tricks but the side takes only %d", i, qt, bf)
		}
	}
}

// TestLaterTricks checks the opponents' sure tricks against brute force:
// where laterTricks says the side not on lead is sure of k tricks, it
// takes at least k.
func TestLaterTricks(t *testing.T) {
	cases := []struct {
		deal   string
		strain cards.Strain
		leader cards.Seat
		k      int
		want   bool
	}{
		// Only East holds trumps: each of his four takes a trick.
		{"N:AKQJ... .5432.. ..AKQJ. ...AKQJ", cards.StrainHearts, cards.North, 4, true},
		{"N:AKQJ... .5432.. ..AKQJ. ...AKQJ", cards.StrainHearts, cards.North, 5, false},
		// East holds the top two trumps, one of them with another trump.
		{"N:AKQ.2.. 2.AKQ.. 543.J.. 876.T..", cards.StrainHearts, cards.North, 2, true},
		// North-South top spades only, two rounds of four tricks: they
		// cannot take every trick.
		{"N:A2.32.. .AK.AK. 3...234 KQ...AK", cards.NoTrump, cards.North, 1, true},
	}
	for i, c := range cases {
		p, e := loadedEngine(t, i, c.deal, c.strain, c.leader)
		var w [4]holding
		if got := e.laterTricks(&w, c.k); got != c.want {
			t.Errorf("case %d: laterTricks(%d) = %v, want %v", i, c.k, got, c.want)
		}
		if theirs := p.TricksLeft() - bruteForce(p); c.want && theirs < c.k {
			t.Errorf("case %d: the side not on lead takes %d, fewer than %d", i, theirs, c.k)
		}
	}
}

// loadedEngine is case i's deal as a position at its first trick and an
// engine loaded with it, for the tests of the bounds.
func loadedEngine(t *testing.T, i int, deal string, strain cards.Strain, leader cards.Seat) (Position, *engine) {
	t.Helper()
	p := NewDealPosition(mustDeal(t, deal), strain, leader)
	if err := p.Validate(); err != nil {
		t.Fatalf("case %d: %v", i, err)
	}
	e := new(engine)
	tr, _ := trumpOf(strain)
	e.load(p, tr, newTransTable(1<<20))
	return p, e
}
