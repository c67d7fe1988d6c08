package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hoyle/hoyle/events/natsstore"
)

// BenchmarkCallProcess is the whole-process cost of one `hoyle call` (the
// binary started, the database opened, the hand folded, the call checked
// and appended with its fsync, the status line printed) on a file and on
// the shared log of an embedded JetStream server in this process (every
// write fsynced, as hoyle serve does), over loopback. Between calls,
// untimed, a passed-out hand is dealt again.
func BenchmarkCallProcess(b *testing.B) {
	bin := hoyleBinary(b)
	srv, err := natsstore.StartServer(b.TempDir(), "127.0.0.1:0", natsstore.ServerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(srv.Shutdown)
	for _, c := range []struct{ name, db string }{
		{"file", filepath.Join(b.TempDir(), "bench.db")},
		{"nats", srv.URL()},
	} {
		b.Run(c.name, func(b *testing.B) {
			run := func(args ...string) {
				cmd := exec.Command(bin, append([]string{"--db", c.db}, args...)...)
				cmd.Env = append(os.Environ(), "HOYLE_DB=")
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("hoyle %v: %v\n%s", args, err, out)
				}
			}
			run("new", "--game", "contract")
			calls := 4
			for b.Loop() {
				if calls == 4 {
					b.StopTimer()
					run("deal")
					calls = 0
					b.StartTimer()
				}
				run("call", "P")
				calls++
			}
		})
	}
}
