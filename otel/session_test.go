package otel_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/otel"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
)

// sessionPoint is one data point of mcp.server.session.duration.
type sessionPoint struct {
	attrs map[string]string
	count uint64
	sum   float64
}

// sessionPoints collects mcp.server.session.duration, checking its unit
// and the buckets the conventions advise.
func (f *fixture) sessionPoints(t *testing.T) []sessionPoint {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := f.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	var points []sessionPoint
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if m.Name != "mcp.server.session.duration" {
				continue
			}
			if m.Unit != "s" {
				t.Errorf("unit %q, want s", m.Unit)
			}
			h, ok := m.Data.(metricdata.Histogram[float64])
			if !ok {
				t.Fatalf("mcp.server.session.duration is a %T, want a histogram", m.Data)
			}
			for _, dp := range h.DataPoints {
				if want := []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300}; !slices.Equal(dp.Bounds, want) {
					t.Errorf("bounds %v, want %v", dp.Bounds, want)
				}
				p := sessionPoint{attrs: map[string]string{}, count: dp.Count, sum: dp.Sum}
				for _, kv := range dp.Attributes.ToSlice() {
					p.attrs[string(kv.Key)] = kv.Value.String()
				}
				points = append(points, p)
			}
		}
	}
	return points
}

// wantSession checks that exactly one session was recorded, with the
// attributes want and no others, lasting more than 0 and at most max.
func wantSession(t *testing.T, points []sessionPoint, want map[string]string, max time.Duration) {
	t.Helper()
	if len(points) != 1 || points[0].count != 1 {
		t.Fatalf("mcp.server.session.duration: %+v, want one session", points)
	}
	p := points[0]
	if len(p.attrs) != len(want) {
		t.Errorf("attributes %v, want %v", p.attrs, want)
	}
	for k, v := range want {
		if p.attrs[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, p.attrs[k], v, p.attrs)
		}
	}
	if p.sum <= 0 || p.sum > max.Seconds() {
		t.Errorf("duration %vs, want more than 0 and at most %v", p.sum, max)
	}
}

func goClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "otel-test", Version: "1.0.0"}, nil)
}

// TestSessionDurationGoClientHTTP: the official Go SDK's client opens a
// legacy session over HTTP, calls a tool and closes the session (DELETE):
// one session in the histogram, with the conventions' attributes and no
// error.type. A stateless 2026-07-28 client's requests are no session.
func TestSessionDurationGoClientHTTP(t *testing.T) {
	f := newFixture(t)
	hs := httptest.NewServer(f.srv.HTTPHandler())
	defer hs.Close()
	ctx := t.Context()

	began := time.Now()
	cs, err := goClient().Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL, MaxRetries: -1, DisableStandaloneSSE: true},
		&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "add"}); err != nil || res.IsError {
		t.Fatalf("add: %v %+v", err, res)
	}
	if len(f.sessionPoints(t)) != 0 {
		t.Fatal("a session recorded while it is open")
	}
	if err := cs.Close(); err != nil {
		t.Fatal(err)
	}
	wantSession(t, f.sessionPoints(t), map[string]string{
		"mcp.protocol.version":  "2025-11-25",
		"network.transport":     "tcp",
		"network.protocol.name": "http",
	}, time.Since(began))

	// The stateless protocol: the client's requests make no session.
	cs, err = goClient().Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL, MaxRetries: -1},
		&mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "add"}); err != nil || res.IsError {
		t.Fatalf("add (2026-07-28): %v %+v", err, res)
	}
	cs.Close()
	if p := f.sessionPoints(t); len(p) != 1 || p[0].count != 1 {
		t.Errorf("after a stateless client: %+v, want the one legacy session", p)
	}
}

// TestSessionDurationGoClientStdio: the Go SDK's client over a pair of
// pipes, as over stdio; when it closes the server's input, the session
// ends without error. When the input fails instead, the session ends with
// error.type, the Go type of the error.
func TestSessionDurationGoClientStdio(t *testing.T) {
	for _, tc := range []struct {
		name      string
		end       func(w *io.PipeWriter)
		errorType string
	}{
		{"closed", func(w *io.PipeWriter) { w.Close() }, ""},
		{"failed", func(w *io.PipeWriter) { w.CloseWithError(&brokenPipe{}) }, "*otel_test.brokenPipe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			served := make(chan error, 1)
			go func() {
				served <- f.srv.Serve(context.Background(), inR, outW)
				outW.Close()
			}()
			ctx := t.Context()
			began := time.Now()
			cs, err := goClient().Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW},
				&mcp.ClientSessionOptions{ProtocolVersion: "2025-06-18"})
			if err != nil {
				t.Fatal(err)
			}
			if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "add"}); err != nil || res.IsError {
				t.Fatalf("add: %v %+v", err, res)
			}
			tc.end(inW) // what the client's Close does to the input, or a failure
			err = <-served
			if (err != nil) != (tc.errorType != "") {
				t.Fatalf("Serve returned %v", err)
			}
			cs.Close()
			want := map[string]string{"mcp.protocol.version": "2025-06-18", "network.transport": "pipe"}
			if tc.errorType != "" {
				want["error.type"] = tc.errorType
			}
			wantSession(t, f.sessionPoints(t), want, time.Since(began))
		})
	}
}

type brokenPipe struct{}

func (*brokenPipe) Error() string { return "the pipe broke" }

// logLines passes each line the server logs to a channel.
type logLines chan string

func (l logLines) Write(p []byte) (int, error) {
	select {
	case l <- string(p):
	default:
	}
	return len(p), nil
}

// TestSessionDurationShutdown: a Go SDK client's session still open when
// ListenAndServeHTTP's context is done is recorded as the server shuts
// down, without error.type.
func TestSessionDurationShutdown(t *testing.T) {
	reader := sdkmetric.NewManualReader()
	logs := make(logLines, 16)
	srv := runtime.NewServer("shutdown", "1.0.0",
		runtime.WithLogger(slog.New(slog.NewTextHandler(logs, nil))),
		otel.Instrument(otel.WithMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)))))
	srv.MustAddTool(runtime.Tool{Name: "add", InputSchema: `{"type":"object"}`,
		Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) { return runtime.TextResult("3"), nil }})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServeHTTP(ctx, "127.0.0.1:0") }()
	var url string
	for url == "" {
		select {
		case line := <-logs:
			if _, rest, ok := strings.Cut(line, "url="); ok {
				url = strings.TrimSpace(rest)
			}
		case err := <-served:
			t.Fatalf("ListenAndServeHTTP: %v", err)
		}
	}
	began := time.Now()
	cs, err := goClient().Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true},
		&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "add"}); err != nil || res.IsError {
		t.Fatalf("add: %v %+v", err, res)
	}
	cancel()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
	f := &fixture{reader: reader}
	wantSession(t, f.sessionPoints(t), map[string]string{
		"mcp.protocol.version":  "2025-11-25",
		"network.transport":     "tcp",
		"network.protocol.name": "http",
	}, time.Since(began))
}
