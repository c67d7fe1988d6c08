package site

import (
	"bytes"
	"context"
	"crypto/subtle"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddkeep"
)

//go:embed live.js
var liveJS []byte

// LiveFile is the script every live page loads (see live.js), and
// LiveStream the address of the server's updates, both in every event's
// folder.
const (
	LiveFile   = "live.js"
	LiveStream = "live"
)

// Source gives what a live site is made of, read anew at each update:
// compare's report of every event, the summaries it compared, and the
// sessions' logs for the hand pages.
type Source struct {
	Compare func(ctx context.Context) (compare.Report, []compare.Table, error)
	Hands   HandSource
}

// Live serves the sites of every event of a log as it is recorded: the
// same pages as Build writes, each event in a folder of its own, with an
// index of the events at the top. It is read-only: it answers GET and
// HEAD only. Update makes the sites again and tells the open pages which
// of them changed, by server-sent events on LiveStream; a page that
// changed fetches itself once and swaps its content in (live.js), so an
// open page follows the evening without a reload and without polling.
type Live struct {
	src   Source
	token string
	hands HandCache

	mu    sync.Mutex
	files map[string][]byte // by path from the top: "tuesday/index.html"
	subs  map[*viewer]struct{}

	// The double-dummy tables solved, and those being solved: a board's
	// first result is shown at once, its table once solved.
	ddMu    sync.Mutex
	tables  map[[4]cards.Set]dd.Table
	solving map[[4]cards.Set]bool
	solved  chan struct{} // a table was solved: the site is made again
}

// NewLive makes a live site of src; token, when not "", is asked of every
// viewer (see ServeHTTP). Update makes its pages.
func NewLive(src Source, token string) *Live {
	return &Live{src: src, token: token, files: map[string][]byte{}, subs: map[*viewer]struct{}{},
		tables: map[[4]cards.Set]dd.Table{}, solving: map[[4]cards.Set]bool{}, solved: make(chan struct{}, 1)}
}

// ddTable gives a deal's table if it is solved; otherwise it starts
// solving it (once) in the background and says false. Run makes the site
// again when it is solved.
func (l *Live) ddTable(deal cards.Deal) (dd.Table, bool) {
	key := [4]cards.Set{deal[0], deal[1], deal[2], deal[3]}
	l.ddMu.Lock()
	defer l.ddMu.Unlock()
	if t, ok := l.tables[key]; ok {
		return t, true
	}
	if !l.solving[key] {
		l.solving[key] = true
		go func() {
			t, err := ddkeep.Shared().Source(dd.Config{}, nil).Table(deal)
			l.ddMu.Lock()
			if err == nil {
				l.tables[key] = t
			}
			l.ddMu.Unlock()
			select {
			case l.solved <- struct{}{}:
			default: // an update is due already
			}
		}()
	}
	return dd.Table{}, false
}

// Update makes every event's site again from the source, and tells the
// open pages the paths that changed.
func (l *Live) Update(ctx context.Context) error {
	rep, tables, err := l.src.Compare(ctx)
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	used := map[string]bool{}
	var list []link
	for _, ev := range rep.Events {
		dir := slug(ev.Event)
		for i := 2; used[dir]; i++ {
			dir = slug(ev.Event) + "-" + fmt.Sprint(i)
		}
		used[dir] = true
		s, err := Build(ctx, Input{Event: ev, Tables: tables, Hands: l.src.Hands}, Options{Live: true, Prefix: dir + "/", HandPages: &l.hands, DD: l.ddTable})
		if err != nil {
			return fmt.Errorf("the site of %q: %w", ev.Event, err)
		}
		for p, b := range s.Files {
			files[dir+"/"+p] = b
		}
		files[dir+"/"+LiveFile] = liveJS
		list = append(list, link{Text: ev.Event, Href: dir + "/" + IndexFile})
	}
	var top bytes.Buffer
	if err := pages.ExecuteTemplate(&top, "events", eventsData{Events: list}); err != nil {
		return err
	}
	files[IndexFile], files[LiveFile] = top.Bytes(), liveJS

	l.mu.Lock()
	defer l.mu.Unlock()
	var changed []string
	for p, b := range files {
		if old, ok := l.files[p]; !ok || !bytes.Equal(old, b) {
			changed = append(changed, p)
		}
	}
	for p := range l.files {
		if _, ok := files[p]; !ok {
			changed = append(changed, p)
		}
	}
	l.files = files
	if len(changed) == 0 {
		return nil
	}
	for v := range l.subs {
		v.tell(changed)
	}
	return nil
}

// viewer is one open stream: the paths changed that it has not been sent
// yet, kept together while it is slow, so that no page misses the update
// that names it.
type viewer struct {
	mu      sync.Mutex
	pending map[string]bool
	ready   chan struct{} // something is pending
}

func (v *viewer) tell(paths []string) {
	v.mu.Lock()
	for _, p := range paths {
		v.pending[p] = true
	}
	v.mu.Unlock()
	select {
	case v.ready <- struct{}{}:
	default: // already told; it takes everything pending at once
	}
}

// take returns what is pending, sorted, and forgets it.
func (v *viewer) take() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := make([]string, 0, len(v.pending))
	for p := range v.pending {
		out = append(out, p)
	}
	clear(v.pending)
	sort.Strings(out)
	return out
}

// eventsData is the top index of a live server: its events.
type eventsData struct {
	Events []link
}

// Run updates the site at once, then after each signal on changed (the
// log moved) and each double-dummy table solved, until ctx is done; a failed update is reported to warn and
// tried again at the next signal.
func (l *Live) Run(ctx context.Context, changed <-chan struct{}, warn func(error)) {
	for {
		if err := l.Update(ctx); err != nil && ctx.Err() == nil {
			warn(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-changed:
		case <-l.solved:
		}
	}
}

// ServeHTTP serves the sites: GET and HEAD of their files, and the stream
// of updates. With a token, a viewer gives it once in the address
// (?token=...), which sets a cookie, or in an Authorization: Bearer
// header; without it the answer is 401.
func (l *Live) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "read-only: the site is viewed, never written to", http.StatusMethodNotAllowed)
		return
	}
	if !l.allowed(w, r) {
		http.Error(w, "a token is needed to view this site: open it with ?token=...", http.StatusUnauthorized)
		return
	}
	path := strings.TrimPrefix(r.URL.Path, "/")
	if path == "" || strings.HasSuffix(path, "/") {
		path += IndexFile
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if strings.HasSuffix(path, "/"+LiveStream) || path == LiveStream {
		l.stream(w, r)
		return
	}
	l.mu.Lock()
	b, ok := l.files[path]
	_, folder := l.files[path+"/"+IndexFile]
	l.mu.Unlock()
	if !ok && folder {
		// An event's folder named without its slash: its links are
		// relative to the folder.
		http.Redirect(w, r, "/"+path+"/", http.StatusMovedPermanently)
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch {
	case strings.HasSuffix(path, ".js"):
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	default:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// allowed checks the viewer's token, when one is asked for.
func (l *Live) allowed(w http.ResponseWriter, r *http.Request) bool {
	if l.token == "" {
		return true
	}
	same := func(s string) bool { return subtle.ConstantTimeCompare([]byte(s), []byte(l.token)) == 1 }
	if t := r.URL.Query().Get("token"); t != "" && same(t) {
		http.SetCookie(w, &http.Cookie{Name: "hoyle_token", Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		return true
	}
	if c, err := r.Cookie("hoyle_token"); err == nil && same(c.Value) {
		return true
	}
	if a, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && same(a) {
		return true
	}
	return false
}

// stream sends the paths changed at each update as server-sent events
// ("data: [paths]"), and a comment every 25 s to keep proxies from closing
// the connection, until the page goes.
func (l *Live) stream(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported here", http.StatusInternalServerError)
		return
	}
	v := &viewer{pending: map[string]bool{}, ready: make(chan struct{}, 1)}
	l.mu.Lock()
	l.subs[v] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.subs, v)
		l.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	// retry: a page whose server went away tries again every 5 s, not
	// every 3 (the browser's default), and only that page's one stream.
	fmt.Fprint(w, "retry: 5000\n\n")
	flusher.Flush()
	keep := time.NewTicker(25 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-keep.C:
			fmt.Fprint(w, ": still here\n\n")
		case <-v.ready:
			b, _ := json.Marshal(v.take())
			fmt.Fprintf(w, "data: %s\n\n", b)
		}
		flusher.Flush()
	}
}

// Paths are the files the live site serves now, sorted.
func (l *Live) Paths() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := Site{Files: l.files}
	return s.Paths()
}
