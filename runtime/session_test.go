package runtime

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// sessionLog records what the session hooks are told, in order.
type sessionLog struct {
	events chan sessionEvent
}

type sessionEvent struct {
	start bool
	SessionInfo
}

func newSessionLog() *sessionLog { return &sessionLog{events: make(chan sessionEvent, 16)} }

func (l *sessionLog) option() Option {
	return WithSessionHooks(
		func(si SessionInfo) { l.events <- sessionEvent{true, si} },
		func(si SessionInfo) { l.events <- sessionEvent{false, si} })
}

// next returns the next event, failing the test if none comes.
func (l *sessionLog) next(t *testing.T, what string) sessionEvent {
	t.Helper()
	select {
	case e := <-l.events:
		return e
	case <-time.After(20 * time.Second):
		t.Fatalf("no session %s reported", what)
		return sessionEvent{}
	}
}

// none checks that nothing was reported.
func (l *sessionLog) none(t *testing.T) {
	t.Helper()
	select {
	case e := <-l.events:
		t.Errorf("a session event that should not be: %+v", e)
	default:
	}
}

// session reads the start and the end of one session, checks that they
// agree, and returns the end.
func (l *sessionLog) session(t *testing.T, transport, protocol string, end SessionEnd) SessionInfo {
	t.Helper()
	s := l.next(t, "start")
	if !s.start || s.Transport != transport || s.Protocol != protocol || s.Started.IsZero() || !s.Ended.IsZero() || s.End != "" || s.Duration() != 0 {
		t.Fatalf("start: %+v", s)
	}
	e := l.next(t, "end")
	if e.start || e.ID != s.ID || e.Transport != transport || e.Protocol != protocol || !e.Started.Equal(s.Started) || e.End != end {
		t.Fatalf("end %+v\nafter start %+v, want end %q", e.SessionInfo, s.SessionInfo, end)
	}
	if e.Ended.Before(e.Started) || e.Duration() != e.Ended.Sub(e.Started) {
		t.Errorf("ended %v, started %v, duration %v", e.Ended, e.Started, e.Duration())
	}
	return e.SessionInfo
}

// TestSessionHooksStdio: a stdio connection's session begins with
// initialize and ends when the input ends, when Serve's context is done,
// or when reading fails; a connection that never initialized, or spoke
// only the stateless protocol, is no session.
func TestSessionHooksStdio(t *testing.T) {
	t.Parallel()
	t.Run("end of input", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		c := serve(t, newTestServer(t, log.option()))
		c.initialize("2025-06-18")
		c.do("1", "ping", `{}`)
		c.w.Close()
		if err := <-c.done; err != nil {
			t.Fatal(err)
		}
		c.done <- nil // for the cleanup
		if e := log.session(t, "stdio", "2025-06-18", SessionClosed); e.ID != "" || e.Err != nil {
			t.Errorf("end: %+v", e)
		}
	})
	t.Run("context done", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		c := serve(t, newTestServer(t, log.option()))
		c.initialize("2025-11-25")
		c.stop()
		log.session(t, "stdio", "2025-11-25", SessionShutdown)
	})
	t.Run("read error", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		c := serve(t, newTestServer(t, log.option()))
		c.initialize("2025-11-25")
		broken := errors.New("the pipe broke")
		c.w.CloseWithError(broken)
		err := <-c.done
		c.done <- nil
		if !errors.Is(err, broken) {
			t.Fatalf("Serve returned %v", err)
		}
		if e := log.session(t, "stdio", "2025-11-25", SessionFailed); !errors.Is(e.Err, broken) {
			t.Errorf("Err = %v", e.Err)
		}
	})
	t.Run("no session", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		c := serve(t, newTestServer(t, log.option()))
		c.do("1", "tools/list", modernParams(""))
		c.do("2", "initialize", `{"protocolVersion":"2026-07-28",`+modernMeta+`}}`) // refused
		c.w.Close()
		<-c.done
		c.done <- nil
		log.none(t)
	})
}

// TestSessionHooksHTTP: a legacy HTTP session begins when initialize sends
// its id, and ends by DELETE, by idle expiry or when the server shuts
// down; a failed initialize, a stateless request and a request without a
// session begin none.
func TestSessionHooksHTTP(t *testing.T) {
	t.Parallel()
	initBody := func(version string) string {
		return `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	}
	t.Run("delete", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		f := newHTTPFixture(t, []Option{log.option()})
		id := f.initialize("2025-11-25")
		wantStatus(t, f.do(http.MethodDelete, "", sessionHeaders(id, "2025-11-25")), http.StatusNoContent)
		if e := log.session(t, "http", "2025-11-25", SessionDeleted); e.ID != id || e.Err != nil {
			t.Errorf("end: %+v, session %s", e, id)
		}
		// A second DELETE ends nothing.
		wantStatus(t, f.do(http.MethodDelete, "", sessionHeaders(id, "2025-11-25")), http.StatusNotFound)
		log.none(t)
	})
	t.Run("no session", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		f := newHTTPFixture(t, []Option{log.option()})
		wantStatus(t, f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`, nil), http.StatusOK) // fails
		wantStatus(t, f.post(modernBody("1", "tools/list", ""), modernHeaders("tools/list", "")), http.StatusOK)
		wantStatus(t, f.post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, nil), http.StatusOK)
		log.none(t)
	})
	t.Run("shutdown", func(t *testing.T) {
		t.Parallel()
		log := newSessionLog()
		s := newTestServer(t, log.option())
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.serveHTTP(ctx, ln, time.Second) }()
		resp, err := http.Post("http://"+ln.Addr().String()+"/mcp", "application/json", strings.NewReader(initBody("2025-03-26")))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		id := resp.Header.Get("Mcp-Session-Id")
		start := log.next(t, "start")
		if !start.start || start.ID != id || id == "" {
			t.Fatalf("start %+v, session %q", start, id)
		}
		cancel()
		wantNil(t, "serveHTTP", done)
		end := log.next(t, "end")
		if end.start || end.ID != id || end.End != SessionShutdown || end.Protocol != "2025-03-26" {
			t.Errorf("end %+v", end)
		}
	})
}
