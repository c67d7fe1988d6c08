package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWritePages: each golden write-up becomes a page, its tables HTML
// tables and its raw HTML left out, and a directory with no write-up is
// refused.
func TestWritePages(t *testing.T) {
	in := filepath.Join("..", "..", "..", "export", "markdown", "testdata")
	goldens, err := filepath.Glob(filepath.Join(in, "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, goldens)
	out := t.TempDir()
	written, err := writePages(in, out)
	require.NoError(t, err)
	require.Len(t, written, len(goldens))
	b, err := os.ReadFile(filepath.Join(out, "demo.html"))
	require.NoError(t, err)
	page := string(b)
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	assert.Contains(t, page, "<title>demo</title>")
	assert.Contains(t, page, "<table>", "the auction is a table")
	b, err = os.ReadFile(filepath.Join(out, "hostile.html"))
	require.NoError(t, err)
	assert.NotContains(t, string(b), "<script", "raw HTML is left out")

	_, err = writePages(t.TempDir(), out)
	assert.ErrorContains(t, err, "no .md file")
}
