package runtime

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeHTTPGracefulShutdown checks what ListenAndServeHTTP promises when
// its context ends: the call in flight finishes and is answered, an open GET
// stream ends, new connections are refused, and it returns nil.
func TestServeHTTPGracefulShutdown(t *testing.T) {
	s := newTestServer(t)
	started, release := make(chan struct{}), make(chan struct{})
	s.MustAddTool(Tool{
		Name: "slow", InputSchema: `{"type":"object","additionalProperties":false}`,
		Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
			close(started)
			<-release
			return TextResult("finished"), ctx.Err()
		},
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/mcp"
	ctx, cancel := context.WithCancel(t.Context())
	served := make(chan error, 1)
	go func() { served <- s.serveHTTP(ctx, ln, time.Minute) }()

	post := func(body string, hdr map[string]string) (*http.Response, error) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		return http.DefaultClient.Do(req)
	}

	// A legacy session with its standalone GET stream open.
	resp, err := post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	greq, _ := http.NewRequest("GET", url, nil)
	greq.Header.Set("Accept", "text/event-stream")
	greq.Header.Set("Mcp-Session-Id", sid)
	greq.Header.Set("MCP-Protocol-Version", "2025-11-25")
	gresp, err := http.DefaultClient.Do(greq)
	if err != nil || gresp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, gresp)
	}
	streamEnded := make(chan struct{})
	go func() { io.Copy(io.Discard, gresp.Body); close(streamEnded) }()

	// A call in flight (stateless, tutorial style).
	answer := make(chan string, 1)
	go func() {
		resp, err := post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow"}}`, nil)
		if err != nil {
			answer <- "error: " + err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answer <- string(b)
	}()
	<-started

	cancel() // as SIGTERM would, through signal.NotifyContext
	select {
	case <-streamEnded:
	case <-time.After(10 * time.Second):
		t.Fatal("the GET stream did not end at shutdown")
	}
	// The listener is closed: new connections are refused.
	if c, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		c.Close()
		t.Error("a new connection was accepted after shutdown began")
	}
	select {
	case err := <-served:
		t.Fatalf("returned (%v) before the call in flight finished", err)
	default:
	}
	close(release)
	if got := <-answer; !strings.Contains(got, `"finished"`) || strings.Contains(got, `"isError":true`) {
		t.Errorf("call in flight: got %s, want its result", got)
	}
	if err := <-served; err != nil {
		t.Errorf("serveHTTP returned %v, want nil", err)
	}
}
