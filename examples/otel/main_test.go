package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	colmetricpb "go.opentelemetry.io/proto/otlp/collector/metrics/v1"
	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	metricpb "go.opentelemetry.io/proto/otlp/metrics/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// collector is an OTLP/HTTP receiver on loopback: it decodes the
// protobuf requests of /v1/traces and /v1/metrics and keeps them.
type collector struct {
	mu      sync.Mutex
	traces  []*coltracepb.ExportTraceServiceRequest
	metrics []*colmetricpb.ExportMetricsServiceRequest
	bad     []string
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	defer c.mu.Unlock()
	var resp proto.Message
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/traces" && r.Header.Get("Content-Type") == "application/x-protobuf":
		req := &coltracepb.ExportTraceServiceRequest{}
		if err := proto.Unmarshal(b, req); err != nil {
			c.bad = append(c.bad, r.URL.Path+": "+err.Error())
		}
		c.traces = append(c.traces, req)
		resp = &coltracepb.ExportTraceServiceResponse{}
	case r.Method == http.MethodPost && r.URL.Path == "/v1/metrics" && r.Header.Get("Content-Type") == "application/x-protobuf":
		req := &colmetricpb.ExportMetricsServiceRequest{}
		if err := proto.Unmarshal(b, req); err != nil {
			c.bad = append(c.bad, r.URL.Path+": "+err.Error())
		}
		c.metrics = append(c.metrics, req)
		resp = &colmetricpb.ExportMetricsServiceResponse{}
	default:
		c.bad = append(c.bad, r.Method+" "+r.URL.Path+" "+r.Header.Get("Content-Type"))
		http.NotFound(w, r)
		return
	}
	out, _ := proto.Marshal(resp)
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(out)
}

// attrs is a protobuf attribute list as key=value strings.
func attrs(kvs []*commonpb.KeyValue) map[string]string {
	m := map[string]string{}
	for _, kv := range kvs {
		m[kv.Key] = kv.Value.GetStringValue()
	}
	return m
}

// TestExportsOverOTLP runs the server on stdio with the environment
// pointing at an OTLP/HTTP receiver on loopback, and checks what arrived,
// decoded: the spans under the service name, with the conventions'
// attributes, the isError call's status, the parent from the client's
// traceparent and the tool's own span as the call's child; and the
// duration histograms of the calls and of the session that ends with the
// input.
func TestExportsOverOTLP(t *testing.T) {
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", srv.URL)
	t.Setenv("OTEL_SERVICE_NAME", "calc-under-test")

	const clientTrace, clientSpan = "0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331"
	in := strings.NewReader(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"divide","arguments":{"a":1,"b":0}}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"lookup","arguments":{"country":"Japan"},"_meta":{"traceparent":"00-` + clientTrace + `-` + clientSpan + `-01"}}}
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

	col.mu.Lock()
	defer col.mu.Unlock()
	if len(col.bad) > 0 {
		t.Errorf("the receiver got what it could not read: %q", col.bad)
	}
	spans := map[string]*tracepb.Span{}
	for _, req := range col.traces {
		for _, rs := range req.ResourceSpans {
			if got := attrs(rs.GetResource().GetAttributes())["service.name"]; got != "calc-under-test" {
				t.Errorf("spans of the service %q, want calc-under-test", got)
			}
			for _, ss := range rs.ScopeSpans {
				for _, s := range ss.Spans {
					spans[s.Name] = s
				}
			}
		}
	}
	for _, name := range []string{"initialize", "tools/call add", "tools/call divide", "tools/call lookup", "lookup capital"} {
		if spans[name] == nil {
			t.Fatalf("no span %q arrived; got %d export requests", name, len(col.traces))
		}
	}
	for name, want := range map[string]map[string]string{
		"tools/call add":    {"mcp.method.name": "tools/call", "gen_ai.tool.name": "add", "gen_ai.operation.name": "execute_tool", "mcp.protocol.version": "2025-11-25", "jsonrpc.request.id": "1", "network.transport": "pipe"},
		"tools/call divide": {"gen_ai.tool.name": "divide", "error.type": "tool_error"},
	} {
		s := spans[name]
		got := attrs(s.Attributes)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("span %q: %s = %q, want %q", name, k, got[k], v)
			}
		}
		if s.Kind != tracepb.Span_SPAN_KIND_SERVER {
			t.Errorf("span %q of kind %v, want server", name, s.Kind)
		}
	}
	if st := spans["tools/call add"].Status; st.GetCode() != tracepb.Status_STATUS_CODE_UNSET {
		t.Errorf("add's status %v, want unset", st)
	}
	if st := spans["tools/call divide"].Status; st.GetCode() != tracepb.Status_STATUS_CODE_ERROR || st.GetMessage() != "cannot divide by zero" {
		t.Errorf("divide's status %v, want an error, cannot divide by zero", st)
	}
	lookup, own := spans["tools/call lookup"], spans["lookup capital"]
	if hex.EncodeToString(lookup.TraceId) != clientTrace || hex.EncodeToString(lookup.ParentSpanId) != clientSpan {
		t.Errorf("tools/call lookup in trace %x under %x, want the client's %s under %s", lookup.TraceId, lookup.ParentSpanId, clientTrace, clientSpan)
	}
	if !bytes.Equal(own.TraceId, lookup.TraceId) || !bytes.Equal(own.ParentSpanId, lookup.SpanId) {
		t.Errorf("the tool's span (trace %x, parent %x) is not a child of the call's (trace %x, span %x)", own.TraceId, own.ParentSpanId, lookup.TraceId, lookup.SpanId)
	}

	// The metrics are cumulative: the last export holds them all.
	histograms := map[string]*metricpb.Metric{}
	for _, req := range col.metrics {
		for _, rm := range req.ResourceMetrics {
			if got := attrs(rm.GetResource().GetAttributes())["service.name"]; got != "calc-under-test" {
				t.Errorf("metrics of the service %q, want calc-under-test", got)
			}
			for _, sm := range rm.ScopeMetrics {
				for _, m := range sm.Metrics {
					histograms[m.Name] = m
				}
			}
		}
	}
	calls := map[string]uint64{}
	for name, m := range histograms {
		if !strings.HasPrefix(name, "mcp.server.") {
			continue
		}
		if m.Unit != "s" || m.GetHistogram() == nil {
			t.Errorf("%s: unit %q, histogram %v; want a histogram in s", name, m.Unit, m.GetHistogram() != nil)
			continue
		}
		for _, dp := range m.GetHistogram().DataPoints {
			a := attrs(dp.Attributes)
			calls[name+" "+a["mcp.method.name"]+" "+a["gen_ai.tool.name"]+" "+a["error.type"]] += dp.Count
		}
	}
	for k, n := range map[string]uint64{
		"mcp.server.operation.duration initialize  ":                 1,
		"mcp.server.operation.duration tools/call add ":              1,
		"mcp.server.operation.duration tools/call divide tool_error": 1,
		"mcp.server.operation.duration tools/call lookup ":           1,
		"mcp.server.session.duration   ":                             1,
	} {
		if calls[k] != n {
			t.Errorf("%q: %d, want %d (all: %v)", k, calls[k], n, calls)
		}
	}
}
