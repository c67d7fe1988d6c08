package jsonview_test

import (
	"go/ast"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestViewsLiveHere fails when a JSON view grows back in cmd: a struct
// with json tags declared there, or an encoder set up there to indent a
// view (jsonview.Write does it).
func TestViewsLiveHere(t *testing.T) {
	for _, src := range testkit.Sources(t) {
		if !strings.HasPrefix(src.Dir, "cmd/") {
			continue
		}
		ast.Inspect(src.File, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.StructType:
				for _, f := range n.Fields.List {
					if f.Tag != nil && strings.Contains(f.Tag.Value, `json:"`) {
						t.Errorf("%s declares a JSON view in cmd: put it in replay/jsonview and list it in its doc.go", src.Pos(f))
					}
				}
			case *ast.SelectorExpr:
				if n.Sel.Name == "SetIndent" {
					t.Errorf("%s indents JSON in cmd: write the view with jsonview.Write", src.Pos(n))
				}
			}
			return true
		})
	}
}

// TestEveryViewDocumented: each view this package declares is named in
// its doc.go, with each of its JSON fields, so the contract is written
// down once and in full.
func TestEveryViewDocumented(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	doc := string(b)
	for _, src := range testkit.Sources(t) {
		if src.Dir != "replay/jsonview" {
			continue
		}
		for _, d := range src.File.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range g.Specs {
				ts, ok := sp.(*ast.TypeSpec)
				if !ok || !ts.Name.IsExported() {
					continue
				}
				assert.Contains(t, doc, ts.Name.Name, "%s: the view is not listed in doc.go", src.Pos(ts))
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, f := range st.Fields.List {
					if f.Tag == nil {
						continue
					}
					name, _, _ := strings.Cut(reflect.StructTag(strings.Trim(f.Tag.Value, "`")).Get("json"), ",")
					if name != "" && name != "-" {
						assert.Contains(t, doc, name, "%s: field %q of %s is not in doc.go", src.Pos(f), name, ts.Name.Name)
					}
				}
			}
		}
	}
}
