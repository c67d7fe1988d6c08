package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// internalName matches what users cannot look up: our folders and files
// (the seeds of the laws, fixtures, testdata, Go files).
var internalName = regexp.MustCompile(`(?i)\bseeds?\b[^,.;]*\b00[0-4]\b|\bfile 00[0-4]\b|\bseeds 00[0-4]\b|fixtures/|testdata/|\.go\b|\bin the seeds\b`)

// TestUserTextCitesBooks: no --help and no `hoyle games` text names an
// internal file; the laws are cited by their books ("Hoyle's Games
// Modernized (1909), law 90").
func TestUserTextCitesBooks(t *testing.T) {
	db := t.TempDir() + "/h.db"
	texts := map[string]string{"games": ok(t, db, "games"), "--help": ok(t, db, "--help")}
	for _, c := range newRootCmd(newFactory(&Streams{})).Commands() {
		name := strings.Fields(c.Use)[0]
		texts[name+" --help"] = ok(t, db, name, "--help")
	}
	assert.Greater(t, len(texts), 20, "every command's help is read")
	for what, text := range texts {
		assert.Empty(t, internalName.FindAllString(text, -1), "%s names an internal file", what)
	}
	assert.Contains(t, texts["games"], "Hoyle's Games Modernized")
}
