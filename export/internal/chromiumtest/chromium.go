// Package chromiumtest starts the headless Chromium the browser tests
// drive with chromedp. It is a package of its own so that only the test
// binaries that open a browser link chromedp.
package chromiumtest

import (
	"context"
	"os"
	"os/exec"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// FindChromium returns the path of a Chromium for the browser tests:
// $HOYLE_CHROMIUM if set, else the first of chromium, chromium-browser,
// google-chrome on the PATH; "" when there is none (.ci/run installs
// Debian's chromium).
func FindChromium() string {
	if p := os.Getenv("HOYLE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// LaunchChromium starts the Chromium at path, headless, with a profile of
// its own, driven by chromedp over its DevTools pipe (no port: nothing else
// on the machine can reach it). ctx is its first tab (chromedp.NewContext
// of ctx opens another); stop ends the browser and removes the profile.
func LaunchChromium(path string) (ctx context.Context, stop func(), err error) {
	profile, err := os.MkdirTemp("", "hoyle-chromium-")
	if err != nil {
		return nil, nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(profile),
		chromedp.Flag("hide-scrollbars", true), chromedp.Flag("mute-audio", true), chromedp.Flag("disable-quic", true),
		// chromedp's own list (Translate, BlinkGenPropertyTrees); the
		// omnibox's popup drawn as a web page: a headless window never
		// shows it, yet Chromium 156 keeps a renderer of its own busy for
		// it, a third of a core for as long as the browser lives (the
		// browser idle for 4 s cost 3.2 s of processor time with it,
		// 1.4 s without); and RenderDocument, a new frame host for each
		// page loaded, which a page cannot tell from the old one (40
		// loads of a site's pages: 5.2-5.7 s with the browser's start,
		// 6.5-7.6 s with RenderDocument). Names a Chromium does not know
		// it passes over.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,RenderDocument"))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	stop = func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	// The first run starts the browser, which lives as long as ctx: it
	// takes no timeout of its own (see chromedp.Run).
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	return ctx, stop, nil
}

// Browser is a test binary's one headless Chromium, started by the first
// test that asks it for a tab and ended by Close (from TestMain): a start
// costs a second or more of CPU, a tab little. The zero Browser is ready.
type Browser struct {
	once sync.Once
	ctx  context.Context
	stop func()
	err  error
}

// Tab gives t the browser's tab, starting the browser if need be, through
// a DevTools session of t's own that ends when t ends; t is skipped when
// there is no Chromium. What t sets through its session (the viewport,
// the media, scripts off) ends with it: Chromium drops a session's
// emulation when it detaches. The page t left stays loaded until the next
// test navigates. Not a tab of its own: a new tab costs Chromium a
// renderer and a window (about 0.3 s of processor time), a session
// little. So the tests that share a Browser take turns: none of them is
// parallel.
func (b *Browser) Tab(t testing.TB) context.Context {
	t.Helper()
	path := FindChromium()
	if path == "" {
		t.Skip("chromium is not installed (Debian: apt-get install -y chromium; or set HOYLE_CHROMIUM): not checked in a browser")
	}
	b.once.Do(func() { b.ctx, b.stop, b.err = LaunchChromium(path) })
	require.NoError(t, b.err, "starting %s", path)
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(chromedp.FromContext(b.ctx).Target.TargetID), chromedp.WithDetachOnCancel())
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(ctx))
	return ctx
}

// Close ends the browser, if a test started it.
func (b *Browser) Close() {
	if b.stop != nil {
		b.stop()
	}
}
