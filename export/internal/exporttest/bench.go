package exporttest

import (
	"context"
	"flag"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// large is the -large flag of the interchange benchmarks: also export a
// session of 8,000 hands, beside the 1,000 that CI runs.
var large = flag.Bool("large", false, "benchmark exports of 8,000 hands beside 1,000 (go test -bench Export -large)")

// BenchSizes are the session sizes an export benchmark runs side by side:
// 1,000 hands, and 8,000 with -large.
func BenchSizes() []int {
	if *large {
		return []int{1000, 8000}
	}
	return []int{1000}
}

// Simulated is a simulated contract bridge session of n hands (kept in the
// system's temporary directory between runs, see simtest): its fold and
// its events.
func Simulated(b *testing.B, n int) (*projections.Session, []events.Envelope) {
	b.Helper()
	path := simtest.DB(b, "contract", n, 1)
	st, err := bolt.Open(path, bolt.Options{ReadOnly: true, SnapshotKey: simtest.Key})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	id, err := st.LastSession(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	s, envs, err := load.Session(context.Background(), st, id)
	if err != nil {
		b.Fatal(err)
	}
	return s, envs
}
