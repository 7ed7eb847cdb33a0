// Command otel is an MCP server whose requests show in an OpenTelemetry
// backend: traces and metrics go over OTLP/HTTP to the collector that the
// standard environment names.
//
//	OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 OTEL_SERVICE_NAME=calc go run .
//	OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 go run . -http 127.0.0.1:8080
//
// Without OTEL_EXPORTER_OTLP_ENDPOINT the exporters send to
// http://localhost:4318. Its tools: add, which succeeds; divide, which
// returns an isError result when dividing by zero; and lookup, which makes
// a span of its own, a child of the call's.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	mcpotel "github.com/mcpgen/mcpgen/otel"
	"github.com/mcpgen/mcpgen/runtime"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run serves until ctx ends (or, on stdio, the input does), then flushes
// what the exporters hold.
func run(ctx context.Context, addr string, in io.Reader, out io.Writer) (err error) {
	shutdown, err := setUpTelemetry(ctx)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, shutdown(context.WithoutCancel(ctx))) }()

	srv := runtime.NewServer("calc", "1.0.0", mcpotel.Instrument())
	addTools(srv)
	if addr != "" {
		return srv.ListenAndServeHTTP(ctx, addr)
	}
	return srv.Serve(ctx, in, out)
}

// setUpTelemetry installs the global tracer and meter providers, with
// OTLP/HTTP exporters configured from the environment
// (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS, ...) and the
// resource from OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
func setUpTelemetry(ctx context.Context) (shutdown func(context.Context) error, err error) {
	res, err := resource.New(ctx, resource.WithFromEnv(), resource.WithTelemetrySDK())
	if err != nil {
		return nil, err
	}
	traces, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, err
	}
	metrics, err := otlpmetrichttp.New(ctx)
	if err != nil {
		return nil, err
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(traces), sdktrace.WithResource(res))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewPeriodicReader(metrics)), sdkmetric.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetMeterProvider(mp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	return func(ctx context.Context) error { return errors.Join(tp.Shutdown(ctx), mp.Shutdown(ctx)) }, nil
}

// The tools are registered by hand here; a real server's come from
// annotated functions through mcpgen's RegisterTools.
func addTools(srv *runtime.Server) {
	pair := `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"],"additionalProperties":false}`
	srv.MustAddTool(runtime.Tool{Name: "add", Description: "Add returns a + b.", InputSchema: pair,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ A, B float64 }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			return runtime.TextResult(fmt.Sprint(in.A + in.B)), nil
		}})
	srv.MustAddTool(runtime.Tool{Name: "divide", Description: "Divide returns a / b; b must not be 0.", InputSchema: pair,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ A, B float64 }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			if in.B == 0 {
				return nil, errors.New("cannot divide by zero") // an isError result, error.type tool_error
			}
			return runtime.TextResult(fmt.Sprint(in.A / in.B)), nil
		}})
	srv.MustAddTool(runtime.Tool{Name: "lookup", Description: "Lookup finds the capital of a country.",
		InputSchema: `{"type":"object","properties":{"country":{"type":"string"}},"required":["country"]}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ Country string }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			// A span of the tool's own: ctx carries the call's span.
			_, span := otel.Tracer("calc/lookup").Start(ctx, "lookup capital")
			defer span.End()
			span.SetAttributes(attribute.String("country", in.Country))
			capitals := map[string]string{"France": "Paris", "Japan": "Tokyo"}
			c, ok := capitals[in.Country]
			if !ok {
				return nil, fmt.Errorf("no capital known for %q", in.Country)
			}
			return runtime.TextResult(c), nil
		}})
}
