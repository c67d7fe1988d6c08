// Package simtest makes simulated databases for benchmarks and tests. A
// database takes seconds to make, so each is kept in the system's temporary
// directory, named by what it holds, and reused by later runs.
package simtest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
)

// DB returns the path of a bbolt database holding one simulated session of
// the given game, hands and seed. Callers open it read-only, or copy it.
func DB(tb testing.TB, game string, hands int, seed uint64) string {
	tb.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("hoyle-sim-%s-%d-%d-v%d.db", game, hands, seed, bolt.Format))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	st, err := bolt.Open(tmp, bolt.Options{Create: true, NoSync: true, Bulk: int64(hands) << 13})
	if err != nil {
		tb.Fatal(err)
	}
	_, err = simulate.Run(context.Background(), st, simulate.Options{Game: game, Hands: hands, Seed: seed, Batch: 500})
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		tb.Fatal(err)
	}
	return path
}

// Copy copies a database file to dir, for a benchmark that writes to it.
func Copy(tb testing.TB, path, dir string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	out := filepath.Join(dir, filepath.Base(path))
	if err := os.WriteFile(out, b, 0o600); err != nil {
		tb.Fatal(err)
	}
	return out
}

// hands is -hands: the test binaries of the packages that import simtest
// take it (go test ./cmd/hoyle -run '^$' -bench Process -hands 10000).
var hands = flag.Int("hands", 0, "hands in the long sessions of the benchmarks (default 10,000; 1,000 with -short)")

// Hands is the size of the large benchmark databases: -hands, else 10,000
// hands, or 1,000 with -short (CI runs the benchmarks once, with -short,
// so that they cannot rot).
func Hands() int {
	switch {
	case *hands > 0:
		return *hands
	case testing.Short():
		return 1000
	}
	return 10000
}

// FosterHand records Foster's bidding example (the demo's deal and
// auction, Auction Bridge 1913) and its first trick into a new database at
// path, and returns the session: a short, real hand for tests of the log
// and its readers.
func FosterHand(tb testing.TB, path string) string {
	tb.Helper()
	ctx := context.Background()
	st, err := bolt.Open(path, bolt.Options{Create: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	r := recorder.New(st)
	id, err := r.Open(ctx, projections.SessionSpec{Game: "auction"})
	if err == nil {
		_, err = r.Deal(ctx, id, projections.DealSpec{PBN: "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"})
	}
	if err == nil {
		_, err = r.Calls(ctx, id, strings.Fields("1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P"))
	}
	if err == nil {
		_, err = r.Plays(ctx, id, strings.Fields("HJ H3 H5 HA"))
	}
	if err != nil {
		tb.Fatal(err)
	}
	return id
}

// Memory records a simulated session in memory and folds it whole, and
// from its latest hand alone (as a scorer's next entry reads it): what a
// property test of a ruleset checks. A session the laws refused any event
// of is an error.
func Memory(ctx context.Context, opt simulate.Options) (whole, tail *projections.Session, err error) {
	return MemoryIn(ctx, memstore.New(), opt)
}

// MemoryIn is Memory into a store the caller keeps (to verify it, say).
func MemoryIn(ctx context.Context, st events.Store, opt simulate.Options) (whole, tail *projections.Session, err error) {
	res, err := simulate.Run(ctx, st, opt)
	if err != nil {
		return nil, nil, err
	}
	if whole, _, err = load.Session(ctx, st, res.Session); err != nil {
		return nil, nil, err
	}
	if len(whole.Problems) > 0 {
		return nil, nil, fmt.Errorf("%s: event %d: %w", opt.Game, whole.Problems[0].Version, whole.Problems[0].Err)
	}
	tail, err = load.Tail(ctx, st, res.Session)
	return whole, tail, err
}
