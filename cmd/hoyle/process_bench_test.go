package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// The whole-process benchmarks: the hoyle binary, built once per run,
// runs each command as a user runs it, on a session of 10 hands and one of
// simtest.Hands() (10,000; 1,000 with -short; -hands N), both simulated by
// that binary (so that they have its checkpoints). Each reports the wall
// time per run (ns/op) and the peak resident memory of the process
// (peak-MB), side by side in the same run: what the performance topic's
// table gives.

var simulated sync.Map // "game hands" -> path

// simulatedDB is a database of one session of hands simulated by the built
// binary (seed 1), made once per run.
func simulatedDB(b *testing.B, game string, hands int) string {
	key := fmt.Sprintf("%s-%d", game, hands)
	if p, ok := simulated.Load(key); ok {
		return p.(string)
	}
	bin := hoyleBinary(b)
	path := filepath.Join(filepath.Dir(bin), key+".db")
	out, err := exec.Command(bin, "--db", path, "simulate", "--game", game, "--hands", fmt.Sprint(hands), "--seed", "1", "--batch", "100").CombinedOutput()
	if err != nil {
		b.Fatalf("simulate: %v\n%s", err, out)
	}
	simulated.Store(key, path)
	return path
}

var peakOnce sync.Once

// peakBinary builds testdata/peak beside the hoyle binary, once.
func peakBinary(b testing.TB) string {
	bin := filepath.Join(filepath.Dir(hoyleBinary(b)), "peak")
	var err error
	peakOnce.Do(func() {
		var out []byte
		if out, err = exec.Command("go", "build", "-o", bin, "./testdata/peak").CombinedOutput(); err != nil {
			err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	return bin
}

// benchProcess runs hoyle with args on db once an iteration and reports
// the process's peak memory.
func benchProcess(b *testing.B, db string, args ...string) {
	bin, peak := hoyleBinary(b), peakBinary(b)
	var most int64
	for b.Loop() {
		var stderr bytes.Buffer
		cmd := exec.Command(peak, append([]string{bin, "--db", db}, args...)...)
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("hoyle %v: %v\n%.500s", args, err, stderr.String())
		}
		var kb int64
		if i := strings.LastIndex(stderr.String(), "peak-kb "); i >= 0 {
			fmt.Sscan(stderr.String()[i+len("peak-kb "):], &kb)
		}
		most = max(most, kb)
	}
	b.ReportMetric(float64(most)/1024, "peak-MB")
}

// BenchmarkProcess runs the reading commands as whole processes on a
// session of 10 hands and on a long one: what they cost should follow what
// they show, not what is stored.
func BenchmarkProcess(b *testing.B) {
	long := simtest.Hands()
	commands := [][]string{
		// The write-ups without the double-dummy analysis: its cost is the
		// solver's, the same for any session (BenchmarkProcessDD).
		{"show", "--json"},
		{"show", "--ascii", "--no-dd"},
		{"show", "--at", "3.5", "--json"},
		{"export", "--format", "md", "--hand", "3", "--no-dd"},
		{"replay", "--hand", "3", "--no-dd"},
		{"replay", "--no-dd"},                                   // the latest hand, whose moments once scanned every hand
		{"export", "--format", "md", "--no-dd"},                 // the latest hand's write-up
		{"note", "--at", "3", "--by", "bench", "a note"},        // a table entry at a moment of an early hand
		{"note", "--at", "LATEST.5", "--by", "bench", "a note"}, // and of the latest hand
		{"score", "--json"},
		{"sessions"},
		{"verify"},
		{"log"},
	}
	for _, args := range commands {
		for _, hands := range []int{10, long} {
			b.Run(fmt.Sprintf("%v/hands=%d", args, hands), func(b *testing.B) {
				db := simulatedDB(b, "auction", hands)
				if args[0] == "note" {
					db = simtest.Copy(b, db, b.TempDir())
				}
				args := slices.Clone(args)
				for i, a := range args {
					args[i] = strings.Replace(a, "LATEST", fmt.Sprint(hands), 1)
				}
				benchProcess(b, db, args...)
			})
		}
	}
}

// BenchmarkProcessVerifyRate is verify of the long session as a whole
// process, in events a second (the target is a million), in the same run
// as the floor (benchFloor): what the machine gives a process that opens a
// bbolt file and commits one put, at the time.
func BenchmarkProcessVerifyRate(b *testing.B) {
	db := simulatedDB(b, "auction", simtest.Hands())
	b.Run("floor", benchFloor)
	b.Run("verify", func(b *testing.B) {
		events := 62 * simtest.Hands() // about 62 events a hand of auction bridge
		benchProcess(b, db, "verify")
		b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
}

// BenchmarkProcessExport exports whole contract sessions of n/8 and n
// hands (1,000 and 8,000 by default): the cost should grow with the
// session, in proportion.
func BenchmarkProcessExport(b *testing.B) {
	long := simtest.Hands() * 8 / 10
	for _, format := range []string{"json", "md"} {
		for _, hands := range []int{long / 8, long} {
			b.Run(fmt.Sprintf("%s/hands=%d", format, hands), func(b *testing.B) {
				args := []string{"export", "--format", format}
				if format == "md" {
					args = append(args, "--no-dd") // the read's cost, not the solver's
				}
				benchProcess(b, simulatedDB(b, "contract", hands), args...)
			})
		}
	}
}

// BenchmarkProcessStartup is a command that reads no database: the floor
// every command pays (package initialisation; glamour's chroma is most of
// it, see hoyle help performance).
func BenchmarkProcessStartup(b *testing.B) {
	benchProcess(b, filepath.Join(b.TempDir(), "none.db"), "games")
}

// resultsPBN is a PBN file of n result-only records, each a new board
// (cmd/hoyle-tools/resultpbn: 100,000 records are 7.4 MB), written once
// beside the hoyle binary.
func resultsPBN(b testing.TB, n int) string {
	path := filepath.Join(filepath.Dir(hoyleBinary(b)), fmt.Sprintf("results-%d.pbn", n))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	out, err := exec.Command("go", "run", "../hoyle-tools/resultpbn", "-records", fmt.Sprint(n), "-boards", "0", "-o", path).CombinedOutput()
	if err != nil {
		b.Fatalf("resultpbn: %v\n%s", err, out)
	}
	return path
}

// BenchmarkProcessImport imports a PBN file of result-only records
// (100,000; 10,000 with -short; ten times -hands) into a new database, as
// a whole process, checkpoint included: its peak memory is what the
// import holds, which issue 30 bounds at 200 MB for any file under 10 MB.
//
//	go test ./cmd/hoyle -run '^$' -bench ProcessImport -benchtime 1x
func BenchmarkProcessImport(b *testing.B) {
	file := resultsPBN(b, 10*simtest.Hands())
	bin, peak := hoyleBinary(b), peakBinary(b)
	dir := b.TempDir()
	var most int64
	i := 0
	for b.Loop() {
		i++
		var stderr bytes.Buffer
		cmd := exec.Command(peak, bin, "--db", filepath.Join(dir, fmt.Sprintf("import-%d.db", i)), "import", file)
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("hoyle import: %v\n%.500s", err, stderr.String())
		}
		var kb int64
		if i := strings.LastIndex(stderr.String(), "peak-kb "); i >= 0 {
			fmt.Sscan(stderr.String()[i+len("peak-kb "):], &kb)
		}
		most = max(most, kb)
	}
	b.ReportMetric(float64(most)/1024, "peak-MB")
}

// BenchmarkImportInProcess is the same import run in this process, for
// what it allocates (-benchmem; the memory limit the command sets is in
// force here too).
//
//	go test ./cmd/hoyle -run '^$' -bench ImportInProcess -benchtime 1x -benchmem
func BenchmarkImportInProcess(b *testing.B) {
	file := resultsPBN(b, 10*simtest.Hands())
	home := b.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config")}
	streams := &Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Getenv: func(k string) string { return env[k] }}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		if code := run([]string{"--db", filepath.Join(home, fmt.Sprintf("import-%d.db", i)), "import", file}, streams); code != 0 {
			b.Fatalf("hoyle import exited %d", code)
		}
	}
}
