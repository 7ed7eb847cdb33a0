package runtime

import (
	"time"
)

// This file is the session seam: functions called when a session begins
// and when it ends, for a metric of session durations, an audit trail or a
// count of the sessions open.

// A SessionInfo describes one session: what the legacy protocol's
// lifecycle makes of a connection, from a successful initialize until the
// connection or the session ends (spec 2025-11-25 basic/lifecycle,
// basic/transports#session-management).
//
// A session is a stdio connection that initialize began, or a legacy
// Streamable HTTP session (the one an Mcp-Session-Id names). The stateless
// 2026-07-28 protocol has no sessions: its requests, on either transport,
// begin none and end none; nor does a legacy HTTP request sent without an
// Mcp-Session-Id (a connection for that request alone).
type SessionInfo struct {
	// ID is the Mcp-Session-Id of an HTTP session, "" on stdio.
	ID string
	// Transport is "stdio" or "http".
	Transport string
	// Protocol is the legacy protocol version that initialize
	// negotiated: "2025-11-25", "2025-06-18", "2025-03-26" or
	// "2024-11-05".
	Protocol string
	// Started is when initialize was answered.
	Started time.Time
	// Ended is when the session ended, the zero time at its start.
	Ended time.Time
	// End says why the session ended, "" at its start.
	End SessionEnd
	// Err is the error that ended the session (End is SessionFailed),
	// nil for a session that ended without one.
	Err error
}

// Duration is how long the session lasted, 0 at its start.
func (si SessionInfo) Duration() time.Duration {
	if si.Ended.IsZero() {
		return 0
	}
	return si.Ended.Sub(si.Started)
}

// SessionEnd says why a session ended.
type SessionEnd string

const (
	// SessionDeleted: the client ended its HTTP session with DELETE.
	SessionDeleted SessionEnd = "deleted"
	// SessionExpired: the HTTP session was idle for longer than
	// [WithSessionIdleTimeout] allows.
	SessionExpired SessionEnd = "expired"
	// SessionShutdown: the server stopped serving: the context of
	// [Server.ListenAndServeHTTP], [Server.Serve] or [Server.ServeStdio]
	// was done (a signal, with signal.NotifyContext).
	SessionShutdown SessionEnd = "shutdown"
	// SessionClosed: the stdio client closed the server's input (end of
	// file), its usual way to end a session.
	SessionClosed SessionEnd = "closed"
	// SessionFailed: reading the stdio input or writing the output
	// failed; Err is the error.
	SessionFailed SessionEnd = "failed"
)

// WithSessionHooks makes the server call start when a session begins and
// end when it ends, each with what it knows of the session (see
// [SessionInfo]); either may be nil. Every session that start sees is
// seen by end once, with the same ID, Transport and Started, except those
// still open when the process exits. Several WithSessionHooks options add
// up, called in order.
//
// The functions are called on the goroutine that begins or ends the
// session (a request's, a timer's, the one that shuts the server down),
// so they must be quick and safe for concurrent use.
//
// An HTTP handler from [Server.HTTPHandler] on an http.Server of your own
// ends sessions by DELETE and idle expiry only; ListenAndServeHTTP ends
// the rest when it shuts down. The sessions of a fleet ([WithStore]) are
// not reported: a fleet session begins on one replica and ends on another,
// or in the store by expiry, where no replica sees it.
func WithSessionHooks(start, end func(SessionInfo)) Option {
	return func(s *Server) {
		if start != nil {
			s.sessionStart = append(s.sessionStart, start)
		}
		if end != nil {
			s.sessionEnd = append(s.sessionEnd, end)
		}
	}
}

// sessionInfo is what the hooks see of c's session.
func (c *conn) sessionInfo() SessionInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	si := SessionInfo{ID: c.session, Transport: "http", Protocol: c.proto.String(), Started: c.started}
	if c.stdio {
		si.Transport = "stdio"
	}
	return si
}

// beginSession reports the start of c's session, which initialize just
// began, once.
func (c *conn) beginSession() {
	if len(c.srv.sessionStart) == 0 && len(c.srv.sessionEnd) == 0 || c.fleetSession != "" {
		return
	}
	c.mu.Lock()
	begun := c.sessionBegun
	c.sessionBegun = true
	c.mu.Unlock()
	if begun || len(c.srv.sessionStart) == 0 {
		return
	}
	si := c.sessionInfo()
	for _, f := range c.srv.sessionStart {
		f(si)
	}
}

// endSession reports the end of c's session, if it began, once.
func (c *conn) endSession(end SessionEnd, err error) {
	if len(c.srv.sessionEnd) == 0 {
		return
	}
	c.mu.Lock()
	begun := c.sessionBegun
	c.sessionBegun = false
	c.mu.Unlock()
	if !begun {
		return
	}
	si := c.sessionInfo()
	si.Ended, si.End, si.Err = time.Now(), end, err
	for _, f := range c.srv.sessionEnd {
		f(si)
	}
}
