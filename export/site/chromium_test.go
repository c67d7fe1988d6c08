package site_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/internal/chromiumtest"
	"github.com/hoyle/hoyle/export/site"
	"github.com/hoyle/hoyle/export/sitetest"
)

// The one browser of the package's tests, started by the first that
// needs it (a start costs seconds on a busy machine) and ended by
// TestMain.
var (
	shared     *sitetest.Browser
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
func startBrowser(t *testing.T) *sitetest.Browser {
	t.Helper()
	path := chromiumtest.FindChromium()
	if path == "" {
		t.Skip("chromium is not installed (Debian: apt-get install -y chromium; or set HOYLE_CHROMIUM): the site is not checked in a browser")
	}
	sharedOnce.Do(func() {
		shared, sharedErr = sitetest.Launch(path)
		if sharedErr == nil {
			sharedStop = shared.Close
		}
	})
	require.NoError(t, sharedErr)
	shared.Seen()
	return shared
}

var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)

// TestSiteInChromium writes a recorded evening's site to disk and walks
// it in Chromium from its index (see walkSite); then prints the hand
// record on A4, four boards to a page. HOYLE_FULL=1 prints it on Letter
// too, and walks a 27-board evening with its double-dummy tables as well.
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

		n, problems := sitetest.WalkSite(t, b, dir, s.Files)
		assert.Empty(t, problems)
		t.Logf("%s: walked %d pages, %d bytes", ev.mov, n, s.Size())

		// A player's name is text in the browser's DOM too.
		require.NoError(t, chromedp.Do(b.Ctx, chromedp.Navigate("file://"+filepath.Join(dir, site.IndexFile))))
		players, err := sitetest.Eval[string](b, `[...document.querySelectorAll('td[data-col="players"]')].map(td => td.textContent).join("\n")`)
		require.NoError(t, err)
		assert.Contains(t, players, "<script>alert(1)</script>")
		scripts, err := sitetest.Eval[int](b, `document.scripts.length`)
		require.NoError(t, err)
		assert.Zero(t, scripts)

		require.NoError(t, chromedp.Do(b.Ctx, chromedp.Navigate("file://"+filepath.Join(dir, site.HandRecordFile))))
		papers := []chromedp.PaperSize{{Width: 210 / 25.4, Height: 297 / 25.4}, {Width: 8.5, Height: 11}}
		if os.Getenv("HOYLE_FULL") == "" {
			papers = papers[:1] // A4; HOYLE_FULL=1 (.ci/run) prints on Letter too
		}
		for _, paper := range papers {
			pdf, err := chromedp.Run(b.Ctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper), chromedp.PDFPrintBackground()))
			require.NoError(t, err)
			assert.Equal(t, ev.pages, len(pdfPage.FindAll(pdf, -1)), "%s: the hand record on %vx%v in: four boards a page", ev.mov, paper.Width, paper.Height)
		}
		b.Seen()
	}
}

// TestWalkSiteSeesProblems: the walk finds a broken link, a page that
// fetches from elsewhere, a console error and a page no link reaches;
// and a broken link on a page of a kind already opened (b-2.html, whose
// links plain go test reads from its HTML).
func TestWalkSiteSeesProblems(t *testing.T) {
	b := startBrowser(t)
	dir := t.TempDir()
	files := map[string][]byte{
		site.IndexFile: []byte(`<!DOCTYPE html><title>x</title><a href="a.html">a</a> <a href="gone.html">gone</a> <a href="b-1.html">b</a>`),
		"a.html":       []byte(`<!DOCTYPE html><title>a</title><img src="http://127.0.0.1:9/x.png"><script>console.error("boom")</script>`),
		"alone.html":   []byte(`<!DOCTYPE html><title>alone</title>`),
		"b-1.html":     []byte(`<!DOCTYPE html><title>b1</title><a href="./b-2.html#top">b2</a>`),
		"b-2.html":     []byte(`<!DOCTYPE html><title>b2</title><a href="b-1.html">b1</a> <a href="sub/../gone-too.html">gone</a>`),
	}
	for p, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, p), body, 0o644))
	}
	_, problems := sitetest.WalkSite(t, b, dir, files)
	all := strings.Join(problems, "\n")
	assert.Contains(t, all, "a broken link to file://"+dir+"/gone.html")
	assert.Contains(t, all, "asked for http://127.0.0.1:9/x.png")
	assert.Contains(t, all, "boom")
	assert.Contains(t, all, "alone.html is reached by no link")
	assert.Contains(t, all, "b-2.html: a broken link to file://"+dir+"/gone-too.html")
	assert.NotContains(t, all, "b-1.html: a broken link")
	assert.NotContains(t, all, "b-2.html is reached by no link")
	assert.Len(t, problems, 6, all)
}
