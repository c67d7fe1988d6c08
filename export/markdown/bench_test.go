package markdown_test

import (
	"io"
	"testing"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// BenchmarkWriteUp writes up the demo hand: fold, diagram, auction, play,
// notes and score.
func BenchmarkWriteUp(b *testing.B) {
	envs := replaytest.Record(b, "demo")
	for b.Loop() {
		if err := markdown.Write(io.Discard, envs, markdown.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
