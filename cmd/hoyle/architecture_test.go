package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The dependency rules of the module, as data: for each of its packages,
// the module packages it may import (the standard library and the
// libraries in go.mod are not listed). In the style of the Go standard
// library's go/build/deps_test.go, this table replaces the "It imports..."
// paragraph each package doc once had, which nothing checked and which had
// drifted (TestImportsAreAllowed checks the table against `go list`).
//
// The rules it states:
//
//   - Layers, lowest first: events < projections < replay < export < cmd.
//     A package imports its own layer or a lower one (TestImportsRunDownTheLayers,
//     and TestAllowlistRunsDownTheLayers for the table itself); only cmd
//     imports fixtures.
//   - events/cards is the floor: it imports nothing of hoyle's.
//   - A ruleset under projections/rules imports the game engine
//     (projections/game) and what it is made of (events, events/cards);
//     the registry, projections/rules, imports every ruleset, and no
//     ruleset imports the registry.
//   - A form of a game may import the game it varies, as the texts describe
//     it: the forms of Bridge (auction 1908, draw, reversi, short, six-hand,
//     King's Bridge) import bridge, Quinto is cut "in the usual way", as
//     Bridge is; mort, double dummy and humbug are dummy whist, thirteen and
//     the odd is humbug's deal, and the dummy games build on whist. This
//     mirrors the texts; any other import between rulesets is sideways.
//   - A solver or a codec imports what it works on only: projections/dd
//     events/cards (its scores come from whoever calls it), export/pbn and
//     export/lin events/cards.
//   - The packages named in testOnly are for tests: only tests and other
//     test-only packages import them.
//
// A new package gets a line here; a new import between module packages is
// a change to this table, reviewed as one.
var allowed = map[string][]string{
	// events: the log, its stores and what is written in it.
	"events/cards":     nil,
	"events/testkit":   nil,
	"events":           {"events/cards"},
	"events/table":     {"events", "events/cards"},
	"events/eventrec":  {"events", "events/cards"},
	"events/bolt":      {"events"},
	"events/memstore":  {"events"},
	"events/natsstore": {"events"},
	"events/storetest": {"events", "events/cards", "events/table", "events/testkit"},

	// projections: the game engine, the rulesets and the folds.
	"projections/game":                  {"events", "events/cards"},
	"projections/movement":              {"events/cards"},
	"projections/dd":                    {"events/cards"},
	"projections/dd/ddlist":             {"events/cards", "projections/dd"},
	"projections/dd/internal/ddsoracle": {"events/cards"},
	"projections/ddhand":                {"events", "events/cards", "projections/dd", "projections/game"},
	"projections/ddkeep":                {"events", "events/cards", "projections/dd", "projections/ddhand"},

	"projections/rules/whist":       ruleset(),
	"projections/rules/bridge":      ruleset(),
	"projections/rules/contract":    ruleset(),
	"projections/rules/auction1913": ruleset(),
	"projections/rules/fivehundred": ruleset(),
	// The forms of Bridge, and Quinto, which is cut as Bridge is.
	"projections/rules/auction1908":   formOf("projections/rules/bridge"),
	"projections/rules/drawbridge":    formOf("projections/rules/bridge"),
	"projections/rules/reversibridge": formOf("projections/rules/bridge"),
	"projections/rules/shortbridge":   formOf("projections/rules/bridge"),
	"projections/rules/sixhandbridge": formOf("projections/rules/bridge"),
	"projections/rules/kingsbridge":   formOf("projections/rules/bridge", "projections/movement"),
	"projections/rules/quinto":        formOf("projections/rules/bridge"),
	// Dummy whist and its forms.
	"projections/rules/dummy":             formOf("projections/rules/whist"),
	"projections/rules/mort":              formOf("projections/rules/dummy", "projections/rules/whist"),
	"projections/rules/doubledummy":       formOf("projections/rules/dummy", "projections/rules/whist"),
	"projections/rules/humbug":            formOf("projections/rules/doubledummy", "projections/rules/dummy", "projections/rules/whist"),
	"projections/rules/thirteenandtheodd": formOf("projections/rules/humbug", "projections/rules/dummy", "projections/rules/whist"),
	"projections/rules":                   append([]string{"projections/game"}, rulesets...),

	"projections": {"events", "events/cards", "events/table", "projections/game", "projections/movement", "projections/rules"},
	// compare scores boards by contract bridge's IMP table and applies
	// duplicate whist's Law X (whist.LawX, which a session's own plays
	// share); how a board is compared it asks the ruleset
	// (game.ComparisonOf), never a game's ID.
	"projections/compare": {"events/cards", "events/table", "projections", "projections/game", "projections/movement",
		"projections/rules/contract", "projections/rules/whist", "projections/ruling"},
	// ruling reads a director's rulings by the Laws of Duplicate Bridge:
	// an assigned score is scored by Law 77 and the board's Law 2
	// vulnerability, which are contract's.
	"projections/ruling": {"events", "events/cards", "events/table", "projections", "projections/game",
		"projections/rules/contract"},
	"projections/load":      {"events", "events/cards", "events/table", "projections", "projections/game"},
	"projections/recorder":  {"events", "events/cards", "projections", "projections/game", "projections/load"},
	"projections/ledger":    {"events", "events/eventrec", "projections/compare", "projections/load"},
	"projections/verify":    {"events", "events/eventrec", "events/table", "projections", "projections/eventbook", "projections/load"},
	"projections/eventbook": {"events", "events/cards", "events/eventrec", "events/table", "projections/movement"},
	"projections/simulate": {"events", "events/cards", "events/table", "projections", "projections/game",
		"projections/load", "projections/recorder"},

	// Test-only helpers of the projections layer.
	"projections/rules/bridge/bridgetest": {"events", "events/cards", "events/testkit", "projections/game"},
	"projections/simulate/simtest": {"events", "events/bolt", "events/memstore", "projections", "projections/load",
		"projections/recorder", "projections/simulate"},
	"projections/rules/rulestest": {"events", "events/cards", "events/memstore", "projections", "projections/game",
		"projections/load", "projections/recorder", "projections/simulate", "projections/simulate/simtest",
		"projections/verify"},

	// replay: moments, transcripts and the prompt.
	"replay": {"events", "events/cards", "events/table", "projections", "projections/compare", "projections/dd", "projections/ruling",
		"projections/ddhand", "projections/ddkeep", "projections/game", "projections/movement", "projections/rules/contract"},
	// The --json views, one package (its doc.go lists them).
	"replay/jsonview": {"events", "events/cards", "projections", "projections/dd", "projections/game",
		"projections/movement", "projections/rules/contract", "replay"},
	"replay/prompt": {"events", "events/cards", "events/table", "projections", "projections/game", "replay"},
	"replay/replaytest": {"events", "events/cards", "events/memstore", "events/table", "projections",
		"projections/load", "projections/recorder", "replay", "replay/prompt"},

	// export: the codecs, then the sessions written and read through them.
	"export/pbn": {"events/cards"},
	"export/lin": {"events/cards", "projections/game"},
	"export/internal/build": {"events", "events/cards", "events/eventrec", "events/table", "projections", "projections/game",
		"replay"},
	"export/markdown": {"events", "events/cards", "events/table", "projections", "projections/ddhand",
		"projections/game", "replay"},
	"export/html": {"events", "events/cards", "export/markdown", "projections", "projections/ddhand", "projections/game",
		"replay"},
	"export/eventreport": {"export/markdown", "projections/compare"},
	// The event's site: compare's figures as pages, each played hand's page
	// from export/html.
	"export/site": {"events", "events/cards", "export/html", "export/markdown", "projections",
		"projections/compare", "projections/dd", "projections/ddhand", "projections/ddkeep", "projections/rules/contract", "replay"},
	"export/jsonlog": {"events", "events/cards", "projections"},
	"export/pbnsession": {"events", "events/cards", "events/eventrec", "events/table", "export/internal/build", "export/pbn",
		"projections", "projections/compare", "projections/game", "projections/rules", "projections/ruling"},
	"export/linsession": {"events", "events/cards", "events/table", "export/internal/build", "export/lin",
		"export/pbn", "projections", "projections/game", "projections/rules"},
	"export/importer": {"events", "events/eventrec", "events/table", "export/internal/build", "export/linsession",
		"export/pbnsession", "projections/load"},
	// sitetest walks a site in Chromium for export/site's tests and
	// cmd/hoyle's (not internal: cmd cannot import export/internal).
	"export/sitetest":              {"export/internal/chromiumtest", "export/site"},
	"export/internal/chromiumtest": nil,
	"export/internal/exporttest": {"events", "events/bolt", "events/cards", "events/memstore",
		"export/internal/build", "projections", "projections/game", "projections/load", "projections/recorder",
		"projections/simulate/simtest"},

	// fixtures imports nothing of hoyle's; only cmd imports it.
	"fixtures": nil,

	// cmd may import every layer below it, and fixtures; not the test-only
	// helpers.
	"cmd/hoyle": {"events", "events/bolt", "events/cards", "events/eventrec", "events/natsstore", "events/table",
		"export/eventreport", "export/html", "export/importer", "export/jsonlog", "export/linsession", "export/markdown",
		"export/pbn", "export/pbnsession", "export/site", "fixtures", "projections", "projections/compare", "projections/dd",
		"projections/ddhand", "projections/ddkeep", "projections/eventbook", "projections/game", "projections/ledger", "projections/load",
		"projections/movement", "projections/recorder", "projections/rules", "projections/simulate",
		"projections/verify", "projections/rules/contract", "projections/ruling", "replay", "replay/jsonview", "replay/prompt"},
	// The developers' tools run hoyle as a user does.
	"cmd/hoyle-tools/htmlpages": nil,
	// freeze runs hoyle as a user does, on fixtures/scripts/frozen-NAME.hoyle
	// split into commands as the prompt splits a typed line.
	"cmd/hoyle-tools/freeze": {"fixtures", "replay/prompt"},
	// resultpbn writes a PBN file of result-only records, the import's
	// large input (its memory bound).
	"cmd/hoyle-tools/resultpbn": nil,
}

// testOnly are the packages only tests (and other test-only packages)
// import.
var testOnly = []string{
	"events/testkit", "events/storetest", "projections/dd/ddlist", "projections/dd/internal/ddsoracle",
	"projections/rules/bridge/bridgetest", "projections/simulate/simtest", "projections/rules/rulestest",
	"replay/replaytest", "export/internal/exporttest", "export/internal/chromiumtest", "export/sitetest",
}

// rulesets are the ruleset packages the registry imports.
var rulesets = []string{
	"projections/rules/auction1908", "projections/rules/auction1913", "projections/rules/bridge",
	"projections/rules/contract", "projections/rules/doubledummy", "projections/rules/drawbridge",
	"projections/rules/dummy", "projections/rules/fivehundred", "projections/rules/humbug",
	"projections/rules/kingsbridge", "projections/rules/mort", "projections/rules/quinto",
	"projections/rules/reversibridge", "projections/rules/shortbridge", "projections/rules/sixhandbridge",
	"projections/rules/thirteenandtheodd", "projections/rules/whist",
}

// ruleset is what every ruleset may import: the engine and what it is
// made of.
func ruleset() []string { return []string{"events", "events/cards", "projections/game"} }

// formOf is what a form of a game may import: what a ruleset may, and the
// games it varies.
func formOf(games ...string) []string { return append(ruleset(), games...) }

// layers ranks the top-level folders, lowest first: a package may import
// only its own layer or a lower one (hoyle help architecture).
var layers = map[string]int{"events": 0, "projections": 1, "replay": 2, "export": 3, "cmd": 4}

const module = "github.com/hoyle/hoyle/"

// moduleImports lists, by `go list`, each package of the module with the
// module packages its production files import (the dds build tag on, so
// that the solver's test oracle is listed too).
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-tags", "dds", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	got := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		pkg, ok := strings.CutPrefix(fields[0], module)
		if !ok {
			continue
		}
		got[pkg] = []string{}
		for _, imp := range fields[1:] {
			if p, ok := strings.CutPrefix(imp, module); ok {
				got[pkg] = append(got[pkg], p)
			}
		}
	}
	return got
}

// TestImportsAreAllowed checks every package of the module against the
// table: an import it does not allow fails, as does a package the table
// does not list (or lists but the module does not have), and a production
// import of a test-only package. Of the sideways imports issue 24 found,
// the solver's on a ruleset and lin's on pbn are gone and not allowed;
// compare's branch on whist's game ID is gone (its Law X is whist's).
func TestImportsAreAllowed(t *testing.T) {
	t.Parallel()
	got := moduleImports(t)
	if len(got) < 50 {
		t.Fatalf("go list found only %d packages of the module", len(got))
	}
	for _, pkg := range slices.Sorted(maps.Keys(got)) {
		rule, listed := allowed[pkg]
		if !listed {
			t.Errorf("package %s is not in the dependency table (cmd/hoyle/architecture_test.go): add it, with the module packages it may import", pkg)
			continue
		}
		for _, imp := range got[pkg] {
			switch {
			case slices.Contains(rule, imp):
			default:
				t.Errorf("%s imports %s, which the dependency table does not allow (cmd/hoyle/architecture_test.go)", pkg, imp)
			}
			if slices.Contains(testOnly, imp) && !slices.Contains(testOnly, pkg) {
				t.Errorf("%s imports %s, which only tests import", pkg, imp)
			}
		}
	}
	for pkg := range allowed {
		if _, ok := got[pkg]; !ok {
			t.Errorf("the dependency table lists %s, which the module does not have", pkg)
		}
	}
}

// TestAllowlistRunsDownTheLayers checks the table itself against the
// layers, so that it cannot be made to pass by allowing an import up them.
func TestAllowlistRunsDownTheLayers(t *testing.T) {
	for pkg, rule := range allowed {
		for _, imp := range rule {
			if err := layered(pkg, imp); err != nil {
				t.Errorf("the dependency table: %v", err)
			}
		}
	}
}

// layered says what is wrong with package pkg (a path in the module)
// importing imp: an import up the layers, or of fixtures outside cmd.
func layered(pkg, imp string) error {
	top, ttop := strings.Split(pkg, "/")[0], strings.Split(imp, "/")[0]
	if ttop == "fixtures" && top != "cmd" && top != "fixtures" {
		return fmt.Errorf("%s imports %s: only cmd imports fixtures", pkg, imp)
	}
	mine, ok := layers[top]
	if theirs, tok := layers[ttop]; ok && tok && theirs > mine {
		return fmt.Errorf("%s (layer %s) imports %s, a higher layer", pkg, top, imp)
	}
	return nil
}

// TestImportsRunDownTheLayers reads every Go file of the repository, tests
// included (which the table does not cover), and fails on an import that
// runs up the layers, or on an import of fixtures outside cmd.
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
			if err := layered(filepath.ToSlash(filepath.Dir(rel)), target); err != nil {
				t.Errorf("%s: %v", rel, err)
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
