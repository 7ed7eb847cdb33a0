package runtime

import (
	"context"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file builds what the server declares and lists about its prompts and
// resources, answers the list methods, and keeps the legacy resource
// subscriptions.

// buildPrimitives fills the prompt and resource parts of ts. Called with
// s.mu held.
func (s *Server) buildPrimitives(ts *catalog) {
	ts.promptByName = make(map[string]*prompt, len(s.prompts))
	var prompts, resources, templates [numProtocols][][]byte
	for _, p := range s.prompts {
		ts.promptByName[p.Name] = p
		for v := range numProtocols {
			prompts[v] = append(prompts[v], promptJSON(p, v))
		}
		for _, a := range p.Arguments {
			ts.completions = ts.completions || a.Complete != nil
		}
	}
	ts.resourceByURI = make(map[string]*resource)
	ts.templateByURI = make(map[string]*resource)
	for _, r := range s.resources {
		list := &resources
		if r.template != nil {
			ts.templateByURI[r.uri] = r
			ts.templates = append(ts.templates, r)
			list = &templates
			ts.completions = ts.completions || len(r.complete) > 0
		} else {
			ts.resourceByURI[r.uri] = r
		}
		ts.apps = ts.apps || r.mimeType == AppMIMEType
		for v := range numProtocols {
			list[v] = append(list[v], resourceJSON(r, v))
		}
	}
	ts.promptEnc, ts.resourceEnc, ts.templateEnc = fill(prompts), fill(resources), fill(templates)
	ts.prompts = s.paginate("prompts", ts.promptEnc)
	ts.resources = s.paginate("resources", ts.resourceEnc)
	ts.templateList = s.paginate("resourceTemplates", ts.templateEnc)
}

// fill makes the lists of every version non-nil, so that an empty list has
// its one empty page.
func fill(l [numProtocols][][]byte) [numProtocols][][]byte {
	for v := range l {
		if l[v] == nil {
			l[v] = [][]byte{}
		}
	}
	return l
}

// capabilities returns the server's capabilities object under protocol p
// (spec 2026-07-28 basic): tools and logging always; prompts, resources and
// completions only when something of theirs is registered; listChanged
// true with WithListChanged (listchanged.go); the extensions the server
// implements, in the versions that carry each (catalog.extensions).
func (ts *catalog) capabilities(p protocol, listChanged bool) []byte {
	lc := `"listChanged":false}`
	if listChanged {
		lc = `"listChanged":true}`
	}
	b := []byte(`{"tools":{` + lc + `,"logging":{}`)
	if ts.hasPrompts() {
		b = append(b, `,"prompts":{`+lc...)
	}
	if ts.hasResources() {
		b = append(b, `,"resources":{"subscribe":true,`+lc...)
	}
	if ts.completions {
		b = append(b, `,"completions":{}`...)
	}
	b = ts.appendExtensions(b, p)
	return append(b, '}')
}

// buildCapabilities precomputes the initialize and server/discover results.
func (s *Server) buildCapabilities(ts *catalog) {
	for p := range proto20260728 {
		ts.initResult[p] = s.initializeResult(ts, p, ts.instructions)
	}
	ts.discover = s.discoverResult(ts, ts.instructions, false)
}

// initializeResult is the initialize result under p with the given
// instructions.
func (s *Server) initializeResult(ts *catalog, p protocol, instructions string) []byte {
	b := []byte(`{"protocolVersion":"` + p.String() + `","capabilities":`)
	b = append(b, ts.capabilities(p, s.listChanged)...)
	b = append(b, `,"serverInfo":`...)
	b = append(b, s.serverInfo[p]...)
	b = appendInstructions(b, instructions)
	return append(b, '}')
}

// discoverResult is the server/discover result (spec 2026-07-28
// server/discover) with the given instructions; private when they depend on
// the request.
func (s *Server) discoverResult(ts *catalog, instructions string, private bool) []byte {
	b := []byte(`{"supportedVersions":` + supportedVersionsJSON + `,"capabilities":`)
	b = append(b, ts.capabilities(proto20260728, s.listChanged)...)
	b = appendInstructions(b, instructions)
	b = s.appendCaching(b, private)
	return s.appendModern(b, true)
}

// listOf answers prompts/list, resources/list or resources/templates/list
// from the list that list picks, like tools/list: precomputed pages, the
// same cursors and caching hints. A server with nothing of the kind has no
// such method (-32601), as it declares no such capability (see methods).
func listOf(list func(*catalog) *pagedList) func(c *conn, r request, p *listParams) []byte {
	return func(c *conn, r request, p *listParams) []byte {
		cursor := ""
		if p.Cursor != nil {
			cursor = *p.Cursor
		}
		ts := c.srv.snapshot()
		l := list(ts)
		if c.srv.personal(ts) {
			l = c.srv.primitiveList(r.ctx, ts, r.method.name)
		}
		page, ok := l.page(r.proto, cursor)
		if !ok {
			return errorReply(r.id, errorf(codeInvalidParams, "Invalid cursor"))
		}
		return appendResult(make([]byte, 0, len(page)+48+len(r.id)), r.id, page)
	}
}

// subscriptions are the legacy resource subscriptions (spec 2025-11-25
// server/resources#subscriptions) of every connection.
type subscriptions struct {
	mu    sync.Mutex
	byURI map[string]map[*conn]bool
}

func (sb *subscriptions) set(c *conn, uri string, on bool) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if on {
		if sb.byURI == nil {
			sb.byURI = make(map[string]map[*conn]bool)
		}
		if sb.byURI[uri] == nil {
			sb.byURI[uri] = make(map[*conn]bool)
		}
		sb.byURI[uri][c] = true
		return
	}
	delete(sb.byURI[uri], c)
	if len(sb.byURI[uri]) == 0 {
		delete(sb.byURI, uri)
	}
}

// drop forgets every subscription of c, a connection that ended.
func (sb *subscriptions) drop(c *conn) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	for uri, conns := range sb.byURI {
		delete(conns, c)
		if len(conns) == 0 {
			delete(sb.byURI, uri)
		}
	}
}

// of returns the URIs that c subscribed to, sorted.
func (sb *subscriptions) of(c *conn) []string {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	var out []string
	for uri, conns := range sb.byURI {
		if conns[c] {
			out = append(out, uri)
		}
	}
	slices.Sort(out)
	return out
}

func (sb *subscriptions) conns(uri string) []*conn {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	var out []*conn
	for c := range sb.byURI[uri] {
		out = append(out, c)
	}
	return out
}

// uriParams are the params of resources/subscribe and
// resources/unsubscribe.
type uriParams struct {
	metaParams
	URI *string `json:"uri"`
}

// subscribe answers resources/subscribe and resources/unsubscribe, which
// exist only in the legacy protocol: in 2026-07-28 a client subscribes with
// subscriptions/listen.
func (c *conn) subscribe(r request, p *uriParams) []byte {
	if e := checkURI(p.URI); e != nil {
		return errorReply(r.id, e)
	}
	c.srv.subs.set(c, *p.URI, r.method.name == "resources/subscribe")
	return appendResult(nil, r.id, c.srv.emptyResult[r.proto])
}

// ResourceUpdated tells the clients that subscribed to the resource at uri
// that it changed (notifications/resources/updated), so that they read it
// again: legacy clients that sent resources/subscribe, and modern clients
// whose subscriptions/listen stream lists uri in resourceSubscriptions. A
// program calls it whenever one of its resources changes; it does not
// block (nor run the [Filter]), and a client that cannot be reached at the
// moment (an HTTP session without an open GET stream) misses the
// notification. A replica of a fleet ([WithStore]) sends the update
// through the store to every replica, which tells the clients whose
// streams it holds. A client hears of a resource it may read: one that the
// Filter hides from it or whose scopes its identity lacks is not heard of,
// as if never served (checked where the update is delivered, with the
// client's identity).
func (s *Server) ResourceUpdated(uri string) {
	s.replicas.resourceUpdated(uri)
}

// resourceUpdatedHere tells the clients of this process that the resource
// at uri changed.
func (s *Server) resourceUpdatedHere(uri string) {
	// The message is made where it is sent (pushed.message): an update
	// that a stream's outbox coalesces costs nothing.
	for _, c := range s.subs.conns(uri) {
		c.pushMessage(pushed{uri: uri})
	}
	s.listeners.notify(listenEvent{uri: uri})
}

// mayHear reports whether the subscriber whose context is ctx may be told
// that the resource at uri changed: whether the resource that serves uri
// (a resource, a template's match, a skill's file) exists for it, as
// resources/read decides (resourceAccess). A resource the filter hides or
// whose scopes the subscriber lacks is not heard of, so that the update
// tells nothing a read would not; a URI nobody serves is heard of as
// before (the program says it changed). Whoever delivers an update calls
// it, on its own goroutine and with the subscriber's context (the stdio
// connection's, the legacy GET stream's request, the listen request), never
// the program in ResourceUpdated: a slow filter slows the stream it
// decides for, not the program. A server with neither filter nor scopes
// decides nothing: every subscriber hears every update, without a lookup.
func (s *Server) mayHear(ctx context.Context, uri string) bool {
	ts := s.snapshot()
	if !s.personal(ts) {
		return true
	}
	r, _ := ts.findResource(ctx, uri)
	if r == nil {
		return ctx.Err() == nil // a template may still have matched
	}
	a, _ := s.resourceAccess(ctx, ts, r)
	return a == accessOK
}

// A pushed message is one sent to a legacy client outside any request. For
// a resource update, uri is the resource's, which the deliverer checks
// with mayHear, and msg is nil (see message); uri is "" for anything
// else. For a list change, list is its method. Either coalesces the
// message in a stream's outbox.
type pushed struct {
	msg  []byte
	uri  string
	list string
}

// message returns the message to send: msg, or the resource update's.
func (p pushed) message() []byte {
	if p.msg != nil || p.uri == "" {
		return p.msg
	}
	params := jsontext.AppendString([]byte(`{"uri":`), p.uri)
	return appendNotification(nil, "notifications/resources/updated", append(params, '}'))
}

// pushMessage sends p to the client outside any request, when the
// connection has a way to: stdio always, a legacy HTTP session while its
// GET stream is open. It reports whether p was queued (or was
// redundant), false when there is no way or the stream's outbox is full.
func (c *conn) pushMessage(p pushed) bool {
	c.mu.Lock()
	push := c.push
	c.mu.Unlock()
	return push != nil && push(p)
}

// setPush sets (or, with nil, removes) the connection's channel for
// messages outside any request.
func (c *conn) setPush(push func(pushed) bool) {
	c.mu.Lock()
	c.push = push
	c.mu.Unlock()
	c.srv.pushers.mark(c, push != nil)
}

// hangUp ends what the connection holds when its client is gone: questions
// awaiting answers fail, subscriptions go.
func (c *conn) hangUp() {
	c.outbound.close()
	c.srv.subs.drop(c)
	c.srv.pushers.mark(c, false)
	c.endListens()
}

func stack() string { return string(debug.Stack()) }
