package runtime

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"
)

// A legacy session of a fleet lives in the store as a record: the
// negotiated version, the client's capabilities, the log level and the
// resource subscriptions. Every replica that serves a request of the
// session reads the record first (one store round trip: this also tells a
// session that was deleted through another replica) and keeps a local
// copy of the session, a connection whose calls, questions to the client
// and GET stream live on that replica. What a request changes is written
// back; messages between replicas carry what cannot wait for the next
// read: a client's response to a question (to the replica that asked it),
// a cancellation (to whichever replica runs the call), a new subscription
// (to the replica that holds the GET stream) and the end of the session.

// sessionRecord is a legacy session's record in the store.
type sessionRecord struct {
	Proto      string     `json:"p"`
	Negotiated bool       `json:"n,omitempty"`
	Caps       clientCaps `json:"c"`
	Level      int32      `json:"l"`
	Subs       []string   `json:"s,omitempty"`
	Touched    int64      `json:"t"`           // Unix milliseconds of the last write
	Owner      string     `json:"o,omitempty"` // the identity that initialized it (Identity.owner)
}

// sameState reports whether r and o record the same session state.
func (r *sessionRecord) sameState(o *sessionRecord) bool {
	return r.Proto == o.Proto && r.Negotiated == o.Negotiated && r.Caps == o.Caps &&
		r.Level == o.Level && slices.Equal(r.Subs, o.Subs)
}

// sessionTTL is how long a record stays without being written: the idle
// timeout, or a day for sessions that never expire (their records are
// rewritten as they are used).
func (h *httpHandler) sessionTTL() time.Duration {
	if h.cfg.idle > 0 {
		return h.cfg.idle
	}
	return 24 * time.Hour
}

// sessionRecordOf returns the record of c's state now.
func (s *Server) sessionRecordOf(c *conn) *sessionRecord {
	c.mu.Lock()
	r := &sessionRecord{Proto: c.proto.String(), Negotiated: c.negotiated, Caps: c.caps}
	c.mu.Unlock()
	r.Level = c.level.Load()
	r.Subs = s.subs.of(c)
	return r
}

// apply sets c's state from record r.
func (s *Server) apply(c *conn, r *sessionRecord) {
	p, ok := parseProtocol(r.Proto)
	if !ok || p.modern() {
		p = defaultLegacy
	}
	c.mu.Lock()
	c.proto, c.negotiated, c.caps = p, r.Negotiated, r.Caps
	c.mu.Unlock()
	c.level.Store(r.Level)
	have := s.subs.of(c)
	for _, uri := range have {
		if !slices.Contains(r.Subs, uri) {
			s.subs.set(c, uri, false)
		}
	}
	for _, uri := range r.Subs {
		if !slices.Contains(have, uri) {
			s.subs.set(c, uri, true)
		}
	}
}

// newFleetConn returns the connection of a fleet session id on this
// replica.
func (f *fleet) newFleetConn(id string) *conn {
	c := f.srv.newConn()
	c.fleetSession = id
	c.outbound.prefix = f.outboundPrefix()
	return c
}

// saveSession writes the record of sess when the request changed its
// state, or when the record was last written an eighth of its ttl ago
// (which keeps a used session from expiring), or when force is set.
func (f *fleet) saveSession(h *httpHandler, sess *httpSession, force bool) error {
	r := h.srv.sessionRecordOf(sess.conn)
	r.Owner = sess.owner
	sess.mu.Lock()
	old, _ := sess.shared.(*sessionRecord)
	sess.mu.Unlock()
	ttl := h.sessionTTL()
	now := time.Now()
	if !force && old != nil && old.sameState(r) && now.Sub(time.UnixMilli(old.Touched)) < ttl/8 {
		return nil
	}
	r.Touched = now.UnixMilli()
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	ctx, cancel := storeCtx()
	defer cancel()
	if err := f.st.Put(ctx, keySession+sess.id, b, ttl); err != nil {
		return err
	}
	sess.mu.Lock()
	sess.shared = r
	sess.mu.Unlock()
	if old != nil && !slices.Equal(old.Subs, r.Subs) {
		for _, uri := range r.Subs {
			if !slices.Contains(old.Subs, uri) {
				f.publish(topicFleet, &fleetMsg{Kind: msgSubscribe, Session: sess.id, URI: uri, On: true})
			}
		}
		for _, uri := range old.Subs {
			if !slices.Contains(r.Subs, uri) {
				f.publish(topicFleet, &fleetMsg{Kind: msgSubscribe, Session: sess.id, URI: uri})
			}
		}
	}
	return nil
}

// storeUnavailable answers a legacy request whose session could not be
// read or written.
func storeUnavailable(w http.ResponseWriter, err error) {
	httpError(w, http.StatusServiceUnavailable, codeInternalError,
		"Service Unavailable: "+ErrStoreUnavailable.Error()+" ("+err.Error()+"); the session is intact, try again")
}

// touchSession writes the record of sess when a request changed it, or
// when it was last written long ago (saveSession).
func (f *fleet) touchSession(h *httpHandler, sess *httpSession) error {
	return f.saveSession(h, sess, false)
}

// newSession starts a fleet session of h, with a connection that is this
// replica's copy of it.
func (f *fleet) newSession(h *httpHandler, owner string) *httpSession {
	id := newSessionID()
	return h.sessions.createWithID(id, f.newFleetConn(id), owner)
}

// acquireSession returns this replica's copy of the fleet session id,
// marked busy and up to date with its record, or answers 404 (no such
// session) or 503 (the store failed) and returns nil.
func (f *fleet) acquireSession(h *httpHandler, w http.ResponseWriter, req *http.Request, id string) *httpSession {
	ctx, cancel := storeCtx()
	b, err := f.st.Get(ctx, keySession+id)
	cancel()
	var r sessionRecord
	if err == nil && b != nil {
		err = json.Unmarshal(b, &r)
	}
	if err != nil {
		storeUnavailable(w, err)
		return nil
	}
	if b == nil {
		if sess := h.sessions.lookup(id); sess != nil {
			sess.close(SessionDeleted)
		}
	}
	if b == nil || r.Owner != IdentityFrom(req.Context()).owner() {
		// Another identity's session is not found either, and tells so
		// in the same words.
		httpError(w, http.StatusNotFound, codeInvalidRequest, "Session not found: it ended or expired; initialize a new one")
		return nil
	}
	sess := h.sessions.acquire(id)
	if sess == nil {
		if sess = h.sessions.createWithID(id, f.newFleetConn(id), r.Owner); sess == nil {
			httpError(w, http.StatusServiceUnavailable, codeInvalidRequest, "Service Unavailable: too many sessions")
			return nil
		}
	}
	h.srv.apply(sess.conn, &r)
	sess.mu.Lock()
	sess.shared = &r
	sess.mu.Unlock()
	return sess
}

// deleteSession ends the fleet session id on every replica.
func (f *fleet) deleteSession(h *httpHandler, w http.ResponseWriter, req *http.Request, id string) {
	ctx, cancel := storeCtx()
	b, err := f.st.Get(ctx, keySession+id)
	theirs := false // another identity's session: not found, and left alone
	if err == nil && b != nil {
		var r sessionRecord
		if json.Unmarshal(b, &r) != nil || r.Owner != IdentityFrom(req.Context()).owner() {
			theirs = true
		} else {
			err = f.st.Delete(ctx, keySession+id)
		}
	}
	cancel()
	if err != nil {
		storeUnavailable(w, err)
		return
	}
	if !theirs {
		if sess := h.sessions.lookup(id); sess != nil {
			sess.close(SessionDeleted)
		}
	}
	if b == nil || theirs {
		httpError(w, http.StatusNotFound, codeInvalidRequest, "Session not found: it ended or expired")
		return
	}
	f.publish(topicFleet, &fleetMsg{Kind: msgSessionEnd, Session: id})
	w.WriteHeader(http.StatusNoContent)
}

// localSession returns this replica's copy of session id, if any.
func (f *fleet) localSession(id string) *httpSession {
	f.mu.Lock()
	hs := slices.Clone(f.handlers)
	f.mu.Unlock()
	for _, h := range hs {
		if sess := h.sessions.lookup(id); sess != nil {
			return sess
		}
	}
	return nil
}

// sessionMessage handles a message about a legacy session.
func (f *fleet) sessionMessage(m *fleetMsg) {
	sess := f.localSession(m.Session)
	if sess == nil {
		return
	}
	c := sess.conn
	switch m.Kind {
	case msgAnswer:
		c.outbound.deliver(m.ID, m.Result, m.Error)
	case msgSessionEnd:
		sess.close(SessionDeleted)
	case msgCallCancel:
		c.mu.Lock()
		cl := c.calls[string(m.ID)]
		c.mu.Unlock()
		if cl != nil {
			cl.cancelByClient()
		}
	case msgSubscribe:
		f.srv.subs.set(c, m.URI, m.On)
	}
}

// answerPoll is how often a replica that asked a legacy client a question
// looks for the answer in the store.
const answerPoll = time.Second

// answerTTL is how long an answer forwarded through the store stays.
const answerTTL = time.Minute

// forwardAnswer sends a client's response on the copy c of a fleet session
// to a question that this replica did not ask to the replica that did, and
// leaves it in the store too.
func (f *fleet) forwardAnswer(c *conn, id, result, errObj json.RawMessage) {
	session := c.fleetSession
	r := replicaOf(id)
	if session == "" || r == "" || r == f.id {
		return
	}
	m := &fleetMsg{Kind: msgAnswer, Session: session, ID: id, Result: result, Error: errObj}
	if b, err := json.Marshal(m); err == nil {
		ctx, cancel := storeCtx()
		_ = f.st.Put(ctx, keyAnswer+session+":"+string(id), b, answerTTL)
		cancel()
	}
	f.publish(topicReplica+r, m)
}

// answerPoll returns the ticker of a question of c, the copy of a fleet
// session: the replica that the client's response reached left it in the
// store too, since a message between replicas may be lost.
func (f *fleet) answerPoll(c *conn) (<-chan time.Time, func()) {
	if c.fleetSession == "" {
		return nil, func() {}
	}
	t := time.NewTicker(answerPoll)
	return t.C, t.Stop
}

// storedAnswer returns the answer to question id of c, the copy of a fleet
// session, if one was left in the store.
func (f *fleet) storedAnswer(c *conn, id string) (answer, bool) {
	ctx, cancel := storeCtx()
	defer cancel()
	b, err := f.st.Get(ctx, keyAnswer+c.fleetSession+":"+id)
	var m fleetMsg
	if err != nil || b == nil || json.Unmarshal(b, &m) != nil {
		return answer{}, false
	}
	return answer{result: m.Result, err: m.Error}, true
}

// forwardCancel sends a client's cancellation on c, the copy of a fleet
// session, of a call that does not run on this replica to every replica.
func (f *fleet) forwardCancel(c *conn, id json.RawMessage) {
	if c.fleetSession != "" {
		f.publish(topicFleet, &fleetMsg{Kind: msgCallCancel, Session: c.fleetSession, ID: id})
	}
}

// sessionCreated writes the first record of a session that initialize
// just started: a session exists for the fleet before its client hears of
// it. When the store fails, it answers 503.
func (f *fleet) sessionCreated(h *httpHandler, w http.ResponseWriter, sess *httpSession) bool {
	if err := f.saveSession(h, sess, true); err != nil {
		storeUnavailable(w, err)
		return false
	}
	return true
}
