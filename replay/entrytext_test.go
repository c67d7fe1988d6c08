package replay_test

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestEntryTextOneHome fails when a second describer of a log entry grows
// back outside replay (cmd's undo had one of its own beside NoteTarget): a
// type switch over the entries' payloads that names three or more of the
// table's entries, in a package above replay, is one.
func TestEntryTextOneHome(t *testing.T) {
	entries := map[string]bool{"Called": true, "Played": true, "Dealt": true, "Claimed": true, "Discarded": true, "TrickWon": true}
	for _, src := range testkit.Sources(t) {
		if !strings.HasPrefix(src.Dir, "cmd/") && !strings.HasPrefix(src.Dir, "export/") {
			continue
		}
		ast.Inspect(src.File, func(n ast.Node) bool {
			sw, ok := n.(*ast.TypeSwitchStmt)
			if !ok {
				return true
			}
			named := 0
			for _, c := range sw.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if star, ok := e.(*ast.StarExpr); ok {
						if sel, ok := star.X.(*ast.SelectorExpr); ok && entries[sel.Sel.Name] {
							named++
						}
					}
				}
			}
			if named >= 3 {
				t.Errorf("%s describes log entries by their payloads: use replay.EntryText", src.Pos(sw))
			}
			return true
		})
	}
}
