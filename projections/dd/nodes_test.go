package dd

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events/cards"
)

// TestNodeCounts is the measure the solver's speed-ups are judged by: the
// nodes searched (deterministic, whatever the load of the machine) and the
// times of tables on one and on two threads, on the first DD_NODES deals of DDS's list
// and on DD_NODES random deals of a fixed seed (the side-by-side deals of
// bench_dds_test.go). It runs only when DD_NODES is set:
//
//	DD_NODES=40 go test -run NodeCounts -v ./projections/dd/
func TestNodeCounts(t *testing.T) {
	n := envInt("DD_NODES", 0)
	if n == 0 {
		t.Skip("DD_NODES not set")
	}
	ds := loadList(t)
	list := make([]cards.Deal, 0, n)
	for _, d := range ds[:min(n, len(ds))] {
		list = append(list, d.Deal)
	}
	for _, set := range []struct {
		name  string
		deals []cards.Deal
	}{{"list100", list}, {"random", benchRandomDeals(n)}} {
		for threads := 1; threads <= envInt("DD_NODES_THREADS", 1); threads++ {
			var nodes, span int64
			t0, c0 := time.Now(), cpuTime()
			for _, d := range set.deals {
				p := NewDealPosition(d, cards.NoTrump, cards.West)
				_, w, err := tableOf(p, Config{Threads: threads})
				if err != nil {
					t.Fatal(err)
				}
				nodes += w.nodes
				span += w.span
			}
			t.Logf("%s: %d deals, %d threads: %d nodes (%d on the busiest thread), %.2f s (%.2f s of CPU)",
				set.name, len(set.deals), threads, nodes, span, time.Since(t0).Seconds(), (cpuTime() - c0).Seconds())
		}
	}
}

// benchRandomDeals is n random deals of a fixed seed: the same deals in
// every run, so that node counts and times compare across changes.
func benchRandomDeals(n int) []cards.Deal {
	r := rand.New(rand.NewPCG(29, 1))
	out := make([]cards.Deal, n)
	for i := range out {
		out[i] = randomDeal(r)
	}
	return out
}

// cpuTime is the CPU time the process has used: on a loaded machine it
// varies far less than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
