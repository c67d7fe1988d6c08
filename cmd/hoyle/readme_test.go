package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/replay/prompt"
)

// TestREADMEListsEveryCommand: the README's table of commands has a row
// for every command hoyle has, and names no command it does not have, so
// that a command added (or renamed) without its documentation fails here.
func TestREADMEListsEveryCommand(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	documented := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "| `hoyle "); ok {
			documented[strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '`' })[0]] = true
		}
	}
	have := map[string]bool{}
	for _, c := range newRootCmd(newFactory(&Streams{})).Commands() {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		have[c.Name()] = true
		assert.True(t, documented[c.Name()], "hoyle %s has no row in the README's table of commands", c.Name())
	}
	for name := range documented {
		assert.True(t, have[name], "the README documents hoyle %s, which does not exist", name)
	}
	assert.Greater(t, len(have), 30)
}

// TestREADMERecordingAHandRuns: the README's first example, "Recording a
// hand", runs as a new user would type it, line by line, each command
// succeeding on the state the lines before it left.
func TestREADMERecordingAHandRuns(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, section, found := strings.Cut(string(b), "## Recording a hand")
	require.True(t, found)
	_, block, found := strings.Cut(section, "```sh\n")
	require.True(t, found)
	block, _, _ = strings.Cut(block, "```")
	db := filepath.Join(t.TempDir(), "club.db")
	ran := 0
	for _, line := range strings.Split(block, "\n") {
		words, err := prompt.Words(withoutComment(line))
		require.NoError(t, err, line)
		if len(words) < 2 || words[0] != "hoyle" {
			continue
		}
		ok(t, db, words[1:]...)
		ran++
	}
	assert.Greater(t, ran, 12, "the example's commands")
}

// withoutComment is a line of shell without its comment: from a # that
// begins a word outside quotes.
func withoutComment(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}
