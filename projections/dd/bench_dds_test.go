//go:build dds

package dd

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd/internal/ddsoracle"
)

// DDS on one thread: SetMaxThreads(1) before the timed loop, so that
// CalcDDtable solves the five strains one after another, as ours-1thread
// does.
func init() {
	benchSolvers = append(benchSolvers, benchSolver{
		name:  "dds-1thread",
		setup: func() { ddsoracle.SetMaxThreads(1) },
		table: func(d cards.Deal) error {
			_, err := ddsoracle.CalcDDtable([4]cards.Set(d))
			return err
		},
	})
}
