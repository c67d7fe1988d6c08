package site_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/export/site"
	"github.com/hoyle/hoyle/export/sitetest"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/ledger"
	"github.com/hoyle/hoyle/projections/load"
)

// sourceOf reads a store as hoyle serve does: compare's projection
// (ledger) and the sessions' logs.
func sourceOf(st events.Store) site.Source {
	return site.Source{
		Compare: func(ctx context.Context) (compare.Report, []compare.Table, error) {
			tables, _, err := ledger.Tables(ctx, st)
			if err != nil {
				return compare.Report{}, nil, err
			}
			return compare.CompareWith(tables, compare.Options{}), tables, nil
		},
		Hands: func(ctx context.Context, id string) (*projections.Session, []events.Envelope, error) {
			return load.Session(ctx, st, id)
		},
	}
}

// TestLiveServes: the live site serves every event's pages under a folder
// of its own, read-only; with a token, only to a viewer who gives it; and
// its stream names the pages an update changed.
func TestLiveServes(t *testing.T) {
	store := memstore.New()
	e := newEvening(t, store, "Tuesday pairs", "mitchell:2x1", "")
	e.board(1, 1)
	live := site.NewLive(sourceOf(store), "sesame")
	require.NoError(t, live.Update(e.ctx))
	srv := httptest.NewServer(live)
	defer func() {
		srv.CloseClientConnections()
		srv.Close()
	}()

	get := func(path string, mod func(*http.Request)) (*http.Response, string) {
		req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		require.NoError(t, err)
		if mod != nil {
			mod(req)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	bearer := func(r *http.Request) { r.Header.Set("Authorization", "Bearer sesame") }

	// Before any event: the list of events, and its script.
	empty := site.NewLive(sourceOf(memstore.New()), "")
	require.NoError(t, empty.Update(e.ctx))
	assert.Equal(t, []string{site.IndexFile, site.LiveFile}, empty.Paths())

	resp, _ := get("/", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "no token")
	resp, _ = get("/?token=wrong", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "a wrong token")
	resp, body := get("/?token=sesame", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, `href="tuesday-pairs/index.html"`)
	require.NotEmpty(t, resp.Cookies(), "the token is kept in a cookie")
	cookie := resp.Cookies()[0]
	resp, body = get("/tuesday-pairs/board-1.html", func(r *http.Request) { r.AddCookie(cookie) })
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, `<script src="live.js" defer></script>`)
	assert.Contains(t, body, `data-path="tuesday-pairs/board-1.html"`)
	resp, body = get("/tuesday-pairs/live.js", bearer)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Type"), "javascript")
	assert.Contains(t, body, "EventSource")
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	folder, err := http.NewRequest(http.MethodGet, srv.URL+"/tuesday-pairs", nil)
	require.NoError(t, err)
	bearer(folder)
	redirect, err := noFollow.Do(folder)
	require.NoError(t, err)
	redirect.Body.Close()
	assert.Equal(t, http.StatusMovedPermanently, redirect.StatusCode)
	assert.Equal(t, "/tuesday-pairs/", redirect.Header.Get("Location"), "an event's folder is served with its slash, for its relative links")
	resp, _ = get("/tuesday-pairs/board-2.html", bearer)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "board 2 is not played yet")

	req, err := http.NewRequest(http.MethodPost, srv.URL+"/tuesday-pairs/index.html", strings.NewReader("x"))
	require.NoError(t, err)
	bearer(req)
	post, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	post.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, post.StatusCode, "read-only")

	// The stream: an update that changes nothing says nothing; one that
	// records board 2 names its new page and the index, not the pages
	// that stay as they were.
	ctx, cancel := context.WithTimeout(e.ctx, 30*time.Second)
	defer cancel()
	sreq, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/tuesday-pairs/live", nil)
	require.NoError(t, err)
	bearer(sreq)
	stream, err := http.DefaultClient.Do(sreq)
	require.NoError(t, err)
	defer stream.Body.Close()
	assert.Equal(t, "text/event-stream", stream.Header.Get("Content-Type"))
	lines := bufio.NewScanner(stream.Body)
	require.True(t, lines.Scan())
	assert.Equal(t, "retry: 5000", lines.Text())
	require.NoError(t, live.Update(e.ctx))
	e.board(1, 2)
	require.NoError(t, live.Update(e.ctx))
	// Messages until the one that names board 2 (board 1's double-dummy
	// table, solved in the background, may come first).
	var changed []string
	for lines.Scan() && !slices.Contains(changed, "tuesday-pairs/board-2.html") {
		if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
			var paths []string
			require.NoError(t, json.Unmarshal([]byte(data), &paths))
			changed = append(changed, paths...)
		}
	}
	assert.Contains(t, changed, "tuesday-pairs/board-2.html")
	assert.Contains(t, changed, "tuesday-pairs/index.html")
	// Board 1's double-dummy table, solved in the background, joins its
	// page at a later update.
	require.Eventually(t, func() bool {
		require.NoError(t, live.Update(e.ctx))
		_, body := get("/tuesday-pairs/board-1.html", bearer)
		return strings.Contains(body, `class="ddtable"`)
	}, 2*time.Minute, 100*time.Millisecond)
	hand := "tuesday-pairs/" + site.HandFile(e.sessions[1], 1)
	assert.Contains(t, live.Paths(), hand, "the first result's lead was played")
	assert.NotContains(t, changed, hand, "its page did not change")
}

// TestLiveInChromium: over a shared log (a JetStream server started by the
// test, followed as hoyle serve follows it), a board's page open in
// Chromium shows a result recorded through nats:// without a reload
// (how soon is logged); and the page asks for nothing but the site's own
// files and its stream.
func TestLiveInChromium(t *testing.T) {
	b := startBrowser(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := natsstore.StartServer(t.TempDir(), "127.0.0.1:0", natsstore.ServerOptions{NoSync: true})
	require.NoError(t, err)
	defer srv.Shutdown()
	served, err := natsstore.OpenServed(ctx, srv, natsstore.Options{Name: "test serve"})
	require.NoError(t, err)
	defer served.Close()
	live := site.NewLive(sourceOf(served), "")
	moved := make(chan struct{}, 1)
	go func() {
		_ = ledger.Follow(ctx, served, func(uint64, int) {
			select {
			case moved <- struct{}{}:
			default:
			}
		})
	}()
	go live.Run(ctx, moved, func(err error) { t.Logf("update: %v", err) })
	web := httptest.NewServer(live)
	defer func() {
		// The page's stream stays open as long as the page: it is cut
		// first, or Close would wait for it.
		_ = chromedp.Do(b.Ctx, chromedp.Navigate("about:blank"))
		web.CloseClientConnections()
		web.Close()
	}()

	// A table records as hoyle --db nats://... does.
	table, err := natsstore.Open(ctx, srv.URL(), natsstore.Options{})
	require.NoError(t, err)
	defer table.Close()
	e := newEvening(t, table, "Live pairs", "mitchell:2x1", "")
	e.board(1, 1)
	page := web.URL + "/live-pairs/board-1.html"
	require.Eventually(t, func() bool {
		resp, err := http.Get(page)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 20*time.Second, 50*time.Millisecond, "the first result's page is served")

	b.Seen()
	require.NoError(t, chromedp.Do(b.Ctx, chromedp.Navigate(page)))
	rows := `document.querySelectorAll('main tbody tr[data-session]').length`
	n, err := sitetest.Eval[int](b, rows)
	require.NoError(t, err)
	require.Equal(t, 1, n, "one result on the traveller")
	_, err = sitetest.Eval[int](b, `(window.hoyleNotReloaded = 1)`)
	require.NoError(t, err)
	// The page's stream is open before the result is recorded.
	require.Eventually(t, func() bool {
		_, requests := b.Peek()
		for _, r := range requests {
			if strings.HasSuffix(r, "/live-pairs/live") {
				return true
			}
		}
		return false
	}, 10*time.Second, 20*time.Millisecond, "the page opens its stream")

	start := time.Now()
	e.board(2, 1)
	var took time.Duration
	for {
		n, err := sitetest.Eval[int](b, rows)
		require.NoError(t, err)
		if n == 2 {
			took = time.Since(start)
			break
		}
		require.Less(t, time.Since(start), 10*time.Second, "the new result never showed")
		time.Sleep(20 * time.Millisecond)
	}
	// The time is a figure, logged (go test -v shows it), not
	// asserted: that it shows without a reload is the property.
	t.Logf("the new result showed %v after it was recorded", took)
	still, err := sitetest.Eval[int](b, `window.hoyleNotReloaded || 0`)
	require.NoError(t, err)
	assert.Equal(t, 1, still, "the page was not reloaded")

	// The board's double-dummy table, solved in the background, comes
	// by itself too.
	require.Eventually(t, func() bool {
		n, err := sitetest.Eval[int](b, `document.querySelectorAll('main .ddtable').length`)
		return err == nil && n == 1
	}, 2*time.Minute, 50*time.Millisecond, "the double-dummy table joins the open page")
	still, err = sitetest.Eval[int](b, `window.hoyleNotReloaded || 0`)
	require.NoError(t, err)
	assert.Equal(t, 1, still, "the page was not reloaded")

	console, requests := b.Seen()
	assert.Empty(t, console)
	for _, r := range requests {
		assert.True(t, strings.HasPrefix(r, web.URL+"/live-pairs/"), "the page asked only for its site's files and stream: %s", r)
	}
}
