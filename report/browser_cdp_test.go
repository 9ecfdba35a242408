package report

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// browser is one headless Chromium for a test, driven over the DevTools
// protocol on a pipe (--remote-debugging-pipe: commands on its fd 3,
// replies and events on its fd 4, each a JSON message ended by a NUL).
// Every page loads, one after another, in one tab of a browser context
// of the test's own: a Chromium per page, as before, cost 2-3 s of
// start-up each and the browser test started twenty.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	toIt    *os.File // the browser's fd 3
	stderr  bytes.Buffer
	mu      sync.Mutex
	nextID  int
	replies map[int]chan cdpMessage
	events  map[string]chan cdpMessage // by session
	done    chan struct{}              // closed when the browser's output ends

	session       string // the tab's (see tab)
	sessionEvents chan cdpMessage
}

// cdpMessage is a reply (ID set) or an event (Method set).
type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// newBrowser starts Chromium for t and stops it when t ends.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	bin := chromium(t)
	commands, toIt, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromIt, replies, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, toIt: toIt, replies: map[int]chan cdpMessage{}, events: map[string]chan cdpMessage{}, done: make(chan struct{})}
	// A context, never cancelled, only so that close may kill the process
	// group through cmd.Cancel (killGroupOnCancel).
	b.cmd = exec.CommandContext(context.Background(), bin, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--hide-scrollbars", "--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	b.cmd.ExtraFiles = []*os.File{commands, replies}
	b.cmd.Stderr = &b.stderr
	killGroupOnCancel(b.cmd)
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	commands.Close()
	replies.Close()
	go b.read(fromIt)
	t.Cleanup(b.close)
	return b
}

// read dispatches the browser's messages until its output ends.
func (b *browser) read(from *os.File) {
	defer close(b.done)
	defer from.Close()
	r := bufio.NewReader(from)
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMessage
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.Method == "" {
			if ch := b.replies[m.ID]; ch != nil {
				ch <- m
				delete(b.replies, m.ID)
			}
		} else if ch := b.events[m.SessionID]; ch != nil {
			select {
			case ch <- m:
			default: // a session's reader fell far behind: drop, as no check needs every event
			}
		}
		b.mu.Unlock()
	}
}

// call sends a command (to a page's session, or the browser's when
// session is "") and returns its result, failing t on an error or after
// limit.
func (b *browser) call(session, method string, params any, limit time.Duration) json.RawMessage {
	b.t.Helper()
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpMessage, 1)
	b.replies[id] = ch
	b.mu.Unlock()
	command := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		command["sessionId"] = session
	}
	msg, err := json.Marshal(command)
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := b.toIt.Write(append(msg, 0)); err != nil {
		b.t.Fatalf("chromium %s: %v\n%s", method, err, b.stderr.String())
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			b.t.Fatalf("chromium %s: %s", method, m.Error.Message)
		}
		return m.Result
	case <-b.done:
		b.t.Fatalf("chromium exited during %s:\n%s", method, b.stderr.String())
	case <-time.After(limit):
		b.t.Fatalf("chromium %s did not answer in %s", method, limit)
	}
	return nil
}

// close asks the browser to quit, and kills it if it does not.
func (b *browser) close() {
	b.toIt.Write([]byte(`{"id":0,"method":"Browser.close"}` + "\x00"))
	b.toIt.Close()
	select {
	case <-b.done:
	case <-time.After(10 * time.Second):
	}
	if b.cmd.Cancel != nil {
		b.cmd.Cancel()
	} else {
		b.cmd.Process.Kill()
	}
	b.cmd.Wait()
}

// pageRequest is what load does with a page.
type pageRequest struct {
	url           string
	width, height int           // the viewport; 1280 x 2000 when 0
	waitFor       string        // a CSS selector the page's own script adds once it has run, waited for after the load event
	screenshot    bool          // draw the viewport
	evaluate      string        // a JavaScript expression run once the page has loaded (and waitFor is there); its string value is returned
	limit         time.Duration // chromiumTimeout when 0
}

// loadedPage is what Chromium made of a page.
type loadedPage struct {
	dom      []byte      // document.documentElement.outerHTML, as --dump-dom prints it
	requests []string    // the URLs the page asked for beyond file: and data: ones
	image    image.Image // the viewport drawn, when asked for
	png      []byte      // the same, as Chromium encoded it
	value    string      // what evaluate returned
}

// load opens a page in the browser's tab, waits for its load event (and
// for waitFor), and returns its DOM, the requests it made and, if asked, a
// screenshot. The tab shows about:blank first, so that each page is a new
// document even where only the fragment changes. A dialog the page opens
// fails t: only an injected script opens one.
func (b *browser) load(p pageRequest) loadedPage {
	b.t.Helper()
	if p.width == 0 {
		p.width, p.height = 1280, 2000
	}
	if p.limit == 0 {
		p.limit = chromiumTimeout
	}
	deadline := time.Now().Add(p.limit)
	session, events := b.tab(p.limit)
	b.call(session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": p.width, "height": p.height, "deviceScaleFactor": 1, "mobile": false}, p.limit)
	var blank loadedPage
	b.call(session, "Page.navigate", map[string]any{"url": "about:blank"}, p.limit)
	b.awaitLoad(events, &blank, deadline, "about:blank")
	b.drainRequests(events)
	b.call(session, "Page.navigate", map[string]any{"url": p.url}, p.limit)
	var page loadedPage
	b.awaitLoad(events, &page, deadline, p.url)
	if p.waitFor != "" {
		expr := `new Promise(ok => { const f = () => document.querySelector(` + jsString(p.waitFor) + `) ? ok(true) : setTimeout(f, 20); f(); })`
		b.call(session, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true}, time.Until(deadline))
	}
	page.dom = []byte(b.evaluate(session, "document.documentElement.outerHTML", deadline))
	if p.evaluate != "" {
		page.value = b.evaluate(session, p.evaluate, deadline)
	}
	if p.screenshot {
		var shot struct{ Data string }
		decode(b.t, b.call(session, "Page.captureScreenshot", map[string]any{"format": "png"}, time.Until(deadline)), &shot)
		data, err := base64.StdEncoding.DecodeString(shot.Data)
		if err != nil {
			b.t.Fatal(err)
		}
		if page.image, err = png.Decode(bytes.NewReader(data)); err != nil {
			b.t.Fatalf("the screenshot is not a PNG: %v", err)
		}
		if r := page.image.Bounds(); r.Dx() != p.width || r.Dy() != p.height {
			b.t.Fatalf("the screenshot is %dx%d, want %dx%d", r.Dx(), r.Dy(), p.width, p.height)
		}
		page.png = data
		keepScreenshot(b.t, p.url, data)
	}
	page.requests = append(page.requests, b.drainRequests(events)...)
	return page
}

// evaluate runs a JavaScript expression in the tab's page and returns
// its value, which must be a string: a measurement from the page itself,
// with no script added to a copy of it.
func (b *browser) evaluate(session, expr string, deadline time.Time) string {
	b.t.Helper()
	var out struct {
		Result           struct{ Value string }
		ExceptionDetails json.RawMessage
	}
	decode(b.t, b.call(session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, time.Until(deadline)), &out)
	if out.ExceptionDetails != nil {
		b.t.Fatalf("evaluating %.80s...: %s", expr, out.ExceptionDetails)
	}
	return out.Result.Value
}

// tab is the browser's one page, in a browser context of its own (no
// profile state shared with anything), opened on first use: its session
// and its events.
func (b *browser) tab(limit time.Duration) (string, chan cdpMessage) {
	b.t.Helper()
	if b.session != "" {
		return b.session, b.sessionEvents
	}
	var browserContext struct{ BrowserContextID string }
	decode(b.t, b.call("", "Target.createBrowserContext", map[string]any{}, limit), &browserContext)
	var target struct{ TargetID string }
	decode(b.t, b.call("", "Target.createTarget", map[string]any{"url": "about:blank", "browserContextId": browserContext.BrowserContextID}, limit), &target)
	var attached struct{ SessionID string }
	decode(b.t, b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, limit), &attached)
	events := make(chan cdpMessage, 4096)
	b.mu.Lock()
	b.events[attached.SessionID] = events
	b.mu.Unlock()
	b.call(attached.SessionID, "Page.enable", map[string]any{}, limit)
	b.call(attached.SessionID, "Network.enable", map[string]any{}, limit)
	b.session, b.sessionEvents = attached.SessionID, events
	return b.session, b.sessionEvents
}

// awaitLoad reads a page's events until its load event, noting its
// requests; a dialog or the deadline fails t.
func (b *browser) awaitLoad(events chan cdpMessage, page *loadedPage, deadline time.Time, url string) {
	b.t.Helper()
	timeout := time.NewTimer(time.Until(deadline))
	defer timeout.Stop()
	for {
		select {
		case m := <-events:
			switch m.Method {
			case "Page.loadEventFired":
				return
			case "Page.javascriptDialogOpening":
				b.t.Fatalf("%s opened a dialog: a script ran (%s)", url, m.Params)
			case "Network.requestWillBeSent":
				page.requests = append(page.requests, requestURL(m)...)
			}
		case <-b.done:
			b.t.Fatalf("chromium exited loading %s:\n%s", url, b.stderr.String())
		case <-timeout.C:
			b.t.Fatalf("chromium did not load %s in time", url)
		}
	}
}

// drainRequests are the requests among the events already received.
func (b *browser) drainRequests(events chan cdpMessage) []string {
	var urls []string
	for {
		select {
		case m := <-events:
			if m.Method == "Network.requestWillBeSent" {
				urls = append(urls, requestURL(m)...)
			}
		default:
			return urls
		}
	}
}

// requestURL is the URL of a Network.requestWillBeSent event, unless the
// page's own file or data it holds.
func requestURL(m cdpMessage) []string {
	var p struct {
		Request struct{ URL string }
	}
	if json.Unmarshal(m.Params, &p) != nil {
		return nil
	}
	if u := p.Request.URL; u != "" && !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") {
		return []string{u}
	}
	return nil
}

func decode(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("chromium's reply %s: %v", raw, err)
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// keepScreenshot copies a screenshot to keepScreenshotsEnv's directory,
// named after its page, for a person to look at.
func keepScreenshot(t *testing.T, url string, data []byte) {
	t.Helper()
	dir := os.Getenv(keepScreenshotsEnv)
	if dir == "" {
		return
	}
	name := strings.NewReplacer(".html", "", "#", "-").Replace(filepath.Base(url)) + ".png"
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// fileURL is the file: URL of path, with a fragment.
func fileURL(path, fragment string) string { return fmt.Sprintf("file://%s%s", path, fragment) }
