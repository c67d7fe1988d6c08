// Package simtest makes simulated databases for benchmarks and tests. A
// database takes seconds to make, so each is kept in the system's temporary
// directory, named by what it holds, and reused by later runs.
//
// It imports events/bolt, events/memstore, projections (with load) and
// projections/simulate; only tests and benchmarks import it.
package simtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
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

// Hands is the size of the large benchmark databases: 10,000 hands, or
// 1,000 with -short (CI runs the benchmarks once, with -short, so that
// they cannot rot).
func Hands() int {
	if testing.Short() {
		return 1000
	}
	return 10000
}

// Memory records a simulated session in memory and folds it whole, and
// from its latest hand alone (as a scorer's next entry reads it): what a
// property test of a ruleset checks. A session the laws refused any event
// of is an error.
func Memory(ctx context.Context, opt simulate.Options) (whole, tail *projections.Session, err error) {
	st := memstore.New()
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
