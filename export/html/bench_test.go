package html

import (
	"io"
	"testing"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// BenchmarkPage writes the demo hand up as a page: the write-up, goldmark,
// the diagram's grid and the suits marked.
func BenchmarkPage(b *testing.B) {
	envs := replaytest.Record(b, "demo")
	for b.Loop() {
		if err := Write(io.Discard, envs, markdown.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
