package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"sync"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the in-process API: the registered tools as data, and a call
// of one by name that a program makes without a transport (a test, or an
// adapter that puts the tools on another MCP server).

// Tools returns the tools registered on s, in the order they were
// registered. Each is a copy of the registered [Tool], except that
// InputSchema and OutputSchema hold the schemas exactly as tools/list sends
// them: compact JSON, and InputSchema {"type":"object"} for a tool registered
// without one. Handler is the tool's own handler, which does not validate
// its arguments; [Server.Call] calls a tool as a client's tools/call would.
func (s *Server) Tools() []Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	tools := make([]Tool, len(s.tools))
	for i, t := range s.tools {
		tools[i] = t.Tool
		tools[i].InputSchema = string(t.input)
		tools[i].OutputSchema = string(t.output)
		tools[i].Icons = slices.Clone(t.Icons)
		if t.Annotations != nil {
			a := *t.Annotations
			tools[i].Annotations = &a
		}
	}
	return tools
}

// CallOptions receive what a tool sends during a [Server.Call] besides its
// result: the reports of [ReportProgress] and the records of [Logger]. The
// zero value, like a nil *CallOptions, receives nothing (the records still
// go to the server's logger).
type CallOptions struct {
	// Progress, if not nil, is called for each report the tool makes with
	// [ReportProgress], as a client that sent a progressToken is notified:
	// in order, only for increasing progress, never after Call returns.
	// total is 0 when unknown, message may be empty.
	Progress func(progress, total float64, message string)
	// Log, if not nil, is called for each record the tool logs with
	// [Logger] at or above LogLevel, with what a client that enabled logging
	// receives as notifications/message; never after Call returns.
	Log func(LogMessage)
	// LogLevel is the least severe level passed to Log, compared as MCP
	// levels (see [Logger]): the zero value is [slog.LevelInfo], and
	// [slog.LevelDebug] passes every record.
	LogLevel slog.Level
	// Ask, if not nil, puts the tool's questions ([Elicit], [ElicitSchema],
	// [Sample], [ListRoots]) to a client, as the request of the method
	// "elicitation/create", "sampling/createMessage" or "roots/list" with
	// params, and returns the client's result object. Its error goes back
	// to the tool as is (return a [*MissingCapabilityError] for a client
	// that cannot answer). When Ask is nil, every question fails with a
	// *MissingCapabilityError: there is no client to ask.
	Ask func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error)
}

// A LogMessage is one record a tool logged with [Logger], in the form of
// the params of a notifications/message.
type LogMessage struct {
	// Level is the MCP level: "debug", "info", "notice", "warning",
	// "error", "critical", "alert" or "emergency".
	Level string
	// Logger is the name of the tool that logged.
	Logger string
	// Data is a JSON object with the record's message and attributes:
	// {"message":"...","key":value,...}, groups as nested objects.
	Data json.RawMessage
}

// Call calls the tool named name in-process and returns its result, as
// tools/call would for a client: args (nil means no arguments) is validated
// against the tool's input schema, then the tool's handler runs with panic
// recovery. Whatever a client would get as a result with IsError set is
// returned as such a result, with the same text: arguments that violate the
// schema (the text names the field, see [ArgumentError]), an error the
// handler returns, a panic (logged with its stack), a result that cannot be
// encoded (logged). A nil result from the handler is returned as
// [EmptyResult]().
//
// Call returns an error, and no result, only where a client would get a
// protocol error: no tool is named name ("Unknown tool: NAME"), args is not
// a JSON object, or ctx ends while the call waits for a slot under
// [WithMaxConcurrentCalls].
//
// The handler's context is derived from ctx, so cancelling ctx cancels the
// call; [ReportProgress] and [Logger] work in it and report to opts, which
// may be nil.
//
// The call passes the server's middleware as a client's tools/call does
// ([WithRequestMiddleware], then the tool's [WithToolMiddleware]), so that
// a test of a server sees what its middleware does: the middleware's
// [Request] has Method "tools/call", Target name, Transport "inprocess",
// Protocol "2025-11-25", Params {"name":...,"arguments":...}, and no ID,
// Session or Meta; the context carries what ctx carries (an identity put
// there with [ContextWithIdentity] too). A middleware that answers by itself
// decides what Call returns: an Outcome's Result is returned as the
// result (an Outcome with neither Result nor Error as [EmptyResult]()),
// and its Error as the error, a [*ProtocolError].
func (s *Server) Call(ctx context.Context, name string, args json.RawMessage, opts *CallOptions) (*Result, error) {
	if s.chain == nil {
		return s.call(ctx, name, args, opts)
	}
	req := &Request{Method: "tools/call", Target: name, Protocol: latestLegacy.String(), Transport: "inprocess",
		Params: callParams(name, args)}
	if t := s.snapshot().byName[name]; t != nil {
		req.tool = t.chain
	}
	var res *Result
	var err error
	req.local = func(ctx context.Context) Outcome {
		res, err = s.call(ctx, name, args, opts)
		if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return Outcome{done: true} // cancelled while waiting for a slot: Cancelled()
		}
		// sent is only told apart from nil (Outcome.Cancelled): Call
		// encodes nothing.
		o := Outcome{Result: res, done: true, sent: []byte{}}
		if err != nil {
			o.Error = &ProtocolError{Code: codeInvalidParams, Message: err.Error()}
		}
		o.sentResult, o.sentError = o.Result, o.Error
		return o
	}
	o := s.chain(ctx, req)
	switch {
	case o.done && o.Result == o.sentResult && o.Error == o.sentError:
		return res, err // the call's own answer
	case o.Error != nil:
		return nil, o.Error
	case o.Result == nil:
		return EmptyResult(), nil
	}
	return o.Result, nil
}

// callParams are the params of the tools/call that Server.Call stands
// for, as middleware sees them.
func callParams(name string, args json.RawMessage) json.RawMessage {
	b := jsontext.AppendString(append(make([]byte, 0, 32+len(name)+len(args)), `{"name":`...), name)
	if args = jsontext.TrimSpace(args); len(args) > 0 && json.Valid(args) {
		b = append(append(b, `,"arguments":`...), args...)
	}
	return append(b, '}')
}

// call is Call without the middleware.
func (s *Server) call(ctx context.Context, name string, args json.RawMessage, opts *CallOptions) (*Result, error) {
	t := s.snapshot().byName[name]
	if t == nil {
		return nil, errors.New("Unknown tool: " + name)
	}
	args = jsontext.TrimSpace(args)
	switch {
	case len(args) == 0 || string(args) == "null":
		args = json.RawMessage(`{}`)
	case args[0] != '{' || !json.Valid(args):
		//lint:ignore ST1005 "Invalid params" is the JSON-RPC error's name
		return nil, errors.New("Invalid params: arguments must be an object")
	}
	if s.calls != nil {
		select {
		case s.calls <- struct{}{}:
			defer func() { <-s.calls }()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if opts == nil {
		opts = &CallOptions{}
	}
	c := &call{srv: s, tool: t.Name, out: func([]byte) {}, local: opts}
	ctx, c.cancel = context.WithCancel(ctx)
	defer c.cancel()
	res := s.invoke(context.WithValue(ctx, callKey{}, c), t, args)
	c.finish()

	// Encode the result as a transport would, so that the caller gets what
	// a client gets also when the result cannot be encoded.
	bp := encodeBufs.Get().(*[]byte)
	b, err := s.encodeCallResult((*bp)[:0], res, latestLegacy)
	if cap(b) <= 64<<10 {
		*bp = b
		encodeBufs.Put(bp)
	}
	if err != nil {
		s.logger.Error("encoding tool result", "tool", t.Name, "error", err)
		res = ErrorResult(encodeErrorText(t.Name))
	}
	return res, nil
}

// encodeBufs keeps the buffers in which Call encodes a result only to
// check that it can be encoded.
//
// Invariant: a buffer never leaves Call (the caller gets the Result, not
// its encoding), and one that grew past 64 KiB is dropped, not kept. Test:
// TestCallEncodeBuffers. Why: fewer allocations and less CPU per call
// (BenchmarkCall; figures: docs/performance.md, "Why the runtime's tricks
// are there").
var encodeBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// MarshalJSON encodes r as the protocol's CallToolResult, as the server
// sends it to a client of protocol 2025-11-25: content, structuredContent,
// isError and _meta.
func (r *Result) MarshalJSON() ([]byte, error) {
	// A Server adds nothing of its own to a result of a legacy protocol
	// version; the zero Server stands for any.
	var s Server
	return s.appendCallResult(nil, r, latestLegacy)
}

// localProgress passes a progress report of an in-process call to its
// CallOptions. c.mu is held.
func (c *call) localProgress(progress, total float64, message string) {
	if c.local.Progress != nil {
		c.local.Progress(progress, total, message)
	}
}

// localLog passes a log record of an in-process call to its CallOptions.
func (c *call) localLog(level logLevel, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		c.local.Log(LogMessage{Level: levelNames[level], Logger: c.tool, Data: data})
	}
}
