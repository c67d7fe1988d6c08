package dd

import "github.com/hoyle/hoyle/events/cards"

// DefaultTTBytes is the memory bound of a transposition table when
// Config.TTBytes is zero: 256 MB.
const DefaultTTBytes = 256 << 20

// Config tunes a Solver. The zero Config is the default.
type Config struct {
	// TTBytes bounds the memory of the transposition table of a Solver
	// (SolveTable with two threads runs two Solvers, each with half of
	// this). The table grows as needed up to the bound; when it is full it
	// is emptied and filled again. Zero means DefaultTTBytes; less than
	// 1 MB is taken as 1 MB.
	TTBytes int64
	// Threads is the number of goroutines SolveTable may use: 0 means one
	// per available CPU (runtime.GOMAXPROCS), at most 5; 1 means
	// single-threaded.
	Threads int
}

func (c Config) ttBytes() int64 {
	if c.TTBytes <= 0 {
		return DefaultTTBytes
	}
	return max(c.TTBytes, 1<<20)
}

// Solver solves double-dummy positions. It keeps its transposition table
// between calls as long as the strain stays the same, which is sound
// because a stored entry depends only on the cards, the strain and who
// leads, never on the deal it came from: solving positions of the same deal
// one after another (a trace, the four leaders of a table row) reuses the
// work already done. A call in another strain empties the table first.
//
// A Solver is not safe for concurrent use; SolveTable runs one per thread.
type Solver struct {
	cfg   Config
	tt    *transTable
	trump int // the strain the table holds entries for
	eng   *engine
	nodes int64
}

// NewSolver makes a Solver with the given configuration.
func NewSolver(cfg Config) *Solver {
	return &Solver{cfg: cfg, eng: new(engine)}
}

// Nodes is the number of positions searched since the Solver was made: a
// measure of work for benchmarks.
func (s *Solver) Nodes() int64 { return s.nodes }

// Reset drops everything the transposition table holds (keeping its
// memory).
func (s *Solver) Reset() {
	if s.tt != nil {
		s.tt.clear()
	}
}

// table is the transposition table, emptied if it holds another strain.
func (s *Solver) table(trump int) *transTable {
	if s.tt == nil {
		s.tt = newTransTable(s.cfg.ttBytes())
	} else if s.trump != trump {
		s.tt.clear()
	}
	s.trump = trump
	return s.tt
}

// Solve returns how many of the remaining tricks the side of p.Leader (the
// seat that led, or is to lead, the trick in progress) takes with best play
// by both sides. The trick in progress counts as a remaining trick, so the
// answer is between 0 and p.TricksLeft().
func (s *Solver) Solve(p Position) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	return s.solve(p, -1, 0, p.TricksLeft()), nil
}

// Solve solves one position with a fresh Solver of the default
// configuration; see Solver.Solve.
func Solve(p Position) (int, error) {
	return NewSolver(Config{}).Solve(p)
}

// solve solves a validated position known to be worth between lo and hi
// tricks to the leader's side; guess, if in range, is where the search for
// the value starts.
func (s *Solver) solve(p Position, guess, lo, hi int) int {
	trump, _ := trumpOf(p.Strain)
	e := s.eng
	e.load(p, trump, s.table(trump))
	v := e.solveRoot(guess, lo, hi)
	s.nodes += e.nodes
	e.nodes = 0
	return v
}

// solveFor solves a validated position for either side: the tricks of the
// remaining ones that side takes. The search works for either max side;
// Solve always asks for the leader's, and the tests ask for both.
func (s *Solver) solveFor(p Position, side cards.Side) int {
	trump, _ := trumpOf(p.Strain)
	e := s.eng
	e.load(p, trump, s.table(trump))
	e.maxSide = int(side)
	v := e.solveRoot(-1, 0, e.left)
	s.nodes += e.nodes
	e.nodes = 0
	return v
}

// load sets the engine to position p; the max side is p.Leader's.
func (e *engine) load(p Position, trump int, tt *transTable) {
	e.trump = trump
	e.tt = tt
	e.leader = int(p.Leader)
	e.maxSide = e.leader & 1
	e.inTrick = 0
	e.won = 0
	e.killer = [maxPly]move{}
	e.aggr = [4]holding{}
	for seat := 0; seat < 4; seat++ {
		for u := 0; u < 4; u++ {
			h := suitOf(p.Hands[seat], u)
			e.hand[seat][u] = h
			e.aggr[u] |= h
			for b := h; b != 0; b &= b - 1 {
				e.owner[u][top(b&-b)] = uint8(seat)
			}
		}
	}
	for k, c := range p.Trick {
		u, r := splitCard(c)
		seat := (e.leader + k) & 3
		e.trick[k] = played{suit: uint8(u), rank: uint8(r), seat: uint8(seat)}
		e.aggr[u] |= 1 << r
		e.owner[u][r] = uint8(seat)
		e.inTrick++
	}
	e.curWin = e.winnerIndex()
	n := 0
	for u := 0; u < 4; u++ {
		n += count(e.hand[e.leader][u])
	}
	if e.inTrick > 0 {
		n++
	}
	e.left = n
	e.lenKey = e.lengthKey()
	e.makePatterns()
}

// solveRoot finds the max side's tricks with a sequence of zero-window
// searches (MTD(f) on the trick count): each search tells whether the
// value is at least a target, narrowing [lo, hi] until it closes. The
// transposition table carries what each search learned to the next.
func (e *engine) solveRoot(guess, lo, hi int) int {
	lo, hi = max(lo, 0), min(hi, e.left)
	g := guess
	if g < 0 || g > hi {
		g = e.estimate()
	}
	for lo < hi {
		t := g
		if t <= lo {
			t = lo + 1
		}
		if t > hi {
			t = hi
		}
		if e.search(t, 0) {
			lo = t
			g = t + 1
		} else {
			hi = t - 1
			g = t - 1
		}
	}
	return lo
}

// estimate is a first guess of the max side's tricks, from high cards and
// trump length: 6.5 tricks of 13 at 20 points, one more for each further
// three points, half a trick for each trump more than the opponents'. A
// good first guess saves whole zero-window searches.
func (e *engine) estimate() int {
	pts, trumps := 0, 0
	for seat := 0; seat < 4; seat++ {
		sign := 1
		if seat&1 != e.maxSide {
			sign = -1
		}
		for u := 0; u < 4; u++ {
			h := e.hand[seat][u]
			pts += sign * (4*int(h>>12&1) + 3*int(h>>11&1) + 2*int(h>>10&1) + int(h>>9&1))
			if u == e.trump {
				trumps += sign * count(h)
			}
		}
	}
	// pts is the max side's points less the other side's: 2*(hcp-20).
	n := e.left
	x2 := 13 + pts/3 + trumps // twice the estimate for 13 tricks
	g := (x2*n + 13) / 26
	return max(0, min(n, g))
}
