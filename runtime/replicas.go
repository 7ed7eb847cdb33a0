package runtime

import (
	"encoding/json"
	"net/http"
	"time"
)

// This file is the wall between a request and the other replicas of a
// fleet: what a request needs from them, as one interface, and its
// implementation for a server alone. A Server holds one (Server.replicas):
// alone without a Store, the fleet (fleet.go, fleet_session.go,
// fleet_task.go) with one. The core, the tasks and the transports call it
// where a fleet does something more than a server alone, and never ask
// which one they hold.

// replicas is what a request needs from the other replicas of a fleet.
type replicas interface {
	// promote makes the call of t a task (see runTask) and reports
	// whether it did; a task of a fleet is in the store before its
	// client hears of it.
	promote(t *task) bool
	// taskRequest answers tasks/get, tasks/update and tasks/cancel for a
	// task that this server does not hold.
	taskRequest(method, id string, responses map[string]json.RawMessage, caller string) ([]byte, *rpcError)

	// stateKey returns the key that signs requestState values.
	stateKey() ([]byte, error)
	// useState marks the requestState id as used until expires (Unix
	// seconds), and reports whether it was not used before.
	useState(id string, expires, now int64) (bool, *rpcError)

	// resourceUpdated tells every client that subscribed to the resource
	// at uri that it changed (Server.ResourceUpdated).
	resourceUpdated(uri string)

	// forwardAnswer handles a legacy client's response on c to a
	// question that c did not ask.
	forwardAnswer(c *conn, id, result, errObj json.RawMessage)
	// forwardCancel handles a legacy client's cancellation on c of a call
	// that c does not run.
	forwardCancel(c *conn, id json.RawMessage)
	// answerPoll returns a channel that ticks while a question of c waits
	// for an answer that may have reached another replica (nil if none
	// can), and the function that stops it.
	answerPoll(c *conn) (<-chan time.Time, func())
	// storedAnswer returns the answer to question id of c that another
	// replica received, if any.
	storedAnswer(c *conn, id string) (answer, bool)

	// addHandler makes the legacy sessions of h reachable by the others.
	addHandler(h *httpHandler)
	// newSession starts a legacy session of h for owner, marked busy, or
	// returns nil when h holds as many as it may.
	newSession(h *httpHandler, owner string) *httpSession
	// sessionCreated records a session that initialize just started,
	// before its client hears of it; when it cannot, it answers the
	// request and reports false.
	sessionCreated(h *httpHandler, w http.ResponseWriter, sess *httpSession) bool
	// acquireSession returns the live legacy session id of h, marked
	// busy, or answers the request and returns nil.
	acquireSession(h *httpHandler, w http.ResponseWriter, r *http.Request, id string) *httpSession
	// touchSession records what a request changed in sess, and that it
	// is in use.
	touchSession(h *httpHandler, sess *httpSession) error
	// deleteSession ends the legacy session id of h and answers the
	// DELETE that asked for it.
	deleteSession(h *httpHandler, w http.ResponseWriter, r *http.Request, id string)
}

// newReplicas returns the replicas of s: the fleet when it has a Store,
// else alone.
func newReplicas(s *Server) replicas {
	if s.store != nil {
		return newFleet(s, s.store)
	}
	return alone{s}
}

// alone is the replicas of a server without a Store: there are none, and
// everything is this process's.
type alone struct{ srv *Server }

func (a alone) promote(t *task) bool { return t.promote(&a.srv.tasks) }

func (alone) taskRequest(string, string, map[string]json.RawMessage, string) ([]byte, *rpcError) {
	return nil, errUnknownTask()
}

func (a alone) stateKey() ([]byte, error) { return a.srv.stateKey, nil }

func (a alone) useState(id string, expires, now int64) (bool, *rpcError) {
	return a.srv.usedStates.use(id, expires, now), nil
}

func (a alone) resourceUpdated(uri string) { a.srv.resourceUpdatedHere(uri) }

func (alone) forwardAnswer(*conn, json.RawMessage, json.RawMessage, json.RawMessage) {}

func (alone) forwardCancel(*conn, json.RawMessage) {}

func (alone) answerPoll(*conn) (<-chan time.Time, func()) { return nil, func() {} }

func (alone) storedAnswer(*conn, string) (answer, bool) { return answer{}, false }

func (alone) addHandler(*httpHandler) {}

func (a alone) newSession(h *httpHandler, owner string) *httpSession {
	return h.sessions.create(a.srv.newConn(), owner)
}

func (alone) sessionCreated(*httpHandler, http.ResponseWriter, *httpSession) bool { return true }

func (alone) acquireSession(h *httpHandler, w http.ResponseWriter, r *http.Request, id string) *httpSession {
	return h.acquireLocalSession(w, r, id)
}

func (alone) touchSession(*httpHandler, *httpSession) error { return nil }

func (alone) deleteSession(h *httpHandler, w http.ResponseWriter, r *http.Request, id string) {
	h.deleteLocalSession(w, r, id)
}
