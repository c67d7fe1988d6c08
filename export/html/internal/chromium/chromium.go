// Package chromium drives a headless Chromium for the tests of
// export/html: it opens a page, sets the window's width (and the print
// media), measures elements, takes screenshots and prints to PDF.
//
// It talks the Chrome DevTools Protocol over --remote-debugging-pipe: the
// browser reads commands from its file descriptor 3 and writes replies and
// events to 4, each a JSON object ended by a NUL byte. A pipe, rather than
// a DevTools port and a WebSocket client, needs no free port, no HTTP
// discovery and no WebSocket code; nothing else on the machine can reach
// the browser; and the browser ends when its pipe closes. Over the
// simpler --screenshot and --dump-dom flags it has these: the viewport is
// set exactly (a window size includes whatever the headless window puts
// round the page), the page is measured after it has loaded rather than
// when the flags happen to fire, print media can be emulated, and one
// browser serves every check of a test.
package chromium

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// ErrNotInstalled: no Chromium was found.
var ErrNotInstalled = errors.New("chromium is not installed")

// Find returns the path of a Chromium: $HOYLE_CHROMIUM if set, else the
// first of chromium, chromium-browser, google-chrome on the PATH.
func Find() (string, error) {
	if p := os.Getenv("HOYLE_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w (Debian: apt-get install -y chromium; or set HOYLE_CHROMIUM)", ErrNotInstalled)
}

// Browser is a headless Chromium driven over its pipe.
type Browser struct {
	cmd    *exec.Cmd
	send   *os.File // the browser's fd 3
	recv   *os.File // the browser's fd 4
	stderr *lockedBuffer

	mu      sync.Mutex
	next    int64
	waiting map[int64]chan message
	events  map[string]chan message // by session: the page's events
	done    chan struct{}
	err     error
}

// message is one message of the protocol: a reply (ID) or an event
// (Method).
type message struct {
	ID        int64           `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Start starts a headless Chromium with a profile of its own in
// userDataDir (which should be empty and is left for the caller to
// remove).
func Start(path, userDataDir string) (*Browser, error) {
	toBrowser, send, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	recv, fromBrowser, err := os.Pipe()
	if err != nil {
		toBrowser.Close()
		send.Close()
		return nil, err
	}
	cmd := exec.Command(path,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--no-default-browser-check",
		"--user-data-dir="+userDataDir, "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // fds 3 and 4
	stderr := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = io.Discard, stderr
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{toBrowser, send, recv, fromBrowser} {
			f.Close()
		}
		return nil, err
	}
	toBrowser.Close()
	fromBrowser.Close()
	b := &Browser{cmd: cmd, send: send, recv: recv, stderr: stderr,
		waiting: map[int64]chan message{}, events: map[string]chan message{}, done: make(chan struct{})}
	go b.read()
	return b, nil
}

// read takes the browser's messages off its pipe and hands each to whoever
// waits for it.
func (b *Browser) read() {
	r := bufio.NewReaderSize(b.recv, 1<<20)
	var err error
	for {
		var raw []byte
		raw, err = r.ReadBytes(0)
		if err != nil {
			break
		}
		var m message
		if err = json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			break
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch, ok := b.waiting[m.ID]; ok {
				ch <- m
				delete(b.waiting, m.ID)
			}
		} else if ch, ok := b.events[m.SessionID]; ok {
			select {
			case ch <- m:
			default: // a page that does not listen loses events it did not ask for
			}
		}
		b.mu.Unlock()
	}
	b.mu.Lock()
	b.err = fmt.Errorf("the browser's pipe closed: %v; its output: %s", err, b.stderr.tail())
	b.mu.Unlock()
	close(b.done)
}

// call sends a command (to a page's session, or the browser's when session
// is "") and decodes its result into out, if out is not nil.
func (b *Browser) call(ctx context.Context, session, method string, params, out any) error {
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return b.err
	}
	b.next++
	id := b.next
	ch := make(chan message, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	if params == nil {
		params = struct{}{}
	}
	msg, err := json.Marshal(map[string]any{"id": id, "sessionId": session, "method": method, "params": params})
	if err != nil {
		return err
	}
	if session == "" {
		msg, _ = json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	}
	if _, err := b.send.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if out != nil {
			return json.Unmarshal(m.Result, out)
		}
		return nil
	case <-b.done:
		return b.err
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Close ends the browser: the pipe is closed, which makes it quit, and
// it is killed if it has not within a few seconds.
func (b *Browser) Close() error {
	_ = b.call(context.Background(), "", "Browser.close", nil, nil)
	b.send.Close()
	exited := make(chan error, 1)
	go func() { exited <- b.cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		_ = b.cmd.Process.Kill()
		<-exited
	}
	b.recv.Close()
	return nil
}

// Page is one tab of the browser.
type Page struct {
	b       *Browser
	session string
	events  chan message
}

// NewPage opens a blank tab.
func (b *Browser) NewPage(ctx context.Context) (*Page, error) {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: attached.SessionID, events: make(chan message, 64)}
	b.mu.Lock()
	b.events[p.session] = p.events
	b.mu.Unlock()
	if err := p.call(ctx, "Page.enable", nil, nil); err != nil {
		return nil, err
	}
	// A measuring script is the test's, not the page's: the page's
	// Content-Security-Policy (no scripts) does not apply to it.
	if err := p.call(ctx, "Page.setBypassCSP", map[string]any{"enabled": true}, nil); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Page) call(ctx context.Context, method string, params, out any) error {
	return p.b.call(ctx, p.session, method, params, out)
}

// SetViewport sets the page's width and height in CSS pixels, and whether
// it is laid out for print.
func (p *Page) SetViewport(ctx context.Context, width, height int, print bool) error {
	if err := p.call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return err
	}
	media := ""
	if print {
		media = "print"
	}
	return p.call(ctx, "Emulation.setEmulatedMedia", map[string]any{"media": media}, nil)
}

// Navigate loads a URL and waits for its load event.
func (p *Page) Navigate(ctx context.Context, url string) error {
	for len(p.events) > 0 {
		<-p.events
	}
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.call(ctx, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return err
	}
	if nav.ErrorText != "" {
		return fmt.Errorf("navigating to %s: %s", url, nav.ErrorText)
	}
	for {
		select {
		case m := <-p.events:
			if m.Method == "Page.loadEventFired" {
				return nil
			}
		case <-p.b.done:
			return p.b.err
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s to load: %w", url, ctx.Err())
		}
	}
}

// Eval evaluates a JavaScript expression in the page and decodes its value
// (JSON-serialisable) into out.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := p.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res); err != nil {
		return err
	}
	if e := res.ExceptionDetails; e != nil {
		return fmt.Errorf("script failed: %s %s", e.Text, e.Exception.Description)
	}
	return json.Unmarshal(res.Result.Value, out)
}

// Screenshot is a PNG of the page's whole height at the viewport's width.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	var res struct {
		Data string `json:"data"`
	}
	if err := p.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}

// PDF prints the page on paper of the given size in inches, with the
// page's own @page margins, and returns the PDF.
func (p *Page) PDF(ctx context.Context, widthIn, heightIn float64) ([]byte, error) {
	var res struct {
		Data string `json:"data"`
	}
	if err := p.call(ctx, "Page.printToPDF", map[string]any{"paperWidth": widthIn, "paperHeight": heightIn,
		"printBackground": true, "preferCSSPageSize": false, "marginTop": 0, "marginBottom": 0, "marginLeft": 0, "marginRight": 0}, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}

// lockedBuffer keeps the browser's standard error, for a failure's
// message.
type lockedBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if len(l.buf) > 1<<16 {
		l.buf = l.buf[len(l.buf)-1<<15:]
	}
	return len(p), nil
}

func (l *lockedBuffer) tail() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := string(l.buf)
	if len(s) > 2000 {
		s = s[len(s)-2000:]
	}
	return s
}
