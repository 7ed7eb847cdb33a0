package otel_test

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTypeScriptClientTraceparent: the official TypeScript SDK's clients
// (v1 legacy, v2 legacy and modern) send a traceparent in the _meta of a
// tools/call, and the server's span is its child, over HTTP. The clients
// are e2e's (../e2e/node_modules, which ./test.sh installs first).
func TestTypeScriptClientTraceparent(t *testing.T) {
	e2e, _ := filepath.Abs("../e2e")
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "@modelcontextprotocol")); err != nil {
		t.Skip("e2e/node_modules is not installed: run (cd e2e && npm ci)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not on PATH")
	}
	for _, c := range []struct{ sdk, era, version string }{
		{"v1", "legacy", "2025-11-25"}, {"v2", "legacy", "2025-11-25"}, {"v2", "modern", "2026-07-28"},
	} {
		t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
			f := newFixture(t)
			ts := httptest.NewServer(f.srv.HTTPHandler())
			defer ts.Close()
			cmd := exec.Command(node, "clients/ts-traceparent.mjs", "--sdk", c.sdk, "--era", c.era, "--url", ts.URL+"/mcp")
			cmd.Dir = e2e
			cmd.Env = append(os.Environ(), "TRACEPARENT="+traceparent, "TRACESTATE=vendor=blue")
			out, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "3" {
				t.Fatalf("client: %v\n%s", err, out)
			}
			s := f.span(t, "tools/call add")
			wantAttrs(t, s, map[string]string{"mcp.protocol.version": c.version, "gen_ai.tool.name": "add"}, "error.type")
			if s.Parent().TraceID().String() != clientTrace || s.Parent().SpanID().String() != clientSpan || !s.Parent().IsRemote() {
				t.Errorf("the span's parent is %v, want the client's %s", s.Parent(), traceparent)
			}
			if got := s.Parent().TraceState().Get("vendor"); got != "blue" {
				t.Errorf("tracestate vendor = %q, want blue", got)
			}
		})
	}
}
