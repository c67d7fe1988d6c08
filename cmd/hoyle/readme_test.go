package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
	documented := tableRows(t, readme(t))
	have := commandNames()
	for name := range have {
		assert.True(t, documented[name], "hoyle %s has no row in the README's table of commands", name)
	}
	for name := range documented {
		assert.True(t, have[name], "the README documents hoyle %s, which does not exist", name)
	}
	assert.Greater(t, len(have), 30)
}

// TestEveryCommandIsDocumented: every command is documented in the
// README's table of commands or in a help topic, and every command the
// README and the topics show being run (hoyle NAME in their code) exists,
// so that a command renamed leaves no example of its old name behind.
func TestEveryCommandIsDocumented(t *testing.T) {
	texts := map[string]string{"README.md": readme(t)}
	for _, topic := range helpTopics() {
		texts["topics/"+topic.Name+".md"] = string(topic.Text)
	}
	documented := tableRows(t, texts["README.md"])
	have := commandNames()
	for where, text := range texts {
		for _, name := range commandsRun(text) {
			documented[name] = true
			assert.True(t, have[name] || name == unknownExample, "%s runs hoyle %s, which does not exist", where, name)
		}
	}
	for name := range have {
		assert.True(t, documented[name], "hoyle %s is documented neither in the README's table of commands nor in a help topic", name)
	}
}

// unknownExample is the command the help topics misspell on purpose, to
// show what hoyle says of a command it does not have.
const unknownExample = "shwo"

// readme is the README's text.
func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	return string(b)
}

// commandNames are the commands hoyle has, by name: help (hoyle's own, for
// its topics) among them, cobra's completion not.
func commandNames() map[string]bool {
	have := map[string]bool{}
	for _, c := range newRootCmd(newFactory(&Streams{})).Commands() {
		if c.Hidden || c.Name() == "completion" {
			continue
		}
		have[c.Name()] = true
	}
	return have
}

// tableRows are the commands a table of commands has a row for: the
// lines that begin "| `hoyle NAME".
func tableRows(t *testing.T, text string) map[string]bool {
	t.Helper()
	rows := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "| `hoyle "); ok {
			rows[strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '`' })[0]] = true
		}
	}
	require.NotEmpty(t, rows, "no table of commands")
	return rows
}

// commandName is a word that names a command.
var commandName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// commandsRun are the commands a Markdown text shows being run: in its
// code (blocks and spans), the word after hoyle and its global flags.
func commandsRun(text string) []string {
	var code []string
	block := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			block = !block
			continue
		}
		if block {
			code = append(code, line)
			continue
		}
		spans := strings.Split(line, "`")
		for i := 1; i < len(spans); i += 2 {
			code = append(code, spans[i])
		}
	}
	var out []string
	for _, line := range code {
		words := strings.Fields(withoutComment(line))
		for i := 0; i < len(words); i++ {
			// hoyle begins a command: first, or after a prompt or a pipe
			// ("another hoyle process" in a message does not).
			if words[i] != "hoyle" || (i > 0 && !slices.Contains([]string{"$", "|", "&&", ";"}, words[i-1])) {
				continue
			}
			j := i + 1
			for j < len(words) && strings.HasPrefix(words[j], "-") {
				if !strings.Contains(words[j], "=") {
					j++ // the flag's value: --db PATH, --session ID
				}
				j++
			}
			if j < len(words) && commandName.MatchString(words[j]) {
				out = append(out, words[j])
			}
		}
	}
	return out
}

// TestREADMERecordingAHandRuns: the README's first example, "Recording a
// hand", runs as a new user would type it, line by line, each command
// succeeding on the state the lines before it left.
func TestREADMERecordingAHandRuns(t *testing.T) {
	t.Parallel()
	_, section, found := strings.Cut(readme(t), "## Recording a hand")
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
