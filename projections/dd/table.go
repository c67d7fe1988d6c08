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
		s := NewSolver(cfg)
		for _, st := range Strains {
			s.solveStrain(p, st, &t)
		}
		return t, s.Nodes(), nil
	}
	sub := cfg
	sub.TTBytes = cfg.ttBytes() / int64(threads)
	work := make(chan cards.Strain, len(Strains))
	// No trumps and the majors first: they tend to take longest.
	for _, st := range []cards.Strain{cards.NoTrump, cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs} {
		work <- st
	}
	close(work)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var nodes int64
	for i := 0; i < threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSolver(sub)
			var local Table
			var done []cards.Strain
			for st := range work {
				s.solveStrain(p, st, &local)
				done = append(done, st)
			}
			mu.Lock()
			nodes += s.Nodes()
			for _, st := range done {
				t.Tricks[st] = local.Tricks[st]
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return t, nodes, nil
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
