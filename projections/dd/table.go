package dd

import (
	"runtime"
	"sync"
	"sync/atomic"

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

// tableWork is what solving a table cost, in nodes searched: in all, and
// on the busiest thread (the critical path of a parallel table, which the
// wall time follows on an idle machine).
type tableWork struct {
	nodes, span int64
}

// solveTable is SolveTable that also counts the nodes searched.
func solveTable(d cards.Deal, cfg Config) (Table, tableWork, error) {
	var t Table
	p := NewDealPosition(d, cards.NoTrump, cards.West)
	if err := p.Validate(); err != nil {
		return t, tableWork{}, err
	}
	for seat := 0; seat < 4; seat++ {
		if n := p.Hands[seat].Len(); n != 13 {
			return t, tableWork{}, badPosition("a table needs thirteen cards a seat; %s holds %d", cards.Seat(seat).Name(), n)
		}
	}
	return tableOf(p, cfg)
}

// tableOf fills the table for the hands of p, which may be any equal
// number of cards a seat (the tests use short endings).
func tableOf(p Position, cfg Config) (Table, tableWork, error) {
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
		return t, tableWork{s.Nodes(), s.Nodes()}, nil
	}
	// Each goroutine takes whole rows (strains), the costliest first, and
	// solves a row's four leaders one after another in its own Solver, as
	// the single thread does: the leaders after the first reuse the
	// transposition table and start from the answers already known. A row
	// split between two Solvers searches nearly twice its nodes (each half
	// starts from an empty table and without a guess), so splitting the
	// last row to keep both cores busy to the end cost more CPU than it
	// saved wall time, and on a loaded machine made two threads slower
	// than one.
	sub := cfg
	sub.TTBytes = cfg.ttBytes() / int64(threads)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var work tableWork
	var next atomic.Int32
	for i := 0; i < threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := getSolver(sub)
			defer putSolver(s)
			for {
				k := int(next.Add(1)) - 1
				if k >= len(rowOrder) {
					break
				}
				// Each row writes only its own entries of t.
				s.solveStrain(p, rowOrder[k], &t)
			}
			mu.Lock()
			work.nodes += s.Nodes()
			work.span = max(work.span, s.Nodes())
			mu.Unlock()
		}()
	}
	wg.Wait()
	return t, work, nil
}

// rowOrder is the order in which parallel goroutines take the rows: no
// trumps and the majors first, as they tend to take longest, so that the
// row left for last is a short one.
var rowOrder = [5]cards.Strain{cards.NoTrump, cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs}

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

// solveStrain fills one row of the table: each seat leads in turn, and the
// seat on the leader's right is declarer. The four searches share the
// strain's transposition table, and each starts from the answer for the
// partner of its leader, or the complement of the answer for an opponent.
func (s *Solver) solveStrain(p Position, st cards.Strain, t *Table) {
	p.Strain = st
	n := p.TricksLeft()
	var led [4]int // tricks of the leader's side, by leader
	// North, then his partner, then East and West: South's search comes
	// while the table is full of North's positions. (North, East, South,
	// West searched 0.3% and 0.6% more nodes on the 40 deals of
	// TestNodeCounts.)
	for _, leader := range []cards.Seat{cards.North, cards.South, cards.East, cards.West} {
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
