package site_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/export/site"
)

// browser is a headless Chromium with a profile of its own, driven over
// its DevTools pipe, that keeps every console message and every request
// its page makes.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	console  []string
	requests []string
}

// The one browser of the package's tests, started by the first that
// needs it (a start costs seconds on a busy machine) and ended by
// TestMain.
var (
	shared     *browser
	sharedErr  error
	sharedOnce sync.Once
	sharedStop = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	sharedStop()
	os.Exit(code)
}

// startBrowser returns the package's browser, its console and requests
// forgotten; the test is skipped when there is no Chromium.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	path := exporttest.FindChromium()
	if path == "" {
		t.Skip("chromium is not installed (Debian: apt-get install -y chromium; or set HOYLE_CHROMIUM): the site is not checked in a browser")
	}
	sharedOnce.Do(func() { shared, sharedErr = launch(path) })
	require.NoError(t, sharedErr)
	shared.seen()
	return shared
}

// launch starts a headless Chromium with a profile of its own, driven
// over its DevTools pipe (no port: nothing else can reach it).
func launch(path string) (*browser, error) {
	profile, err := os.MkdirTemp("", "hoyle-site-chromium-")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(profile), chromedp.Flag("disable-quic", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	sharedStop = func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	if err := chromedp.Do(ctx); err != nil {
		return nil, err
	}
	b := &browser{ctx: ctx}
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

// seen returns the console messages and requests so far, and forgets them.
func (b *browser) seen() (console, requests []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	console, requests = b.console, b.requests
	b.console, b.requests = nil, nil
	return console, requests
}

// peek returns the console messages and requests so far, and keeps them.
func (b *browser) peek() (console, requests []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.console...), append([]string(nil), b.requests...)
}

// eval runs a script in the page and returns its value.
func eval[T any](b *browser, expr string) (T, error) {
	return chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
}

var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)

// walkSite opens the site written in dir in Chromium from disk, starting
// at its index, and follows every link of every page. It returns the
// pages reached and what is wrong: a link to anything but a file of the
// site, a page that writes to the console (an error, a refused resource)
// or asks for anything but the site's own files, a file of the site that
// no link reaches.
func walkSite(t *testing.T, b *browser, dir string, files map[string][]byte) (int, []string) {
	base := "file://" + dir + "/"
	var problems []string
	seen := map[string]bool{site.IndexFile: true}
	queue := []string{site.IndexFile}
	b.seen()
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		require.NoError(t, chromedp.Do(b.ctx, chromedp.Navigate(base+path)), path)
		hrefs, err := eval[[]string](b, `[...document.querySelectorAll('a[href]')].map(a => a.href)`)
		require.NoError(t, err, path)
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
		console, requests := b.seen()
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

// TestSiteInChromium writes a recorded evening's site to disk and walks
// it in Chromium from its index (see walkSite); then prints the hand
// record on A4 and on Letter, four boards to a page. HOYLE_FULL=1 walks
// a 27-board evening with its double-dummy tables as well.
func TestSiteInChromium(t *testing.T) {
	b := startBrowser(t)
	type evening struct {
		mov   string
		noDD  bool
		pages int // printed pages of the hand record
	}
	evenings := []evening{{"mitchell:3x2", true, 2}}
	if os.Getenv("HOYLE_FULL") != "" {
		evenings = append(evenings, evening{"mitchell:9x3", false, 7})
	}
	for _, ev := range evenings {
		e := newEvening(t, memstore.New(), "Club night "+ev.mov, ev.mov, "<script>alert(1)</script>")
		e.playAll(ev.mov)
		s, _ := e.buildWith(ev.noDD)
		dir := filepath.Join(t.TempDir(), "site")
		require.NoError(t, s.Write(dir, false))

		n, problems := walkSite(t, b, dir, s.Files)
		assert.Empty(t, problems)
		t.Logf("%s: walked %d pages, %d bytes", ev.mov, n, s.Size())

		// A player's name is text in the browser's DOM too.
		require.NoError(t, chromedp.Do(b.ctx, chromedp.Navigate("file://"+filepath.Join(dir, site.IndexFile))))
		players, err := eval[string](b, `[...document.querySelectorAll('td[data-col="players"]')].map(td => td.textContent).join("\n")`)
		require.NoError(t, err)
		assert.Contains(t, players, "<script>alert(1)</script>")
		scripts, err := eval[int](b, `document.scripts.length`)
		require.NoError(t, err)
		assert.Zero(t, scripts)

		require.NoError(t, chromedp.Do(b.ctx, chromedp.Navigate("file://"+filepath.Join(dir, site.HandRecordFile))))
		for _, paper := range []chromedp.PaperSize{{Width: 210 / 25.4, Height: 297 / 25.4}, {Width: 8.5, Height: 11}} {
			pdf, err := chromedp.Run(b.ctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper), chromedp.PDFPrintBackground()))
			require.NoError(t, err)
			assert.Equal(t, ev.pages, len(pdfPage.FindAll(pdf, -1)), "%s: the hand record on %vx%v in: four boards a page", ev.mov, paper.Width, paper.Height)
		}
		b.seen()
	}
}

// TestWalkSiteSeesProblems: the walk finds a broken link, a page that
// fetches from elsewhere, a console error and a page no link reaches.
func TestWalkSiteSeesProblems(t *testing.T) {
	b := startBrowser(t)
	dir := t.TempDir()
	files := map[string][]byte{
		site.IndexFile: []byte(`<!DOCTYPE html><title>x</title><a href="a.html">a</a> <a href="gone.html">gone</a>`),
		"a.html":       []byte(`<!DOCTYPE html><title>a</title><img src="http://127.0.0.1:9/x.png"><script>console.error("boom")</script>`),
		"alone.html":   []byte(`<!DOCTYPE html><title>alone</title>`),
	}
	for p, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, p), body, 0o644))
	}
	_, problems := walkSite(t, b, dir, files)
	all := strings.Join(problems, "\n")
	assert.Contains(t, all, "a broken link to file://"+dir+"/gone.html")
	assert.Contains(t, all, "asked for http://127.0.0.1:9/x.png")
	assert.Contains(t, all, "boom")
	assert.Contains(t, all, "alone.html is reached by no link")
}
