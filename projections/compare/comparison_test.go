package compare_test

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestComparisonAskedOfTheRuleset fails when the comparison branches on a
// game's ID again (ev.Game == whist.IDDuplicate): how a board is compared
// is the ruleset's to say (game.ComparisonOf).
func TestComparisonAskedOfTheRuleset(t *testing.T) {
	for _, src := range testkit.Sources(t) {
		if src.Dir != "projections/compare" {
			continue
		}
		ast.Inspect(src.File, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "ID") && sel.Sel.Name != "ID" {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name != "game" {
					t.Errorf("%s compares with a game's ID (%s.%s): ask the ruleset", src.Pos(sel), x.Name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}
