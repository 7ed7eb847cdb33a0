package otel_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strconv"
	"testing"

	"github.com/mcpgen/mcpgen/internal/cputime"
	"github.com/mcpgen/mcpgen/otel"
	"github.com/mcpgen/mcpgen/runtime"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// BenchmarkStdioCallAdd measures what tracing costs a stdio tools/call of
// a small tool, side by side: no middleware, an empty middleware, and this
// package's instrumentation with spans not sampled and sampled (recorded
// by an in-memory exporter, whose cost a real exporter's batching
// replaces), each with metrics into a manual reader. The figure to read is
// cpu-ns/op: the CPU time of the whole process per call.
func BenchmarkStdioCallAdd(b *testing.B) {
	empty := func(next runtime.RequestHandler) runtime.RequestHandler {
		return func(ctx context.Context, req *runtime.Request) runtime.Outcome { return next(ctx, req) }
	}
	traced := func(sampler sdktrace.Sampler) runtime.Option {
		tp := sdktrace.NewTracerProvider(sdktrace.WithSampler(sampler), sdktrace.WithSpanProcessor(tracetest.NewSpanRecorder()))
		mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))
		return otel.Instrument(otel.WithTracerProvider(tp), otel.WithMeterProvider(mp))
	}
	for _, c := range []struct {
		name string
		opt  func() runtime.Option
	}{
		{"none", func() runtime.Option { return func(*runtime.Server) {} }},
		{"empty-middleware", func() runtime.Option { return runtime.WithRequestMiddleware(empty) }},
		{"traced-not-sampled", func() runtime.Option { return traced(sdktrace.NeverSample()) }},
		{"traced-sampled", func() runtime.Option { return traced(sdktrace.AlwaysSample()) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			srv := runtime.NewServer("bench", "1.0.0", runtime.WithLogger(slog.New(slog.DiscardHandler)), c.opt())
			srv.MustAddTool(runtime.Tool{Name: "add",
				InputSchema: `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"],"additionalProperties":false}`,
				Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
					var in struct{ A, B float64 }
					if err := runtime.Decode(args, &in); err != nil {
						return nil, err
					}
					return runtime.WrappedResult(in.A + in.B)
				}})
			var input bytes.Buffer
			input.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}` + "\n")
			for i := 1; i <= b.N; i++ {
				n := strconv.Itoa(i)
				input.WriteString(`{"jsonrpc":"2.0","id":` + n + `,"method":"tools/call","params":{"name":"add","arguments":{"a":` + n + `,"b":0.25}}}` + "\n")
			}
			b.ReportAllocs()
			b.ResetTimer()
			start, _ := cputime.Process()
			if err := srv.Serve(context.Background(), &input, io.Discard); err != nil {
				b.Fatal(err)
			}
			end, _ := cputime.Process()
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
