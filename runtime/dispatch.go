package runtime

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"

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

	outbound outbound       // legacy: requests sent to the client, awaiting answers
	push     func([]byte)   // legacy: sends a message outside any request, nil if none
	listens  map[*call]bool // open subscriptions/listen streams with resource subscriptions

	running  map[*task]string // tasks started on this connection whose tools run, and the tools' names
	taskWait sync.WaitGroup   // counts the tools of running

	fleetSession string // the id of the fleet's legacy session that this is a replica's copy of
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
			if !c.outbound.deliver(env.ID, env.Result, env.Error) && c.fleetSession != "" {
				c.srv.fleet.forwardAnswer(c.fleetSession, env.ID, env.Result, env.Error)
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
	switch method {
	case "notifications/cancelled":
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
		} else if c.fleetSession != "" {
			c.srv.fleet.forwardCancel(c.fleetSession, p.RequestID)
		}
	}
	// notifications/initialized and every other notification need nothing.
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

func (c *conn) request(ctx context.Context, env *envelope, out func([]byte), inBatch bool) ([]byte, func() []byte) {
	id := env.ID
	fail := func(e *rpcError) ([]byte, func() []byte) { return errorReply(id, e), nil }
	s := c.srv
	switch env.Method {
	case "tools/call":
		return c.startCall(ctx, env, out)

	case "tools/list":
		var p struct {
			metaParams
			Cursor *string `json:"cursor"`
		}
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		proto, _, e := c.protocolFor(p.Meta)
		if e != nil {
			return fail(e)
		}
		cursor := ""
		if p.Cursor != nil {
			cursor = *p.Cursor
		}
		ts := s.snapshot()
		page, ok := s.toolList(ctx, ts).page(proto, cursor)
		if !ok {
			return fail(errorf(codeInvalidParams, "Invalid cursor"))
		}
		return appendResult(make([]byte, 0, len(page)+48+len(id)), id, page), nil

	case "prompts/list", "resources/list", "resources/templates/list":
		return c.listPrimitive(ctx, id, env.Method, env.Params), nil

	case "prompts/get":
		return nil, runPrimitive(ctx, func(ctx context.Context) []byte { return c.getPrompt(ctx, id, env.Params) })

	case "resources/read":
		return nil, runPrimitive(ctx, func(ctx context.Context) []byte { return c.readResource(ctx, id, env.Params) })

	case "completion/complete":
		return nil, runPrimitive(ctx, func(ctx context.Context) []byte { return c.complete(ctx, id, env.Params) })

	case "resources/subscribe", "resources/unsubscribe":
		return c.subscribe(id, env.Method, env.Params), nil

	case "initialize":
		var p struct {
			metaParams
			ProtocolVersion *string         `json:"protocolVersion"`
			Capabilities    json.RawMessage `json:"capabilities"`
		}
		if inBatch {
			return fail(errorf(codeInvalidRequest, "Invalid Request: initialize must not be sent in a batch"))
		}
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		if era, _ := p.Meta.era(); era.modern {
			// Removed in 2026-07-28: a modern request never initializes.
			return fail(errorf(codeMethodNotFound, "Method not found: initialize is not part of protocol 2026-07-28"))
		}
		if p.ProtocolVersion == nil {
			return fail(errorf(codeInvalidParams, "Invalid params: missing protocolVersion"))
		}
		// Echo a supported legacy version, else offer the latest legacy one
		// (spec 2025-11-25 basic/lifecycle). 2026-07-28 is not negotiated by initialize.
		proto, ok := parseProtocol(*p.ProtocolVersion)
		if !ok || proto.modern() {
			proto = latestLegacy
		}
		c.mu.Lock()
		c.proto, c.negotiated, c.modern = proto, true, false
		c.caps = parseClientCaps(p.Capabilities)
		c.mu.Unlock()
		return appendResult(nil, id, s.snapshot().initResult[proto]), nil

	case "ping":
		var p metaParams
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		proto, _, e := c.protocolFor(p.Meta)
		if e != nil {
			return fail(e)
		}
		if proto.modern() {
			return fail(errorf(codeMethodNotFound, "Method not found: ping is not part of protocol 2026-07-28"))
		}
		return appendResult(nil, id, s.emptyResult[proto]), nil

	case "server/discover":
		var p metaParams
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		if e := c.requireModern(p.Meta); e != nil {
			return fail(e)
		}
		return appendResult(nil, id, s.snapshot().discover), nil

	case "logging/setLevel":
		var p struct {
			metaParams
			Level *string `json:"level"`
		}
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		proto, _, e := c.protocolFor(p.Meta)
		if e != nil {
			return fail(e)
		}
		if proto.modern() {
			// Removed in 2026-07-28: the level travels in each request's _meta.
			return fail(errorf(codeMethodNotFound, "Method not found: logging/setLevel"))
		}
		if p.Level == nil {
			return fail(errorf(codeInvalidParams, "Invalid params: missing level"))
		}
		l, ok := parseLevel(*p.Level)
		if !ok {
			return fail(errorf(codeInvalidParams, "Invalid params: unknown log level "+*p.Level))
		}
		c.level.Store(int32(l))
		return appendResult(nil, id, s.emptyResult[proto]), nil

	case "tasks/get", "tasks/update", "tasks/cancel":
		var p metaParams
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		if e := c.requireModern(p.Meta); e != nil {
			return fail(e)
		}
		res, e := s.taskRequest(ctx, env.Method, env.Params, p.Meta)
		if e != nil {
			return fail(e)
		}
		return appendResult(nil, id, res), nil

	case "subscriptions/listen":
		var p struct {
			metaParams
			Notifications *struct {
				ResourceSubscriptions []string `json:"resourceSubscriptions"`
			} `json:"notifications"`
		}
		if e := decodeParams(env.Params, &p); e != nil {
			return fail(e)
		}
		if e := c.requireModern(p.Meta); e != nil {
			return fail(e)
		}
		if p.Notifications == nil {
			return fail(errorf(codeInvalidParams, "Invalid params: missing notifications"))
		}
		return c.listen(ctx, id, p.Notifications.ResourceSubscriptions, out)
	}
	return fail(errorf(codeMethodNotFound, "Method not found: "+env.Method))
}

// requireModern checks the _meta of a request for a method that exists only
// in the modern protocol.
func (c *conn) requireModern(m *requestMeta) *rpcError {
	p, _, e := c.protocolFor(m)
	if e != nil {
		return e
	}
	if !p.modern() {
		return errorf(codeInvalidParams, "Missing _meta field "+metaProtocolVersion+": this method needs protocol version 2026-07-28")
	}
	return nil
}

// startCall registers a tools/call and returns the function that runs it.
func (c *conn) startCall(ctx context.Context, env *envelope, out func([]byte)) ([]byte, func() []byte) {
	id := env.ID
	var nameRaw, args, metaRaw, responses, state []byte
	if len(env.Params) > 0 && string(env.Params) != "null" {
		ok := jsontext.EachMember(env.Params, func(key, value []byte) {
			switch string(key) {
			case "name":
				nameRaw = value
			case "arguments":
				args = value
			case "_meta":
				metaRaw = value
			case "inputResponses":
				responses = value
			case "requestState":
				state = value
			}
		})
		if !ok {
			return errorReply(id, errorf(codeInvalidParams, "Invalid params: not an object")), nil
		}
	}
	meta, e := parseMeta(metaRaw)
	if e != nil {
		return errorReply(id, e), nil
	}
	proto, era, e := c.protocolFor(meta)
	if e != nil {
		return errorReply(id, e), nil
	}
	if nameRaw == nil {
		return errorReply(id, errorf(codeInvalidParams, "Invalid params: missing name")), nil
	}
	name, ok := jsontext.Unquote(nameRaw)
	if !ok {
		return errorReply(id, errorf(codeInvalidParams, "Invalid params: name must be a string")), nil
	}
	t := c.srv.snapshot().byName[name]
	if t != nil {
		switch c.srv.access(ctx, Item{ItemTool, t.Name, t.Scopes}) {
		case accessHidden:
			t = nil
		case accessNoScope:
			return errorReply(id, errScope("tool "+t.Name, t.Scopes)), nil
		}
	}
	if t == nil {
		return errorReply(id, errorf(codeInvalidParams, "Unknown tool: "+name)), nil
	}
	switch {
	case len(args) == 0 || string(args) == "null":
		args = json.RawMessage(`{}`)
	case args[0] != '{':
		// Arguments that are not an object do not fit CallToolRequest: a
		// protocol error, not a tool execution error (spec 2026-07-28
		// server/tools#error-handling).
		return errorReply(id, errorf(codeInvalidParams, "Invalid params: arguments must be an object")), nil
	}
	cl := &call{srv: c.srv, conn: c, tool: t.Name, key: string(id), out: out, protocol: proto, level: era.logLevel}
	if proto.modern() {
		if cl.input, e = c.srv.newRoundInput(parseClientCaps(meta.ClientCapabilities), t.Name, args, responses, state); e != nil {
			return errorReply(id, e), nil
		}
	}
	if proto.modern() && t.TaskSupport != TaskForbidden {
		if !clientHasTasks(meta.ClientCapabilities) {
			if t.TaskSupport == TaskRequired {
				return errorReply(id, errNeedTasks()), nil
			}
		} else {
			cl.task = newTask()
			cl.task.creator = IdentityFrom(ctx).owner()
		}
	}
	if meta != nil && validID(meta.ProgressToken) {
		cl.token = meta.ProgressToken
	}
	c.mu.Lock()
	if _, busy := c.calls[cl.key]; busy {
		c.mu.Unlock()
		return errorReply(id, errorf(codeInvalidRequest, "Invalid Request: id is already used by a request in progress")), nil
	}
	c.calls[cl.key] = cl
	c.mu.Unlock()
	if base, ok := ctx.Value(taskBaseKey{}).(context.Context); ok && cl.task != nil {
		// A call that may become a task outlives its HTTP request: its
		// context ends with the request only until then (runTask), and
		// with base, the handler's, when the server shuts down.
		req := ctx
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(context.WithoutCancel(req))
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
	} else {
		// On stdio the context is the connection's, which a task may
		// share: it ends when Serve's does.
		cl.stopWatch = func() bool { return false }
		ctx, cl.cancel = context.WithCancel(ctx)
	}
	ctx = context.WithValue(ctx, callKey{}, cl)
	return nil, func() []byte { return c.srv.run(ctx, cl, t, id, args) }
}
