package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestExportsOverOTLP runs the server on stdio with the environment
// pointing at a collector (an HTTP server that keeps what it receives), and
// checks that the spans and the duration histograms (of the calls, and of
// the session that ends with the input) arrived over OTLP/HTTP,
// under the service name.
func TestExportsOverOTLP(t *testing.T) {
	var mu sync.Mutex
	got := map[string][]byte{}
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got[r.URL.Path] = append(got[r.URL.Path], b...)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/x-protobuf")
	}))
	defer collector.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.URL)
	t.Setenv("OTEL_SERVICE_NAME", "calc-under-test")

	in := strings.NewReader(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"divide","arguments":{"a":1,"b":0}}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"lookup","arguments":{"country":"Japan"},"_meta":{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}
`)
	var out bytes.Buffer
	if err := run(context.Background(), "", in, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"text":"3"`, `"text":"cannot divide by zero"}],"isError":true`, `"text":"Tokyo"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the answers lack %s:\n%s", want, out.String())
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for path, wants := range map[string][]string{
		"/v1/traces":  {"calc-under-test", "tools/call add", "tools/call divide", "tool_error", "tools/call lookup", "lookup capital", "gen_ai.tool.name"},
		"/v1/metrics": {"calc-under-test", "mcp.server.operation.duration", "mcp.server.session.duration"},
	} {
		for _, w := range wants {
			if !bytes.Contains(got[path], []byte(w)) {
				t.Errorf("the collector got no %q at %s", w, path)
			}
		}
	}
}
