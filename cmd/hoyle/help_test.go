package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelpListsEveryTopic: every Markdown file under topics/ is in the
// binary, and hoyle help (and hoyle --help) lists it with its title; the
// README links to each; no topic has a command's name, which hoyle help
// NAME could not tell apart.
func TestHelpListsEveryTopic(t *testing.T) {
	files, err := filepath.Glob("topics/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	topics := helpTopics()
	require.Len(t, topics, len(files), "the files under topics/ and the topics in the binary")
	db := filepath.Join(t.TempDir(), "none.db")
	list := ok(t, db, "help")
	assert.Equal(t, list, ok(t, db, "--help"))
	assert.Contains(t, list, "Recording at the table:\n  new ", "the commands, as cobra lists them")
	readme := readme(t)
	commands := commandNames()
	for i, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		topic := topics[i]
		require.Equal(t, name, topic.Name)
		assert.Regexp(t, `(?m)^  `+regexp.QuoteMeta(name)+` +`+regexp.QuoteMeta(topic.Title)+`$`, list, "hoyle help lists %s", name)
		assert.True(t, strings.HasPrefix(string(topic.Text), "# "+topic.Title+"\n"), "%s begins with its title, a heading", file)
		assert.NotContains(t, topic.Title, "`", "%s: a title is listed as plain text", file)
		assert.Contains(t, readme, "(cmd/hoyle/topics/"+name+".md)", "the README links to %s", file)
		assert.False(t, commands[name], "the topic %s has a command's name", name)
	}
	// The shell completes hoyle help's word to a topic or a command.
	completed := ok(t, db, "__complete", "help", "l")
	assert.Contains(t, completed, "laws\t")
	assert.Contains(t, completed, "log\t")
	// A command's help does not end with the topics: only hoyle's own.
	assert.NotContains(t, ok(t, db, "help", "deal"), "Help topics")
}

// TestHelpShowsEachTopic: hoyle help TOPIC prints the topic's Markdown into
// a pipe, and in a terminal renders it with glamour as show renders a
// write-up, styled; its links to other
// topics say the command that shows them, and each names a topic there is.
func TestHelpShowsEachTopic(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "none.db")
	names := map[string]bool{}
	for _, topic := range helpTopics() {
		names[topic.Name] = true
	}
	link := regexp.MustCompile("`hoyle help ([a-z0-9-]+)`")
	for _, topic := range helpTopics() {
		plain := ok(t, db, "help", topic.Name)
		assert.True(t, strings.HasPrefix(plain, "# "+topic.Title+"\n"), "hoyle help %s: the Markdown", topic.Name)
		assert.NotRegexp(t, `\]\([a-z0-9-]+\.md\)`, plain, "hoyle help %s: a link to a file", topic.Name)
		for _, m := range link.FindAllStringSubmatch(plain, -1) {
			assert.True(t, names[m[1]], "hoyle help %s names the topic %s, which does not exist", topic.Name, m[1])
		}
		for _, m := range regexp.MustCompile(`\]\(([^)#:]+)\)`).FindAllStringSubmatch(string(topic.Text), -1) {
			_, err := os.Stat(filepath.Join("topics", m[1]))
			assert.NoError(t, err, "topics/%s.md links to %s", topic.Name, m[1])
		}

		var out, errb bytes.Buffer
		streams := &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true, Width: 72,
			Getenv: func(k string) string { return map[string]string{"TERM": "xterm-256color"}[k] }}
		require.Equal(t, 0, run([]string{"--db", db, "help", topic.Name}, streams), "hoyle help %s in a terminal: %s", topic.Name, errb.String())
		rendered := out.String()
		assert.Contains(t, rendered, "\x1b[", "hoyle help %s in a terminal: styled by glamour", topic.Name)
		assert.NotContains(t, rendered, "# "+topic.Title, "hoyle help %s in a terminal: the heading rendered, not its Markdown", topic.Name)
		words := strings.Fields(topic.Title)
		assert.Contains(t, rendered, words[len(words)-1], "hoyle help %s in a terminal: its title", topic.Name)
	}
}

// TestHelpUnknownTopic: a name that is neither a topic nor a command is a
// usage error that names every topic, and prints nothing on stdout.
func TestHelpUnknownTopic(t *testing.T) {
	t.Parallel()
	r := hoyle(t, filepath.Join(t.TempDir(), "none.db"), "help", "nosuch")
	assert.Equal(t, exitUsage, r.code)
	assert.Empty(t, r.out)
	assert.Contains(t, r.err, `no help topic or command "nosuch"`)
	for _, topic := range helpTopics() {
		assert.Contains(t, r.err, topic.Name)
	}
	assert.Equal(t, exitUsage, hoyle(t, filepath.Join(t.TempDir(), "none.db"), "help", "laws", "deal").code, "a topic takes no more words")
}
