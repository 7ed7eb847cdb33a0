package runtime

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file serves subscriptions/listen (spec 2026-07-28
// basic/patterns/subscriptions): the modern way to hear of changes. The
// tool, prompt and resource lists of a server never change, so the only
// notifications it honours are resource updates (resourceSubscriptions),
// sent when the program calls Server.ResourceUpdated.

// A listener is one open listen stream with resource subscriptions.
type listener struct {
	uris    map[string]bool
	pending chan []byte // notifications for the stream, written by run
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

// notify queues the update of uri on every stream that subscribed to it; a
// stream whose queue is full misses it rather than holding up the program.
func (ls *listeners) notify(uri string) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for l := range ls.set {
		if l.uris[uri] {
			select {
			case l.pending <- []byte(uri):
			default:
			}
		}
	}
}

// listen answers subscriptions/listen. Without resource subscriptions that
// the server can honour, it acknowledges an empty filter and ends the
// stream at once, gracefully. With them, it acknowledges the URIs and keeps
// the stream open, sending notifications/resources/updated for them, until
// the client cancels it (closing the HTTP stream, or notifications/cancelled
// on stdio), the connection ends, or the HTTP server shuts down.
func (c *conn) listen(ctx context.Context, id json.RawMessage, uris []string, out func([]byte)) ([]byte, func() []byte) {
	s := c.srv
	sub := append([]byte(`{"io.modelcontextprotocol/subscriptionId":`), id...)
	sub = append(sub, '}')
	if len(uris) == 0 || !s.snapshot().hasResources() {
		out(appendNotification(nil, "notifications/subscriptions/acknowledged", append(append([]byte(`{"notifications":{},"_meta":`), sub...), '}')))
		return s.listenEnd(id, sub), nil
	}
	ack := []byte(`{"notifications":{"resourceSubscriptions":[`)
	l := &listener{uris: make(map[string]bool, len(uris)), pending: make(chan []byte, 64)}
	for i, u := range uris {
		if i > 0 {
			ack = append(ack, ',')
		}
		ack = jsontext.AppendString(ack, u)
		l.uris[u] = true
	}
	ack = append(append(ack, `]},"_meta":`...), sub...)
	out(appendNotification(nil, "notifications/subscriptions/acknowledged", append(ack, '}')))

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
	s.listeners.add(l)
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
			case uri := <-l.pending:
				params := jsontext.AppendString([]byte(`{"uri":`), string(uri))
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
