package runtime

import (
	"context"
	"encoding/json"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is what the server speaks.

// methods are the requests a client may send: each with the protocol eras
// that have it, what the server must hold for it to exist, and how it runs
// and what answers it (serve), beside what it serves (dispatch.go,
// prompt.go, resource.go, complete.go, primitives.go,
// subscriptions_listen.go, task.go). conn.request looks a method up here;
// the server to client requests are in input.go.
//
// Adding a method is one row and a handler. Every handler is built by now,
// later, stream or toolCall, which say how the method runs; each decodes the
// request's params and admits it (conn.admit: era, capability) before the
// method's own function runs.
var methods = [...]method{
	{name: "initialize", eras: legacyEra, opens: true, serve: now((*conn).initialize), absent: " is not part of protocol 2026-07-28"},
	{name: "ping", eras: legacyEra, serve: now((*conn).ping), absent: " is not part of protocol 2026-07-28"},
	{name: "logging/setLevel", eras: legacyEra, serve: now((*conn).setLevel)},
	{name: "server/discover", eras: modernEra, serve: now((*conn).discover)},

	{name: "tools/list", eras: bothEras, serve: now((*conn).listTools)},
	{name: "tools/call", eras: bothEras, target: targetName, serve: toolCall((*conn).startCall)},

	{name: "prompts/list", eras: bothEras, needs: needPrompts, serve: now(listOf(func(ts *catalog) *pagedList { return &ts.prompts }))},
	{name: "prompts/get", eras: bothEras, needs: needPrompts, target: targetName, serve: later((*conn).getPrompt), absent: " (the server has no prompts)"},

	{name: "resources/list", eras: bothEras, needs: needResources, serve: now(listOf(func(ts *catalog) *pagedList { return &ts.resources }))},
	{name: "resources/templates/list", eras: bothEras, needs: needResources, serve: now(listOf(func(ts *catalog) *pagedList { return &ts.templateList }))},
	{name: "resources/read", eras: bothEras, needs: needResources, target: targetURI, serve: later((*conn).readResource), absent: " (the server has no resources)"},
	{name: "resources/subscribe", eras: legacyEra, needs: needResources, serve: now((*conn).subscribe)},
	{name: "resources/unsubscribe", eras: legacyEra, needs: needResources, serve: now((*conn).subscribe)},
	{name: "subscriptions/listen", eras: modernEra, serve: stream((*conn).listenRequest)},

	{name: "skills/list", eras: modernEra, needs: needSkills, serve: now((*conn).listSkills)},
	{name: "skills/get", eras: modernEra, needs: needSkills, serve: now((*conn).getSkill)},
	{name: "resources/directory/read", eras: modernEra, needs: needSkills, serve: now((*conn).readDirectory)},

	{name: "completion/complete", eras: bothEras, needs: needCompletions, serve: later((*conn).complete), absent: " (the server completes nothing)"},

	{name: "tasks/get", eras: modernEra, target: targetTaskID, serve: now((*conn).taskRequest)},
	{name: "tasks/update", eras: modernEra, target: targetTaskID, serve: now((*conn).taskRequest)},
	{name: "tasks/cancel", eras: modernEra, target: targetTaskID, serve: now((*conn).taskRequest)},
}

// notifications are the notifications the server acts on; every other one,
// and notifications/initialized, needs nothing.
var notifications = map[string]func(c *conn, params json.RawMessage){
	"notifications/cancelled": (*conn).cancelled,
}

// method is one row of methods.
type method struct {
	name   string
	eras   eras    // the eras that have the method
	needs  need    // what the server must hold for the method to exist
	target target  // the params member that Mcp-Name mirrors over HTTP (SEP-2663)
	serve  handler // how the method runs, and what answers it
	absent string  // added to "Method not found: name" where the method does not exist
	// opens: the request begins a legacy session (initialize). It must
	// not come in a batch, and it is admitted on a connection that spoke
	// the modern protocol first: a modern _meta alone keeps it out.
	opens bool
}

// A handler is how the requests of a method run, and the function that
// answers them; now, later, stream and toolCall build one.
type handler struct {
	runs runs
	// fn answers a request: with the reply, or with a function that runs
	// it and returns the reply (see conn.receive).
	fn func(c *conn, r request) (reply []byte, run func() []byte)
}

// runs is how the requests of a method run.
type runs uint8

const (
	// runsNow: answered before conn.receive returns, in arrival order.
	runsNow runs = iota
	// runsLater: the method may do I/O (prompts/get, resources/read,
	// completion/complete), so it runs as a tool call runs: in the
	// function that conn.receive returns, params and all.
	runsLater
	// runsStream: the request registers with the connection before
	// conn.receive returns (so that a cancellation finds it), and the
	// function that fn returns runs it (subscriptions/listen).
	runsStream
	// runsCall: as runsStream, and that function also runs the request
	// through the middleware, with what middleware sees of it allocated
	// with the call (tools/call: conn.startCall, interceptedCall).
	runsCall
)

// request is one request as its handler sees it.
type request struct {
	ctx     context.Context
	method  *method
	id      json.RawMessage
	params  json.RawMessage
	out     func([]byte) // see conn.receive
	inBatch bool
	proto   protocol   // set when the request is admitted
	era     requestEra // set when the request is admitted
	// intercepted: the server has middleware, and a tools/call's handler
	// runs the call through it (conn.intercept).
	intercepted bool
}

func (r *request) fail(e *rpcError) ([]byte, func() []byte) { return errorReply(r.id, e), nil }

// eras is a set of protocol eras.
type eras uint8

const (
	legacyEra eras = 1 << iota // 2024-11-05 to 2025-11-25: sessions begun by initialize
	modernEra                  // 2026-07-28: stateless, the version in each request's _meta
	bothEras  = legacyEra | modernEra
)

// need is what the server must hold for a method to exist: the capability
// it declares only then (catalog.capabilities).
type need uint8

const (
	needNothing need = iota
	needPrompts
	needResources
	needCompletions
	needSkills // the skills extension (skills.go)
)

func (ts *catalog) holds(n need) bool {
	switch n {
	case needPrompts:
		return ts.hasPrompts()
	case needResources:
		return ts.hasResources()
	case needCompletions:
		return ts.completions
	case needSkills:
		return ts.hasSkills()
	}
	return true
}

// target names the member of a request's params that says what the request
// is about.
type target uint8

const (
	noTarget     target = iota
	targetName          // name: the tool or prompt
	targetURI           // uri: the resource
	targetTaskID        // taskId: the task
)

// methodByName indexes methods.
var methodByName = func() map[string]*method {
	m := make(map[string]*method, len(methods))
	for i := range methods {
		m[methods[i].name] = &methods[i]
	}
	return m
}()

// notFound is the error for a request of m where m does not exist.
func (m *method) notFound() *rpcError {
	return errorf(codeMethodNotFound, "Method not found: "+m.name+m.absent)
}

// admit returns the protocol to serve a request of m with, from its _meta,
// or the error that answers it where m does not exist: a legacy-only
// method under 2026-07-28 or one whose capability the server lacks is not
// found (-32601), and a modern-only method without the modern _meta lacks
// required fields (-32602). A method that opens a session (initialize) is
// only kept out by a modern _meta.
func (c *conn) admit(m *method, meta *requestMeta) (protocol, requestEra, *rpcError) {
	if m.opens {
		// The session's version comes from the params (conn.initialize);
		// a _meta that cannot be read is not the modern one.
		if era, _ := meta.era(); era.modern {
			return proto20260728, era, m.notFound()
		}
		return defaultLegacy, requestEra{logLevel: levelOff}, nil
	}
	proto, era, e := c.protocolFor(meta)
	switch {
	case e != nil:
		return proto, era, e
	case proto.modern() && m.eras&modernEra == 0:
		return proto, era, m.notFound()
	case !proto.modern() && m.eras&legacyEra == 0:
		return proto, era, errorf(codeInvalidParams, "Missing _meta field "+metaProtocolVersion+": this method needs protocol version 2026-07-28")
	case m.needs != needNothing && !c.srv.snapshot().holds(m.needs):
		return proto, era, m.notFound()
	}
	return proto, era, nil
}

// admitRequest admits r, whose _meta is meta: it sets r.proto and r.era,
// or returns the error that answers r.
func (c *conn) admitRequest(r *request, meta *requestMeta) *rpcError {
	var e *rpcError
	r.proto, r.era, e = c.admit(r.method, meta)
	return e
}

// params is the constraint on a method's params: a pointer to a struct that
// embeds metaParams.
type params[P any] interface {
	*P
	requestMeta() *requestMeta
}

// decoded returns the function that decodes a request's params into a P,
// admits the request, and passes both to h.
func decoded[P any, PP params[P]](h func(c *conn, r request, p PP) ([]byte, func() []byte)) func(c *conn, r request) ([]byte, func() []byte) {
	return func(c *conn, r request) ([]byte, func() []byte) {
		if r.inBatch && r.method.opens {
			return r.fail(errorf(codeInvalidRequest, "Invalid Request: "+r.method.name+" must not be sent in a batch"))
		}
		p := PP(new(P))
		if e := decodeParams(r.params, p); e != nil {
			return r.fail(e)
		}
		if e := c.admitRequest(&r, p.requestMeta()); e != nil {
			return r.fail(e)
		}
		return h(c, r, p)
	}
}

// answered adapts a function that answers at once to decoded.
func answered[P any, PP params[P]](h func(c *conn, r request, p PP) []byte) func(c *conn, r request, p PP) ([]byte, func() []byte) {
	return func(c *conn, r request, p PP) ([]byte, func() []byte) { return h(c, r, p), nil }
}

// now is the handler of a method answered at once.
func now[P any, PP params[P]](h func(c *conn, r request, p PP) []byte) handler {
	return handler{runsNow, decoded(answered(h))}
}

// later is the handler of a method that may do I/O: it runs, params and
// all, in the function that conn.receive returns.
func later[P any, PP params[P]](h func(c *conn, r request, p PP) []byte) handler {
	return handler{runsLater, decoded(answered(h))}
}

// stream is the handler of a method whose request registers with the
// connection before h returns the function that runs it.
func stream[P any, PP params[P]](h func(c *conn, r request, p PP) ([]byte, func() []byte)) handler {
	return handler{runsStream, decoded(h)}
}

// toolCall is the handler of tools/call. Its params are read without
// reflection (the arguments may be large, and are validated against the
// tool's schema when the call runs), and passed by value, so that reading
// them allocates nothing; then the request is admitted as every other.
func toolCall(h func(c *conn, r request, p toolCallParams) ([]byte, func() []byte)) handler {
	return handler{runsCall, func(c *conn, r request) ([]byte, func() []byte) {
		var p toolCallParams
		if e := p.read(r.params); e != nil {
			return r.fail(e)
		}
		if e := c.admitRequest(&r, p.meta); e != nil {
			return r.fail(e)
		}
		return h(c, r, p)
	}}
}

// toolCallParams are the params of tools/call, as sent.
type toolCallParams struct {
	name, args, responses, state []byte
	meta                         *requestMeta
}

// read reads the params raw of a tools/call.
func (p *toolCallParams) read(raw []byte) *rpcError {
	var metaRaw []byte
	if len(raw) > 0 && string(raw) != "null" {
		ok := jsontext.EachMember(raw, func(key, value []byte) {
			switch string(key) {
			case "name":
				p.name = value
			case "arguments":
				p.args = value
			case "_meta":
				metaRaw = value
			case "inputResponses":
				p.responses = value
			case "requestState":
				p.state = value
			}
		})
		if !ok {
			return errorf(codeInvalidParams, "Invalid params: not an object")
		}
	}
	var e *rpcError
	p.meta, e = parseMeta(metaRaw)
	return e
}
