package ddhand

import (
	"testing"

	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// BenchmarkAnalyse analyses deal 1 of DDS's list, played out (52 cards),
// nothing kept from before: the table alone, the play's trace alone, and
// both (what a process's first show, export or replay of a hand costs).
func BenchmarkAnalyse(b *testing.B) {
	ds := listDeals(b)
	ld := ds[1]
	h := handOf(b, ld, ld.Strain, len(ld.Play))
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			ResetCache()
			if _, err := Table(ld.Deal, dd.Config{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("trace", func(b *testing.B) {
		for b.Loop() {
			ResetCache()
			if _, err := trace(ld.Deal, ld.Strain, ld.Leader, ld.Play, dd.Config{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hand", func(b *testing.B) {
		for b.Loop() {
			ResetCache()
			if _, err := Analyse(h, dd.Config{}, contract.ParScore); err != nil {
				b.Fatal(err)
			}
		}
	})
}
