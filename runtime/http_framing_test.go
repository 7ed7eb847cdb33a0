package runtime

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawHTTP serves s with serveHTTP and returns its address.
func rawHTTP(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.serveHTTP(ctx, ln, time.Second) }()
	t.Cleanup(func() {
		cancel()
		<-served
	})
	return ln.Addr().String()
}

// exchangeRaw writes raw to a new connection and reads the responses until
// the server closes it.
func exchangeRaw(t *testing.T, addr, raw string) (statuses []int, bodies []string, closed bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second)) // a guard against a hang only
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	for {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			return statuses, bodies, errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		statuses, bodies = append(statuses, resp.StatusCode), append(bodies, string(b))
	}
}

// TestHTTPAmbiguousFraming: a request with both Transfer-Encoding and
// Content-Length gets 400 and its connection is closed, so the request
// pipelined behind it never runs; requests framed by either header alone,
// pipelined on one connection, are all served.
func TestHTTPAmbiguousFraming(t *testing.T) {
	s := newTestServer(t)
	ran := make(chan string, 4)
	s.MustAddTool(Tool{Name: "mark", InputSchema: `{"type":"object","properties":{"tag":{"type":"string"}}}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			ran <- string(args)
			return TextResult("marked"), nil
		}})
	addr := rawHTTP(t, s)
	call := func(tag string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"mark","arguments":{"tag":"` + tag + `"}}}`
	}
	chunked := func(body string) string {
		return strconv.FormatInt(int64(len(body)), 16) + "\r\n" + body + "\r\n0\r\n\r\n"
	}
	head := "POST /mcp HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json\r\n"

	first := chunked(call("first"))
	smuggled := head + "Transfer-Encoding: chunked\r\nContent-Length: " + strconv.Itoa(len(first)) + "\r\n\r\n" + first +
		head + "Content-Length: " + strconv.Itoa(len(call("second"))) + "\r\n\r\n" + call("second")
	statuses, bodies, closed := exchangeRaw(t, addr, smuggled)
	if len(statuses) != 1 || statuses[0] != http.StatusBadRequest || !strings.Contains(bodies[0], "both Transfer-Encoding and Content-Length") || !closed {
		t.Errorf("both headers: responses %v %q, closed %v; want one 400, then the connection closed", statuses, bodies, closed)
	}
	select {
	case args := <-ran:
		t.Errorf("a tool ran: %s", args)
	default:
	}

	fine := head + "Transfer-Encoding: chunked\r\n\r\n" + chunked(call("a")) +
		head + "Content-Length: " + strconv.Itoa(len(call("b"))) + "\r\n\r\n" + call("b") +
		head + "Content-Length: " + strconv.Itoa(len(call("c"))) + "\r\nConnection: close\r\n\r\n" + call("c")
	statuses, _, _ = exchangeRaw(t, addr, fine)
	if len(statuses) != 3 || statuses[0] != 200 || statuses[1] != 200 || statuses[2] != 200 {
		t.Errorf("pipelined requests with one framing each: %v, want 200 200 200", statuses)
	}
}

// TestHTTPHandlerAmbiguousFraming: HTTPHandler mounted in an http.Server
// of one's own. Alone it cannot see the two headers (net/http deletes
// Content-Length from a chunked request before any handler runs): the
// request is served by its chunks, the connection stays open and the
// request pipelined behind it runs too. Through RefuseAmbiguousFraming the
// server answers 400 and closes, on the MCP endpoint and on the server's
// other routes, and serves requests framed one way as before.
func TestHTTPHandlerAmbiguousFraming(t *testing.T) {
	s := newTestServer(t)
	ran := make(chan string, 8)
	s.MustAddTool(Tool{Name: "mark", InputSchema: `{"type":"object","properties":{"tag":{"type":"string"}}}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			ran <- string(args)
			return TextResult("marked"), nil
		}})
	serveOwn := func(guard bool) string {
		mux := http.NewServeMux()
		mux.Handle("/mcp", s.HTTPHandler())
		mux.HandleFunc("/other", func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			io.WriteString(w, "other")
		})
		hs := &http.Server{Handler: mux}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		var l net.Listener = ln
		if guard {
			l = RefuseAmbiguousFraming(hs, ln)
		}
		go hs.Serve(l)
		t.Cleanup(func() { hs.Close() })
		return ln.Addr().String()
	}
	call := func(tag string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"mark","arguments":{"tag":"` + tag + `"}}}`
	}
	chunked := func(body string) string {
		return strconv.FormatInt(int64(len(body)), 16) + "\r\n" + body + "\r\n0\r\n\r\n"
	}
	smuggle := func(addr, path string) string {
		head := "POST " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json\r\n"
		first := chunked(call("first"))
		return head + "Transfer-Encoding: chunked\r\nContent-Length: " + strconv.Itoa(len(first)) + "\r\n\r\n" + first +
			head + "Content-Length: " + strconv.Itoa(len(call("second"))) + "\r\nConnection: close\r\n\r\n" + call("second")
	}
	drain := func() (tools []string) {
		for {
			select {
			case a := <-ran:
				tools = append(tools, a)
			default:
				return tools
			}
		}
	}

	// Alone: what net/http does.
	addr := serveOwn(false)
	statuses, _, _ := exchangeRaw(t, addr, smuggle(addr, "/mcp"))
	if tools := drain(); len(statuses) != 2 || statuses[0] != 200 || statuses[1] != 200 || len(tools) != 2 {
		t.Errorf("HTTPHandler alone: responses %v, tools ran %q; net/http serves both (if it now refuses, say so in docs/guarantees.md)", statuses, tools)
	}

	addr = serveOwn(true)
	for _, path := range []string{"/mcp", "/other"} {
		statuses, bodies, closed := exchangeRaw(t, addr, smuggle(addr, path))
		if len(statuses) != 1 || statuses[0] != http.StatusBadRequest || !strings.Contains(bodies[0], "both Transfer-Encoding and Content-Length") || !closed {
			t.Errorf("%s through RefuseAmbiguousFraming: responses %v %q, closed %v; want one 400, then the connection closed", path, statuses, bodies, closed)
		}
		if tools := drain(); len(tools) != 0 {
			t.Errorf("%s: tools ran: %q", path, tools)
		}
	}
	head := "POST /mcp HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json\r\n"
	fine := head + "Transfer-Encoding: chunked\r\n\r\n" + chunked(call("a")) +
		head + "Content-Length: " + strconv.Itoa(len(call("b"))) + "\r\nConnection: close\r\n\r\n" + call("b")
	if statuses, _, _ := exchangeRaw(t, addr, fine); len(statuses) != 2 || statuses[0] != 200 || statuses[1] != 200 || len(drain()) != 2 {
		t.Errorf("pipelined requests with one framing each: %v, want 200 200", statuses)
	}
}

// BenchmarkFramingScan is what a framingConn adds to each request that
// ListenAndServeHTTP reads: the scan of a tools/call of a modern client,
// headers and body.
func BenchmarkFramingScan(b *testing.B) {
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"add","arguments":{"a":1,"b":2}}}`
	req := []byte("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: Go-http-client/1.1\r\nContent-Length: " + strconv.Itoa(len(body)) +
		"\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nMcp-Method: tools/call\r\nMcp-Name: add\r\nMcp-Protocol-Version: 2026-07-28\r\n\r\n" + body)
	var s framingScan
	b.SetBytes(int64(len(req)))
	for b.Loop() {
		if s.feed(req) != 0 {
			b.Fatal("flagged")
		}
	}
}
