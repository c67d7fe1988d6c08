package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	for _, c := range newRootCmd(newFactory(&IO{})).Commands() {
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
