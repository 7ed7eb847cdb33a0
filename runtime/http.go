package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the Streamable HTTP transport (spec 2026-07-28
// basic/transports/streamable-http): one endpoint that serves modern stateless
// requests, legacy sessions and plain stateless JSON-RPC requests side by side.

// An HTTPOption configures the handler returned by [Server.HTTPHandler].
type HTTPOption func(*httpConfig)

type httpConfig struct {
	allowedOrigins []string // nil: same host or loopback origins
	allowedHosts   []string // nil: loopback names on loopback connections
	idle           time.Duration
	maxSessions    int
	keepAlive      time.Duration
	bodyMemory     int64
	middleware     []func(http.Handler) http.Handler // outermost first
	oauth          *oauthConfig                      // nil: no authorization (http_oauth.go)
	card           *ServerCard                       // WithServerCard (servercard.go)
}

// DefaultSessionIdleTimeout is how long a legacy session may stay unused
// before it ends. See [WithSessionIdleTimeout].
const DefaultSessionIdleTimeout = 30 * time.Minute

// DefaultMaxSessions is how many legacy sessions may be open at once. See
// [WithMaxSessions].
const DefaultMaxSessions = 10000

// WithAllowedOrigins sets the browser origins (such as
// "https://app.example.com") that may send requests. A request whose Origin
// header is not listed is refused with 403 Forbidden; "*" allows every
// origin, and no origins refuse every request that has an Origin header.
// Requests without one (browsers send it on every cross-origin request) are
// always allowed. Listed origins also get the CORS headers that let a web
// page read the answers, and OPTIONS preflight requests are answered.
//
// Without this option an origin is allowed when its host and port equal the
// request's Host header, or when it names the loopback interface
// (localhost, 127.0.0.1, [::1]).
func WithAllowedOrigins(origins ...string) HTTPOption {
	return func(c *httpConfig) { c.allowedOrigins = append([]string{}, origins...) }
}

// WithAllowedHosts sets the values of the Host header that the handler
// accepts, with or without a port ("mcp.example.com", "localhost:8080");
// "*" allows any. Other requests are refused with 403 Forbidden.
//
// Without this option, a request that arrives on a loopback address must
// name a loopback host (localhost, 127.0.0.1 or [::1]): a web page whose
// DNS name was rebound to 127.0.0.1 cannot reach a local server. Requests on
// other addresses are not checked. A server behind a reverse proxy on the
// same machine that forwards the public Host needs this option.
func WithAllowedHosts(hosts ...string) HTTPOption {
	return func(c *httpConfig) { c.allowedHosts = append([]string{}, hosts...) }
}

// WithSessionIdleTimeout sets how long a legacy session may go without a
// request before it ends (default [DefaultSessionIdleTimeout]); its client
// then gets 404 Not Found and starts a new one. A session with a request in
// progress or an open GET stream does not expire. d <= 0 disables expiry.
func WithSessionIdleTimeout(d time.Duration) HTTPOption {
	return func(c *httpConfig) { c.idle = max(d, 0) }
}

// WithMaxSessions limits how many legacy sessions may be open at once
// (default [DefaultMaxSessions]). An initialize request beyond the limit is
// refused with 503 Service Unavailable. n <= 0 removes the limit.
func WithMaxSessions(n int) HTTPOption {
	return func(c *httpConfig) { c.maxSessions = max(n, 0) }
}

// httpHandler is the http.Handler of one [Server.HTTPHandler] call.
type httpHandler struct {
	srv      *Server
	cfg      httpConfig
	sessions *sessionStore

	paramHeaders sync.Map // *tool -> []paramHeader

	bodies *bodyBudget // the memory of the request bodies being read or handled

	// closing is closed when the http.Server that serves the handler shuts
	// down (see [Server.ListenAndServeHTTP]): standalone GET streams never
	// go idle by themselves, so they end there and let Shutdown finish.
	closing chan struct{}

	// taskBase is what the tasks of modern calls run under, once they
	// outlive their requests; stopTasks ends it at shutdown.
	taskBase  context.Context
	stopTasks context.CancelFunc
	closeOnce sync.Once

	// workers run the calls: a goroutine that served one call has the
	// stack the next one needs (a fresh goroutine grows its stack, by
	// copying, in every call).
	workers workerPool
}

// closeStreams ends every standalone GET stream, now and from now on.
func (h *httpHandler) closeStreams() {
	h.closeOnce.Do(func() { close(h.closing) })
}

// HTTPHandler returns an http.Handler that serves the MCP Streamable HTTP
// transport on a single endpoint, usually mounted at /mcp:
//
//	mux := http.NewServeMux()
//	mux.Handle("/mcp", srv.HTTPHandler())
//	hs := &http.Server{Addr: "127.0.0.1:8080", Handler: mux, ReadHeaderTimeout: 10 * time.Second}
//	err := hs.ListenAndServe()
//
// It serves three kinds of client on the same endpoint:
//
//   - Modern clients (protocol 2026-07-28) POST one request at a time with
//     the version in params._meta and the MCP-Protocol-Version, Mcp-Method
//     and (for tools/call) Mcp-Name headers, which must match the body
//     (else 400 Bad Request, error -32020). There are no sessions; GET and
//     DELETE get 405 Method Not Allowed. Closing the connection cancels the
//     call.
//   - Legacy clients (2025-11-25 and earlier) POST initialize and get an
//     Mcp-Session-Id header, which they send with every later request.
//     A GET opens a stream for server messages, a DELETE ends the session,
//     and an unknown or expired session gets 404 Not Found. Calls survive a
//     dropped connection; they end when the session does.
//   - A POST with neither a session nor modern _meta is served on its own,
//     as under protocol 2025-03-26: a plain
//     curl -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
//     gets the tool list.
//
// A request is answered with one JSON object, or with a text/event-stream
// when the client accepts one and the call sends progress or log
// notifications before its result.
//
// Every request's Origin and Host headers are checked (see
// [WithAllowedOrigins] and [WithAllowedHosts]). The handler does not
// authenticate anyone by itself: add a check with [WithMiddleware], such as
// [RequireBearerToken]. The request body may hold
// at most the server's maximum message size ([WithMaxMessageSize]); a
// larger one gets 413 Request Entity Too Large (before it is read, when its
// Content-Length says so), and the bodies being read or handled share one
// memory budget ([WithBodyMemory]). Limits on headers and
// timeouts belong to the http.Server: set ReadHeaderTimeout (and
// MaxHeaderBytes, IdleTimeout) there, but no WriteTimeout, which would cut
// long calls and event streams short. Bind a local server to 127.0.0.1, not
// to all interfaces. HTTPHandler panics when the choice of toolsets names
// one that no [Toolset] has (declare the toolsets, with the generated
// RegisterTools, before calling it).
//
// The request headers X-MCP-Toolsets (toolset names, comma-separated, or
// all or default) and X-MCP-Readonly (1 or true) narrow the tools that
// request sees within those the server serves, never widening them: the
// tools/list, the tools it may call, and the toolset lines of the
// instructions of initialize and server/discover. They apply to the
// request that carries them, so a client sends them with every request of
// a session. A header naming a toolset the server does not declare, or a
// value of X-MCP-Readonly other than 1, true, 0 or false, is answered with
// 400 and a JSON-RPC error (-32602) that names the known toolsets.
func (s *Server) HTTPHandler(opts ...HTTPOption) http.Handler {
	if err := s.checkToolsets(); err != nil {
		panic(err)
	}
	h := s.newHTTPHandler(opts...)
	if h.cfg.card != nil {
		// The handler serves the endpoint alone: a card given to it would
		// otherwise be dropped without a word.
		s.logger.Warn("WithServerCard is an option of ListenAndServeHTTP; beside HTTPHandler, mount srv.ServerCardHandler(card) at the endpoint's path + /server-card")
	}
	return h.cfg.wrap(h)
}

func (s *Server) newHTTPHandler(opts ...HTTPOption) *httpHandler {
	h := &httpHandler{srv: s, cfg: httpConfig{
		idle:        DefaultSessionIdleTimeout,
		maxSessions: DefaultMaxSessions,
		keepAlive:   25 * time.Second,
	}, closing: make(chan struct{}), workers: workerPool{linger: workerLinger}}
	h.taskBase, h.stopTasks = context.WithCancel(context.Background())
	for _, opt := range opts {
		opt(&h.cfg)
	}
	h.sessions = newSessionStore(h.cfg.idle, h.cfg.maxSessions)
	h.bodies = newBodyBudget(h.cfg.bodyMemory, int64(s.maxMessage))
	s.replicas.addHandler(h)
	return h
}

// ServeHTTP implements http.Handler.
func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.cfg.hostAllowed(r) {
		httpError(w, http.StatusForbidden, codeInvalidRequest, "Forbidden: Host header not allowed")
		return
	}
	if !h.cfg.originAllowed(r) {
		httpError(w, http.StatusForbidden, codeInvalidRequest, "Forbidden: Origin not allowed")
		return
	}
	if h.cfg.allowedOrigins != nil && r.Header.Get("Origin") != "" && cors(w, r) {
		return
	}
	if h.cfg.oauth != nil && r.Method != http.MethodOptions {
		id := h.cfg.oauth.authenticate(w, r)
		if id == nil {
			return
		}
		r = r.WithContext(ContextWithIdentity(r.Context(), id))
	}
	if ch, msg := h.srv.parseChoice(r); msg != "" {
		httpError(w, http.StatusBadRequest, codeInvalidParams, msg)
		return
	} else if ch != nil {
		r = r.WithContext(context.WithValue(r.Context(), choiceKey{}, ch))
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodGet:
		h.get(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		httpError(w, http.StatusMethodNotAllowed, codeInvalidRequest, "Method not allowed")
	}
}

// cors lets a listed origin, a browser client by design, read the answers
// (CORS), including the session id, and answers a preflight request, in
// which case it reports true.
func cors(w http.ResponseWriter, r *http.Request) bool {
	hd := w.Header()
	hd.Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
	hd.Add("Vary", "Origin")
	hd.Set("Access-Control-Expose-Headers", headerSessionID)
	if r.Method != http.MethodOptions {
		return false
	}
	hd.Set("Access-Control-Allow-Methods", "GET, POST, DELETE")
	if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
		hd.Set("Access-Control-Allow-Headers", req)
	}
	hd.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
	return true
}

// httpError writes a JSON-RPC error without id as the body of an HTTP error.
func httpError(w http.ResponseWriter, status, code int, message string) {
	writeJSON(w, status, errorReply(nil, errorf(code, message)))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// headerIsModern reports whether the request's MCP-Protocol-Version header
// names the modern protocol.
func headerIsModern(r *http.Request) bool {
	p, ok := parseProtocol(r.Header.Get(headerProtocolVersion))
	return ok && p.modern()
}

// postPeek is what the transport reads from a POSTed message before the
// core sees it: enough to tell the eras apart and to check the headers.
type postPeek struct {
	id     json.RawMessage
	method string
	meta   *requestMeta
	name   json.RawMessage // params.name
	uri    json.RawMessage // params.uri
	taskID json.RawMessage // params.taskId
	args   json.RawMessage // params.arguments

	// unreadable is set when the body is not a JSON-RPC message: no
	// header can be checked against it, and the core answers it (-32700
	// or -32600).
	unreadable bool
}

// peekMessage reads what the transport needs from a message. It reads
// member names exactly as the core does (case matters; escapes are
// decoded): the headers it checks against the body must describe the method
// and tool that will run, and encoding/json, which ignores case, would read
// "Name" where the core reads "name".
func peekMessage(body []byte) *postPeek {
	env, perr := parseEnvelope(body)
	if perr != nil || env.Method == "" && env.Result == nil && env.Error == nil {
		return &postPeek{unreadable: true}
	}
	p := &postPeek{id: env.ID, method: env.Method}
	var metaRaw []byte
	jsontext.EachMember(env.Params, func(key, value []byte) {
		switch string(key) {
		case "_meta":
			metaRaw = value
		case "name":
			p.name = value
		case "uri":
			p.uri = value
		case "taskId":
			p.taskID = value
		case "arguments":
			p.args = value
		}
	})
	if metaRaw != nil {
		p.meta, _ = parseMeta(metaRaw)
	}
	return p
}

func (h *httpHandler) post(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		httpError(w, http.StatusUnsupportedMediaType, codeInvalidRequest, "Unsupported Media Type: send Content-Type: application/json")
		return
	}
	body, lease := h.readBody(w, r)
	if lease == nil {
		return
	}
	defer lease.release()
	// Bodies that are not JSON-RPC messages are answered by the core, with
	// the error that the stdio transport gives them too (and status 400).
	body = jsontext.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		if headerIsModern(r) {
			httpError(w, http.StatusBadRequest, codeInvalidRequest, "Invalid Request: batches are not allowed under protocol version 2026-07-28")
			return
		}
		h.postLegacy(w, r, body, nil, lease)
		return
	}
	peek := peekMessage(body)
	if h.cfg.oauth != nil && h.checkScopes(w, r, peek) {
		return
	}
	era, eraErr := peek.meta.era()
	// An initialize with modern _meta or headers is a modern request for a
	// method that protocol 2026-07-28 removed: 404 with -32601.
	if era.modern || headerIsModern(r) || (eraErr != nil && peek.method != "initialize") {
		h.postModern(w, r, body, peek, lease)
		return
	}
	h.postLegacy(w, r, body, peek, lease)
}

// postModern serves one request of protocol 2026-07-28 (spec 2026-07-28
// basic/transports/streamable-http).
func (h *httpHandler) postModern(w http.ResponseWriter, r *http.Request, body []byte, peek *postPeek, lease *bodyLease) {
	isRequest := len(peek.id) > 0 && peek.method != ""
	var e *rpcError
	if !peek.unreadable {
		e = checkModernHeaders(r, peek, isRequest)
	}
	if e == nil && isRequest && peek.method == "tools/call" {
		e = h.checkParamHeaders(r, peek)
	}
	if e != nil {
		var id json.RawMessage
		if isRequest {
			id = readableID(peek.id)
		}
		writeJSON(w, http.StatusBadRequest, errorReply(id, e))
		return
	}
	if !isRequest {
		// A notification (cancellation is by disconnect on HTTP), a
		// response, or a malformed message that the core rejects.
		if reply, _ := h.srv.newConn().receive(r.Context(), body, func([]byte) {}); reply != nil {
			writeJSON(w, http.StatusBadRequest, reply)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	// Each modern request is served on a connection of its own: nothing is
	// shared between requests (spec 2026-07-28 basic). The request's context is the
	// call's: closing the stream cancels the call (spec 2026-07-28 basic/utilities/cancellation).
	ctx := context.WithValue(r.Context(), taskBaseKey{}, h.taskBase)
	if peek.method == "subscriptions/listen" {
		// A listen stream stays open: it ends when the server shuts down,
		// as the legacy GET stream does.
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-h.closing:
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	h.answer(w, r, ctx, h.srv.newConn(), body, lease, true)
}

// checkModernHeaders checks the headers that must mirror a modern request's
// body (spec 2026-07-28 basic/transports/streamable-http): MCP-Protocol-Version
// equal to the version in _meta, Mcp-Method equal to the method, and for
// tools/call Mcp-Name equal to the tool name. A request without the _meta
// version gets -32602.
func checkModernHeaders(r *http.Request, peek *postPeek, isRequest bool) *rpcError {
	mismatch := func(name string, err error) *rpcError {
		if err != nil {
			return errorf(codeHeaderMismatch, "Header mismatch: "+name+" header is "+err.Error())
		}
		return errorf(codeHeaderMismatch, "Header mismatch: "+name+" header does not match the request body")
	}
	meta := peek.meta
	if !isRequest {
		// Notifications carry no required _meta; check what is there.
		if m, err := headerValue(r.Header, headerMethod); err == nil && m != peek.method {
			return mismatch(headerMethod, nil)
		} else if errors.Is(err, errHeaderEncoding) {
			return mismatch(headerMethod, err)
		}
		return nil
	}
	if meta == nil || meta.ProtocolVersion == nil {
		return errorf(codeInvalidParams, "Missing _meta field "+metaProtocolVersion)
	}
	v, err := headerValue(r.Header, headerProtocolVersion)
	if err != nil {
		return mismatch(headerProtocolVersion, err)
	}
	if v != *meta.ProtocolVersion {
		return mismatch(headerProtocolVersion, nil)
	}
	m, err := headerValue(r.Header, headerMethod)
	if err != nil {
		return mismatch(headerMethod, err)
	}
	if m != peek.method {
		return mismatch(headerMethod, nil)
	}
	// Mcp-Name mirrors the name of tools/call and prompts/get, the uri of
	// resources/read, and the taskId of the tasks methods (SEP-2663): the
	// target of the method (methods.go).
	var nameMember json.RawMessage
	if m := methodByName[peek.method]; m != nil {
		switch m.target {
		case targetName:
			nameMember = peek.name
		case targetURI:
			nameMember = peek.uri
		case targetTaskID:
			nameMember = peek.taskID
		}
	}
	var name string
	if nameMember != nil && json.Unmarshal(nameMember, &name) == nil {
		n, err := headerValue(r.Header, headerName)
		if err != nil {
			return mismatch(headerName, err)
		}
		if n != name {
			return mismatch(headerName, nil)
		}
	}
	return nil
}

// checkParamHeaders checks the Mcp-Param headers of a modern tools/call
// when the tool's input schema asks for them.
func (h *httpHandler) checkParamHeaders(r *http.Request, peek *postPeek) *rpcError {
	var name string
	if json.Unmarshal(peek.name, &name) != nil {
		return nil
	}
	t := h.srv.snapshot().byName[name]
	if t == nil || !sees(r.Context(), t) {
		return nil // the core answers: unknown tool
	}
	ph, ok := h.paramHeaders.Load(t)
	if !ok {
		ph, _ = h.paramHeaders.LoadOrStore(t, paramHeaders(t.input))
	}
	return checkParamHeaders(r.Header, ph.([]paramHeader), peek.args)
}

// postLegacy serves a POST of the legacy protocol: initialize, a request of
// a session, or a stateless request (spec 2025-11-25 basic/transports). peek is nil
// for a batch.
func (h *httpHandler) postLegacy(w http.ResponseWriter, r *http.Request, body []byte, peek *postPeek, lease *bodyLease) {
	if peek != nil && peek.method == "initialize" && len(peek.id) > 0 {
		h.initialize(w, r, body)
		return
	}
	var version protocol
	if v := r.Header.Get(headerProtocolVersion); v != "" {
		p, ok := parseProtocol(v)
		if !ok || p.modern() {
			httpError(w, http.StatusBadRequest, codeInvalidRequest, "Bad Request: unsupported "+headerProtocolVersion+" "+strconv.Quote(v))
			return
		}
		version = p
	}
	id := r.Header.Get(headerSessionID)
	if id == "" {
		if version >= proto20250618 {
			// The client believes it is in a session, which needs the id.
			httpError(w, http.StatusBadRequest, codeInvalidRequest, "Bad Request: missing "+headerSessionID+" header")
			return
		}
		// Stateless: a connection of its own, for this request only. Nobody
		// could fetch a reply later, so a disconnect cancels the call.
		h.answer(w, r, r.Context(), h.srv.newConn(), body, lease, false)
		return
	}
	sess := h.acquireSession(w, r, id)
	if sess == nil {
		return
	}
	defer sess.release()
	// A session's request ends with the session, not with its POST (a
	// legacy client cancels with notifications/cancelled), and carries the
	// values of the POST's context: a trace span, an identity.
	h.answer(w, r, sessionContext{sess.ctx, r.Context()}, sess.conn, body, lease, false)
	if err := h.srv.replicas.touchSession(h, sess); err != nil {
		// The reply is out; the change shows on this replica and is
		// written by the session's next request that reaches it.
		h.srv.logger.Warn("fleet: a legacy session's record was not written", "error", err)
	}
}

// initialize starts a legacy session (spec 2025-11-25 basic/transports#session-management).
func (h *httpHandler) initialize(w http.ResponseWriter, r *http.Request, body []byte) {
	sess := h.srv.replicas.newSession(h, IdentityFrom(r.Context()).owner())
	if sess == nil {
		httpError(w, http.StatusServiceUnavailable, codeInvalidRequest, "Service Unavailable: too many sessions")
		return
	}
	defer sess.release()
	reply, run := sess.conn.receive(withCaller(sess.ctx, r), body, func([]byte) {})
	if run != nil {
		reply = run() // not reached: initialize is answered at once
	}
	var resp struct {
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(reply, &resp) != nil || resp.Result == nil {
		sess.close(SessionFailed) // never begun: the hooks hear nothing
	} else if !h.srv.replicas.sessionCreated(h, w, sess) {
		sess.close(SessionFailed)
		return
	} else {
		w.Header().Set(headerSessionID, sess.id)
		sess.conn.beginSession()
	}
	writeJSON(w, http.StatusOK, reply)
}

// answer hands body to the core on conn and writes the reply, as JSON or as
// an event stream. ctx is the parent context of tool calls; lease is the
// body's share of the body memory, which a call that outlives the request
// keeps until it returns. For a modern request, error replies get the HTTP
// status the transport prescribes.
func (h *httpHandler) answer(w http.ResponseWriter, r *http.Request, ctx context.Context, c *conn, body []byte, lease *bodyLease, modern bool) {
	x := newExchange(w, parseAccept(r.Header))
	// The server's requests to the client (askLegacy) travel on the event
	// stream of this POST, when it accepts one and is still open.
	// A call that its client cancels frees the POST through it too.
	ctx = context.WithValue(withCaller(ctx, r), questionOutKey{}, carrier(x))
	reply, run := c.receive(ctx, body, func(msg []byte) { x.notify(msg) })
	if run != nil {
		done := x.replies()
		lease.hold()
		h.workers.do(func() {
			x.reply(run())
			lease.release()
		})
		select {
		case reply = <-done:
		case <-r.Context().Done():
			// The client went away. A modern or stateless call was cancelled
			// with the request's context; a session's call runs on, but its
			// reply has nowhere to go.
			x.abandon()
			return
		}
	}
	status := http.StatusOK
	if code, hasID := replyError(reply); modern {
		status = modernStatus(code)
	} else if code != 0 && !hasID {
		// The message could not be read as a request at all.
		status = http.StatusBadRequest
	}
	x.finish(status, reply)
}

// replyError reads the error code of a reply (0 when it is not an error)
// and whether it has an id.
func replyError(reply []byte) (code int, hasID bool) {
	if len(reply) == 0 || reply[0] != '{' || !bytes.Contains(reply, []byte(`"error"`)) {
		return 0, true
	}
	var r struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(reply, &r) != nil || r.Error == nil {
		return 0, true
	}
	return r.Error.Code, len(r.ID) > 0
}

// modernStatus returns the HTTP status of a modern reply with the given error
// code (spec 2026-07-28 basic/transports/streamable-http): 404 for an unknown
// method, 500 for an internal error, 400 for every other error, and 200 for a
// result.
func modernStatus(code int) int {
	switch code {
	case 0:
		return http.StatusOK
	case codeMethodNotFound:
		return http.StatusNotFound
	case codeInternalError:
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

// acquireSession returns the live legacy session with the given id, which the
// caller must release, or answers 404 Not Found (spec 2025-11-25
// basic/transports#session-management: the client then initializes again) and
// returns nil. A session of another identity than the request's is not
// found either (spec 2025-11-25 basic/security_best_practices#session-hijacking):
// the answer is the same, so it tells nothing of the session.
func (h *httpHandler) acquireSession(w http.ResponseWriter, r *http.Request, id string) *httpSession {
	return h.srv.replicas.acquireSession(h, w, r, id)
}

// acquireLocalSession is acquireSession for a server alone.
func (h *httpHandler) acquireLocalSession(w http.ResponseWriter, r *http.Request, id string) *httpSession {
	sess := h.sessions.acquire(id)
	if sess != nil && sess.owner != IdentityFrom(r.Context()).owner() {
		sess.release()
		sess = nil
	}
	if sess == nil {
		httpError(w, http.StatusNotFound, codeInvalidRequest, "Session not found: it ended or expired; initialize a new one")
	}
	return sess
}

// get opens the standalone event stream of a legacy session (spec 2025-11-25
// basic/transports). It carries the messages the server sends outside any
// request (resource updates, see Server.ResourceUpdated) and keep-alive
// comments, until the client closes it or the session ends. The program
// that sends a message never waits for the client: what waits for it is
// bounded (outbox.go), and a stream whose client does not read it past
// that bound is closed.
func (h *httpHandler) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(headerSessionID)
	if headerIsModern(r) || id == "" {
		w.Header().Set("Allow", "POST")
		httpError(w, http.StatusMethodNotAllowed, codeInvalidRequest, "Method not allowed: GET needs a legacy session")
		return
	}
	if !parseAccept(r.Header).sse {
		httpError(w, http.StatusNotAcceptable, codeInvalidRequest, "Not Acceptable: GET must accept text/event-stream")
		return
	}
	sess := h.acquireSession(w, r, id)
	if sess == nil {
		return
	}
	defer sess.release()
	if !sess.attachStream() {
		httpError(w, http.StatusConflict, codeInvalidRequest, "Conflict: the session already has a GET stream")
		return
	}
	defer sess.detachStream()
	// The stream takes messages before its headers reach the client: a
	// client that sends a request as soon as it sees them finds the
	// stream ready for the server's questions. What waits for a client
	// that does not read is bounded (outbox.go); past the bound the
	// stream is closed (spec 2025-11-25 basic/transports: the server may
	// close the SSE stream at any time), a write that blocks included,
	// so that the client that reads again sees it end and opens another.
	rc := http.NewResponseController(w)
	box := newPushOutbox()
	overflow := make(chan struct{})
	box.onDrop = func() {
		close(overflow)
		_ = rc.SetWriteDeadline(time.Now()) // ends a write the client does not read
	}
	sess.conn.setPush(box.put)
	defer sess.conn.setPush(nil)
	setSSEHeaders(w.Header())
	w.WriteHeader(http.StatusOK)
	if rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(h.cfg.keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-box.ready:
			p, ok, _ := box.take()
			// A resource update is for the caller of this stream, whose
			// request bears the session's identity: it hears of a
			// resource it may read (on a fleet, this replica decides).
			if !ok || p.uri != "" && !h.srv.mayHear(r.Context(), p.uri) {
				continue
			}
			if writeSSEEvent(w, p.message()) != nil {
				return
			}
		case <-overflow:
			h.srv.logger.Warn("a legacy session's GET stream was closed: its client did not read the messages sent to it",
				"bound", strconv.Itoa(streamQueueMessages)+" messages, "+strconv.Itoa(streamQueueBytes>>10)+" KiB")
			return
		case <-r.Context().Done():
			return
		case <-sess.ctx.Done():
			return
		case <-h.closing:
			return
		case <-tick.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
			// An open stream keeps its session alive in a fleet's store
			// too.
			_ = h.srv.replicas.touchSession(h, sess)
		}
	}
}

// delete ends a legacy session (spec 2025-11-25 basic/transports#session-management).
func (h *httpHandler) delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(headerSessionID)
	if headerIsModern(r) || id == "" {
		w.Header().Set("Allow", "POST")
		httpError(w, http.StatusMethodNotAllowed, codeInvalidRequest, "Method not allowed: DELETE needs a legacy session")
		return
	}
	h.srv.replicas.deleteSession(h, w, r, id)
}

// deleteLocalSession is delete for a server alone.
func (h *httpHandler) deleteLocalSession(w http.ResponseWriter, r *http.Request, id string) {
	sess := h.sessions.lookup(id)
	if sess != nil && sess.owner != IdentityFrom(r.Context()).owner() {
		sess = nil
	}
	if sess == nil || !sess.close(SessionDeleted) {
		httpError(w, http.StatusNotFound, codeInvalidRequest, "Session not found: it ended or expired")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// sessionContext is the context of a legacy session's request: the
// session's, with the values of the HTTP request's. The session's context
// answers first, so that a context derived from this one is cancelled with
// the session (its cancellation is found through Value), never with the
// HTTP request.
type sessionContext struct {
	context.Context                 // the session's
	request         context.Context // the HTTP request's
}

func (c sessionContext) Value(key any) any {
	if v := c.Context.Value(key); v != nil {
		return v
	}
	return c.request.Value(key)
}
