package dd

import (
	"strings"
	"testing"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestSolverImportsNoRuleset: the solver is pure; the scores par needs are
// the caller's (Scorer), so it imports no ruleset and nothing of hoyle's
// but events/cards.
func TestSolverImportsNoRuleset(t *testing.T) {
	for _, p := range testkit.Imports(t, "projections/dd") {
		if strings.HasPrefix(p, "github.com/hoyle/hoyle/") && p != "github.com/hoyle/hoyle/events/cards" {
			t.Errorf("projections/dd imports %s: the solver takes what it needs from its caller", p)
		}
	}
}
