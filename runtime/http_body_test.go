package runtime

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	goruntime "runtime"
	"strings"
	"testing"
	"time"
)

// padded returns a stateless tools/call of echo with text, padded with
// white space to n bytes (when it is shorter).
func padded(id int, text string, n int) string {
	head := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,`, id)
	tail := fmt.Sprintf(`"method":"tools/call","params":{"name":"echo","arguments":{"text":%q}}}`, text)
	return head + strings.Repeat(" ", max(0, n-len(head)-len(tail))) + tail
}

// chunked is a reader that hides its length.
type chunked struct{ io.Reader }

// postChunked POSTs body without a Content-Length.
func postChunked(t *testing.T, ctx context.Context, url, body string) *httpReply {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "POST", url, chunked{strings.NewReader(body)})
	req.Header.Set("Content-Type", "application/json")
	req.TransferEncoding = []string{"chunked"}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return &httpReply{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

// TestHTTPBodySizes: bodies with and without Content-Length, around the
// small-body size and the limit.
func TestHTTPBodySizes(t *testing.T) {
	t.Parallel()
	const limit = 256 << 10
	f := newHTTPFixture(t, []Option{WithMaxMessageSize(limit)})
	for _, n := range []int{100, smallBody - 1, smallBody, smallBody + 1, 3 * smallBody, limit - 1, limit, limit + 1, 4 * limit} {
		for _, streamed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d streamed=%v", n, streamed), func(t *testing.T) {
				body := padded(1, fmt.Sprint("size ", n), n)
				var r *httpReply
				if streamed {
					r = postChunked(t, t.Context(), f.url, body)
				} else {
					r = f.post(body, nil)
				}
				if n > limit {
					wantStatus(t, r, http.StatusRequestEntityTooLarge)
					if code := r.errorCode(t); code != codeInvalidRequest {
						t.Errorf("code %d", code)
					}
					return
				}
				wantStatus(t, r, http.StatusOK)
				if !strings.Contains(r.body, fmt.Sprint(`"size `, n, `"`)) {
					t.Errorf("answer %s", r.body)
				}
			})
		}
	}
	if used := f.handler().bodies.usedNow(); used != 0 {
		t.Errorf("%d bytes of the body budget still held", used)
	}
}

func (f *httpFixture) handler() *httpHandler {
	return f.h.(*httpHandler)
}

func (b *bodyBudget) usedNow() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// TestHTTPBodyDeclaredTooLarge: a Content-Length over the limit is refused
// before any of the body is sent.
func TestHTTPBodyDeclaredTooLarge(t *testing.T) {
	t.Parallel()
	f := newHTTPFixture(t, []Option{WithMaxMessageSize(1 << 20)})
	c, err := net.Dial("tcp", strings.TrimPrefix(f.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
		strings.TrimPrefix(f.srv.URL, "http://"), 1<<20+1)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer without the body: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	r := &httpReply{status: resp.StatusCode, header: resp.Header, body: string(b)}
	wantStatus(t, r, http.StatusRequestEntityTooLarge)
	if code := r.errorCode(t); code != codeInvalidRequest {
		t.Errorf("code %d", code)
	}
}

// TestHTTPBodyMemory: bodies share the budget; a large body waits for
// memory while small calls go on, and is refused with 503 when it waits
// too long; a legacy session's call whose client hung up keeps its share
// until it returns.
func TestHTTPBodyMemory(t *testing.T) {
	t.Parallel()
	const limit, budget = 512 << 10, 1 << 20 // large bodies share 896 KiB
	f := newHTTPFixture(t, []Option{WithMaxMessageSize(limit)}, WithBodyMemory(budget))
	bodies := f.handler().bodies

	// A: a modern call that blocks, holding 500 KiB.
	hold, cancelHold := context.WithCancel(t.Context())
	heldDone := make(chan *httpReply, 1)
	blockBody := modernBody("1", "tools/call", `"name":"block","arguments":{}`)
	blockBody = blockBody[:len(blockBody)-1] + strings.Repeat(" ", 500<<10) + "}"
	go func() {
		req, _ := http.NewRequestWithContext(hold, "POST", f.url, strings.NewReader(blockBody))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range modernHeaders("tools/call", "block") {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		heldDone <- nil
	}()
	<-f.started
	if used := bodies.usedNow(); used != int64(len(blockBody)) {
		t.Fatalf("budget used %d, want %d", used, len(blockBody))
	}

	// B: 500 KiB more does not fit; it waits.
	waiting := make(chan *httpReply, 1)
	go func() { waiting <- f.post(padded(2, "B", 500<<10), nil) }()
	for bodies.waitersNow() == 0 {
		time.Sleep(time.Millisecond)
	}
	// Small calls are served meanwhile.
	for i := range 20 {
		r := f.post(padded(3+i, "small", 1000), nil)
		wantStatus(t, r, http.StatusOK)
	}
	select {
	case r := <-waiting:
		t.Fatalf("B was not held back: %d %s", r.status, r.body)
	default:
	}
	// A ends (its client hangs up): B is read and answered.
	cancelHold()
	<-heldDone
	r := <-waiting
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(r.body, `"B"`) {
		t.Errorf("B: %s", r.body)
	}

	// C waits too long: 503 with Retry-After, before its body is read.
	bodies.mu.Lock()
	bodies.wait = 50 * time.Millisecond
	bodies.mu.Unlock()
	if err := bodies.acquire(t.Context(), 500<<10); err != nil {
		t.Fatal(err)
	}
	r = postChunked(t, t.Context(), f.url, padded(4, "C", 500<<10))
	wantStatus(t, r, http.StatusServiceUnavailable)
	if r.header.Get("Retry-After") == "" || r.errorCode(t) != codeInvalidRequest || !strings.Contains(r.body, "retry") {
		t.Errorf("503 answer: %v %s", r.header, r.body)
	}
	bodies.release(500 << 10)

	// A legacy session call whose client hangs up keeps its body's share
	// until the call returns.
	sid := f.initialize("2025-11-25")
	for len(f.served) > 0 { // room for the next ones
		<-f.served
	}
	ctx, hangUp := context.WithCancel(t.Context())
	go func() {
		body := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"block","arguments":{}}}`
		req, _ := http.NewRequestWithContext(ctx, "POST", f.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Test", "hangs up")
		for k, v := range sessionHeaders(sid, "2025-11-25") {
			req.Header.Set(k, v)
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	<-f.started
	hangUp()
	for done := false; !done; { // until its POST's handler has returned
		select {
		case r := <-f.served:
			done = r.Header.Get("X-Test") == "hangs up"
		case <-time.After(10 * time.Second):
			t.Fatal("the POST of the client that hung up is still being handled")
		}
	}
	if bodies.usedNow() == 0 {
		t.Error("the abandoned call's body share was returned while the call runs")
	}
	f.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}`, sessionHeaders(sid, "2025-11-25"))
	<-f.cancelled
	deadline := time.Now().Add(10 * time.Second)
	for bodies.usedNow() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("budget used %d after every request ended", bodies.usedNow())
		}
		time.Sleep(time.Millisecond)
	}
}

func (b *bodyBudget) waitersNow() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.waiters
}

// TestBodyShareWaitsForTheCollector: a released body's share is returned
// only once the collector has freed its buffer, never while something still
// points into it (crediting it on release let one more body in than the
// budget allows).
func TestBodyShareWaitsForTheCollector(t *testing.T) {
	t.Parallel()
	const n = 4 << 20
	bodies := newBodyBudget(8<<20, 2<<20) // garbage of n is due at once (>= total/8)
	lease := &bodyLease{budget: bodies, refs: 1}
	if err := lease.grow(t.Context(), n); err != nil {
		t.Fatal(err)
	}
	buf := lease.buffer(n)
	kept := buf[n-10:] // a reference into the buffer, as a goroutine may still hold
	buf = nil
	lease.release()
	for range 5 {
		goruntime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if used := bodies.usedNow(); used != n {
		t.Fatalf("budget used %d while the body is reachable, want %d", used, n)
	}
	goruntime.KeepAlive(kept)
	kept = nil
	deadline := time.Now().Add(10 * time.Second)
	for bodies.usedNow() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("budget used %d after the body was freed", bodies.usedNow())
		}
		goruntime.GC()
		time.Sleep(time.Millisecond)
	}
}
