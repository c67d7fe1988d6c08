package html

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/export/internal/chromiumtest"
)

// shotsDir, when set, is where TestPagesInChromium leaves its screenshots
// and PDFs, to be looked at:
//
//	go test ./export/html -run Chromium -shots /tmp/shots
var shotsDir = flag.String("shots", "", "keep the screenshots and PDFs of TestPagesInChromium in this directory")

// browser is the package's one Chromium: each test has a tab of it.
var browser chromiumtest.Browser

func TestMain(m *testing.M) {
	code := m.Run()
	browser.Close()
	os.Exit(code)
}

// viewport sets the page's width and height in CSS pixels, and whether it
// is laid out for print.
func viewport(width, height int, print bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride,
			emulation.SetDeviceMetricsOverrideParams{Width: int64(width), Height: int64(height), DeviceScaleFactor: 1}); err != nil {
			return err
		}
		media := "" // none: the screen
		if print {
			media = "print"
		}
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	})
}

// screenshot is a PNG of the page's whole height at the viewport's width
// (chromedp.FullScreenshot would set a viewport of its own).
func screenshot(ctx context.Context, t *chromedp.Target) ([]byte, error) {
	return capture(ctx, t, nil)
}

// screenshotOf is a PNG of a box of the page only: what the checks look
// at, when no one keeps the whole page (keepShots).
func screenshotOf(b box) chromedp.Action[[]byte] {
	return func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
		return capture(ctx, t, &page.Viewport{X: b.Left, Y: b.Top, Width: b.Right - b.Left, Height: b.Bottom - b.Top, Scale: 1})
	}
}

func capture(ctx context.Context, t *chromedp.Target, clip *page.Viewport) ([]byte, error) {
	beyond, fast := true, true
	r, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng,
		CaptureBeyondViewport: &beyond, Clip: clip, OptimizeForSpeed: &fast})
	return r.Data, err
}

// keepShots says whether the screenshots and PDFs are kept for a person
// to look at (-shots, $HOYLE_ARTEFACTS), or made in full as .ci/run does
// (HOYLE_FULL): whole pages, every page printed on both papers. Plain go
// test captures only the diagram the checks look at, and prints each
// printed page on one paper (every page is laid out for both).
func keepShots() bool {
	return *shotsDir != "" || os.Getenv("HOYLE_ARTEFACTS") != "" || os.Getenv("HOYLE_FULL") != ""
}

// box is an element's place on the page, in CSS pixels.
type box struct {
	Name                     string
	Left, Top, Right, Bottom float64
	// ScrollWidth and ClientWidth: an element whose content is wider
	// than its box overflows it (and could cover its neighbour).
	ScrollWidth, ClientWidth float64
}

func (b box) overlaps(o box) bool {
	return b.Left < o.Right && o.Left < b.Right && b.Top < o.Bottom && o.Top < b.Bottom
}

// layout is what the page's measuring script returns.
type layout struct {
	Hands       []box
	Diagram     box
	Width       float64 // the viewport's
	ScrollWidth float64 // the document's: more than Width scrolls sideways
}

// measure reads the diagram's hands (each hand's box, and its seat label
// and suit lines as boxes of their own) and the page's width.
const measure = `(() => {
  const rect = (e, name) => { const r = e.getBoundingClientRect();
    return {Name: name, Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom, ScrollWidth: e.scrollWidth, ClientWidth: e.clientWidth}; };
  const hands = [...document.querySelectorAll('.diagram .hand')];
  return {
    Hands: hands.map(h => rect(h, h.className)),
    Diagram: rect(document.querySelector('.diagram'), 'diagram'),
    Width: window.innerWidth,
    ScrollWidth: document.documentElement.scrollWidth,
  };
})()`

// layoutProblems: the diagram's hands are all there, inside the page,
// none overlapping another or overflowing its own box; the page does not
// scroll sideways (a table wider than a phone scrolls inside itself).
func layoutProblems(l layout, hands int) []string {
	var out []string
	if len(l.Hands) != hands {
		out = append(out, fmt.Sprintf("%d hands, not %d", len(l.Hands), hands))
	}
	for i, h := range l.Hands {
		switch {
		case h.Right-h.Left < 20:
			out = append(out, fmt.Sprintf("%s has no width: %+v", h.Name, h))
		case h.Left < 0 || h.Right > l.Width:
			out = append(out, fmt.Sprintf("%s is off the page (%.0f px wide): %+v", h.Name, l.Width, h))
		case h.ScrollWidth > h.ClientWidth+1:
			out = append(out, fmt.Sprintf("%s's cards overflow its box: %+v", h.Name, h))
		}
		for _, o := range l.Hands[i+1:] {
			if h.overlaps(o) {
				out = append(out, fmt.Sprintf("%s %+v overlaps %s %+v", h.Name, h, o.Name, o))
			}
		}
	}
	if l.ScrollWidth > l.Width {
		out = append(out, fmt.Sprintf("the page scrolls sideways: %.0f px in %.0f", l.ScrollWidth, l.Width))
	}
	return out
}

// redPixels counts the pixels of a PNG inside a box that are the red of
// hearts and diamonds; width is the screenshot's (the viewport's, or the
// box's when only the box was captured, its corner then at 0, 0).
func redPixels(t *testing.T, shot []byte, in box, width int) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	require.NoError(t, err)
	require.Equal(t, width, img.Bounds().Dx(), "the screenshot's width")
	n := 0
	for y := int(in.Top); y < int(in.Bottom) && y < img.Bounds().Max.Y; y++ {
		for x := int(in.Left); x < int(in.Right) && x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 150 && g>>8 < 90 && b>>8 < 90 {
				n++
			}
		}
	}
	return n
}

var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)

// sameLayout are the pages whose diagram is laid out as another's (the
// demo's four hands): plain go test leaves them out of the browser, which
// walks them under HOYLE_FULL (.ci/run) and when the shots are kept
// (keepShots). Each is still rendered and checked as HTML (html_test.go).
var sameLayout = map[string]bool{"claim": true, "column": true}

// TestPagesInChromium opens each page (but those of sameLayout, unless
// keepShots) in headless Chromium at a phone's
// width (360 px) and a desktop's (1200 px), checks that the diagram's four
// hands stand clear of one another and that hearts and diamonds show red
// in the screenshot, then lays the page out for print at the width of A4
// and of Letter paper (less the margins) and prints it on both. Plain go
// test samples the widths and papers of the red and of the print layout
// (see sample).
func TestPagesInChromium(t *testing.T) {
	tab := browser.Tab(t)
	dir := t.TempDir()
	if *shotsDir != "" {
		require.NoError(t, os.MkdirAll(*shotsDir, 0o755))
		dir = *shotsDir
	}
	ctx, cancel := context.WithTimeout(tab, 60*time.Second)
	defer cancel()
	eval := func(expr string, out any) error {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr))
		if err != nil {
			return err
		}
		return json.Unmarshal(v, out)
	}

	// The paper: its size in inches, and the width the page is laid out
	// at, in CSS pixels (96 to the inch), less the margins of 15 mm a side.
	papers := []struct {
		name          string
		width, height float64
	}{{"A4", 210 / 25.4, 297 / 25.4}, {"Letter", 8.5, 11}}

	// The pages printed to PDF: a whole hand, the problem, and a table of
	// three players and a widow; on both papers when the PDFs are kept or
	// under HOYLE_FULL (keepShots), else each on the paper named here.
	printed := map[string]*struct{ paper int }{"demo": {0}, "problem": {1}, "five-hundred": {0}}
	// Plain go test samples what does not change from one width or paper
	// to the next on a page (keepShots does it all): the red of hearts and
	// diamonds, which no width changes (page.css colours them in one rule
	// outside any @media), is looked for at the width named here, and a
	// page not printed is laid out for print on the paper named here (A4
	// and Letter are 680 and 702 px wide less the margins). Every page is
	// laid out at both widths, and each width and paper is in the sample.
	sample := map[string]struct{ red, paper int }{
		"demo": {360, 0}, "problem": {1200, 1}, "five-hundred": {1200, 0},
		"hostile": {360, 1}, "quinto": {1200, 0}, "claim": {360, 1}, "column": {1200, 0},
	}
	for name := range pages(t) {
		if !keepShots() && sameLayout[name] {
			continue
		}
		file := filepath.Join(dir, name+".html")
		require.NoError(t, os.WriteFile(file, render(t, name), 0o644))
		hands := 4 // at Five Hundred, three players and the widow
		// Loaded once, at the first width; each width (and the print
		// media) lays it out anew.
		require.NoError(t, chromedp.Do(ctx, viewport(360, 900, false)))
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("file://"+file)), name)
		s, sampled := sample[name]
		for _, width := range []int{360, 1200} {
			where := fmt.Sprintf("%s at %d px", name, width)
			if width != 360 {
				require.NoError(t, chromedp.Do(ctx, viewport(width, 900, false)))
			}
			var l layout
			require.NoError(t, eval(measure, &l), where)
			assert.Empty(t, layoutProblems(l, hands), where)
			if !keepShots() {
				if sampled && s.red != width {
					continue // red at the other width (sample)
				}
				shot, err := chromedp.Run(ctx, screenshotOf(l.Diagram))
				require.NoError(t, err, where)
				d := l.Diagram
				in := box{Right: d.Right - d.Left, Bottom: d.Bottom - d.Top}
				assert.Positive(t, redPixels(t, shot, in, int(math.Round(in.Right))), "%s: hearts and diamonds are red", where)
				continue
			}
			shot, err := chromedp.Run(ctx, screenshot)
			require.NoError(t, err, where)
			assert.Positive(t, redPixels(t, shot, l.Diagram, width), "%s: hearts and diamonds are red", where)
			require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width)), shot, 0o644))
		}
		for i, paper := range papers {
			if !keepShots() && sampled && printed[name] == nil && i != s.paper {
				continue // laid out for print on the other paper (sample)
			}
			where := name + " printed on " + paper.name
			printable := int((paper.width - 2*15/25.4) * 96)
			require.NoError(t, chromedp.Do(ctx, viewport(printable, 1000, true)))
			var l layout
			require.NoError(t, eval(measure, &l), where)
			assert.Empty(t, layoutProblems(l, hands), where)
			if printed[name] == nil {
				continue // laid out for print above; printing every page adds nothing but time
			}
			if !keepShots() && i != printed[name].paper {
				continue // laid out for both papers above, printed on one
			}
			pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperSize{Width: paper.width, Height: paper.height}),
				chromedp.PDFMargin(0), chromedp.PDFPrintBackground()))
			require.NoError(t, err, where)
			assert.True(t, bytes.HasPrefix(pdf, []byte("%PDF-")), where)
			pages := len(pdfPage.FindAll(pdf, -1))
			assert.True(t, pages >= 1 && pages <= 3, "%s: %d pages", where, pages)
			require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s.pdf", name, paper.name)), pdf, 0o644))
		}
	}

	// The check sees an overlap: the same page with the four hands put in
	// one cell of the grid, and with a hand pushed off a phone's screen.
	require.NoError(t, chromedp.Do(ctx, viewport(360, 900, false)))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "demo.html"))))
	var l layout
	require.NoError(t, eval(`(() => { document.querySelectorAll('.diagram .hand').forEach(h => h.style.gridArea = '1 / 1'); return 0; })()`, new(int)))
	require.NoError(t, eval(measure, &l))
	assert.NotEmpty(t, layoutProblems(l, 4), "hands in one cell overlap")
	// Back in their cells, as loaded (the page sets no style of its own
	// on a hand: its places are page.css's).
	require.NoError(t, eval(`(() => { document.querySelectorAll('.diagram .hand').forEach(h => h.removeAttribute('style')); return 0; })()`, new(int)))
	require.NoError(t, eval(measure, &l))
	require.Empty(t, layoutProblems(l, 4), "the hands back in their cells")
	require.NoError(t, eval(`(() => { const r = document.querySelector('.diagram .hand.right').style; r.position = 'relative'; r.left = '-120px'; return 0; })()`, new(int)))
	require.NoError(t, eval(measure, &l))
	assert.NotEmpty(t, layoutProblems(l, 4), "a hand moved onto its neighbour")
	require.NoError(t, eval(`(() => { document.querySelector('.diagram .hand.right').style.left = '200px'; return 0; })()`, new(int)))
	require.NoError(t, eval(measure, &l))
	assert.NotEmpty(t, layoutProblems(l, 4), "a hand pushed off a phone's screen")
}
