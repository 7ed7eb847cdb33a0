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
// connection ends, or the HTTP server shuts down.
func (c *conn) listen(ctx context.Context, id json.RawMessage, f *listenFilter, out func([]byte)) ([]byte, func() []byte) {
	s := c.srv
	sub := append([]byte(`{"io.modelcontextprotocol/subscriptionId":`), id...)
	sub = append(sub, '}')
	l := &listener{pending: newListenOutbox()}
	if s.listChanged {
		l.lists = [numLists]bool{f.ToolsListChanged, f.PromptsListChanged, f.ResourcesListChanged}
	}
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
	if len(f.ResourceSubscriptions) > 0 && s.snapshot().hasResources() {
		l.uris = make(map[string]bool, len(f.ResourceSubscriptions))
		if comma {
			ack = append(ack, ',')
		}
		ack = append(ack, `"resourceSubscriptions":[`...)
		for i, u := range f.ResourceSubscriptions {
			if i > 0 {
				ack = append(ack, ',')
			}
			ack = jsontext.AppendString(ack, u)
			l.uris[u] = true
		}
		ack = append(ack, ']')
	}
	ack = append(append(ack, `},"_meta":`...), sub...)
	ack = appendNotification(nil, "notifications/subscriptions/acknowledged", append(ack, '}'))
	if l.uris == nil && l.lists == [numLists]bool{} {
		out(ack)
		return s.listenEnd(id, sub), nil
	}

	ctx, cancel := context.WithCancel(ctx)
	cl := &call{srv: s, conn: c, key: string(id), out: out, cancel: cancel}
	c.mu.Lock()
	if _, busy := c.calls[cl.key]; busy {
		c.mu.Unlock()
		cancel()
		return errorReply(id, errorf(codeInvalidRequest, "Invalid Request: id is already used by a request in progress")), nil
	}
	c.calls[cl.key] = cl
	if c.listens == nil {
		c.listens = make(map[*call]bool)
	}
	c.listens[cl] = true
	c.mu.Unlock()
	// Registered before the acknowledgement goes out, so that a change
	// the client makes once it has it is heard; what is queued meanwhile
	// is sent after it, by the loop below.
	s.listeners.add(l)
	out(ack)
	return nil, func() []byte {
		defer func() {
			s.listeners.remove(l)
			c.mu.Lock()
			delete(c.listens, cl)
			c.mu.Unlock()
			c.forget(cl)
			cancel()
		}()
		for {
			select {
			case <-l.pending.ready:
				ev, ok, dropped := l.pending.take()
				if dropped > 0 {
					// The client did not read what it was sent, and
					// missed some: the stream ends gracefully, which
					// tells it to listen again (and read again what it
					// listens to).
					s.logger.Warn("a subscriptions/listen stream was ended: its client did not read the notifications sent to it", "dropped", dropped)
					cancel()
					continue
				}
				if !ok || ctx.Err() != nil {
					continue // ended: the next turn says how
				}
				if ev.uri == "" {
					cl.send(listChangedMethod[ev.list], append(append([]byte(`{"_meta":`), sub...), '}'))
					continue
				}
				if !s.mayHear(ctx, ev.uri) {
					continue // hidden from this stream's caller
				}
				params := jsontext.AppendString([]byte(`{"uri":`), ev.uri)
				params = append(append(append(params, `,"_meta":`...), sub...), '}')
				cl.send("notifications/resources/updated", params)
			case <-ctx.Done():
				if !cl.finish() {
					return nil // cancelled by the client: no reply
				}
				return s.listenEnd(id, sub)
			}
		}
	}
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
