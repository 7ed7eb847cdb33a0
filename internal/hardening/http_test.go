package hardening

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const (
	initBody   = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"h","version":"1"}}}`
	modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}`
)

func newClient() (*http.Client, *http.Transport) {
	tr := &http.Transport{MaxIdleConnsPerHost: 100}
	return &http.Client{Transport: tr}, tr
}

// goroutines returns the server's goroutine count, read through a
// stateless tools/call.
func goroutines(t *testing.T, client *http.Client, u string) int {
	t.Helper()
	code, body, _, err := rpc(t.Context(), client, u, callBody(1, "get_vitals", `{}`))
	if err != nil || code != 200 {
		t.Fatalf("get_vitals: %d %v %s", code, err, body)
	}
	i := strings.Index(body, `{\"goroutines\":`)
	var n int
	fmt.Sscanf(body[i+len(`{\"goroutines\":`):], "%d", &n)
	return n
}

// waitServerGoroutines polls the server until it runs at most n
// goroutines (the deadline is a guard, not an assertion on speed).
func waitServerGoroutines(t *testing.T, client *http.Client, tr *http.Transport, u string, n int) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for {
		tr.CloseIdleConnections()
		g := goroutines(t, client, u)
		if g <= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("server runs %d goroutines, want at most %d", g, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestHTTPSignalMidCall: SIGTERM (and SIGINT) while a call is in flight:
// the call finishes and is answered, new connections are refused, and the
// process exits 0.
func TestHTTPSignalMidCall(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p, u := httpServer(t, nil)
			client, _ := newClient()
			answer := make(chan string, 1)
			go func() {
				code, body, _, err := rpc(context.Background(), client, u, callBody(1, "sleep", `{"millis":1500}`))
				answer <- fmt.Sprint(code, " ", body, err)
			}()
			p.waitStderr(regexpMust(`sleep started`))
			p.cmd.Process.Signal(sig)

			host := strings.TrimPrefix(strings.TrimSuffix(u, "/mcp"), "http://")
			deadline := time.Now().Add(guard)
			for {
				c, err := net.DialTimeout("tcp", host, time.Second)
				if err != nil {
					break // refused: the listener is closed
				}
				c.Close()
				if time.Now().After(deadline) {
					t.Fatal("new connections are still accepted")
				}
				time.Sleep(10 * time.Millisecond)
			}
			if got := <-answer; !strings.HasPrefix(got, "200 ") || !strings.Contains(got, "slept 1500ms") {
				t.Errorf("call in flight: %s", got)
			}
			if err := p.wait(); err != nil {
				t.Errorf("exit: %v, want status 0", err)
			}
		})
	}
}

// TestHTTPSlowloris: connections that dribble their headers are closed by
// the server's ReadHeaderTimeout, and do not keep other clients from
// being served meanwhile.
func TestHTTPSlowloris(t *testing.T) {
	t.Parallel()
	p, u := httpServer(t, nil)
	host := strings.TrimPrefix(strings.TrimSuffix(u, "/mcp"), "http://")
	const slow = 50
	closed := make(chan time.Duration, slow)
	for range slow {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		begin := time.Now()
		go func() { // dribble: one byte of header every 200ms, forever
			io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: "+host+"\r\nX-Slow: ")
			for {
				time.Sleep(200 * time.Millisecond)
				if _, err := c.Write([]byte("a")); err != nil {
					return
				}
			}
		}()
		go func() {
			io.Copy(io.Discard, c) // returns when the server closes the connection
			closed <- time.Since(begin)
		}()
	}
	// Meanwhile, others are served.
	client, _ := newClient()
	for i := range 20 {
		code, body, _, err := rpc(t.Context(), client, u, callBody(i, "echo", `{"text":"fast"}`))
		if err != nil || code != 200 || !strings.Contains(body, "fast") {
			t.Fatalf("call %d while slowloris runs: %d %v %s", i, code, err, body)
		}
	}
	for range slow {
		select {
		case d := <-closed:
			if d < 5*time.Second {
				t.Errorf("a slow connection was closed after %v, before the header timeout", d)
			}
		case <-time.After(guard):
			t.Fatal("a slowloris connection is still open")
		}
	}
	// A header block beyond MaxHeaderBytes is refused; the server goes on.
	req, _ := http.NewRequest("POST", u, strings.NewReader(callBody(1, "echo", `{"text":"x"}`)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Big", strings.Repeat("b", 1<<20))
	if resp, err := client.Do(req); err == nil {
		if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("1 MiB of headers: %d", resp.StatusCode)
		}
		resp.Body.Close()
	}
	if code, _, _, err := rpc(t.Context(), client, u, callBody(1, "echo", `{"text":"x"}`)); code != 200 {
		t.Errorf("after big headers: %d %v", code, err)
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// TestHTTPOversizedBody: a body beyond the limit gets 413, is not held in
// memory, and the server goes on.
func TestHTTPOversizedBody(t *testing.T) {
	t.Parallel()
	p, u := httpServer(t, nil, "-max-message", fmt.Sprint(mib))
	client, tr := newClient()
	before := goroutines(t, client, u)
	pr, pw := io.Pipe()
	go func() {
		io.WriteString(pw, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"`)
		chunk := strings.Repeat("z", 64<<10)
		for range 100 * mib / len(chunk) {
			if _, err := io.WriteString(pw, chunk); err != nil {
				return
			}
		}
		io.WriteString(pw, `"}}}`)
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", u, pr)
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err == nil {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "-32600") {
			t.Errorf("100 MiB body: %d %s", resp.StatusCode, b)
		}
	} // else: the server closed the connection while we were still sending
	pr.Close()
	if code, body, _, err := rpc(t.Context(), client, u, callBody(2, "echo", `{"text":"after"}`)); code != 200 || !strings.Contains(body, "after") {
		t.Errorf("after the oversized body: %d %v %s", code, err, body)
	}
	if hwm := vmHWM(p.cmd.Process.Pid); hwm > 64*mib {
		t.Errorf("peak RSS %d MiB", hwm/mib)
	}
	waitServerGoroutines(t, client, tr, u, before)
}

// TestHTTPManySessions: 300 legacy sessions at once, a third with an open
// GET stream, each making calls; after they end (DELETE) the server's
// goroutines return to their baseline; SIGTERM with streams still open
// exits 0.
func TestHTTPManySessions(t *testing.T) {
	t.Parallel()
	p, u := httpServer(t, nil)
	client, tr := newClient()
	base := goroutines(t, client, u)
	const n = 300
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sids := make([]string, n)
	streams := make([]*http.Response, n)
	for i := range n {
		wg.Go(func() {
			code, body, hdr, err := rpc(t.Context(), client, u, initBody)
			if err != nil || code != 200 {
				errs <- fmt.Errorf("initialize %d: %d %v %s", i, code, err, body)
				return
			}
			sid := hdr.Get("Mcp-Session-Id")
			sids[i] = sid
			for j := range 3 {
				code, body, _, err := rpc(t.Context(), client, u, callBody(j, "echo", fmt.Sprintf(`{"text":"s%d-%d"}`, i, j)),
					"Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
				if err != nil || code != 200 || !strings.Contains(body, fmt.Sprintf("s%d-%d", i, j)) {
					errs <- fmt.Errorf("session %d call %d: %d %v %s", i, j, code, err, body)
					return
				}
			}
			if i%3 == 0 {
				req, _ := http.NewRequest("GET", u, nil)
				req.Header.Set("Accept", "text/event-stream")
				req.Header.Set("Mcp-Session-Id", sid)
				req.Header.Set("MCP-Protocol-Version", "2025-11-25")
				resp, err := client.Do(req)
				if err != nil || resp.StatusCode != 200 {
					errs <- fmt.Errorf("GET stream %d: %v %v", i, err, resp)
					return
				}
				streams[i] = resp
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Session ids are distinct, long and random-looking.
	seen := map[string]bool{}
	for _, sid := range sids {
		if len(sid) < 32 || seen[sid] {
			t.Fatalf("session id %q (duplicate: %v)", sid, seen[sid])
		}
		seen[sid] = true
	}
	during := goroutines(t, client, u)
	t.Logf("server goroutines: %d at rest, %d with %d sessions and %d streams", base, during, n, n/3)

	// End the even sessions; close the client side of half the streams.
	for i, sid := range sids {
		if i%2 == 0 {
			req, _ := http.NewRequest("DELETE", u, nil)
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
			resp, err := client.Do(req)
			if err != nil || resp.StatusCode != http.StatusNoContent {
				t.Fatalf("DELETE: %v %v", err, resp)
			}
			resp.Body.Close()
			// The ended session is gone: 404.
			code, _, _, _ := rpc(t.Context(), client, u, callBody(9, "echo", `{"text":"x"}`), "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
			if code != http.StatusNotFound {
				t.Errorf("request in an ended session: %d", code)
			}
		} else if streams[i] != nil {
			streams[i].Body.Close()
			streams[i] = nil
		}
	}
	for i, s := range streams {
		if s != nil && i%2 == 0 { // ended with its session
			io.Copy(io.Discard, s.Body)
			s.Body.Close()
			streams[i] = nil
		}
	}
	waitServerGoroutines(t, client, tr, u, base+4)

	// Shutdown with the remaining sessions and no streams, then again
	// with streams: covered by TestHTTPSignalMidCall and here.
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// TestHTTPDisconnectMidStream: a client that goes away in the middle of an
// event stream cancels a modern (or stateless) call: the tool sees its
// context end and the server's goroutines return to their baseline.
func TestHTTPDisconnectMidStream(t *testing.T) {
	t.Parallel()
	p, u := httpServer(t, nil)
	client, tr := newClient()
	base := goroutines(t, client, u)
	const n = 20
	for i := range n {
		ctx, cancel := context.WithCancel(t.Context())
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{%s,"progressToken":%d},"name":"ticks","arguments":{"n":100000,"millis":5}}}`, i, modernMeta, i)
		req, _ := http.NewRequestWithContext(ctx, "POST", u, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", "ticks")
		resp, err := client.Do(req)
		if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("stream %d: %v %v", i, err, resp)
		}
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("stream %d ended: %v", i, err)
			}
			if strings.Contains(line, "notifications/progress") {
				break
			}
		}
		cancel() // hang up mid-stream
		resp.Body.Close()
	}
	p.waitStderrCount("ticks cancelled", n)
	waitServerGoroutines(t, client, tr, u, base)
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// TestHTTPBearerToken: with MCP_TOKEN set, hardserver wraps its endpoint in
// runtime.RequireBearerToken: no token, no service, session or not.
func TestHTTPBearerToken(t *testing.T) {
	t.Parallel()
	p, u := httpServer(t, []string{"MCP_TOKEN=correct horse"})
	client, _ := newClient()
	if code, body, hdr, _ := rpc(t.Context(), client, u, callBody(1, "echo", `{"text":"x"}`)); code != 401 || hdr.Get("WWW-Authenticate") == "" {
		t.Errorf("without a token: %d %s", code, body)
	}
	code, _, hdr, _ := rpc(t.Context(), client, u, initBody, "Authorization", "Bearer correct horse")
	if code != 200 {
		t.Fatalf("initialize with the token: %d", code)
	}
	sid := hdr.Get("Mcp-Session-Id")
	if code, _, _, _ := rpc(t.Context(), client, u, callBody(1, "echo", `{"text":"x"}`), "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); code != 401 {
		t.Errorf("session id without the token: %d", code)
	}
	if code, body, _, _ := rpc(t.Context(), client, u, callBody(1, "echo", `{"text":"x"}`), "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25", "Authorization", "Bearer correct horse"); code != 200 {
		t.Errorf("session id with the token: %d %s", code, body)
	}
	// Origin and Host checks still apply behind the token.
	if code, _, _, _ := rpc(t.Context(), client, u, callBody(1, "echo", `{"text":"x"}`), "Authorization", "Bearer correct horse", "Origin", "https://evil.example"); code != 403 {
		t.Errorf("foreign Origin: %d", code)
	}
	pu, _ := url.Parse(u)
	req, _ := http.NewRequest("POST", u, strings.NewReader(callBody(1, "echo", `{"text":"x"}`)))
	req.Host = "rebound.example:" + pu.Port()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer correct horse")
	if resp, err := client.Do(req); err != nil || resp.StatusCode != 403 {
		t.Errorf("DNS-rebound Host: %v %v", err, resp)
	} else {
		resp.Body.Close()
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
}
