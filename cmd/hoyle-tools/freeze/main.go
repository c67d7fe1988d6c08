// Command freeze writes a frozen database: fixtures/db/NAME.db, from
// the script fixtures/scripts/frozen-NAME.hoyle, with the hoyle of the
// working tree. A frozen database is written once and never again (see
// fixtures/db/README.md); every later hoyle must read it the same, which
// cmd/hoyle's TestFrozenDatabases checks against its golden file.
//
// Run it from anywhere in the repository:
//
//	go run ./cmd/hoyle-tools/freeze v5
//	go test ./cmd/hoyle -run 'TestFrozenDatabases/v5' -update
//
// The first builds cmd/hoyle, runs the script's commands with it, one
// process per line, on a new database, and copies that to fixtures/db/v5.db;
// it refuses to write over a database that exists. The second writes the
// new database's golden file (cmd/hoyle/testdata/frozen/v5.golden).
//
// The script's commands run in cmd/hoyle, as the tests ran them when
// freezing was a test flag: a path in a script (an import's file) is
// relative to it, "../../fixtures/scripts/frozen-v4.pbn". The script is
// split into commands by replay/prompt, as the prompt splits a typed line.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hoyle/hoyle/fixtures"
	"github.com/hoyle/hoyle/replay/prompt"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./cmd/hoyle-tools/freeze NAME\n\n"+
			"writes fixtures/db/NAME.db from fixtures/scripts/frozen-NAME.hoyle with the hoyle of this working tree;\n"+
			"then run go test ./cmd/hoyle -run 'TestFrozenDatabases/NAME' -update for its golden file\n")
		flag.PrintDefaults()
	}
	hoyle := flag.String("hoyle", "", "run the script with this hoyle binary instead of building cmd/hoyle")
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *hoyle, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "freeze:", err)
		os.Exit(1)
	}
}

// The reasons a freeze is refused.
var (
	// ErrExists: the frozen database is there already; it is never
	// written again.
	ErrExists = errors.New("a frozen database is never written again: freeze a new one under a new name")
	// ErrBadName: a name that is not a plain file name (v5, v6-imports).
	ErrBadName = errors.New("a frozen database's name is letters, digits and dashes, as v5")
	// ErrNoScript: no fixtures/scripts/frozen-NAME.hoyle.
	ErrNoScript = errors.New("no script for it: write fixtures/scripts/frozen-NAME.hoyle first")
	// ErrCommand: a line of the script that hoyle refused.
	ErrCommand = errors.New("a command of the script failed")
)

var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]*$`)

// run freezes NAME in the repository that holds the working directory.
func run(name, hoyle string, out io.Writer) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	if hoyle == "" {
		tmp, err := os.MkdirTemp("", "hoyle-freeze-bin-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		hoyle = filepath.Join(tmp, "hoyle")
		build := exec.Command("go", "build", "-o", hoyle, "./cmd/hoyle")
		build.Dir = root
		if b, err := build.CombinedOutput(); err != nil {
			return fmt.Errorf("go build ./cmd/hoyle: %v\n%s", err, b)
		}
	}
	return freeze(freezer{Root: root, Name: name, Hoyle: hoyle, Script: fixtures.Script, Out: out})
}

// freezer is one freeze: the repository, the database's name, the hoyle
// that runs the script, where the script comes from, and where to say
// what it did.
type freezer struct {
	Root   string
	Name   string
	Hoyle  string
	Script func(name string) (string, error)
	Out    io.Writer
}

// freeze runs the script frozen-NAME with f.Hoyle on a database in a
// temporary directory, then copies it to fixtures/db/NAME.db, which must
// not exist.
func freeze(f freezer) error {
	if !validName.MatchString(f.Name) {
		return fmt.Errorf("%w: %q", ErrBadName, f.Name)
	}
	dest := filepath.Join(f.Root, "fixtures", "db", f.Name+".db")
	if _, err := os.Stat(dest); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", dest, ErrExists)
	}
	text, err := f.Script("frozen-" + f.Name)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrNoScript, err)
	}
	tmp, err := os.MkdirTemp("", "hoyle-freeze-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	db := filepath.Join(tmp, f.Name+".db")
	lines := prompt.Lines(text)
	for i, words := range lines {
		cmd := exec.Command(f.Hoyle, append([]string{"--db", db}, words...)...)
		cmd.Dir = filepath.Join(f.Root, "cmd", "hoyle")
		// Nothing of the caller's environment but PATH: no HOYLE_DB, no
		// terminal, no colour; a home of its own, as the tests gave it.
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + tmp, "XDG_DATA_HOME=" + tmp}
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%w: command %d of %d, hoyle %s: %v\n%s", ErrCommand, i+1, len(lines), strings.Join(words, " "), err, stderr.String())
		}
	}
	b, err := os.ReadFile(db)
	if err != nil {
		return fmt.Errorf("the script wrote no database: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	w, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", dest, ErrExists)
	}
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.Close()
		os.Remove(dest)
		return err
	}
	if err := w.Close(); err != nil {
		os.Remove(dest)
		return err
	}
	rel, _ := filepath.Rel(f.Root, dest)
	fmt.Fprintf(f.Out, "wrote %s (%d bytes, %d commands); now run\n\tgo test ./cmd/hoyle -run 'TestFrozenDatabases/%s' -update\nfor its golden file, and add it to fixtures/db/README.md\n", rel, len(b), len(lines), f.Name)
	return nil
}

// repoRoot is the folder of the module's go.mod, from the working
// directory up.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/hoyle/hoyle\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside the hoyle repository: run it from the repository, as go run ./cmd/hoyle-tools/freeze NAME")
		}
		dir = parent
	}
}
