package html

import (
	"io"
	"testing"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections"
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

// BenchmarkViewer writes the viewer page of the demo hand: a fold at each
// of its 68 moments, the states as JSON, the write-up under them. The
// double-dummy answers are kept for the process (replay.HandAnalysis), so
// after the first page this is the cost of the page, not of the solver.
// It reports the page's size.
func BenchmarkViewer(b *testing.B) {
	envs := replaytest.Record(b, "demo")
	full, err := projections.Fold(envs)
	if err != nil {
		b.Fatal(err)
	}
	var size int
	for b.Loop() {
		page, err := RenderViewer(full, envs, 1, ViewerOptions{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(page)
	}
	b.ReportMetric(float64(size), "bytes/page")
}
