package runtime

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file serves subscriptions/listen (spec 2026-07-28
// basic/patterns/subscriptions): the modern way to hear of changes. The
// server honours resource updates (resourceSubscriptions), sent when the
// program calls Server.ResourceUpdated, and, with WithListChanged, the
// list changes (toolsListChanged, promptsListChanged,
// resourcesListChanged; listchanged.go).

// A listener is one open listen stream that the server can send
// notifications on.
type listener struct {
	uris    map[string]bool
	lists   [numLists]bool       // the list changes the stream asked for
	pending *outbox[listenEvent] // notifications for the stream, written by run
}

// newListenOutbox returns the outbox of a listen stream: an update of a
// URI, or a change of a list, that waits already is not queued again.
func newListenOutbox() *outbox[listenEvent] {
	return newOutbox(streamQueueMessages, streamQueueBytes,
		func(ev listenEvent) string {
			if ev.uri != "" {
				return "u" + ev.uri
			}
			return "l" + listFilterKey[ev.list]
		},
		func(ev listenEvent) int { return len(ev.uri) + 64 })
}

// A listenEvent is a change a listen stream may hear of: the resource at
// uri was updated, or (uri empty) the list of kind list changed.
type listenEvent struct {
	uri  string
	list listKind
}

// listeners are the open listen streams of a server.
type listeners struct {
	mu  sync.Mutex
	set map[*listener]bool
}

func (ls *listeners) add(l *listener) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.set == nil {
		ls.set = make(map[*listener]bool)
	}
	ls.set[l] = true
}

func (ls *listeners) remove(l *listener) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	delete(ls.set, l)
}

// notify queues ev on every stream that asked for it; a stream whose
// outbox is full misses it rather than holding up the program, and ends.
func (ls *listeners) notify(ev listenEvent) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for l := range ls.set {
		if ev.uri != "" && l.uris[ev.uri] || ev.uri == "" && l.lists[ev.list] {
			l.pending.put(ev)
		}
	}
}

// listen answers subscriptions/listen. It acknowledges the part of the
// filter f that the server can honour: resource subscriptions when it has
// resources, list changes with WithListChanged. With nothing to honour, it
// ends the stream at once, gracefully. Otherwise it keeps the stream open,
// sending notifications/resources/updated for the URIs and the
// list-changed notifications asked for, until the client cancels it
// (closing the HTTP stream, or notifications/cancelled on stdio), the
// connection ends, or the HTTP server shuts down. Its passes: what the
// server honours of f (newListener), the acknowledgement (listenAck), the
// stream's place among the calls in flight (registerListen), and the
// stream itself (streamListen).
func (c *conn) listen(ctx context.Context, id json.RawMessage, f *listenFilter, out func([]byte)) ([]byte, func() []byte) {
	s := c.srv
	sub := append([]byte(`{"io.modelcontextprotocol/subscriptionId":`), id...)
	sub = append(sub, '}')
	l := s.newListener(f)
	ack := l.listenAck(f, sub)
	if l.uris == nil && l.lists == [numLists]bool{} {
		out(ack)
		return s.listenEnd(id, sub), nil
	}

	ctx, cancel := context.WithCancel(ctx)
	cl := &call{srv: s, conn: c, key: string(id), out: out, cancel: cancel}
	if !c.registerListen(cl) {
		cancel()
		return errorReply(id, errorf(codeInvalidRequest, "Invalid Request: id is already used by a request in progress")), nil
	}
	// Registered before the acknowledgement goes out, so that a change
	// the client makes once it has it is heard; what is queued meanwhile
	// is sent after it, by streamListen.
	s.listeners.add(l)
	out(ack)
	return nil, func() []byte { return c.streamListen(ctx, l, cl, id, sub) }
}

// newListener returns the listener for the filter f: the part of it that
// the server honours, resource subscriptions when it has resources and
// list changes with WithListChanged.
func (s *Server) newListener(f *listenFilter) *listener {
	l := &listener{pending: newListenOutbox()}
	if s.listChanged {
		l.lists = [numLists]bool{f.ToolsListChanged, f.PromptsListChanged, f.ResourcesListChanged}
	}
	if len(f.ResourceSubscriptions) > 0 && s.snapshot().hasResources() {
		l.uris = make(map[string]bool, len(f.ResourceSubscriptions))
		for _, u := range f.ResourceSubscriptions {
			l.uris[u] = true
		}
	}
	return l
}

// listenAck returns notifications/subscriptions/acknowledged for the
// stream of l, listening with the filter f, whose _meta is sub: it names
// what l honours of f, the URIs in f's order.
func (l *listener) listenAck(f *listenFilter, sub []byte) []byte {
	ack := []byte(`{"notifications":{`)
	comma := false
	for k, on := range l.lists {
		if on {
			if comma {
				ack = append(ack, ',')
			}
			comma = true
			ack = append(ack, `"`+listFilterKey[k]+`":true`...)
		}
	}
	if l.uris != nil {
		if comma {
			ack = append(ack, ',')
		}
		ack = append(ack, `"resourceSubscriptions":[`...)
		for i, u := range f.ResourceSubscriptions {
			if i > 0 {
				ack = append(ack, ',')
			}
			ack = jsontext.AppendString(ack, u)
		}
		ack = append(ack, ']')
	}
	ack = append(append(ack, `},"_meta":`...), sub...)
	return appendNotification(nil, "notifications/subscriptions/acknowledged", append(ack, '}'))
}

// registerListen registers the listen stream cl among the calls in flight
// (cancelled by notifications/cancelled) and the connection's listen
// streams (ended with it), at once; false when its id is already in use.
func (c *conn) registerListen(cl *call) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, busy := c.calls[cl.key]; busy {
		return false
	}
	c.calls[cl.key] = cl
	if c.listens == nil {
		c.listens = make(map[*call]bool)
	}
	c.listens[cl] = true
	return true
}

// streamListen sends what l hears on the listen stream cl (request id,
// _meta sub) until its context ctx ends, and returns the reply that ends
// the stream: nil when the client cancelled it.
func (c *conn) streamListen(ctx context.Context, l *listener, cl *call, id json.RawMessage, sub []byte) []byte {
	s := c.srv
	defer c.unregisterListen(l, cl)
	for {
		select {
		case <-l.pending.ready:
			ev, ok, dropped := l.pending.take()
			if dropped > 0 {
				// The client did not read what it was sent, and missed
				// some: the stream ends gracefully, which tells it to
				// listen again (and read again what it listens to).
				s.logger.Warn("a subscriptions/listen stream was ended: its client did not read the notifications sent to it", "dropped", dropped)
				cl.cancel()
				continue
			}
			if !ok || ctx.Err() != nil {
				continue // ended: the next turn says how
			}
			c.sendListenEvent(ctx, cl, ev, sub)
		case <-ctx.Done():
			if !cl.finish() {
				return nil // cancelled by the client: no reply
			}
			return s.listenEnd(id, sub)
		}
	}
}

// sendListenEvent sends ev on the listen stream cl, whose _meta is sub:
// a list change, or the update of a URI that the stream's caller may
// hear of.
func (c *conn) sendListenEvent(ctx context.Context, cl *call, ev listenEvent, sub []byte) {
	if ev.uri == "" {
		cl.send(listChangedMethod[ev.list], append(append([]byte(`{"_meta":`), sub...), '}'))
		return
	}
	if !c.srv.mayHear(ctx, ev.uri) {
		return // hidden from this stream's caller
	}
	params := jsontext.AppendString([]byte(`{"uri":`), ev.uri)
	params = append(append(append(params, `,"_meta":`...), sub...), '}')
	cl.send("notifications/resources/updated", params)
}

// unregisterListen undoes listen's registrations of the stream cl, heard
// by l, once the stream has ended, and cancels its context.
func (c *conn) unregisterListen(l *listener, cl *call) {
	c.srv.listeners.remove(l)
	c.mu.Lock()
	delete(c.listens, cl)
	c.mu.Unlock()
	c.forget(cl)
	cl.cancel()
}

// listenEnd is the reply that ends a listen stream gracefully.
func (s *Server) listenEnd(id json.RawMessage, sub []byte) []byte {
	b := appendResultStart(nil, id)
	b = append(b, `{"resultType":"complete","_meta":`...)
	b = append(b, sub[:len(sub)-1]...)
	b = append(b, `,"`+metaServerInfoKey+`":`...)
	b = append(b, s.serverInfo[proto20260728]...)
	return append(b, `}}}`...)
}

// endListens ends the listen streams of a connection whose client is gone.
func (c *conn) endListens() {
	c.mu.Lock()
	var all []*call
	for cl := range c.listens {
		all = append(all, cl)
	}
	c.mu.Unlock()
	for _, cl := range all {
		cl.cancel()
	}
}
