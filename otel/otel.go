// Package otel traces and measures an mcpgen server with OpenTelemetry,
// following the semantic conventions for the Model Context Protocol
// (https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/).
//
// Instrument returns the option that does it:
//
//	srv := runtime.NewServer("notes", "1.0.0", otel.Instrument())
//
// Every request a client sends becomes a server span named
// "{mcp.method.name} {target}" ("tools/call add", "prompts/get greet",
// "tools/list"), with the attributes mcp.method.name,
// mcp.protocol.version, jsonrpc.request.id, network.transport, and where
// they apply network.protocol.name "http", mcp.session.id,
// mcp.resource.uri, gen_ai.tool.name with gen_ai.operation.name
// "execute_tool", and gen_ai.prompt.name. A protocol error sets error.type
// and rpc.response.status_code to its JSON-RPC code and the span's status
// to Error; a tool result with isError sets
// error.type "tool_error" and the status to Error. Each request's duration
// goes into the histogram mcp.server.operation.duration (seconds, with
// error.type and rpc.response.status_code as on the span), and each
// session's into mcp.server.session.duration (seconds: a legacy HTTP
// session or a stdio connection, from initialize to its end, see
// runtime.SessionInfo), with mcp.protocol.version, network.transport,
// network.protocol.name "http" for HTTP, and error.type for a session
// that ended in error (a stdio input or output that failed: the Go type
// of the error, such as "*fs.PathError").
//
// The span is a child of the trace context that the client put in the
// request's params._meta (traceparent, tracestate, and baggage, as the
// conventions and SEP-414 say), linked to the span in the request's context
// if there is one; else a child of the span in the request's context
// (the HTTP request's, when the HTTP handler is itself instrumented). The
// tool's context carries the span, so the spans a tool starts from it are
// its children, and the trace context goes on in the _meta of the
// requests the server sends a legacy client (elicitation, sampling, roots).
//
// Without WithTracerProvider and WithMeterProvider the global providers
// are used (otel.SetTracerProvider, otel.SetMeterProvider), and the global
// propagator without WithPropagator.
package otel

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
	otelapi "go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// scope is the instrumentation scope of the tracer and the meter.
const scope = "github.com/mcpgen/mcpgen/otel"

// The attribute names of the conventions.
const (
	attrMethod        = "mcp.method.name"
	attrProtocol      = "mcp.protocol.version"
	attrSession       = "mcp.session.id"
	attrResourceURI   = "mcp.resource.uri"
	attrRequestID     = "jsonrpc.request.id"
	attrToolName      = "gen_ai.tool.name"
	attrPromptName    = "gen_ai.prompt.name"
	attrOperationName = "gen_ai.operation.name"
	attrErrorType     = "error.type"
	attrStatusCode    = "rpc.response.status_code"
	attrTransport     = "network.transport"
	attrNetProtocol   = "network.protocol.name"
)

// operationDuration and sessionDuration are the histograms of the
// conventions, with the buckets they advise (the same for both).
const (
	operationDuration = "mcp.server.operation.duration"
	sessionDuration   = "mcp.server.session.duration"
)

var durationBuckets = []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300}

// An Option configures Instrument and Middleware.
type Option func(*config)

type config struct {
	tracerProvider trace.TracerProvider
	meterProvider  metric.MeterProvider
	propagator     propagation.TextMapPropagator
	attributes     func(context.Context, *runtime.Request) []attribute.KeyValue
}

// WithTracerProvider sets the provider of the tracer (default: the global one).
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(c *config) { c.tracerProvider = tp }
}

// WithMeterProvider sets the provider of the meter (default: the global one).
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(c *config) { c.meterProvider = mp }
}

// WithPropagator sets how trace context is read from and written to _meta
// (default: the global propagator).
func WithPropagator(p propagation.TextMapPropagator) Option {
	return func(c *config) { c.propagator = p }
}

// WithAttributes adds the attributes that f returns to each request's span,
// for example the caller's identity from ctx.
func WithAttributes(f func(ctx context.Context, req *runtime.Request) []attribute.KeyValue) Option {
	return func(c *config) { c.attributes = f }
}

// Instrument returns the server option that traces and measures every
// request (Middleware), measures every session (runtime.WithSessionHooks)
// and passes the trace context on to the client (runtime.WithOutboundMeta).
func Instrument(opts ...Option) runtime.Option {
	in := newInstrumentation(opts)
	mw := runtime.WithRequestMiddleware(in.middleware)
	sessions := runtime.WithSessionHooks(nil, in.sessionEnd)
	out := runtime.WithOutboundMeta(in.outboundMeta)
	return func(s *runtime.Server) {
		mw(s)
		sessions(s)
		out(s)
	}
}

// Middleware returns the middleware of Instrument alone.
func Middleware(opts ...Option) runtime.Middleware {
	return newInstrumentation(opts).middleware
}

type instrumentation struct {
	cfg      config
	tracer   trace.Tracer
	duration metric.Float64Histogram
	sessions metric.Float64Histogram
}

func newInstrumentation(opts []Option) *instrumentation {
	var c config
	for _, o := range opts {
		o(&c)
	}
	if c.tracerProvider == nil {
		c.tracerProvider = otelapi.GetTracerProvider()
	}
	if c.meterProvider == nil {
		c.meterProvider = otelapi.GetMeterProvider()
	}
	if c.propagator == nil {
		c.propagator = otelapi.GetTextMapPropagator()
	}
	in := &instrumentation{cfg: c, tracer: c.tracerProvider.Tracer(scope)}
	var err error
	in.duration, err = c.meterProvider.Meter(scope).Float64Histogram(operationDuration,
		metric.WithUnit("s"),
		metric.WithDescription("MCP request duration as observed on the receiver from the time it was received until the result is sent."),
		metric.WithExplicitBucketBoundaries(durationBuckets...))
	if err != nil {
		otelapi.Handle(err)
	}
	in.sessions, err = c.meterProvider.Meter(scope).Float64Histogram(sessionDuration,
		metric.WithUnit("s"),
		metric.WithDescription("The duration of the MCP session as observed on the MCP server."),
		metric.WithExplicitBucketBoundaries(durationBuckets...))
	if err != nil {
		otelapi.Handle(err)
	}
	return in
}

// sessionEnd records a session's duration.
func (in *instrumentation) sessionEnd(si runtime.SessionInfo) {
	ctx := context.Background()
	if in.sessions == nil || !in.sessions.Enabled(ctx) {
		return
	}
	m := make([]attribute.KeyValue, 0, 4)
	m = append(m, attribute.String(attrProtocol, si.Protocol))
	if si.Transport == "stdio" {
		m = append(m, attribute.String(attrTransport, "pipe"))
	} else {
		m = append(m, attribute.String(attrTransport, "tcp"), attribute.String(attrNetProtocol, "http"))
	}
	if si.Err != nil {
		m = append(m, attribute.String(attrErrorType, fmt.Sprintf("%T", si.Err)))
	}
	in.sessions.Record(ctx, si.Duration().Seconds(), metric.WithAttributes(m...))
}

func (in *instrumentation) middleware(next runtime.RequestHandler) runtime.RequestHandler {
	return func(ctx context.Context, req *runtime.Request) runtime.Outcome {
		start := time.Now()
		parent := ctx
		opts := []trace.SpanStartOption{
			trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(attribute.String(attrMethod, req.Method)),
		}
		if len(req.Meta) > 0 {
			parent = in.cfg.propagator.Extract(ctx, metaCarrier{req})
			// The conventions: the _meta context is the parent, and the
			// ambient one (an instrumented HTTP server's span) is linked.
			if ambient := trace.SpanContextFromContext(ctx); ambient.IsValid() &&
				trace.SpanContextFromContext(parent).SpanID() != ambient.SpanID() {
				opts = append(opts, trace.WithLinks(trace.Link{SpanContext: ambient}))
			}
		}
		name := req.Method
		switch req.Method {
		case "tools/call", "prompts/get":
			if req.Target != "" {
				name += " " + req.Target
			}
		}
		ctx, span := in.tracer.Start(parent, name, opts...)
		o := next(ctx, req)

		errorType, status := "", ""
		switch {
		case o.Error != nil:
			status = strconv.Itoa(o.Error.Code)
			errorType = status
		case o.Result != nil && o.Result.IsError:
			errorType = "tool_error"
		}
		if span.IsRecording() {
			attrs := in.attributes(ctx, req)
			if errorType != "" {
				attrs = append(attrs, attribute.String(attrErrorType, errorType))
			}
			if status != "" {
				attrs = append(attrs, attribute.String(attrStatusCode, status))
			}
			span.SetAttributes(attrs...)
			switch {
			case o.Error != nil:
				span.SetStatus(codes.Error, o.Error.Message)
			case errorType != "":
				span.SetStatus(codes.Error, toolErrorText(o.Result))
			}
		}
		span.End()

		if in.duration != nil && in.duration.Enabled(ctx) {
			m := []attribute.KeyValue{
				attribute.String(attrMethod, req.Method),
				attribute.String(attrProtocol, req.Protocol),
				attribute.String(attrTransport, transport(req)),
			}
			if req.Transport == "http" {
				m = append(m, attribute.String(attrNetProtocol, "http"))
			}
			switch req.Method {
			case "tools/call":
				m = append(m, attribute.String(attrToolName, req.Target), attribute.String(attrOperationName, "execute_tool"))
			case "prompts/get":
				m = append(m, attribute.String(attrPromptName, req.Target))
			}
			if errorType != "" {
				m = append(m, attribute.String(attrErrorType, errorType))
			}
			if status != "" {
				m = append(m, attribute.String(attrStatusCode, status))
			}
			in.duration.Record(ctx, time.Since(start).Seconds(), metric.WithAttributes(m...))
		}
		return o
	}
}

// attributes are a recorded span's attributes besides the method.
func (in *instrumentation) attributes(ctx context.Context, req *runtime.Request) []attribute.KeyValue {
	attrs := make([]attribute.KeyValue, 0, 10)
	attrs = append(attrs,
		attribute.String(attrProtocol, req.Protocol),
		attribute.String(attrTransport, transport(req)),
	)
	if req.Transport == "http" {
		attrs = append(attrs, attribute.String(attrNetProtocol, "http"))
	}
	if id := requestID(req.ID); id != "" {
		attrs = append(attrs, attribute.String(attrRequestID, id))
	}
	if req.Session != "" {
		attrs = append(attrs, attribute.String(attrSession, req.Session))
	}
	switch req.Method {
	case "tools/call":
		attrs = append(attrs, attribute.String(attrToolName, req.Target), attribute.String(attrOperationName, "execute_tool"))
	case "prompts/get":
		attrs = append(attrs, attribute.String(attrPromptName, req.Target))
	case "resources/read", "resources/subscribe", "resources/unsubscribe":
		if req.Target != "" {
			attrs = append(attrs, attribute.String(attrResourceURI, req.Target))
		}
	}
	if in.cfg.attributes != nil {
		attrs = append(attrs, in.cfg.attributes(ctx, req)...)
	}
	return attrs
}

// outboundMeta is the trace context of ctx, for the _meta of a request to
// the client.
func (in *instrumentation) outboundMeta(ctx context.Context) map[string]string {
	m := propagation.MapCarrier{}
	in.cfg.propagator.Inject(ctx, m)
	return m
}

// transport is network.transport: "pipe" for stdio, "tcp" for HTTP,
// "inprocess" for a runtime.Server.Call.
func transport(req *runtime.Request) string {
	switch req.Transport {
	case "stdio":
		return "pipe"
	case "inprocess":
		return "inprocess"
	}
	return "tcp"
}

// requestID is the string form of a JSON-RPC id.
func requestID(id json.RawMessage) string {
	if len(id) > 0 && id[0] == '"' {
		var s string
		if json.Unmarshal(id, &s) == nil {
			return s
		}
	}
	return string(id)
}

// toolErrorText is the first text of an isError result, the span's status
// description.
func toolErrorText(r *runtime.Result) string {
	for _, c := range r.Content {
		if t, ok := c.(*runtime.TextContent); ok {
			return t.Text
		}
	}
	return "tool error"
}

// metaCarrier reads the trace context from a request's _meta.
type metaCarrier struct{ req *runtime.Request }

func (m metaCarrier) Get(key string) string {
	v, _ := m.req.MetaString(key)
	return v
}

func (metaCarrier) Set(string, string) {}

func (m metaCarrier) Keys() []string {
	var keys map[string]json.RawMessage
	_ = json.Unmarshal(m.req.Meta, &keys)
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	return out
}
