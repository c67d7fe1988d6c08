//go:build dds

package dd

import (
	"testing"
	"time"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd/internal/ddsoracle"
)

// DDS on one thread: SetMaxThreads(1) before the timed loop, so that
// CalcDDtable solves the five strains one after another, as ours-1thread
// does.
func init() {
	benchSolvers = append(benchSolvers, benchSolver{
		name:  "dds-1thread",
		setup: func() { ddsoracle.SetMaxThreads(1) },
		table: func(d cards.Deal) error {
			_, err := ddsoracle.CalcDDtable([4]cards.Set(d))
			return err
		},
	})
}

// BenchmarkList100SideBySide alternates DDS and our single-threaded solver
// deal by deal, so that both see the same load on a shared machine, and
// reports both times and their ratio.
//
//	go test -tags dds -run '^$' -bench List100SideBySide ./projections/dd/
func BenchmarkList100SideBySide(b *testing.B) {
	ds := loadList(b)
	if testing.Short() {
		ds = ds[:10]
	}
	deals := make([]cards.Deal, len(ds))
	for i, d := range ds {
		deals[i] = d.Deal
	}
	sideBySide(b, deals)
}

// BenchmarkRandomSideBySide is BenchmarkList100SideBySide on the 40 random
// deals of TestNodeCounts (a fixed seed; 10 under -short).
//
//	go test -tags dds -run '^$' -bench RandomSideBySide ./projections/dd/
func BenchmarkRandomSideBySide(b *testing.B) {
	n := 40
	if testing.Short() {
		n = 10
	}
	sideBySide(b, benchRandomDeals(n))
}

// sideBySide times DDS and our solver on one thread each, alternating deal
// by deal.
func sideBySide(b *testing.B, deals []cards.Deal) {
	ddsoracle.SetMaxThreads(1)
	var theirs, ours time.Duration
	for b.Loop() {
		for _, d := range deals {
			t0 := time.Now()
			if _, err := ddsoracle.CalcDDtable([4]cards.Set(d)); err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			if _, err := SolveTable(d, Config{Threads: 1}); err != nil {
				b.Fatal(err)
			}
			ours += time.Since(t1)
			theirs += t1.Sub(t0)
		}
	}
	n := float64(b.N * len(deals))
	b.ReportMetric(theirs.Seconds()*1000/n, "dds-ms/table")
	b.ReportMetric(ours.Seconds()*1000/n, "ours-ms/table")
	b.ReportMetric(ours.Seconds()/theirs.Seconds(), "ratio")
}
