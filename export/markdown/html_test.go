package markdown

import (
	"bytes"
	"flag"
	"html"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// htmlDir, when set, is where TestHTMLPages writes each golden write-up as
// an HTML page, to be looked at in a browser as a reader would:
//
//	go test ./export/markdown -run TestHTMLPages -html /tmp/writeups
var htmlDir = flag.String("html", "", "write the write-ups as HTML pages into this directory")

// toHTML renders Markdown as GitHub does (CommonMark with tables,
// strikethrough, autolinks), with raw HTML left out as GitHub's sanitiser
// would.
func toHTML(t *testing.T, md []byte) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(md, &b))
	return b.String()
}

// page wraps rendered Markdown in a page with GitHub's look: a sans-serif
// body and a monospace font for the diagram.
func page(title, body string) string {
	return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>` + html.EscapeString(title) + `</title>
<style>
body { font-family: -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif; max-width: 900px; margin: 2em auto; line-height: 1.5; color: #1f2328; }
pre { background: #f6f8fa; padding: 1em; border-radius: 6px; font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 15px; line-height: 1.35; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #d1d9e0; padding: 4px 12px; }
th { background: #f6f8fa; }
h1 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
</style></head><body>
` + body + `</body></html>
`
}

func TestHTMLPages(t *testing.T) {
	if *htmlDir == "" {
		t.Skip("give -html DIR to write the pages")
	}
	require.NoError(t, os.MkdirAll(*htmlDir, 0o755))
	for name, g := range goldens(t) {
		md, err := Render(g.envs, g.opts)
		require.NoError(t, err)
		path := filepath.Join(*htmlDir, name+".html")
		require.NoError(t, os.WriteFile(path, []byte(page(name, toHTML(t, md))), 0o644))
		t.Logf("wrote %s", path)
	}
}
