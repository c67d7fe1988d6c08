// Command htmlpages writes the golden write-ups of export/markdown as HTML
// pages, rendered as GitHub renders Markdown, to be looked at in a browser
// as a reader would see them:
//
//	go run ./cmd/hoyle-tools/htmlpages -out /tmp/writeups
//
// It reads every .md file of -in (the goldens, export/markdown/testdata,
// by default; go test ./export/markdown -update writes them) and writes
// NAME.html for each into -out. It was a test that asserted
// nothing (TestHTMLPages); a tool that is run by hand is a command.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

func main() {
	in := flag.String("in", filepath.Join("export", "markdown", "testdata"), "the directory of the Markdown write-ups")
	out := flag.String("out", "", "the directory the HTML pages are written into (made if need be)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: htmlpages [-in DIR] -out DIR")
		os.Exit(2)
	}
	written, err := writePages(*in, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "htmlpages:", err)
		os.Exit(1)
	}
	for _, p := range written {
		fmt.Println(p)
	}
}

// writePages writes a page for each .md file of in into out, and returns
// the paths written, in the order of the files' names.
func writePages(in, out string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(in, "*.md"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no .md file in it (give -in the directory of the write-ups)", in)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, f := range files {
		md, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		body, err := toHTML(md)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		path := filepath.Join(out, name+".html")
		if err := os.WriteFile(path, []byte(page(name, body)), 0o644); err != nil {
			return nil, err
		}
		written = append(written, path)
	}
	return written, nil
}

// toHTML renders Markdown as GitHub does (CommonMark with tables,
// strikethrough, autolinks), with raw HTML left out as GitHub's sanitiser
// would.
func toHTML(md []byte) (string, error) {
	var b bytes.Buffer
	err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(md, &b)
	return b.String(), err
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
