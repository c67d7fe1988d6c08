// Package testkit is what the tests of every package share: golden files
// with one -update flag, seeds for randomized tests that are printed on
// failure and can be given back, and round counts for the long
// fault-injection tests. It sits in the lowest layer so that any package's
// tests may import it; nothing but tests does.
//
// Sources parses the module's production files for the tests that keep
// one concept in one place.
package testkit

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files under testdata/")
	seed   = flag.Uint64("seed", 0, "the seed of every randomized test (default: $HOYLE_SEED, else a new one each run)")
)

// Updating reports whether the run rewrites golden files (-update).
func Updating() bool { return *update }

// Golden compares got with the golden file at path (under testdata/), or
// rewrites the file when the tests run with -update.
func Golden(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "no golden file %s: run go test -update to write it", path)
	assert.Equal(t, string(want), got, "%s differs (go test -update rewrites it; review the diff)", path)
}

// Seed is the seed of a randomized test: -seed, else $HOYLE_SEED, else one
// from the clock. It is logged when the test fails, with how to run the
// test again on it.
func Seed(t testing.TB) uint64 {
	t.Helper()
	s := *seed
	if s == 0 {
		if v, err := strconv.ParseUint(os.Getenv("HOYLE_SEED"), 10, 64); err == nil {
			s = v
		}
	}
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("seed %d: run again with HOYLE_SEED=%d go test -run '^%s$'", s, s, t.Name())
		}
	})
	return s
}

// Rounds is how many rounds a fault-injection test runs: few by default,
// so that go test ./... stays quick, and full when $HOYLE_FULL is set (as
// .ci/run sets it); $HOYLE_ROUNDS=N runs exactly N.
func Rounds(quick, full int) int {
	if n, err := strconv.Atoi(os.Getenv("HOYLE_ROUNDS")); err == nil && n > 0 {
		return n
	}
	if os.Getenv("HOYLE_FULL") != "" {
		return full
	}
	return quick
}

// Full skips t unless $HOYLE_FULL (or $HOYLE_ROUNDS) is set: a round of
// many hoyle processes, killed or racing, whose waits (for a lock, a
// killed process, a server) would cost go test ./... many seconds even in
// its quick rounds. .ci/run runs each one in full.
func Full(t testing.TB) {
	t.Helper()
	if os.Getenv("HOYLE_FULL") == "" && os.Getenv("HOYLE_ROUNDS") == "" {
		t.Skip("a round of many processes: run with HOYLE_FULL=1, as .ci/run does")
	}
}
