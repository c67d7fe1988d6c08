// Package sitetest walks an event's site (export/site) in a headless
// Chromium for the tests of export/site and of cmd/hoyle, which records
// the director's evening from the command line and exports it (issue
// 27): one walker for both, outside export/internal so that cmd can use
// it. Test-only (cmd/hoyle's architecture test keeps it so).
package sitetest

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/hoyle/hoyle/export/internal/chromiumtest"
	"github.com/hoyle/hoyle/export/site"
)

// Browser is a headless Chromium with a profile of its own, driven over
// its DevTools pipe, that keeps every console message and every request
// its page makes.
type Browser struct {
	// Ctx is the browser's tab, for chromedp.Do and chromedp.Run.
	Ctx      context.Context
	stop     func()
	mu       sync.Mutex
	console  []string
	requests []string
}

// Launch starts the Chromium at path, headless, with a profile of its own
// (removed by Close), driven over its DevTools pipe (no port: nothing
// else can reach it): chromiumtest.LaunchChromium.
func Launch(path string) (*Browser, error) {
	ctx, stop, err := chromiumtest.LaunchChromium(path)
	if err != nil {
		return nil, err
	}
	b := &Browser{Ctx: ctx, stop: stop}
	messages := chromedp.Console(ctx)
	requests := chromedp.Events(ctx, network.RequestWillBeSent)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, fmt.Sprintf("%s: %s", m.Type, m.Text))
			b.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range requests {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.requests = append(b.requests, ev.Request.URL)
			b.mu.Unlock()
		}
	}()
	return b, nil
}

// Close ends the browser and removes its profile.
func (b *Browser) Close() { b.stop() }

// Seen returns the console messages and requests so far, and forgets them.
func (b *Browser) Seen() (console, requests []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	console, requests = b.console, b.requests
	b.console, b.requests = nil, nil
	return console, requests
}

// Peek returns the console messages and requests so far, and keeps them.
func (b *Browser) Peek() (console, requests []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.console...), append([]string(nil), b.requests...)
}

// Eval runs a script in the page and returns its value.
func Eval[T any](b *Browser, expr string) (T, error) {
	return chromedp.Run(b.Ctx, chromedp.Evaluate[T](expr))
}

// WalkSite opens the site written in dir in Chromium from disk, starting
// at its index, and follows every link of every page. files are the
// site's files by path (site.Site.Files, or what is in dir). It returns
// the pages reached and what is wrong: a link to anything but a file of
// the site, a page that writes to the console (an error, a refused
// resource) or asks for anything but the site's own files, a file of the
// site that no link reaches.
//
// Plain go test opens in Chromium the first page the walk reaches of
// each kind (see kindOf: the pages of a kind are one template's) and
// reads the links of the others from their HTML, as a browser resolves
// them; HOYLE_FULL=1 opens every page. A page load costs Chromium about
// a tenth of a second of processor time: a 6-board evening has 20 pages
// of 5 kinds.
func WalkSite(t testing.TB, b *Browser, dir string, files map[string][]byte) (int, []string) {
	t.Helper()
	base := "file://" + dir + "/"
	var problems []string
	seen := map[string]bool{site.IndexFile: true}
	queue := []string{site.IndexFile}
	opened := map[string]bool{} // the kinds opened in Chromium
	all := os.Getenv("HOYLE_FULL") != ""
	b.Seen()
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		var hrefs []string
		if all || !opened[kindOf(path)] {
			opened[kindOf(path)] = true
			require.NoError(t, chromedp.Do(b.Ctx, chromedp.Navigate(base+path)), path)
			var err error
			hrefs, err = Eval[[]string](b, `[...document.querySelectorAll('a[href]')].map(a => a.href)`)
			require.NoError(t, err, path)
		} else {
			hrefs = links(t, base+path, files[path])
		}
		for _, h := range hrefs {
			u, err := url.Parse(h)
			require.NoError(t, err)
			target, ok := strings.CutPrefix(u.Scheme+"://"+u.Path, base)
			if _, mine := files[target]; !ok || !mine {
				problems = append(problems, fmt.Sprintf("%s: a broken link to %s", path, h))
				continue
			}
			if !seen[target] {
				seen[target] = true
				queue = append(queue, target)
			}
		}
		// The console and the requests of this page, once it has loaded.
		console, requests := b.Seen()
		for _, m := range console {
			problems = append(problems, fmt.Sprintf("%s: the console says %s", path, m))
		}
		for _, r := range requests {
			target, ok := strings.CutPrefix(r, base)
			if _, mine := files[target]; !ok || !mine {
				problems = append(problems, fmt.Sprintf("%s asked for %s, which is not a file of the site", path, r))
			}
		}
	}
	for p := range files {
		if !seen[p] {
			problems = append(problems, p+" is reached by no link from the index")
		}
	}
	return len(seen), problems
}

// kindOf is the kind of a site's page: its folder and its name up to the
// first dash or dot (board-3.html and board-12.html are boards,
// card-2-ns.html a card, hand-ID-4.html a hand's viewer).
func kindOf(path string) string {
	dir, name := filepath.Split(path)
	if i := strings.IndexAny(name, "-."); i >= 0 {
		name = name[:i]
	}
	return dir + name
}

// links are the targets of a page's a[href], resolved against its
// address as a browser's a.href gives them.
func links(t testing.TB, page string, body []byte) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(body))
	require.NoError(t, err, page)
	from, err := url.Parse(page)
	require.NoError(t, err, page)
	var out []string
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.Data != "a" {
			continue
		}
		for _, a := range n.Attr {
			if a.Key == "href" {
				to, err := url.Parse(strings.TrimSpace(a.Val))
				require.NoError(t, err, "%s: a link to %q", page, a.Val)
				out = append(out, from.ResolveReference(to).String())
			}
		}
	}
	return out
}

// Start launches a Chromium for t, ended when t ends; t is skipped when
// there is none (chromiumtest.FindChromium says where it looks).
func Start(t testing.TB) *Browser {
	t.Helper()
	path := chromiumtest.FindChromium()
	if path == "" {
		t.Skip("chromium is not installed (Debian: apt-get install -y chromium; or set HOYLE_CHROMIUM): the site is not checked in a browser")
	}
	b, err := Launch(path)
	require.NoError(t, err)
	t.Cleanup(b.Close)
	return b
}
