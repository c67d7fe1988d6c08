package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/fixtures"
)

// stubRepo is a repository's skeleton (fixtures/db, cmd/hoyle) and a
// stand-in for hoyle that logs each run, its folder and its arguments, to
// log, appends a line to the database it is given, and fails on "bad".
func stubRepo(t *testing.T) (root, hoyle, log string) {
	t.Helper()
	root = t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "fixtures", "db"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "cmd", "hoyle"), 0o755))
	log = filepath.Join(root, "log")
	hoyle = filepath.Join(root, "hoyle")
	stub := "#!/bin/sh\n" +
		"echo \"$(pwd)|$*\" >> " + log + "\n" +
		"case \"$3\" in bad) echo 'bad: not a command' >&2; exit 1;; esac\n" +
		"echo \"$3\" >> \"$2\"\n"
	require.NoError(t, os.WriteFile(hoyle, []byte(stub), 0o755))
	return root, hoyle, log
}

func scripts(m map[string]string) func(string) (string, error) {
	return func(name string) (string, error) {
		s, ok := m[name]
		if !ok {
			return "", os.ErrNotExist
		}
		return s, nil
	}
}

// Each command of the script runs once, in cmd/hoyle, on one database,
// which is then copied to fixtures/db/NAME.db.
func TestFreezeRunsTheScript(t *testing.T) {
	root, hoyle, log := stubRepo(t)
	var out bytes.Buffer
	err := freeze(freezer{Root: root, Name: "v9", Hoyle: hoyle, Out: &out, Script: scripts(map[string]string{
		"frozen-v9": "# a comment\nnew --game contract --name \"Frozen v9\"\n\ndeal --pbn \"N:AKQJ.AKQ.AKQ.AKQ - - -\"\nimport ../../fixtures/scripts/frozen-v9.pbn\n",
	})})
	require.NoError(t, err)
	b, err := os.ReadFile(log)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Len(t, lines, 3, "one process per command; comments and blank lines passed over")
	var db string
	for i, want := range []string{"new --game contract --name Frozen v9", "deal --pbn N:AKQJ.AKQ.AKQ.AKQ - - -", "import ../../fixtures/scripts/frozen-v9.pbn"} {
		dir, args, ok := strings.Cut(lines[i], "|")
		require.True(t, ok)
		assert.Equal(t, filepath.Join(root, "cmd", "hoyle"), dir, "run in cmd/hoyle, where the scripts' paths start")
		flags, rest, ok := strings.Cut(args, " ")
		require.True(t, ok)
		assert.Equal(t, "--db", flags)
		thisDB, cmd, _ := strings.Cut(rest, " ")
		if db == "" {
			db = thisDB
		}
		assert.Equal(t, db, thisDB, "every command on the same database")
		assert.Equal(t, want, cmd)
	}
	frozen, err := os.ReadFile(filepath.Join(root, "fixtures", "db", "v9.db"))
	require.NoError(t, err)
	assert.Equal(t, "new\ndeal\nimport\n", string(frozen), "the database the commands wrote")
	_, err = os.Stat(db)
	assert.ErrorIs(t, err, os.ErrNotExist, "the working database is removed")
	assert.Contains(t, out.String(), "fixtures/db/v9.db")
	assert.Contains(t, out.String(), "go test ./cmd/hoyle -run 'TestFrozenDatabases/v9' -update")
}

// A frozen database is never written again: the freeze is refused before
// any command runs.
func TestFreezeNeverOverwrites(t *testing.T) {
	root, hoyle, log := stubRepo(t)
	dest := filepath.Join(root, "fixtures", "db", "v1.db")
	require.NoError(t, os.WriteFile(dest, []byte("old"), 0o644))
	err := freeze(freezer{Root: root, Name: "v1", Hoyle: hoyle, Out: &bytes.Buffer{}, Script: scripts(map[string]string{"frozen-v1": "new --game contract\n"})})
	assert.ErrorIs(t, err, ErrExists)
	_, statErr := os.Stat(log)
	assert.ErrorIs(t, statErr, os.ErrNotExist, "no command ran")
	b, _ := os.ReadFile(dest)
	assert.Equal(t, "old", string(b))
}

// What is refused: a name that is not a plain file name, a name with no
// script, a script whose command hoyle refuses (and then nothing is
// written).
func TestFreezeRefuses(t *testing.T) {
	root, hoyle, _ := stubRepo(t)
	s := scripts(map[string]string{"frozen-v7": "new --game contract\nbad command\n"})
	for _, name := range []string{"../v5", "", "v5.db", "-v5"} {
		err := freeze(freezer{Root: root, Name: name, Hoyle: hoyle, Out: &bytes.Buffer{}, Script: s})
		assert.ErrorIs(t, err, ErrBadName, name)
	}
	err := freeze(freezer{Root: root, Name: "v6", Hoyle: hoyle, Out: &bytes.Buffer{}, Script: s})
	assert.ErrorIs(t, err, ErrNoScript)

	err = freeze(freezer{Root: root, Name: "v7", Hoyle: hoyle, Out: &bytes.Buffer{}, Script: s})
	require.ErrorIs(t, err, ErrCommand)
	assert.Contains(t, err.Error(), "command 2 of 2, hoyle bad command")
	assert.Contains(t, err.Error(), "bad: not a command", "hoyle's message")
	_, statErr := os.Stat(filepath.Join(root, "fixtures", "db", "v7.db"))
	assert.True(t, errors.Is(statErr, os.ErrNotExist), "nothing frozen")
}

// Every frozen database of the repository has the script it was frozen
// from, where this command reads it.
func TestEveryFrozenDatabaseHasItsScript(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "..", "fixtures", "db", "*.db"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".db")
		assert.Regexp(t, validName, name)
		_, err := fixtures.Script("frozen-" + name)
		assert.NoError(t, err, name)
	}
}

// The repository's root is found from a folder inside it.
func TestRepoRoot(t *testing.T) {
	root, err := repoRoot()
	require.NoError(t, err)
	abs, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	assert.Equal(t, abs, root)
}
