package runtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// An httpSession is one legacy Streamable HTTP session (spec 2025-11-25
// basic/transports#session-management), started by initialize and ended by
// DELETE or idle expiry.
type httpSession struct {
	id    string
	store *sessionStore

	// ctx is the parent context of the session's calls. Legacy clients do not
	// cancel by disconnecting (spec 2026-07-28 basic/utilities/cancellation),
	// so calls outlive their POST and end with the session.
	ctx    context.Context
	cancel context.CancelFunc

	conn  *conn  // negotiated version, log level and calls in flight
	owner string // the identity that initialized it (Identity.owner), "" without one

	mu       sync.Mutex
	busy     int         // requests and streams in progress
	timer    *time.Timer // idle expiry; nil without a timeout
	streamOn bool        // a standalone GET stream is open
	closed   bool

	// shared is what the replicas keep of the session (replicas.go): a
	// fleet's, its record as last read or written (*sessionRecord).
	shared any
}

// sessionStore holds the live sessions of one handler.
type sessionStore struct {
	idle time.Duration // 0: sessions never expire
	max  int           // 0: no limit

	mu       sync.Mutex
	sessions map[string]*httpSession
}

func newSessionStore(idle time.Duration, max int) *sessionStore {
	return &sessionStore{idle: idle, max: max, sessions: make(map[string]*httpSession)}
}

// newSessionID returns 32 random bytes as 64 hex digits: visible ASCII,
// unguessable and globally unique (spec 2025-11-25
// basic/transports#session-management, spec 2025-11-25
// basic/security_best_practices#session-hijacking).
func newSessionID() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// create starts a session for c, marked busy (see acquire). It returns nil
// when the store is full.
func (st *sessionStore) create(c *conn, owner string) *httpSession {
	return st.createWithID(newSessionID(), c, owner)
}

// createWithID is create for a session whose id is given: this replica's
// copy of a fleet session.
func (st *sessionStore) createWithID(id string, c *conn, owner string) *httpSession {
	st.mu.Lock()
	defer st.mu.Unlock()
	if old := st.sessions[id]; old != nil {
		old.mu.Lock()
		closed := old.closed
		if !closed {
			// Made a moment ago by another request of the session.
			old.busy++
			if old.timer != nil {
				old.timer.Stop()
			}
		}
		old.mu.Unlock()
		if !closed {
			return old
		}
		delete(st.sessions, id) // closing: it is being forgotten
	}
	if st.max > 0 && len(st.sessions) >= st.max {
		return nil
	}
	c.session = id
	ctx, cancel := context.WithCancel(context.Background())
	s := &httpSession{id: id, store: st, ctx: ctx, cancel: cancel, conn: c, owner: owner, busy: 1}
	if st.idle > 0 {
		s.timer = time.AfterFunc(st.idle, s.expire)
		s.timer.Stop() // started by release
	}
	st.sessions[s.id] = s
	return s
}

// acquire returns the live session with the given id, marked busy, or nil.
// The caller must call release when done with it.
func (st *sessionStore) acquire(id string) *httpSession {
	st.mu.Lock()
	s := st.sessions[id]
	st.mu.Unlock()
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.busy++
	if s.timer != nil {
		s.timer.Stop()
	}
	return s
}

// lookup returns the session with the given id, or nil.
func (st *sessionStore) lookup(id string) *httpSession {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.sessions[id]
}

// release ends one use of s and restarts its idle clock.
func (s *httpSession) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy--
	if s.busy == 0 && !s.closed && s.timer != nil {
		s.timer.Reset(s.store.idle)
	}
}

// expire ends s if it is still idle.
func (s *httpSession) expire() {
	s.mu.Lock()
	if s.busy > 0 || s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.end(SessionExpired)
}

// close ends s: it is forgotten, its calls are cancelled and its GET stream
// ends (it watches s.ctx). It reports whether s was still open. why is
// what the session hooks are told.
func (s *httpSession) close(why SessionEnd) bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return false
	}
	s.closed = true
	if s.timer != nil {
		s.timer.Stop()
	}
	s.mu.Unlock()
	s.end(why)
	return true
}

// end releases a session that was just marked closed, for the reason why.
func (s *httpSession) end(why SessionEnd) {
	s.cancel()
	s.conn.srv.subs.drop(s.conn)
	s.store.mu.Lock()
	if s.store.sessions[s.id] == s {
		delete(s.store.sessions, s.id)
	}
	s.store.mu.Unlock()
	s.conn.endSession(why, nil)
}

// closeAll ends every session (see httpSession.close): the server shuts
// down.
func (st *sessionStore) closeAll() {
	st.mu.Lock()
	all := make([]*httpSession, 0, len(st.sessions))
	for _, s := range st.sessions {
		all = append(all, s)
	}
	st.mu.Unlock()
	for _, s := range all {
		s.close(SessionShutdown)
	}
}

// attachStream marks the GET stream as open; only one may be open at once.
func (s *httpSession) attachStream() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.streamOn || s.closed {
		return false
	}
	s.streamOn = true
	return true
}

func (s *httpSession) detachStream() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.streamOn = false
}
