package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneCommandsTreeIsTheWholes: execute builds only the command its
// arguments name (commandIn), not the tree of every command. Each command
// and alias, at every depth, prints the same help, and refuses a flag it
// does not have the same way, built alone as in the whole tree; the names
// that need the whole tree (help, record, completion, an unknown command,
// a flag before the command other than the root's own) are given it.
func TestOneCommandsTreeIsTheWholes(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "none.db")
	// whole runs args as run does, on the tree of every command.
	whole := func(args []string) result {
		var out, errb bytes.Buffer
		streams := &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: noEnv}
		checked := *streams
		checked.Out = &checkedWriter{w: &out}
		f := newFactory(&checked)
		root := newRootCmd(f)
		root.SetArgs(args)
		err := root.ExecuteContext(context.Background())
		f.DB.close()
		code := report(streams, err)
		return result{out: out.String(), err: errb.String(), code: code}
	}
	alone := func(args []string) result {
		var out, errb bytes.Buffer
		code := run(args, &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: noEnv})
		return result{out: out.String(), err: errb.String(), code: code}
	}
	var paths [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			for _, name := range append([]string{sub.Name()}, sub.Aliases...) {
				p := append(append([]string{}, path...), name)
				paths = append(paths, p)
				walk(sub, p)
			}
		}
	}
	walk(newRootCmd(newFactory(&Streams{})), nil)
	require.Greater(t, len(paths), 40)
	alones := 0
	for _, p := range paths {
		if commandIn(p) != nil {
			alones++
		}
		for _, args := range [][]string{
			append(append([]string{"--db", db}, p...), "--help"),
			append(append([]string{"--db=" + db}, p...), "--no-such-flag"),
		} {
			assert.Equal(t, whole(args), alone(args), "hoyle %v", args)
		}
	}
	assert.Greater(t, alones, 30, "most commands are built alone")

	for _, args := range [][]string{
		{"show"}, {"--db", db, "show", "--json"}, {"--db=" + db, "--session", "S", "--event=E", "--table", "1", "--token-file", "f", "call", "1S"},
	} {
		p := commandIn(args)
		require.NotNil(t, p, "hoyle %v", args)
		root := newRootCmdOf(newFactory(&Streams{}), p)
		require.Len(t, root.Commands(), 2, "the command and cobra's help")
	}
	for _, args := range [][]string{
		{}, {"--help"}, {"-h", "show"}, {"help", "show"}, {"record"}, {"--db", db, "record"}, {"completion", "bash"},
		{"__complete", "sh"}, {"shw"}, {"--json", "show"}, {"--db"}, {"--", "show"},
	} {
		assert.Nil(t, commandIn(args), "hoyle %v builds every command", args)
	}
}
