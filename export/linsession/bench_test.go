package linsession

import (
	"fmt"
	"io"
	"testing"

	"github.com/hoyle/hoyle/export/internal/exporttest"
)

// BenchmarkExport writes a simulated session of 1,000 hands as LIN, and of
// 8,000 with -large: the two side by side show the cost linear in the
// session (it was 50 times for 8 times the hands).
func BenchmarkExport(b *testing.B) {
	for _, n := range exporttest.BenchSizes() {
		s, _ := exporttest.Simulated(b, n)
		b.Run(fmt.Sprintf("hands=%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := Write(io.Discard, s, ExportOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/hand")
		})
	}
}
