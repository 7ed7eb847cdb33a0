package runtime

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the transport-independent core: it turns one incoming
// message into a reply. A transport owns one conn per client connection (a
// stdio process, a legacy HTTP session, or a single stateless HTTP request)
// and calls conn.receive for every message it reads.

// conn is the state of one client connection. Only legacy clients have any: the
// version negotiated by initialize and the level set by logging/setLevel.
// Modern requests are served without it (spec 2026-07-28 basic); they only
// share the table of calls in flight, so that notifications/cancelled can find
// them, and mark a connection that began with them as modern (see protocolFor).
type conn struct {
	srv *Server

	mu         sync.Mutex
	negotiated bool             // initialize was received
	modern     bool             // a modern request came first, and no initialize since
	proto      protocol         // defaultLegacy until initialize
	calls      map[string]*call // tool calls in flight, by request id
	caps       clientCaps       // legacy: the client capabilities declared in initialize
	level      atomic.Int32     // legacy logging/setLevel, levelOff until set

	outbound outbound          // legacy: requests sent to the client, awaiting answers
	push     func(pushed) bool // legacy: sends a message outside any request, nil if none
	listens  map[*call]bool    // open subscriptions/listen streams

	stdio   bool   // the connection is a stdio one (else HTTP)
	session string // the legacy HTTP session's id, "" if none

	running  map[*task]string // tasks started on this connection whose tools run, and the tools' names
	taskWait sync.WaitGroup   // counts the tools of running

	fleetSession string // the id of the fleet's legacy session that this is a replica's copy of

	started      time.Time // when initialize first answered (under mu)
	sessionBegun bool      // the session hooks saw it begin and not yet end (under mu)
}

func (s *Server) newConn() *conn {
	c := &conn{srv: s, proto: defaultLegacy, calls: make(map[string]*call)}
	c.level.Store(int32(levelOff))
	return c
}

func (c *conn) legacy() (p protocol, negotiated bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.proto, c.negotiated
}

func (c *conn) logLevel() logLevel { return logLevel(c.level.Load()) }

func (c *conn) forget(cl *call) {
	c.mu.Lock()
	if c.calls[cl.key] == cl {
		delete(c.calls, cl.key)
	}
	c.mu.Unlock()
}

// receive handles one incoming message: a request, a notification, a
// response (ignored) or, under protocol 2025-03-26, a batch of them.
//
// Everything that must happen in arrival order happens before receive
// returns: initialize, logging/setLevel, cancellation, and the registration
// of a tool call, so that a cancellation read next finds it. receive then
// returns either the reply (nil when none is due) or, for tool calls, a run
// function that executes the call and returns the reply (nil when the call
// was cancelled). A transport may call run on another goroutine; until run
// returns, msg must not be modified.
//
// out sends a notification that belongs to the request (progress, log
// messages, a subscription acknowledgement); it is called only before the
// reply is returned, and must be safe for concurrent use.
func (c *conn) receive(ctx context.Context, msg []byte, out func([]byte)) (reply []byte, run func() []byte) {
	msg = jsontext.TrimSpace(msg)
	if len(msg) > 0 && msg[0] == '[' {
		return c.receiveBatch(ctx, msg, out)
	}
	return c.receiveOne(ctx, msg, out, false)
}

func (c *conn) receiveOne(ctx context.Context, msg []byte, out func([]byte), inBatch bool) ([]byte, func() []byte) {
	env, perr := parseEnvelope(msg)
	if perr != nil {
		id := readableID(env.ID)
		if perr.code == codeParseError {
			id = nil // a member read before the syntax error is not to be trusted
		}
		return errorReply(id, perr), nil
	}
	if env.Method == "" {
		if len(env.ID) > 0 && (env.Result != nil || env.Error != nil) {
			// A response to a request the server sent (see askLegacy);
			// one that nothing awaits is dropped.
			if !c.outbound.deliver(env.ID, env.Result, env.Error) {
				c.srv.replicas.forwardAnswer(c, env.ID, env.Result, env.Error)
			}
			return nil, nil
		}
		return errorReply(readableID(env.ID), errorf(codeInvalidRequest, "Invalid Request: missing method")), nil
	}
	if env.JSONRPC != "2.0" {
		return errorReply(readableID(env.ID), errorf(codeInvalidRequest, `Invalid Request: jsonrpc must be "2.0"`)), nil
	}
	if env.ID == nil {
		c.notification(env.Method, env.Params)
		return nil, nil
	}
	if !validID(env.ID) {
		return errorReply(nil, errorf(codeInvalidRequest, "Invalid Request: id must be a string or a number")), nil
	}
	return c.request(ctx, &env, out, inBatch)
}

// readableID returns id if it can be echoed in an error, else nil.
func readableID(id json.RawMessage) json.RawMessage {
	if validID(id) {
		return id
	}
	return nil
}

func (c *conn) receiveBatch(ctx context.Context, msg []byte, out func([]byte)) ([]byte, func() []byte) {
	var items []json.RawMessage
	if err := json.Unmarshal(msg, &items); err != nil {
		return errorReply(nil, errorf(codeParseError, "Parse error: invalid JSON")), nil
	}
	// Batches exist only in 2025-03-26 (spec 2025-03-26 basic).
	if p, ok := c.legacy(); !ok || p != proto20250326 {
		return errorReply(nil, errorf(codeInvalidRequest, "Invalid Request: batches are allowed only under protocol version 2025-03-26")), nil
	}
	if len(items) == 0 {
		return errorReply(nil, errorf(codeInvalidRequest, "Invalid Request: empty batch")), nil
	}
	replies := make([][]byte, len(items))
	runs := make([]func() []byte, len(items))
	async := false
	for i, item := range items {
		replies[i], runs[i] = c.receiveOne(ctx, item, out, true)
		async = async || runs[i] != nil
	}
	if !async {
		return joinBatch(replies), nil
	}
	return nil, func() []byte {
		// At most maxBatchParallel calls of a batch run at once: one message
		// of 64 MiB could otherwise start a million goroutines.
		var wg sync.WaitGroup
		slots := make(chan struct{}, maxBatchParallel)
		for i, run := range runs {
			if run != nil {
				slots <- struct{}{}
				wg.Go(func() {
					defer func() { <-slots }()
					replies[i] = run()
				})
			}
		}
		wg.Wait()
		return joinBatch(replies)
	}
}

// maxBatchParallel is how many tool calls of one batch run at once.
const maxBatchParallel = 64

// joinBatch returns the batch reply: an array of the non-nil replies, or nil
// when there is none (a batch of notifications).
func joinBatch(replies [][]byte) []byte {
	var b []byte
	for _, r := range replies {
		if r == nil {
			continue
		}
		if b == nil {
			b = append(b, '[')
		} else {
			b = append(b, ',')
		}
		b = append(b, r...)
	}
	if b != nil {
		b = append(b, ']')
	}
	return b
}

func (c *conn) notification(method string, params []byte) {
	if f := notifications[method]; f != nil {
		f(c, params)
	}
}

// cancelled handles notifications/cancelled.
func (c *conn) cancelled(params json.RawMessage) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	// Malformed or unknown cancellations are ignored (spec 2026-07-28
	// basic/utilities/cancellation).
	if decodeParams(params, &p) != nil || !validID(p.RequestID) {
		return
	}
	c.mu.Lock()
	cl := c.calls[string(p.RequestID)]
	c.mu.Unlock()
	if cl != nil {
		cl.cancelByClient()
	} else {
		c.srv.replicas.forwardCancel(c, p.RequestID)
	}
}

// protocolFor returns the protocol to serve a request with, from its _meta
// or else from the connection's negotiated (or default) legacy version.
//
// A connection that started with a modern request (a client that began with
// server/discover) is a modern client: a later request of its without the
// modern _meta lacks required fields and gets -32602 (spec 2026-07-28 basic),
// rather than the lenient legacy reading that a connection which never
// spoke the modern protocol gets.
func (c *conn) protocolFor(m *requestMeta) (protocol, requestEra, *rpcError) {
	era, err := m.era()
	if err != nil {
		return 0, era, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if era.modern {
		if !c.negotiated {
			c.modern = true
		}
		return proto20260728, era, nil
	}
	if c.modern {
		return 0, era, errorf(codeInvalidParams, "Missing _meta field "+metaProtocolVersion)
	}
	return c.proto, era, nil
}

// request answers a request with the handler of its method (methods.go).
func (c *conn) request(ctx context.Context, env *envelope, out func([]byte), inBatch bool) ([]byte, func() []byte) {
	m := methodByName[env.Method]
	if m == nil {
		reply := errorReply(env.ID, errorf(codeMethodNotFound, "Method not found: "+env.Method))
		if c.srv.chain != nil {
			reply = c.interceptUnknown(ctx, env, reply)
		}
		return reply, nil
	}
	r := request{ctx: ctx, method: m, id: env.ID, params: env.Params, out: out, inBatch: inBatch}
	if c.srv.chain != nil {
		return c.intercept(m, r)
	}
	if m.serve.runs == runsLater {
		return nil, func() []byte {
			reply, _ := m.serve.fn(c, r)
			return reply
		}
	}
	return m.serve.fn(c, r)
}

// listParams are the params of the list methods.
type listParams struct {
	metaParams
	Cursor *string `json:"cursor"`
}

func (c *conn) listTools(r request, p *listParams) []byte {
	cursor := ""
	if p.Cursor != nil {
		cursor = *p.Cursor
	}
	page, ok := c.srv.toolList(r.ctx, c.srv.snapshot()).page(r.proto, cursor)
	if !ok {
		return errorReply(r.id, errorf(codeInvalidParams, "Invalid cursor"))
	}
	return appendResult(make([]byte, 0, len(page)+48+len(r.id)), r.id, page)
}

// initParams are the params of initialize, which 2026-07-28 removed: a
// modern request never initializes (the method's row opens a session, see
// conn.admit).
type initParams struct {
	metaParams
	ProtocolVersion *string         `json:"protocolVersion"`
	Capabilities    json.RawMessage `json:"capabilities"`
}

func (c *conn) initialize(r request, p *initParams) []byte {
	if p.ProtocolVersion == nil {
		return errorReply(r.id, errorf(codeInvalidParams, "Invalid params: missing protocolVersion"))
	}
	// Echo a supported legacy version, else offer the latest legacy one
	// (spec 2025-11-25 basic/lifecycle). 2026-07-28 is not negotiated by initialize.
	proto, ok := parseProtocol(*p.ProtocolVersion)
	if !ok || proto.modern() {
		proto = latestLegacy
	}
	c.mu.Lock()
	if !c.negotiated {
		c.started = time.Now()
	}
	c.proto, c.negotiated, c.modern = proto, true, false
	c.caps = parseClientCaps(p.Capabilities)
	c.mu.Unlock()
	if c.stdio {
		// An HTTP session begins once its id is sent (httpHandler.initialize).
		c.beginSession()
	}
	ts := c.srv.snapshot()
	if text, ok := c.srv.narrowed(r.ctx, ts); ok {
		return appendResult(nil, r.id, c.srv.initializeResult(ts, proto, text))
	}
	return appendResult(nil, r.id, ts.initResult[proto])
}

func (c *conn) ping(r request, _ *metaParams) []byte {
	return appendResult(nil, r.id, c.srv.emptyResult[r.proto])
}

func (c *conn) discover(r request, _ *metaParams) []byte {
	ts := c.srv.snapshot()
	if text, ok := c.srv.narrowed(r.ctx, ts); ok {
		return appendResult(nil, r.id, c.srv.discoverResult(ts, text, true))
	}
	return appendResult(nil, r.id, ts.discover)
}

// levelParams are the params of logging/setLevel, which 2026-07-28 removed:
// the level travels in each request's _meta.
type levelParams struct {
	metaParams
	Level *string `json:"level"`
}

func (c *conn) setLevel(r request, p *levelParams) []byte {
	if p.Level == nil {
		return errorReply(r.id, errorf(codeInvalidParams, "Invalid params: missing level"))
	}
	l, ok := parseLevel(*p.Level)
	if !ok {
		return errorReply(r.id, errorf(codeInvalidParams, "Invalid params: unknown log level "+*p.Level))
	}
	c.level.Store(int32(l))
	return appendResult(nil, r.id, c.srv.emptyResult[r.proto])
}

func (c *conn) taskRequest(r request, p *metaParams) []byte {
	res, e := c.srv.taskRequest(r.ctx, r.method.name, r.params, p.Meta)
	if e != nil {
		return errorReply(r.id, e)
	}
	return appendResult(nil, r.id, res)
}

// listenParams are the params of subscriptions/listen.
type listenParams struct {
	metaParams
	Notifications *listenFilter `json:"notifications"`
}

// listenFilter is what a subscriptions/listen request asks to hear of.
type listenFilter struct {
	ToolsListChanged      bool     `json:"toolsListChanged"`
	PromptsListChanged    bool     `json:"promptsListChanged"`
	ResourcesListChanged  bool     `json:"resourcesListChanged"`
	ResourceSubscriptions []string `json:"resourceSubscriptions"`
}

func (c *conn) listenRequest(r request, p *listenParams) ([]byte, func() []byte) {
	if p.Notifications == nil {
		return r.fail(errorf(codeInvalidParams, "Invalid params: missing notifications"))
	}
	return c.listen(r.ctx, r.id, p.Notifications, r.out)
}

// startCall registers a tools/call, admitted with params p, and returns
// the function that runs it. Its passes: the tool it names (callee), its
// arguments (callArguments), the call's state (newCall), its place among
// the calls in flight (register), and the context it runs under
// (call.runContext).
func (c *conn) startCall(r request, p toolCallParams) ([]byte, func() []byte) {
	t, e := c.callee(r.ctx, p.name)
	if e != nil {
		return r.fail(e)
	}
	args, e := callArguments(p.args)
	if e != nil {
		return r.fail(e)
	}
	cl, req, e := c.newCall(r, p, t, args)
	if e != nil {
		return r.fail(e)
	}
	if e := c.register(cl); e != nil {
		return r.fail(e)
	}
	ctx := context.WithValue(cl.runContext(r.ctx), callKey{}, cl)
	if req != nil {
		cl.t, cl.args = t, args
		// The target is the tool's own name, the one the params name: no
		// second copy of it.
		c.fillRequest(req, r.method.name, r.id, r.params, noTarget)
		req.Target, req.call, req.tool = t.Name, cl, t.chain
		return nil, func() []byte { return c.srv.replyTo(ctx, req) }
	}
	id := r.id
	return nil, func() []byte { return c.srv.run(ctx, cl, t, id, args) }
}

// callee returns the tool that a tools/call names (nameRaw, as sent), if
// the caller may call it.
func (c *conn) callee(ctx context.Context, nameRaw []byte) (*tool, *rpcError) {
	if nameRaw == nil {
		return nil, errorf(codeInvalidParams, "Invalid params: missing name")
	}
	name, ok := jsontext.Unquote(nameRaw)
	if !ok {
		return nil, errorf(codeInvalidParams, "Invalid params: name must be a string")
	}
	t := c.srv.snapshot().byName[name]
	if t != nil && !sees(ctx, t) {
		t = nil // outside the request's toolsets: unknown to it
	}
	if t != nil {
		switch c.srv.access(ctx, Item{ItemTool, t.Name, t.Scopes}) {
		case accessHidden:
			t = nil
		case accessNoScope:
			return nil, errScope("tool "+t.Name, t.Scopes)
		}
	}
	if t == nil {
		return nil, errorf(codeInvalidParams, "Unknown tool: "+name)
	}
	return t, nil
}

// callArguments returns the arguments of a tools/call: an object, {} when
// absent or null.
func callArguments(args json.RawMessage) (json.RawMessage, *rpcError) {
	switch {
	case len(args) == 0 || string(args) == "null":
		return json.RawMessage(`{}`), nil
	case args[0] != '{':
		// Arguments that are not an object do not fit CallToolRequest: a
		// protocol error, not a tool execution error (spec 2026-07-28
		// server/tools#error-handling).
		return nil, errorf(codeInvalidParams, "Invalid params: arguments must be an object")
	}
	return args, nil
}

// newCall returns the state of the call r of tool t with args, and, when
// the call runs through middleware, what middleware sees of it (else nil).
func (c *conn) newCall(r request, p toolCallParams, t *tool, args json.RawMessage) (*call, *Request, *rpcError) {
	var cl *call
	var req *Request
	if r.intercepted {
		ic := new(interceptedCall)
		cl, req = &ic.call, &ic.req
	} else {
		cl = new(call)
	}
	proto, meta := r.proto, p.meta
	*cl = call{srv: c.srv, conn: c, tool: t.Name, key: string(r.id), out: r.out, protocol: proto, level: r.era.logLevel}
	if !proto.modern() {
		// notifications/cancelled frees the POST (modern calls end with
		// their requests).
		cl.post, _ = r.ctx.Value(questionOutKey{}).(carrier)
	}
	if proto.modern() {
		var e *rpcError
		if cl.input, e = c.srv.newRoundInput(parseClientCaps(meta.ClientCapabilities), t.Name, args, p.responses, p.state); e != nil {
			return nil, nil, e
		}
	}
	if proto.modern() && t.TaskSupport != TaskForbidden {
		if !clientHasTasks(meta.ClientCapabilities) {
			if t.TaskSupport == TaskRequired {
				return nil, nil, errNeedTasks()
			}
		} else {
			cl.task = newTask()
			cl.task.creator = IdentityFrom(r.ctx).owner()
		}
	}
	if meta != nil && validID(meta.ProgressToken) {
		cl.token = meta.ProgressToken
	}
	return cl, req, nil
}

// register adds cl to the calls in flight, where a cancellation read next
// finds it, unless its id is in use.
func (c *conn) register(cl *call) *rpcError {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, busy := c.calls[cl.key]; busy {
		return errorf(codeInvalidRequest, "Invalid Request: id is already used by a request in progress")
	}
	c.calls[cl.key] = cl
	return nil
}

// runContext returns the context that cl runs under, from ctx, its
// request's, and sets cl.cancel and cl.stopWatch.
func (cl *call) runContext(ctx context.Context) context.Context {
	base, ok := ctx.Value(taskBaseKey{}).(context.Context)
	if !ok || cl.task == nil {
		// On stdio the context is the connection's, which a task may
		// share: it ends when Serve's does.
		cl.stopWatch = func() bool { return false }
		ctx, cl.cancel = context.WithCancel(ctx)
		return ctx
	}
	// A call that may become a task outlives its HTTP request: its
	// context ends with the request only until then (runTask), and with
	// base, the handler's, when the server shuts down.
	req := ctx
	ctx, cancel := context.WithCancel(context.WithoutCancel(req))
	stopBase := context.AfterFunc(base, cancel)
	cl.cancel = func() { stopBase(); cancel() }
	tk := cl.task
	cl.stopWatch = context.AfterFunc(req, func() {
		tk.mu.Lock()
		promoted := tk.promoted
		tk.mu.Unlock()
		if !promoted {
			cancel()
		}
	})
	return ctx
}
