package markdown_test

import (
	"io"
	"testing"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// BenchmarkWriteUpDD writes up the demo hand with the double-dummy
// analysis: solved each time (a process's first write-up of a hand: the
// table and the play's trace), kept from before (every later one), and
// left out (--no-dd).
func BenchmarkWriteUpDD(b *testing.B) {
	envs := replaytest.Record(b, "demo")
	for _, c := range []struct {
		name  string
		reset bool
		opts  markdown.Options
	}{
		{"solved", true, markdown.Options{}},
		{"kept", false, markdown.Options{}},
		{"no-dd", false, markdown.Options{NoDD: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if c.reset {
					ddkeep.Shared().Reset()
				}
				if err := markdown.Write(io.Discard, envs, c.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
