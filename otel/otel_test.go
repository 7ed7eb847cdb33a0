package otel_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/otel"
	"github.com/mcpgen/mcpgen/runtime"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// A trace context as a client sends it in _meta.
const (
	clientTrace = "0af7651916cd43dd8448eb211c80319c"
	clientSpan  = "b7ad6b7169203331"
	traceparent = "00-" + clientTrace + "-" + clientSpan + "-01"
)

type fixture struct {
	spans  *tracetest.SpanRecorder
	reader *sdkmetric.ManualReader
	tp     *sdktrace.TracerProvider
	srv    *runtime.Server
	gate   chan struct{} // releases the slow tool
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{spans: tracetest.NewSpanRecorder(), reader: sdkmetric.NewManualReader(), gate: make(chan struct{})}
	f.tp = sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(f.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(f.reader))
	f.srv = runtime.NewServer("traced", "1.0.0",
		runtime.WithLogger(slog.New(slog.DiscardHandler)),
		otel.Instrument(otel.WithTracerProvider(f.tp), otel.WithMeterProvider(mp),
			otel.WithPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))))
	obj := `{"type":"object"}`
	f.srv.MustAddTool(runtime.Tool{Name: "add", InputSchema: obj,
		Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
			return runtime.TextResult("3"), nil
		}})
	f.srv.MustAddTool(runtime.Tool{Name: "fail", InputSchema: obj,
		Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
			return nil, errors.New("the disk is full")
		}})
	f.srv.MustAddTool(runtime.Tool{Name: "inner", InputSchema: obj,
		Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
			_, span := f.tp.Tracer("tool").Start(ctx, "query the database")
			span.End()
			return runtime.TextResult("ok"), nil
		}})
	f.srv.MustAddTool(runtime.Tool{Name: "ask", InputSchema: obj,
		Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
			e, err := runtime.ElicitSchema(ctx, "Sure?", `{"type":"object","properties":{"ok":{"type":"boolean"}}}`)
			if err != nil {
				return nil, err
			}
			return runtime.TextResult(string(e.Action)), nil
		}})
	f.srv.MustAddTool(runtime.Tool{Name: "slow", InputSchema: obj, TaskSupport: runtime.TaskOptional,
		Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
			select {
			case <-f.gate:
			case <-ctx.Done():
			}
			return runtime.TextResult("done"), nil
		}})
	f.srv.MustAddPrompt(runtime.Prompt{Name: "greet",
		Handler: func(ctx context.Context, _ map[string]string) (*runtime.PromptResult, error) {
			return &runtime.PromptResult{Messages: []runtime.PromptMessage{{Content: &runtime.TextContent{Text: "hi"}}}}, nil
		}})
	f.srv.MustAddResource(runtime.Resource{URI: "docs://readme", Name: "readme",
		Handler: func(ctx context.Context, _ runtime.ResourceRequest) ([]runtime.ResourceContents, error) {
			return []runtime.ResourceContents{{Text: "read me"}}, nil
		}})
	return f
}

// span returns the one ended span named name.
func (f *fixture) span(t *testing.T, name string) sdktrace.ReadOnlySpan {
	t.Helper()
	var found []sdktrace.ReadOnlySpan
	for _, s := range f.spans.Ended() {
		if s.Name() == name {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		var names []string
		for _, s := range f.spans.Ended() {
			names = append(names, s.Name())
		}
		t.Fatalf("%d spans named %q; spans: %q", len(found), name, names)
	}
	return found[0]
}

// attrs returns the span's attributes as "key=value" strings.
func attrs(s sdktrace.ReadOnlySpan) map[string]string {
	m := map[string]string{}
	for _, kv := range s.Attributes() {
		m[string(kv.Key)] = kv.Value.String()
	}
	return m
}

func wantAttrs(t *testing.T, s sdktrace.ReadOnlySpan, want map[string]string, absent ...string) {
	t.Helper()
	got := attrs(s)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("span %q: %s = %q, want %q (all: %v)", s.Name(), k, got[k], v, got)
		}
	}
	for _, k := range absent {
		if _, ok := got[k]; ok {
			t.Errorf("span %q has %s = %q, want none", s.Name(), k, got[k])
		}
	}
	if s.SpanKind() != trace.SpanKindServer && s.Name() != "query the database" {
		t.Errorf("span %q is of kind %v, want server", s.Name(), s.SpanKind())
	}
}

// stdioClient drives a server over a pipe, as a stdio client would.
type stdioClient struct {
	t *testing.T
	w io.Writer
	r *bufio.Reader
}

func serveStdio(t *testing.T, srv *runtime.Server) *stdioClient {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(context.Background(), inR, outW)
		outW.Close()
	}()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR)
		<-done
	})
	return &stdioClient{t: t, w: inW, r: bufio.NewReader(outR)}
}

func (c *stdioClient) send(msg string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, msg+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// next returns the next message the server writes.
func (c *stdioClient) next() map[string]json.RawMessage {
	c.t.Helper()
	line, err := c.r.ReadBytes('\n')
	if err != nil {
		c.t.Fatalf("reading: %v", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		c.t.Fatalf("not JSON: %s", line)
	}
	return m
}

// do sends a request and returns the reply's line.
func (c *stdioClient) do(id, method, params string) map[string]json.RawMessage {
	c.t.Helper()
	c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":` + params + `}`)
	for {
		m := c.next()
		if string(m["id"]) == id && m["method"] == nil {
			return m
		}
	}
}

const modernMeta = `"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{},"extensions":{"io.modelcontextprotocol/tasks":{}}}`

func TestStdioLegacy(t *testing.T) {
	f := newFixture(t)
	c := serveStdio(t, f.srv)
	c.do(`0`, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	c.do(`1`, "tools/call", `{"name":"add","arguments":{},"_meta":{"traceparent":"`+traceparent+`","baggage":"tenant=blue"}}`)
	s := f.span(t, "tools/call add")
	wantAttrs(t, s, map[string]string{"mcp.method.name": "tools/call", "gen_ai.tool.name": "add", "gen_ai.operation.name": "execute_tool",
		"mcp.protocol.version": "2025-11-25", "jsonrpc.request.id": "1", "network.transport": "pipe"}, "error.type", "mcp.session.id", "network.protocol.name")
	if s.Parent().TraceID().String() != clientTrace || s.Parent().SpanID().String() != clientSpan || !s.Parent().IsRemote() {
		t.Errorf("tools/call's parent is %v, want the client's span %s", s.Parent(), traceparent)
	}
	if s.Status().Code != codes.Unset {
		t.Errorf("a successful call's status is %v", s.Status())
	}

	c.do(`"two"`, "tools/call", `{"name":"fail","arguments":{}}`)
	s = f.span(t, "tools/call fail")
	wantAttrs(t, s, map[string]string{"error.type": "tool_error", "jsonrpc.request.id": "two"}, "rpc.response.status_code")
	if s.Status().Code != codes.Error || s.Status().Description != "the disk is full" {
		t.Errorf("an isError call's status is %v", s.Status())
	}
	if s.Parent().IsValid() {
		t.Errorf("a call without trace context has the parent %v", s.Parent())
	}

	c.do(`3`, "tools/call", `{"name":"nope","arguments":{}}`)
	s = f.span(t, "tools/call nope")
	wantAttrs(t, s, map[string]string{"error.type": "-32602", "rpc.response.status_code": "-32602"})
	if s.Status().Code != codes.Error || s.Status().Description != "Unknown tool: nope" {
		t.Errorf("a protocol error's status is %v", s.Status())
	}

	c.do(`4`, "tools/list", `{}`)
	wantAttrs(t, f.span(t, "tools/list"), map[string]string{"mcp.method.name": "tools/list"}, "error.type", "gen_ai.tool.name")
	c.do(`5`, "prompts/get", `{"name":"greet"}`)
	wantAttrs(t, f.span(t, "prompts/get greet"), map[string]string{"gen_ai.prompt.name": "greet"}, "error.type")
	c.do(`6`, "resources/read", `{"uri":"docs://readme"}`)
	wantAttrs(t, f.span(t, "resources/read"), map[string]string{"mcp.resource.uri": "docs://readme"}, "error.type")

	c.do(`7`, "tools/call", `{"name":"inner","arguments":{},"_meta":{"traceparent":"`+traceparent+`"}}`)
	call, inner := f.span(t, "tools/call inner"), f.span(t, "query the database")
	if inner.Parent().SpanID() != call.SpanContext().SpanID() || inner.SpanContext().TraceID().String() != clientTrace {
		t.Errorf("the tool's span is not a child of the call's: parent %v, call %v", inner.Parent(), call.SpanContext())
	}

	// An elicitation round: the server's request carries the call's trace
	// context in its _meta.
	c.send(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"ask","arguments":{},"_meta":{"traceparent":"` + traceparent + `"}}}`)
	q := c.next()
	var params struct {
		Meta map[string]string `json:"_meta"`
	}
	json.Unmarshal(q["params"], &params)
	c.send(`{"jsonrpc":"2.0","id":` + string(q["id"]) + `,"result":{"action":"decline"}}`)
	c.next()
	ask := f.span(t, "tools/call ask")
	if want := "00-" + clientTrace + "-" + ask.SpanContext().SpanID().String() + "-01"; params.Meta["traceparent"] != want {
		t.Errorf("elicitation/create _meta %v, want traceparent %s", params.Meta, want)
	}

	// Every request's duration is in the histogram, with its attributes.
	var rm metricdata.ResourceMetrics
	if err := f.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	counts := map[string]uint64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name != "mcp.server.operation.duration" || m.Unit != "s" {
				continue
			}
			for _, dp := range m.Data.(metricdata.Histogram[float64]).DataPoints {
				method, _ := dp.Attributes.Value("mcp.method.name")
				tool, _ := dp.Attributes.Value("gen_ai.tool.name")
				errType, _ := dp.Attributes.Value("error.type")
				code, _ := dp.Attributes.Value("rpc.response.status_code")
				counts[method.AsString()+" "+tool.AsString()+" "+errType.AsString()+" "+code.AsString()] += dp.Count
			}
		}
	}
	for k, n := range map[string]uint64{"initialize   ": 1, "tools/call add  ": 1, "tools/call fail tool_error ": 1, "tools/call nope -32602 -32602": 1, "tools/list   ": 1} {
		if counts[k] != n {
			t.Errorf("mcp.server.operation.duration for %q: %d, want %d (all: %v)", k, counts[k], n, counts)
		}
	}
}

func TestStdioModern(t *testing.T) {
	f := newFixture(t)
	c := serveStdio(t, f.srv)
	c.do(`1`, "tools/call", `{"name":"add","arguments":{},"_meta":{`+modernMeta+`,"traceparent":"`+traceparent+`"}}`)
	s := f.span(t, "tools/call add")
	wantAttrs(t, s, map[string]string{"mcp.protocol.version": "2026-07-28", "gen_ai.tool.name": "add"})
	if s.Parent().TraceID().String() != clientTrace {
		t.Errorf("parent %v", s.Parent())
	}

	// A modern elicitation round: input_required, then the call again.
	r := c.do(`2`, "tools/call", `{"name":"ask","arguments":{},"_meta":{`+modernMeta+`}}`)
	if !strings.Contains(string(r["result"]), `"input_required"`) {
		t.Fatalf("want input_required, got %s", r["result"])
	}
	wantAttrs(t, f.span(t, "tools/call ask"), map[string]string{"gen_ai.tool.name": "ask"}, "error.type")

	// A task: the call's span ends with the CreateTaskResult; tasks/get
	// has a span of its own.
	r = c.do(`3`, "tools/call", `{"name":"slow","arguments":{},"_meta":{`+modernMeta+`}}`)
	var created struct {
		TaskID string `json:"taskId"`
	}
	json.Unmarshal(r["result"], &created)
	if created.TaskID == "" {
		t.Fatalf("want a task, got %s", r["result"])
	}
	wantAttrs(t, f.span(t, "tools/call slow"), map[string]string{"gen_ai.tool.name": "slow"}, "error.type")
	close(f.gate)
	c.do(`4`, "tasks/get", `{"taskId":"`+created.TaskID+`","_meta":{`+modernMeta+`}}`)
	wantAttrs(t, f.span(t, "tasks/get"), map[string]string{"mcp.method.name": "tasks/get", "mcp.protocol.version": "2026-07-28"}, "error.type")

	c.do(`5`, "ping", `{"_meta":{`+modernMeta+`}}`)
	wantAttrs(t, f.span(t, "ping"), map[string]string{"error.type": "-32601"})
}

// post sends one message over HTTP and returns the response body.
func post(t *testing.T, url string, header map[string]string, body string) (string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, b)
	}
	return string(b), resp.Header
}

func TestHTTP(t *testing.T) {
	f := newFixture(t)
	// The HTTP request's span, as an instrumented HTTP handler starts it.
	httpTracer := f.tp.Tracer("http")
	h := f.srv.HTTPHandler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, span := httpTracer.Start(r.Context(), "POST /mcp", trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		h.ServeHTTP(w, r.WithContext(ctx))
	}))
	defer ts.Close()

	_, hdr := post(t, ts.URL, nil, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	session := hdr.Get("Mcp-Session-Id")
	legacy := map[string]string{"Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25"}
	post(t, ts.URL, legacy, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{}}}`)
	s := f.span(t, "tools/call add")
	wantAttrs(t, s, map[string]string{"mcp.session.id": session, "mcp.protocol.version": "2025-11-25", "network.transport": "tcp", "network.protocol.name": "http"})
	var httpSpans []sdktrace.ReadOnlySpan
	for _, sp := range f.spans.Ended() {
		if sp.Name() == "POST /mcp" {
			httpSpans = append(httpSpans, sp)
		}
	}
	if !slices.ContainsFunc(httpSpans, func(h sdktrace.ReadOnlySpan) bool { return h.SpanContext().SpanID() == s.Parent().SpanID() }) {
		t.Errorf("without _meta trace context, tools/call's parent %v is not the HTTP request's span", s.Parent())
	}

	modern := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "fail"}
	post(t, ts.URL, modern, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fail","arguments":{},"_meta":{`+modernMeta+`,"traceparent":"`+traceparent+`"}}}`)
	s = f.span(t, "tools/call fail")
	wantAttrs(t, s, map[string]string{"mcp.protocol.version": "2026-07-28", "error.type": "tool_error"}, "mcp.session.id")
	if s.Parent().SpanID().String() != clientSpan {
		t.Errorf("with _meta trace context, tools/call's parent is %v, want the client's", s.Parent())
	}
	// The HTTP request's span, no longer the parent, is linked (as the
	// conventions say of the ambient context).
	if l := s.Links(); len(l) != 1 || !slices.ContainsFunc(f.spans.Ended(), func(h sdktrace.ReadOnlySpan) bool {
		return h.Name() == "POST /mcp" && h.SpanContext().SpanID() == l[0].SpanContext.SpanID()
	}) {
		t.Errorf("with _meta trace context, tools/call's links are %v, want the HTTP request's span", s.Links())
	}
	if l := f.span(t, "tools/call add").Links(); len(l) != 0 {
		t.Errorf("a span whose parent is the HTTP request's has the links %v", l)
	}
}

// TestWithAttributes: a server's own attributes, such as the caller's
// identity, go on every span.
func TestWithAttributes(t *testing.T) {
	spans := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans))
	srv := runtime.NewServer("t", "1", runtime.WithLogger(slog.New(slog.DiscardHandler)),
		otel.Instrument(otel.WithTracerProvider(tp), otel.WithAttributes(func(ctx context.Context, req *runtime.Request) []attribute.KeyValue {
			return []attribute.KeyValue{attribute.String("user.id", "ann")}
		})))
	c := serveStdio(t, srv)
	c.do(`1`, "tools/list", `{}`)
	if got := attrs(spans.Ended()[0])["user.id"]; got != "ann" {
		t.Errorf("user.id = %q", got)
	}
}

// TestCall: an in-process runtime.Server.Call (a test of a server, an
// adapter) is traced as a tools/call, with network.transport "inprocess".
func TestCall(t *testing.T) {
	f := newFixture(t)
	if res, err := f.srv.Call(t.Context(), "add", nil, nil); err != nil || res.IsError {
		t.Fatalf("add: %v %+v", err, res)
	}
	wantAttrs(t, f.span(t, "tools/call add"), map[string]string{
		"mcp.method.name": "tools/call", "gen_ai.tool.name": "add", "mcp.protocol.version": "2025-11-25",
		"network.transport": "inprocess",
	}, "jsonrpc.request.id", "mcp.session.id", "error.type")
}
