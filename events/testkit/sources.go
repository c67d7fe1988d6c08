package testkit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Source is one production Go file of the module, parsed: the tests that
// keep each concept in one home scan them for a second form growing back
// (a type, a function or a list declared again elsewhere).
type Source struct {
	Path string // slash-separated, from the module root: "events/cards/vulnerability.go"
	Dir  string // the package's directory, from the module root: "events/cards"
	File *ast.File
	Fset *token.FileSet
}

// Pos says where a node of the file is, as "path:line".
func (s Source) Pos(n ast.Node) string {
	return s.Path + ":" + strconv.Itoa(s.Fset.Position(n.Pos()).Line)
}

var (
	sourcesOnce sync.Once
	sources     []Source
	sourcesErr  error
)

// Sources parses every non-test Go file of the module (found by walking up
// from the test's directory to go.mod), once per test binary.
func Sources(t testing.TB) []Source {
	t.Helper()
	sourcesOnce.Do(func() { sources, sourcesErr = parseModule() })
	if sourcesErr != nil {
		t.Fatalf("reading the module's sources: %v", sourcesErr)
	}
	return sources
}

func parseModule() ([]Source, error) {
	root, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			return nil, fs.ErrNotExist
		}
		root = up
	}
	fset := token.NewFileSet()
	var out []Source
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		out = append(out, Source{Path: rel, Dir: filepath.ToSlash(filepath.Dir(rel)), File: f, Fset: fset})
		return nil
	})
	return out, err
}

// Declared lists where a top-level function (not a method) or type whose
// name satisfies match is declared in the module's production sources, as
// "path:line name".
func Declared(t testing.TB, match func(name string) bool) []string {
	t.Helper()
	var at []string
	for _, s := range Sources(t) {
		for _, d := range s.File.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && match(d.Name.Name) {
					at = append(at, s.Pos(d)+" func "+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok && match(ts.Name.Name) {
						at = append(at, s.Pos(ts)+" type "+ts.Name.Name)
					}
				}
			}
		}
	}
	return at
}

// Imports lists the import paths of the production files of the package
// in dir (from the module root, "projections/dd"), each once.
func Imports(t testing.TB, dir string) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for _, s := range Sources(t) {
		if s.Dir != dir {
			continue
		}
		for _, im := range s.File.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no production file imports anything in %s: is the directory right?", dir)
	}
	return out
}
