package ledger_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/ledger"
	"github.com/hoyle/hoyle/projections/simulate"
)

// BenchmarkRoom is a duplicate room on the shared log: T tables record
// whole boards at once, every entry (the deal, each call, each card) its
// own append, each table its own client (its own store and NATS
// connection, in this process), while the server's follower keeps
// compare's projection current (as hoyle serve does) and a director runs
// compare every second. On one server, and on a cluster of three (every
// stream kept by the three); every write fsynced. It reports entries a
// second, each entry's p50 and p99 latency, compare's median and longest
// time over the evening and at its end, and the machine's load average
// (1 minute) at the end: the machine is shared.
//
// HOYLE_ROOM_BOARDS boards per table (2 unless given; 1 with -short, which
// runs 10 tables on one server only); HOYLE_ROOM_TABLES the room sizes
// ("10,30,60" unless given). HOYLE_ROOM_PACE (a Go duration) is a table's
// time between two entries, drawn from half to one and a half of it: a
// scorer's pace ("1s" is brisk: a card a second at every table). A hand's
// events are made when the hand starts, so keep a hand under a minute
// (a pace under 900ms): a later entry's events would be looked up in the
// log first, as a retry's are (natsstore: young), where a scorer's entry,
// made as it is typed, is not. Without
// it every table enters as fast as the server takes them, which measures
// how many entries a second the server takes, the latencies then being a
// queue's.
func BenchmarkRoom(b *testing.B) {
	boards, sizes, clusters := 2, []int{10, 30, 60}, []int{1, 3}
	var pace time.Duration
	if v := os.Getenv("HOYLE_ROOM_PACE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			b.Fatalf("HOYLE_ROOM_PACE=%q: a duration such as 1s", v)
		}
		pace = d
	}
	if testing.Short() {
		boards, sizes, clusters = 1, []int{10}, []int{1}
	}
	if v := os.Getenv("HOYLE_ROOM_BOARDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			b.Fatalf("HOYLE_ROOM_BOARDS=%q: a number of boards", v)
		}
		boards = n
	}
	if v := os.Getenv("HOYLE_ROOM_TABLES"); v != "" {
		sizes = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 {
				b.Fatalf("HOYLE_ROOM_TABLES=%q: room sizes such as 10,30,60", v)
			}
			sizes = append(sizes, n)
		}
	}
	for _, servers := range clusters {
		for _, tables := range sizes {
			b.Run(fmt.Sprintf("servers=%d/tables=%d", servers, tables), func(b *testing.B) {
				for range b.N { // an evening is long: b.N is 1 with -benchtime=1x
					room(b, servers, tables, boards, pace)
				}
			})
		}
	}
}

// room runs one evening and reports its figures.
func room(b *testing.B, servers, tables, boards int, pace time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := b.TempDir()
	var srvs []*natsstore.Server
	if servers == 1 {
		srv, err := natsstore.StartServer(dir, "127.0.0.1:0", natsstore.ServerOptions{})
		if err != nil {
			b.Fatal(err)
		}
		srvs = []*natsstore.Server{srv}
	} else {
		var err error
		if srvs, err = natsstore.StartLocalCluster(ctx, dir, servers, natsstore.ServerOptions{}, natsstore.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	defer func() {
		for _, s := range srvs {
			s.Shutdown()
		}
	}()
	urls := natsstore.URLs(srvs)
	// The server's follower, as hoyle serve runs it: on the server whose
	// key the log names.
	var following sync.WaitGroup
	for _, srv := range srvs {
		st, err := natsstore.OpenServed(ctx, srv, natsstore.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		if st.Signs() {
			following.Add(1)
			go func() { defer following.Done(); _ = ledger.Follow(ctx, st, nil) }()
			break
		}
	}
	// The director, running compare every second through the evening.
	director, err := natsstore.Open(ctx, urls, natsstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer director.Close()
	compareOnce := func() (time.Duration, error) {
		start := time.Now()
		ts, _, err := ledger.Tables(ctx, director)
		if err != nil {
			return 0, err
		}
		compare.CompareWith(ts, compare.Options{Event: "room"})
		return time.Since(start), nil
	}
	var compares []time.Duration
	directing := make(chan struct{})
	var directed sync.WaitGroup
	directed.Add(1)
	go func() {
		defer directed.Done()
		for {
			select {
			case <-directing:
				return
			case <-time.After(time.Second):
			}
			if d, err := compareOnce(); err == nil {
				compares = append(compares, d)
			}
		}
	}()

	lat := make([][]time.Duration, tables)
	errs := make([]error, tables)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := natsstore.Open(ctx, urls, natsstore.Options{Name: fmt.Sprintf("table %d", i+1)})
			if err != nil {
				errs[i] = err
				return
			}
			defer st.Close()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			_, errs[i] = simulate.Run(ctx, st, simulate.Options{
				Game: "contract", Options: map[string]string{"scoring": "duplicate"}, Hands: boards, Seed: uint64(i + 1),
				Placement: projections.Placement{Event: "room", Table: strconv.Itoa(i + 1)},
				EachEntry: true,
				Entered: func(took time.Duration, _ int) {
					lat[i] = append(lat[i], took)
					if pace > 0 {
						time.Sleep(pace/2 + time.Duration(rng.Int64N(int64(pace))))
					}
				},
			})
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	defer b.StartTimer()
	close(directing)
	directed.Wait()
	for i, err := range errs {
		if err != nil {
			b.Fatalf("table %d: %v", i+1, err)
		}
	}
	final, err := compareOnce()
	if err != nil {
		b.Fatal(err)
	}
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	slices.Sort(all)
	slices.Sort(compares)
	pct := func(ds []time.Duration, p float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		return float64(ds[min(len(ds)-1, int(p*float64(len(ds))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "entries/s")
	b.ReportMetric(pct(all, 0.50), "p50-ms")
	b.ReportMetric(pct(all, 0.99), "p99-ms")
	b.ReportMetric(pct(compares, 0.50), "compare-p50-ms")
	b.ReportMetric(pct(compares, 1), "compare-max-ms")
	b.ReportMetric(float64(final.Microseconds())/1000, "compare-end-ms")
	b.ReportMetric(loadAverage(), "load1")
	cancel()
	following.Wait()
}

// loadAverage is the machine's load average over the last minute (0 where
// /proc/loadavg is missing).
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	return f
}
