package redis_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/stores/redis/redistest"
)

// TestUnreadStreamThroughRedis: two replicas on a real Redis; a legacy
// session initialized on one subscribes to a resource on the other and
// opens its GET stream there, which it never reads, while the first
// announces 200,000 updates of the resource (a 1 KiB URI). The process
// holds less than 8 MiB more once they are announced (docs/guarantees.md,
// "A stream nobody reads costs a bounded memory"; before the outbox:
// 299.8 MiB), and a call is answered after.
func TestUnreadStreamThroughRedis(t *testing.T) {
	srv := redistest.Start(t)
	uri := "docs://" + strings.Repeat("u", 1024-len("docs://"))
	var servers []*runtime.Server
	var urls []string
	for range 2 {
		s := runtime.NewServer("unread", "1.0.0", runtime.WithLogger(slog.New(slog.DiscardHandler)),
			runtime.WithStore(open(t, srv.URL(0))))
		s.MustAddResource(runtime.Resource{URI: "docs://index", Name: "index",
			Handler: func(context.Context, runtime.ResourceRequest) ([]runtime.ResourceContents, error) {
				return runtime.TextResource("x"), nil
			}})
		s.MustAddTool(runtime.Tool{Name: "echo", Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
			return runtime.TextResult("here"), nil
		}})
		ts := httptest.NewServer(s.HTTPHandler())
		t.Cleanup(ts.Close)
		servers = append(servers, s)
		urls = append(urls, ts.URL+"/mcp")
	}
	const v = "2025-11-25"
	var sid string
	do := func(method, url, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", v)
		}
		if method == "GET" {
			req.Header.Set("Accept", "text/event-stream")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s %s: %v %v", method, body, err, resp)
		}
		return resp
	}
	read := func(resp *http.Response) string {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return string(b)
	}
	resp := do("POST", urls[0], `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+v+
		`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	read(resp)
	sid = resp.Header.Get("Mcp-Session-Id")
	read(do("POST", urls[1], `{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`))
	stream := do("GET", urls[1], "")
	defer stream.Body.Close() // never read

	heap := func() uint64 {
		goruntime.GC()
		goruntime.GC()
		var ms goruntime.MemStats
		goruntime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	before := heap()
	for range 200000 {
		servers[0].ResourceUpdated(uri)
	}
	grown := int64(heap()) - int64(before)
	t.Logf("heap in use grew by %.1f MiB", float64(grown)/(1<<20))
	if grown > 8<<20 {
		t.Errorf("the process holds %.1f MiB more for a stream nobody reads, want at most 8 MiB", float64(grown)/(1<<20))
	}
	if got := read(do("POST", urls[1], `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}`)); !strings.Contains(got, "here") {
		t.Errorf("a call after the updates: %s", got)
	}
}
