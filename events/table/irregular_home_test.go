package table_test

import (
	"go/ast"
	"testing"

	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
)

// TestIrregularTypesOneList fails when a list of the irregularities' event
// types is written again outside events/table (a slice, or a switch case
// naming two or more of them): the fold and the replay take the one list.
func TestIrregularTypesOneList(t *testing.T) {
	irregular := map[string]bool{}
	for _, typ := range []string{"TypeIrregularCall", "TypeIrregularPlay", "TypeExposed", "TypeRenounceCorrected", "TypeNewDeal", "TypePenalty"} {
		irregular[typ] = true
	}
	if got := len(table.IrregularTypes()); got != len(irregular) {
		t.Fatalf("IrregularTypes lists %d types, the test knows %d: keep them in step", got, len(irregular))
	}
	count := func(exprs []ast.Expr) int {
		n := 0
		for _, e := range exprs {
			if sel, ok := e.(*ast.SelectorExpr); ok && irregular[sel.Sel.Name] {
				n++
			}
		}
		return n
	}
	for _, src := range testkit.Sources(t) {
		if src.Dir == "events/table" {
			continue
		}
		ast.Inspect(src.File, func(n ast.Node) bool {
			var listed []ast.Expr
			switch n := n.(type) {
			case *ast.CompositeLit:
				listed = n.Elts
			case *ast.CaseClause:
				listed = n.List
			default:
				return true
			}
			if count(listed) >= 2 {
				t.Errorf("%s lists irregular event types again: use table.IrregularTypes or table.IsIrregular", src.Pos(n))
			}
			return true
		})
	}
	for _, typ := range table.IrregularTypes() {
		if !table.IsIrregular(typ) {
			t.Errorf("IsIrregular(%q) = false", typ)
		}
	}
	if table.IsIrregular(table.TypeDealt) {
		t.Errorf("IsIrregular(%q) = true", table.TypeDealt)
	}
}
