package dd

import (
	"runtime"
	"sync"

	"github.com/hoyle/hoyle/events/cards"
)

// Strains lists the five strains in the order of DDS's tables and of a
// printed double-dummy table: spades, hearts, diamonds, clubs, no trumps.
var Strains = [5]cards.Strain{cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs, cards.NoTrump}

// Table is the double-dummy table of a deal: the tricks each seat takes as
// declarer in each strain, with the seat on declarer's left leading.
// Tricks is indexed by cards.Strain (clubs 0 to no trumps 4) and
// cards.Seat.
type Table struct {
	Tricks [5][4]int
}

// Get is the tricks declarer takes in strain.
func (t Table) Get(strain cards.Strain, declarer cards.Seat) int { return t.Tricks[strain][declarer] }

// DDSOrder is the table as DDS prints it: strains S, H, D, C, NT (outer),
// declarers N, E, S, W (inner).
func (t Table) DDSOrder() [20]int {
	var out [20]int
	for i, s := range Strains {
		for d := 0; d < 4; d++ {
			out[4*i+d] = t.Tricks[s][d]
		}
	}
	return out
}

// SolveTable computes the double-dummy table of a complete deal (thirteen
// cards a seat), strains in parallel on cfg.Threads goroutines, each with
// its own Solver and transposition tables of cfg.TTBytes/threads.
func SolveTable(d cards.Deal, cfg Config) (Table, error) {
	t, _, err := solveTable(d, cfg)
	return t, err
}

// solveTable is SolveTable that also counts the nodes searched.
func solveTable(d cards.Deal, cfg Config) (Table, int64, error) {
	var t Table
	p := NewDealPosition(d, cards.NoTrump, cards.West)
	if err := p.Validate(); err != nil {
		return t, 0, err
	}
	for seat := 0; seat < 4; seat++ {
		if n := p.Hands[seat].Len(); n != 13 {
			return t, 0, badPosition("a table needs thirteen cards a seat; %s holds %d", cards.Seat(seat).Name(), n)
		}
	}
	return tableOf(p, cfg)
}

// tableOf fills the table for the hands of p, which may be any equal
// number of cards a seat (the tests use short endings).
func tableOf(p Position, cfg Config) (Table, int64, error) {
	var t Table
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	threads = max(1, min(threads, len(Strains)))
	if threads == 1 {
		s := getSolver(cfg)
		defer putSolver(s)
		for _, st := range Strains {
			s.solveStrain(p, st, &t)
		}
		return t, s.Nodes(), nil
	}
	// The work is ten jobs: each row (strain) in two halves, North then
	// South leading, and East then West. A goroutine finishes the row it
	// has started before it takes a new one, so that both halves share its
	// table; only the last row may be split between two goroutines, which
	// keeps both cores busy to the end.
	rows := newRowWork(p.TricksLeft())
	sub := cfg
	sub.TTBytes = cfg.ttBytes() / int64(threads)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var nodes int64
	for i := 0; i < threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := getSolver(sub)
			defer putSolver(s)
			cur := cards.NoStrain
			for {
				st, half, ok := rows.next(cur)
				if !ok {
					break
				}
				cur = st
				for _, leader := range [2][2]cards.Seat{{cards.North, cards.South}, {cards.East, cards.West}}[half] {
					q := p
					q.Strain, q.Leader = st, leader
					v := s.solve(q, rows.guess(st, leader), 0, rows.n)
					rows.done(st, leader, v)
				}
			}
			mu.Lock()
			nodes += s.Nodes()
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, st := range Strains {
		for leader := cards.North; leader <= cards.West; leader++ {
			t.Tricks[st][leader.Plus(3, 4)] = rows.n - rows.led[st][leader]
		}
	}
	return t, nodes, nil
}

// solverPool keeps the Solvers of finished tables, so that the next table
// reuses their grown transposition tables instead of allocating (and
// faulting in) tens of megabytes again; the garbage collector may drop them
// whenever it likes.
var solverPool sync.Pool

// getSolver is a Solver for cfg with an empty table: a pooled one with the
// same memory bound if there is one.
func getSolver(cfg Config) *Solver {
	if s, ok := solverPool.Get().(*Solver); ok && s.cfg.ttBytes() == cfg.ttBytes() {
		s.cfg = cfg
		s.trump = -1 // the first search empties the table
		s.nodes = 0
		return s
	}
	return NewSolver(cfg)
}

func putSolver(s *Solver) { solverPool.Put(s) }

// rowWork hands out the halves of the rows of a table.
type rowWork struct {
	mu    sync.Mutex
	n     int
	order []cards.Strain
	taken [5][2]bool
	led   [5][4]int // tricks of the leader's side, by strain and leader
	known [5][4]bool
}

func newRowWork(n int) *rowWork {
	// No trumps and the majors first: they tend to take longest.
	return &rowWork{n: n, order: []cards.Strain{cards.NoTrump, cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs}}
}

// next is the next job for a goroutine whose table holds row cur: the other
// half of that row, else the first half of an untouched row, else any half
// left.
func (r *rowWork) next(cur cards.Strain) (cards.Strain, int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if cur != cards.NoStrain {
		for h := 0; h < 2; h++ {
			if !r.taken[cur][h] {
				r.taken[cur][h] = true
				return cur, h, true
			}
		}
	}
	for _, st := range r.order {
		if !r.taken[st][0] && !r.taken[st][1] {
			r.taken[st][0] = true
			return st, 0, true
		}
	}
	for _, st := range r.order {
		for h := 0; h < 2; h++ {
			if !r.taken[st][h] {
				r.taken[st][h] = true
				return st, h, true
			}
		}
	}
	return 0, 0, false
}

// guess is where the search for leader in st starts: the answer for his
// partner, or the complement of an opponent's, if known.
func (r *rowWork) guess(st cards.Strain, leader cards.Seat) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p := leader.Plus(2, 4); r.known[st][p] {
		return r.led[st][p]
	}
	for _, o := range []cards.Seat{leader.Plus(1, 4), leader.Plus(3, 4)} {
		if r.known[st][o] {
			return r.n - r.led[st][o]
		}
	}
	return -1
}

func (r *rowWork) done(st cards.Strain, leader cards.Seat, v int) {
	r.mu.Lock()
	r.led[st][leader] = v
	r.known[st][leader] = true
	r.mu.Unlock()
}

// solveStrain fills one row of the table: each seat leads in turn, and the
// seat on the leader's right is declarer. The four searches share the
// strain's transposition table, and each starts from the answer for the
// partner of its leader, or the complement of the answer for an opponent.
func (s *Solver) solveStrain(p Position, st cards.Strain, t *Table) {
	p.Strain = st
	n := p.TricksLeft()
	var led [4]int // tricks of the leader's side, by leader
	for _, leader := range []cards.Seat{cards.North, cards.East, cards.South, cards.West} {
		p.Leader = leader
		guess := -1
		switch leader {
		case cards.East:
			guess = n - led[cards.North]
		case cards.South:
			guess = led[cards.North]
		case cards.West:
			guess = led[cards.East]
		}
		led[leader] = s.solve(p, guess, 0, n)
		t.Tricks[st][leader.Plus(3, 4)] = n - led[leader]
	}
}
