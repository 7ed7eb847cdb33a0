package otel_test

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mcpgen/mcpgen/otel"
	"github.com/mcpgen/mcpgen/runtime"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// spansEnv names the file where this test binary, started as a stdio
// server by a TypeScript client, writes the spans it ends.
const spansEnv = "MCPGEN_OTEL_TEST_SPANS"

func TestMain(m *testing.M) {
	if path := os.Getenv(spansEnv); path != "" {
		os.Exit(serveStdioForNode(path))
	}
	os.Exit(m.Run())
}

// endedSpan is what serveStdioForNode writes of a span: a JSON line.
type endedSpan struct {
	Name, Trace, Parent, TraceState string
	Remote                          bool
	Attributes                      map[string]string
}

// spanWriter writes each span as it ends, so that the file holds it
// before the reply reaches the client, however the client ends the server.
type spanWriter struct {
	mu sync.Mutex
	f  *os.File
}

func (w *spanWriter) OnStart(context.Context, sdktrace.ReadWriteSpan) {}
func (w *spanWriter) OnEnd(s sdktrace.ReadOnlySpan) {
	e := endedSpan{Name: s.Name(), Trace: s.SpanContext().TraceID().String(), Parent: s.Parent().SpanID().String(),
		TraceState: s.Parent().TraceState().String(), Remote: s.Parent().IsRemote(), Attributes: attrs(s)}
	b, _ := json.Marshal(e)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.f.Write(append(b, '\n'))
}
func (w *spanWriter) Shutdown(context.Context) error   { return nil }
func (w *spanWriter) ForceFlush(context.Context) error { return nil }

// serveStdioForNode serves the tool "add" on stdin and stdout, traced,
// writing the spans to path.
func serveStdioForNode(path string) int {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return 1
	}
	defer f.Close()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(&spanWriter{f: f}))
	srv := runtime.NewServer("traced", "1.0.0", runtime.WithLogger(slog.New(slog.DiscardHandler)),
		otel.Instrument(otel.WithTracerProvider(tp), otel.WithPropagator(propagation.TraceContext{})))
	srv.MustAddTool(runtime.Tool{Name: "add", InputSchema: `{"type":"object"}`,
		Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) { return runtime.TextResult("3"), nil }})
	if err := srv.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		return 1
	}
	return 0
}

// TestTypeScriptClientTraceparent: the official TypeScript SDK's clients
// (v1 legacy, v2 legacy and modern) send a traceparent in the _meta of a
// tools/call, and the server's span is its child, over HTTP and over stdio
// (the client starts this test binary as its server). The clients are
// e2e's (../e2e/node_modules, which ./test.sh installs first).
func TestTypeScriptClientTraceparent(t *testing.T) {
	e2e, _ := filepath.Abs("../e2e")
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "@modelcontextprotocol")); err != nil {
		t.Skip("e2e/node_modules is not installed: run (cd e2e && npm ci)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not on PATH")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sdk, era, version string }{
		{"v1", "legacy", "2025-11-25"}, {"v2", "legacy", "2025-11-25"}, {"v2", "modern", "2026-07-28"},
	} {
		client := func(t *testing.T, server ...string) {
			t.Helper()
			cmd := exec.Command(node, append([]string{"clients/ts-traceparent.mjs", "--sdk", c.sdk, "--era", c.era}, server...)...)
			cmd.Dir = e2e
			cmd.Env = append(os.Environ(), "TRACEPARENT="+traceparent, "TRACESTATE=vendor=blue")
			out, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "3" {
				t.Fatalf("client: %v\n%s", err, out)
			}
		}
		t.Run(c.sdk+"-"+c.era+"-http", func(t *testing.T) {
			f := newFixture(t)
			ts := httptest.NewServer(f.srv.HTTPHandler())
			defer ts.Close()
			client(t, "--url", ts.URL+"/mcp")
			s := f.span(t, "tools/call add")
			wantAttrs(t, s, map[string]string{"mcp.protocol.version": c.version, "gen_ai.tool.name": "add", "network.transport": "tcp"}, "error.type")
			if s.Parent().TraceID().String() != clientTrace || s.Parent().SpanID().String() != clientSpan || !s.Parent().IsRemote() {
				t.Errorf("the span's parent is %v, want the client's %s", s.Parent(), traceparent)
			}
			if got := s.Parent().TraceState().Get("vendor"); got != "blue" {
				t.Errorf("tracestate vendor = %q, want blue", got)
			}
		})
		t.Run(c.sdk+"-"+c.era+"-stdio", func(t *testing.T) {
			// The client passes its server only a few variables of its
			// environment; a script passes the spans' file.
			dir := t.TempDir()
			spans, script := filepath.Join(dir, "spans.jsonl"), filepath.Join(dir, "server")
			if err := os.WriteFile(script, []byte("#!/bin/sh\n"+spansEnv+"='"+spans+"' exec '"+self+"'\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			client(t, "--stdio", script)
			file, err := os.Open(spans)
			if err != nil {
				t.Fatal(err)
			}
			defer file.Close()
			var calls []endedSpan
			for sc := bufio.NewScanner(file); sc.Scan(); {
				var e endedSpan
				if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
					t.Fatalf("%s: %v", sc.Bytes(), err)
				}
				if e.Name == "tools/call add" {
					calls = append(calls, e)
				}
			}
			if len(calls) != 1 {
				t.Fatalf("%d spans named tools/call add, want 1", len(calls))
			}
			s := calls[0]
			for k, v := range map[string]string{"mcp.method.name": "tools/call", "mcp.protocol.version": c.version, "gen_ai.tool.name": "add", "network.transport": "pipe"} {
				if s.Attributes[k] != v {
					t.Errorf("%s = %q, want %q (all: %v)", k, s.Attributes[k], v, s.Attributes)
				}
			}
			if s.Trace != clientTrace || s.Parent != clientSpan || !s.Remote || s.TraceState != "vendor=blue" {
				t.Errorf("the span's trace %s, parent %s (remote %v), tracestate %q; want the client's %s, vendor=blue", s.Trace, s.Parent, s.Remote, s.TraceState, traceparent)
			}
		})
	}
}
