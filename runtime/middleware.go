package runtime

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the middleware seam: functions that wrap the handling of
// every request a client sends, for logging, metrics, tracing, rate limits
// and audit trails.

// A Middleware wraps the handling of requests: given the next handler, it
// returns a handler that does its own work around a call of next, or
// answers the request itself without calling next.
//
// Middleware installed with [WithRequestMiddleware] sees every request a client
// sends on any transport (every tools/call, tools/list, prompts/get,
// resources/read, ..., also those answered with a protocol error); with
// [WithToolMiddleware], only the tools/call requests of one tool, inside the
// server's middleware; so do the calls of [Server.Call], as a tools/call
// with Transport "inprocess". Notifications and responses to the server's
// own requests pass no middleware.
//
// The context that a middleware passes to next is the one the tool, prompt,
// resource or completion handler gets: values it adds (a trace span, a
// logger) reach the handler. It ends when the request is cancelled. A
// middleware runs on the goroutine that handles the request, which for a
// tools/call is one of the calls that run at once: it must be safe for
// concurrent use.
//
// A server without middleware pays nothing for the seam. See docs/observability.md.
type Middleware func(next RequestHandler) RequestHandler

// A RequestHandler handles one request and says how it ended.
type RequestHandler func(ctx context.Context, req *Request) Outcome

// A Request is what middleware sees of one request. Its fields must not be
// modified; the byte slices alias the message and must not be kept after
// the handler returns (copy what is kept).
type Request struct {
	// Method is the request's method, as sent: "tools/call",
	// "tools/list", "prompts/get", "resources/read", ..., also one the
	// server does not know.
	Method string
	// Target is what the request is about: the tool of tools/call, the
	// prompt of prompts/get, the URI of resources/read,
	// resources/subscribe and resources/unsubscribe, the task ID of
	// tasks/get, tasks/update and tasks/cancel; "" for other methods and
	// when the params do not name one.
	Target string
	// ID is the request's JSON-RPC id as sent: a JSON string or number.
	ID json.RawMessage
	// Protocol is the protocol version the request is served with:
	// "2026-07-28" for a request whose _meta names it, else the version
	// that the connection's initialize negotiated (or the one assumed
	// without it, "2025-03-26").
	Protocol string
	// Session is the Mcp-Session-Id of a legacy HTTP session, "" on stdio
	// and for requests of the stateless 2026-07-28 protocol.
	Session string
	// Transport is "stdio" or "http"; "inprocess" for a [Server.Call].
	Transport string
	// Meta is the request's params._meta as sent (a JSON object), nil
	// when there is none: progressToken, the 2026-07-28 protocol's
	// io.modelcontextprotocol/ members, and a caller's trace context
	// (traceparent, tracestate, baggage). See [Request.MetaString].
	Meta json.RawMessage
	// Params are the request's params as sent, nil when there are none.
	Params json.RawMessage

	conn  *conn
	call  *call                         // a tools/call that the handler runs
	m     *method                       // any other request: its method, served with r
	r     request                       // (a copy in the Request, which costs no allocation of its own)
	serve func(context.Context) []byte  // else the reply (answered at once, or a stream)
	local func(context.Context) Outcome // a Server.Call
	tool  RequestHandler                // the call's chain of tool middleware
}

// MetaString returns the string member key of Meta, and whether there is
// one.
func (r *Request) MetaString(key string) (string, bool) {
	var v string
	found := false
	jsontext.EachMember(r.Meta, func(k, value []byte) {
		if !found && string(k) == key {
			v, found = jsontext.Unquote(value)
		}
	})
	return v, found
}

// An Outcome is how a request ended.
//
// A handler that answers a request itself returns an Outcome of its own:
// with Error (any method), or for tools/call with Result (an isError
// result too). An Outcome with neither answers a tools/call with an empty
// result and any other request with an internal error. A middleware that
// returns the Outcome of next unchanged sends next's answer as it was.
type Outcome struct {
	// Result is the result of a tools/call that the tool answered, nil
	// for other methods, for a protocol error, for a call that became a
	// task or asked the client for input (2026-07-28), and for a call
	// that was cancelled (then no answer is sent).
	Result *Result
	// Error is the protocol (JSON-RPC) error that answers the request,
	// nil if none. A tool's failure is not one: it is a Result with
	// IsError.
	Error *ProtocolError

	// What next sent, when the Outcome is next's.
	sent       []byte
	sentResult *Result
	sentError  *ProtocolError
	done       bool // the Outcome is next's
}

// Cancelled reports whether the request was cancelled before it was
// answered: no answer is sent.
func (o Outcome) Cancelled() bool { return o.done && o.sent == nil }

// A ProtocolError is a JSON-RPC error that answers a request.
type ProtocolError struct {
	// Code is the JSON-RPC error code: -32601 for a method the server
	// does not have, -32602 for invalid params (an unknown tool, say),
	// -32603 for an internal error, and so on.
	Code int
	// Message is the error's message, as the client reads it.
	Message string
}

func (e *ProtocolError) Error() string {
	return strconv.Itoa(e.Code) + " " + e.Message
}

// WithRequestMiddleware wraps the handling of every request a client sends in mw,
// the first outermost: mw[0] calls mw[1], which calls the server's own
// handling. Several WithRequestMiddleware options add up, in order.
func WithRequestMiddleware(mw ...Middleware) Option {
	return func(s *Server) { s.middleware = append(s.middleware, mw...) }
}

// WithToolMiddleware wraps the calls of the tool named tool in mw, the
// first outermost, inside the middleware of [WithRequestMiddleware].
func WithToolMiddleware(tool string, mw ...Middleware) Option {
	return func(s *Server) {
		if s.toolMiddleware == nil {
			s.toolMiddleware = make(map[string][]Middleware)
		}
		s.toolMiddleware[tool] = append(s.toolMiddleware[tool], mw...)
	}
}

// WithOutboundMeta makes the server add the members that meta returns to
// the _meta of every request it sends a client (elicitation/create,
// sampling/createMessage, roots/list, under the legacy protocol), where ctx
// is the context of the tool that asks: a tracer puts the trace context
// there (traceparent, tracestate). Members the request has already are
// kept.
func WithOutboundMeta(meta func(ctx context.Context) map[string]string) Option {
	return func(s *Server) { s.outboundMeta = meta }
}

// chain returns the handler that runs mw around last, mw[0] outermost.
func chain(mw []Middleware, last RequestHandler) RequestHandler {
	h := last
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// buildChains composes the server's middleware, once, after the options.
func (s *Server) buildChains() {
	if len(s.middleware) == 0 && len(s.toolMiddleware) == 0 {
		return
	}
	s.chain = chain(s.middleware, handleRequest)
}

// handleRequest ends the server's chain: the request's own handling.
func handleRequest(ctx context.Context, req *Request) Outcome {
	if req.tool != nil {
		return req.tool(ctx, req)
	}
	return runRequest(ctx, req)
}

// runRequest ends a tool's chain (and, for other requests, the server's).
func runRequest(ctx context.Context, req *Request) Outcome {
	if req.call != nil {
		cl := req.call
		return req.conn.srv.callOutcome(cl, cl.srv.run(ctx, cl, cl.t, req.ID, cl.args))
	}
	if req.serve != nil {
		return replyOutcome(req.serve(ctx), req.ID)
	}
	if req.local != nil {
		return req.local(ctx)
	}
	r := req.r
	r.ctx = ctx
	reply, _ := req.m.serve.fn(req.conn, r)
	return replyOutcome(reply, req.ID)
}

// toolChain returns the chain of t's tool middleware, nil if none.
func (s *Server) toolChain(name string) RequestHandler {
	if mw := s.toolMiddleware[name]; len(mw) > 0 {
		return chain(mw, runRequest)
	}
	return nil
}

// intercept serves a request of m through the middleware.
//
// No closure here captures r: a captured parameter moves to the heap on
// every path, the tools/call path too, which is meant to cost no
// allocation (see interceptedCall). A request keeps its copy of r in its
// Request instead.
func (c *conn) intercept(m *method, r request) ([]byte, func() []byte) {
	if runs := m.serve.runs; runs == runsCall || runs == runsStream {
		// tools/call and subscriptions/listen register before they
		// run; a request that fails to register is answered at once.
		r.intercepted = true
		reply, run := m.serve.fn(c, r)
		switch {
		case run == nil:
			req := c.newRequest(r.method.name, r.id, r.params, m.target)
			req.serve = func(context.Context) []byte { return reply }
			return c.srv.replyTo(r.ctx, req), nil
		case runs == runsCall:
			return nil, run // the call runs through the middleware (conn.startCall)
		}
		req, ctx := c.newRequest(r.method.name, r.id, r.params, m.target), r.ctx
		return nil, func() []byte {
			req.serve = func(context.Context) []byte { return run() }
			return c.srv.replyTo(ctx, req)
		}
	}
	req := c.newRequest(r.method.name, r.id, r.params, m.target)
	req.m, req.r = m, r
	if m.serve.runs == runsLater {
		return nil, func() []byte { return c.srv.replyTo(req.r.ctx, req) }
	}
	return c.srv.replyTo(r.ctx, req), nil
}

// interceptUnknown answers a request for a method the server does not
// have through the middleware.
func (c *conn) interceptUnknown(ctx context.Context, env *envelope, reply []byte) []byte {
	req := c.newRequest(env.Method, env.ID, env.Params, noTarget)
	req.serve = func(context.Context) []byte { return reply }
	return c.srv.replyTo(ctx, req)
}

// newRequest returns what middleware sees of a request.
func (c *conn) newRequest(method string, id, params json.RawMessage, t target) *Request {
	req := new(Request)
	c.fillRequest(req, method, id, params, t)
	return req
}

// fillRequest sets *req to what middleware sees of a request.
func (c *conn) fillRequest(req *Request, method string, id, params json.RawMessage, t target) {
	*req = Request{Method: method, ID: id, Params: params, conn: c, Transport: "http"}
	if c.stdio {
		req.Transport = "stdio"
	}
	var targetRaw, version []byte
	if len(params) > 0 && params[0] == '{' {
		jsontext.EachMember(params, func(key, value []byte) {
			switch string(key) {
			case "_meta":
				req.Meta = value
			case "protocolVersion":
				version = value
			case "name":
				if t == targetName {
					targetRaw = value
				}
			case "uri":
				if t == targetURI || method == "resources/subscribe" || method == "resources/unsubscribe" {
					targetRaw = value
				}
			case "taskId":
				if t == targetTaskID {
					targetRaw = value
				}
			}
		})
	}
	if targetRaw != nil {
		req.Target, _ = jsontext.Unquote(targetRaw)
	}
	req.Protocol, req.Session = c.describe(req.Meta)
	if method == "initialize" && version != nil {
		// The version that initialize negotiates (conn.initialize).
		v, _ := jsontext.Unquote(version)
		p, ok := parseProtocol(v)
		if !ok || p.modern() {
			p = latestLegacy
		}
		req.Protocol = p.String()
	}
}

// describe returns the protocol that a request with the _meta raw is served
// with, and the connection's session.
func (c *conn) describe(raw []byte) (string, string) {
	var m requestMeta // on the stack: parseMeta's would be a second copy of the call's
	if len(raw) > 0 && string(raw) != "null" && m.parse(raw) == nil {
		if era, err := m.era(); err == nil && era.modern {
			return proto20260728.String(), ""
		}
	}
	p, _ := c.legacy()
	return p.String(), c.session
}

// replyTo runs req through the server's chain and returns the reply to
// send, nil for none.
func (s *Server) replyTo(ctx context.Context, req *Request) []byte {
	return s.encodeOutcome(req, s.chain(ctx, req))
}

// encodeOutcome returns the reply that o gives req.
func (s *Server) encodeOutcome(req *Request, o Outcome) []byte {
	if o.done && o.Result == o.sentResult && o.Error == o.sentError {
		return o.sent
	}
	if o.Error != nil {
		return errorReply(req.ID, errorf(o.Error.Code, o.Error.Message))
	}
	if req.Method != "tools/call" {
		s.logger.Error("middleware answered without an error or result", "method", req.Method)
		return errorReply(req.ID, errorf(codeInternalError, "Internal error"))
	}
	res := o.Result
	if res == nil {
		res = EmptyResult()
	}
	p, _ := parseProtocol(req.Protocol)
	b := appendResultStart(make([]byte, 0, 256), req.ID)
	b, err := s.encodeCallResult(b, res, p)
	if err != nil {
		s.logger.Error("encoding tool result", "tool", req.Target, "error", err)
		b = appendResultStart(b[:0], req.ID)
		b, _ = s.appendCallResult(b, ErrorResult(encodeErrorText(req.Target)), p)
	}
	return append(b, '}')
}

// callOutcome is the Outcome of a call that the handler answered with
// reply (nil when cancelled).
func (s *Server) callOutcome(cl *call, reply []byte) Outcome {
	o := Outcome{sent: reply, done: true}
	switch {
	case reply == nil:
	case cl.rpcErr != nil:
		o.Error = &ProtocolError{Code: cl.rpcErr.code, Message: cl.rpcErr.message}
	case cl.result != nil:
		o.Result = cl.result
	default:
		o.Error = errorOfReply(reply, cl.key)
	}
	o.sentResult, o.sentError = o.Result, o.Error
	return o
}

// replyOutcome is the Outcome of a request answered with reply.
func replyOutcome(reply []byte, id json.RawMessage) Outcome {
	o := Outcome{sent: reply, done: true, Error: errorOfReply(reply, string(id))}
	o.sentError = o.Error
	return o
}

// errorOfReply reads the error of a reply to the request with id, nil when
// the reply is a result.
func errorOfReply(reply []byte, id string) *ProtocolError {
	if id == "" {
		id = "null"
	}
	rest := reply[min(len(reply), len(jsonrpcPrefix+`,"id":`)+len(id)):]
	const key = `,"error":`
	if len(rest) < len(key) || string(rest[:len(key)]) != key {
		return nil
	}
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(rest[len(key):len(rest)-1], &e) != nil {
		return nil
	}
	return &ProtocolError{Code: e.Code, Message: e.Message}
}

// withOutboundMeta returns params, a JSON object, with the members of the
// server's WithOutboundMeta in its _meta.
func (s *Server) withOutboundMeta(ctx context.Context, params []byte) []byte {
	if s.outboundMeta == nil {
		return params
	}
	add := s.outboundMeta(ctx)
	if len(add) == 0 || len(params) == 0 || params[0] != '{' {
		return params
	}
	var has bool
	jsontext.EachMember(params, func(key, _ []byte) { has = has || string(key) == "_meta" })
	if has {
		// Merge into the existing _meta, keeping its members.
		var p map[string]json.RawMessage
		var meta map[string]json.RawMessage
		if json.Unmarshal(params, &p) != nil || json.Unmarshal(p["_meta"], &meta) != nil || meta == nil {
			return params
		}
		for k, v := range add {
			if _, ok := meta[k]; !ok {
				meta[k] = jsontext.AppendString(nil, v)
			}
		}
		p["_meta"], _ = json.Marshal(meta)
		b, err := json.Marshal(p)
		if err != nil {
			return params
		}
		return b
	}
	b := append(make([]byte, 0, len(params)+128), `{"_meta":{`...)
	first := true
	for _, k := range slices.Sorted(maps.Keys(add)) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsontext.AppendString(b, k)
		b = append(b, ':')
		b = jsontext.AppendString(b, add[k])
	}
	b = append(b, '}')
	if rest := jsontext.TrimSpace(params[1:]); len(rest) > 0 && rest[0] != '}' {
		b = append(b, ',')
	}
	return append(b, params[1:]...)
}
