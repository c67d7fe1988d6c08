package ddhand

import (
	"strings"
	"testing"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestAnalysisImportsNoRuleset: par's scores are the caller's (a
// dd.Scorer), so the analysis of a hand, like the solver, imports no
// ruleset.
func TestAnalysisImportsNoRuleset(t *testing.T) {
	for _, p := range testkit.Imports(t, "projections/ddhand") {
		if strings.HasPrefix(p, "github.com/hoyle/hoyle/projections/rules") {
			t.Errorf("projections/ddhand imports %s: take par's scores from the caller", p)
		}
	}
}
