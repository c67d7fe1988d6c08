package ddhand

import (
	"testing"

	"github.com/hoyle/hoyle/projections/rules/contract"
)

// BenchmarkAnalyse analyses deal 1 of DDS's list, played out (52 cards),
// nothing kept from before: the table alone, the play's trace alone, and
// both (what a process's first show, export or replay of a hand costs,
// when nothing is kept beside the log: see projections/ddkeep).
func BenchmarkAnalyse(b *testing.B) {
	ds := listDeals(b)
	ld := ds[1]
	h := handOf(b, ld, ld.Strain, len(ld.Play))
	b.Run("table", func(b *testing.B) {
		for b.Loop() {
			if _, err := (Solve{}).Table(ld.Deal); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("trace", func(b *testing.B) {
		for b.Loop() {
			if _, err := (Solve{}).Trace(ld.Deal, ld.Strain, ld.Leader, ld.Play); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hand", func(b *testing.B) {
		for b.Loop() {
			if _, err := Analyse(h, Solve{}, contract.ParScore); err != nil {
				b.Fatal(err)
			}
		}
	})
}
