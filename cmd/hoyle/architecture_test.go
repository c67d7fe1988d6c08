package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layers ranks the top-level folders, lowest first: a package may import
// only its own layer or a lower one (hoyle help architecture).
var layers = map[string]int{"events": 0, "projections": 1, "replay": 2, "export": 3, "cmd": 4}

const module = "github.com/hoyle/hoyle/"

// TestImportsRunDownTheLayers reads every Go file of the repository, tests
// included, and fails on an import that runs up the layers, or on an import
// of fixtures outside cmd.
func TestImportsRunDownTheLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		top := strings.Split(filepath.ToSlash(rel), "/")[0]
		mine, layered := layers[top]
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			target, ok := strings.CutPrefix(p, module)
			if !ok {
				continue
			}
			ttop := strings.Split(target, "/")[0]
			if ttop == "fixtures" && top != "cmd" && top != "fixtures" {
				t.Errorf("%s imports %s: only cmd imports fixtures", rel, p)
			}
			if theirs, ok := layers[ttop]; ok && layered && theirs > mine {
				t.Errorf("%s (layer %s) imports %s, a higher layer", rel, top, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("read only %d Go files; is the test run from cmd/hoyle?", checked)
	}
}
