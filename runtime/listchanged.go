package runtime

import (
	"slices"
	"sync"
)

// This file lets the tool, prompt and resource lists change while the
// server serves: the Remove methods, and the list-changed notifications
// (spec 2025-11-25 server/tools#list-changed-notification; spec 2026-07-28
// basic/patterns/subscriptions) that the server sends, only when
// WithListChanged declared that it would.

// WithListChanged declares that the server's lists of tools, prompts and
// resources may change while it serves: its capabilities say listChanged
// true, and each change made with [Server.AddTool], [Server.RemoveTool]
// (and the prompt and resource methods) while it serves is announced to
// the connected clients: notifications/tools/list_changed (or
// prompts/list_changed, resources/list_changed) to every legacy client
// that can be reached (stdio, an HTTP session while its GET stream is
// open), and on every modern subscriptions/listen stream that asked for
// it (toolsListChanged, promptsListChanged, resourcesListChanged). Without
// it the lists may still change, but clients are not told. Modern list
// results then say ttlMs 0 rather than an hour, unless [WithCacheTTL] says
// otherwise.
//
// The notifications are of this process: the replicas of a fleet
// ([WithStore]) each keep their own lists and tell their own clients.
func WithListChanged() Option {
	return func(s *Server) { s.listChanged = true }
}

// A listKind names one of the lists that can change.
type listKind uint8

const (
	listTools listKind = iota
	listPrompts
	listResources
	numLists
)

// listChangedMethod is the notification that announces a change of each
// list, and listFilterKey the member of subscriptions/listen's
// notifications that asks for it.
var (
	listChangedMethod = [numLists]string{"notifications/tools/list_changed", "notifications/prompts/list_changed", "notifications/resources/list_changed"}
	listFilterKey     = [numLists]string{"toolsListChanged", "promptsListChanged", "resourcesListChanged"}
)

// RemoveTool unregisters the tool called name and reports whether there was
// one. Calls of it already running finish; later calls get the unknown-tool
// error, and later tools/list results leave it out.
func (s *Server) RemoveTool(name string) bool {
	s.mu.Lock()
	i := slices.IndexFunc(s.tools, func(t *tool) bool { return t.Name == name })
	served := false
	if i >= 0 {
		served = s.serves(s.tools[i])
		// A new slice: a catalog built before holds the old one.
		s.tools = slices.Delete(slices.Clone(s.tools), i, i+1)
		delete(s.names, name)
		s.snap.Store(nil)
	}
	s.mu.Unlock()
	if served {
		s.listsChanged(listTools)
	}
	return i >= 0
}

// RemovePrompt unregisters the prompt called name and reports whether there
// was one.
func (s *Server) RemovePrompt(name string) bool {
	return removeFrom(s, &s.prompts, func(p *prompt) bool { return p.Name == name }, listPrompts)
}

// RemoveResource unregisters the resource, or resource template, whose URI
// (or template text) is uri and reports whether there was one.
func (s *Server) RemoveResource(uri string) bool {
	return removeFrom(s, &s.resources, func(r *resource) bool { return r.uri == uri }, listResources)
}

// removeFrom removes the element of *list, one of the server's
// registrations, that is the one, and announces the change of kind.
func removeFrom[T any](s *Server, list *[]T, the func(T) bool, kind listKind) bool {
	s.mu.Lock()
	i := slices.IndexFunc(*list, the)
	if i >= 0 {
		*list = slices.Delete(slices.Clone(*list), i, i+1)
		s.snap.Store(nil)
	}
	s.mu.Unlock()
	if i >= 0 {
		s.listsChanged(kind)
	}
	return i >= 0
}

// listsChanged announces that the list of kind changed, when the server
// declared that it would (WithListChanged). It does not block: a client
// whose queue is full misses the notification.
func (s *Server) listsChanged(kind listKind) {
	if !s.listChanged {
		return
	}
	msg := appendNotification(nil, listChangedMethod[kind], []byte(`{}`))
	for _, c := range s.pushers.all() {
		c.mu.Lock()
		legacy := c.negotiated && !c.modern
		c.mu.Unlock()
		if legacy {
			c.pushMessage(pushed{msg: msg, list: listChangedMethod[kind]})
		}
	}
	s.listeners.notify(listenEvent{list: kind})
}

// pushers are the connections that can be sent messages outside any
// request (conn.push set): the legacy clients a list change reaches.
type pushers struct {
	mu  sync.Mutex
	set map[*conn]bool
}

func (ps *pushers) mark(c *conn, on bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if !on {
		delete(ps.set, c)
		return
	}
	if ps.set == nil {
		ps.set = make(map[*conn]bool)
	}
	ps.set[c] = true
}

func (ps *pushers) all() []*conn {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	out := make([]*conn, 0, len(ps.set))
	for c := range ps.set {
		out = append(out, c)
	}
	return out
}
