package dd

import (
	"testing"

	"github.com/hoyle/hoyle/events/cards"
)

// BenchmarkList100 solves the full double-dummy tables of DDS's 100 test
// deals: with our solver on one thread and on every core, and, built with
// -tags dds, with DDS itself on one thread (bench_dds_test.go), so that the
// figures come from the same process and the same moment. Under -short it
// solves the first ten deals only.
//
//	go test -tags dds -run '^$' -bench List100 -benchmem ./projections/dd/
func BenchmarkList100(b *testing.B) {
	ds := loadList(b)
	if testing.Short() {
		ds = ds[:10]
	}
	deals := make([]cards.Deal, len(ds))
	for i, d := range ds {
		deals[i] = d.Deal
	}
	for _, bs := range benchSolvers {
		b.Run(bs.name, func(b *testing.B) {
			if bs.setup != nil {
				bs.setup()
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range deals {
					if err := bs.table(d); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(deals)), "ms/table")
		})
	}
}

type benchSolver struct {
	name  string
	setup func()
	table func(cards.Deal) error
}

// benchSolvers are the contestants; bench_dds_test.go adds DDS.
var benchSolvers = []benchSolver{
	{name: "ours-1thread", table: func(d cards.Deal) error {
		_, err := SolveTable(d, Config{Threads: 1})
		return err
	}},
	{name: "ours-2threads", table: func(d cards.Deal) error {
		_, err := SolveTable(d, Config{Threads: 2})
		return err
	}},
}

// BenchmarkSolveLead is one search from the opening lead (deal 1 of the
// list, no trumps) with a Solver whose table has already grown, emptied
// before each search: it shows that the search itself allocates nothing
// (0 allocs/op).
func BenchmarkSolveLead(b *testing.B) {
	ds := loadList(b)
	p := NewDealPosition(ds[0].Deal, cards.NoTrump, cards.West)
	s := NewSolver(Config{})
	if _, err := s.Solve(p); err != nil { // let the table grow once
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Reset()
		if _, err := s.Solve(p); err != nil {
			b.Fatal(err)
		}
	}
}
