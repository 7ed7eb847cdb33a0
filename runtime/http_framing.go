package runtime

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strconv"
	"sync"
)

// This file refuses a request that carries both Transfer-Encoding and
// Content-Length (RFC 9112 section 6.1: a server ought to treat it as an
// error and close the connection, for an intermediary that framed it by
// the other header would see another request in its body: request
// smuggling). net/http serves such a request by its Transfer-Encoding and
// deletes the Content-Length header before a handler runs, so
// ListenAndServeHTTP (and a server of your own through
// RefuseAmbiguousFraming) watches the bytes each connection reads: a
// framingConn finds where each request's header ends and what framing it
// states, and refuseAmbiguousFraming answers the request it flags with 400
// and closes the connection, so a request pipelined behind it never runs.

// RefuseAmbiguousFraming makes hs refuse a request with both
// Transfer-Encoding and Content-Length, as ListenAndServeHTTP does: 400 Bad
// Request, and the connection closed, so a request pipelined behind it
// never runs. A handler cannot do this alone (net/http deletes the
// Content-Length header of a chunked request before any handler runs, so
// [Server.HTTPHandler] on a server of your own serves such a request by its
// chunks and keeps the connection), so RefuseAmbiguousFraming wraps hs's
// handler (http.DefaultServeMux when nil), chains its ConnContext, and
// returns ln wrapped: serve with
//
//	hs.Serve(runtime.RefuseAmbiguousFraming(hs, ln))
//
// Call it once, before serving. ln must carry plain HTTP/1.1 (with TLS,
// terminate it in front); on other connections the check does nothing.
func RefuseAmbiguousFraming(hs *http.Server, ln net.Listener) net.Listener {
	h := hs.Handler
	if h == nil {
		h = http.DefaultServeMux
	}
	hs.Handler = refuseAmbiguousFraming(h)
	if prev := hs.ConnContext; prev != nil {
		hs.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
			return connContext(prev(ctx, c), c)
		}
	} else {
		hs.ConnContext = connContext
	}
	return framingListener{ln}
}

// framingKey is the context key of a connection's framingConn.
type framingKey struct{}

// maxFramingLine bounds a header line the scanner holds; a longer one is
// net/http's to refuse (431), and the scanner stops watching.
const maxFramingLine = 64 << 10

// framingListener wraps the connections it accepts in framingConns.
type framingListener struct{ net.Listener }

func (l framingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &framingConn{Conn: c}, nil
}

// A framingConn scans the requests read from its connection.
type framingConn struct {
	net.Conn
	mu        sync.Mutex
	scan      framingScan
	handled   int // requests that reached refuseAmbiguousFraming
	ambiguous int // the index (from 1) of the first request with both headers; 0 if none
}

func (c *framingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.mu.Lock()
		if c.ambiguous == 0 {
			if k := c.scan.feed(p[:n]); k > 0 {
				c.ambiguous = k
			}
		}
		c.mu.Unlock()
	}
	return n, err
}

// CloseWrite lets net/http half-close the connection, as it does a
// *net.TCPConn's, before closing it after an error.
func (c *framingConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// next counts a request that reached the handler and reports whether it
// is the one with both headers.
func (c *framingConn) next() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.handled++
	return c.handled == c.ambiguous
}

// connContext puts a framingConn in its requests' contexts.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if fc, ok := c.(*framingConn); ok {
		return context.WithValue(ctx, framingKey{}, fc)
	}
	return ctx
}

// refuseAmbiguousFraming answers a request flagged by its framingConn with
// 400 Bad Request and closes the connection.
func refuseAmbiguousFraming(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fc, ok := r.Context().Value(framingKey{}).(*framingConn); ok && fc.next() {
			w.Header().Set("Connection", "close")
			httpError(w, http.StatusBadRequest, codeInvalidRequest, "Bad Request: the request has both Transfer-Encoding and Content-Length")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// framingScan follows HTTP/1.1 request framing through the bytes of a
// connection: header lines, then a body of Content-Length bytes or of
// chunks, then the next request. It stops (done) at anything it cannot
// follow, which net/http refuses on its own, or at the first request with
// both headers.
type framingScan struct {
	state   int
	line    []byte
	n       int64 // bytes of body or chunk data still to skip
	started bool  // the request line was read
	te, cl  bool
	count   int // requests whose header ended
}

const (
	scanHeader = iota
	scanBody
	scanChunkSize
	scanChunkData
	scanChunkEnd
	scanTrailer
	scanDone
)

// feed scans p and returns the index (from 1) of a request with both
// headers, if p ends the header of one, else 0.
func (s *framingScan) feed(p []byte) int {
	for len(p) > 0 && s.state != scanDone {
		if s.state == scanBody || s.state == scanChunkData {
			k := int64(len(p))
			if k > s.n {
				k = s.n
			}
			p, s.n = p[k:], s.n-k
			if s.n == 0 {
				if s.state == scanBody {
					s.state = scanHeader
				} else {
					s.state = scanChunkEnd
				}
			}
			continue
		}
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			s.line = append(s.line, p...)
			if len(s.line) > maxFramingLine {
				s.state = scanDone
			}
			return 0
		}
		line := p[:i]
		if len(s.line) > 0 { // the line began in an earlier read
			s.line = append(s.line, line...)
			line = s.line
		}
		p = p[i+1:]
		if k := s.lineDone(bytes.TrimSuffix(line, []byte("\r"))); k > 0 {
			s.state = scanDone
			return k
		}
		s.line = s.line[:0]
	}
	return 0
}

// lineDone takes one line; it returns the index of a request with both
// headers when the line ends its header.
func (s *framingScan) lineDone(line []byte) int {
	switch s.state {
	case scanHeader:
		if !s.started {
			s.started = len(line) > 0 // net/http skips empty lines before a request
			return 0
		}
		if len(line) > 0 {
			if c := line[0] | 0x20; c != 't' && c != 'c' {
				return 0 // neither header: skip the line unparsed
			}
			name, value, ok := bytes.Cut(line, []byte(":"))
			if !ok {
				s.state = scanDone
				return 0
			}
			value = bytes.TrimSpace(value)
			switch {
			case bytes.EqualFold(name, []byte("Transfer-Encoding")):
				s.te = true
			case bytes.EqualFold(name, []byte("Content-Length")):
				n, err := strconv.ParseInt(string(value), 10, 64)
				if err != nil || s.cl && n != s.n {
					s.state = scanDone
					return 0
				}
				s.cl, s.n = true, n
			}
			return 0
		}
		s.count++
		te, cl, n := s.te, s.cl, s.n
		s.started, s.te, s.cl, s.n = false, false, false, 0
		switch {
		case te && cl:
			return s.count
		case te:
			s.state = scanChunkSize
		case n > 0:
			s.state, s.n = scanBody, n
		}
	case scanChunkSize:
		size, _, _ := bytes.Cut(line, []byte(";"))
		n, err := strconv.ParseInt(string(bytes.TrimSpace(size)), 16, 64)
		switch {
		case err != nil || n < 0:
			s.state = scanDone
		case n == 0:
			s.state = scanTrailer
		default:
			s.state, s.n = scanChunkData, n
		}
	case scanChunkEnd:
		if len(line) > 0 {
			s.state = scanDone
		} else {
			s.state = scanChunkSize
		}
	case scanTrailer:
		if len(line) == 0 {
			s.state = scanHeader
		}
	}
	return 0
}
