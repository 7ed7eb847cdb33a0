package runtime

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// httpFixture is a Server with a few tools, served by httptest.
type httpFixture struct {
	t   *testing.T
	srv *httptest.Server
	url string

	h         http.Handler       // the server's handler
	served    chan *http.Request // each request whose handler returned (dropped when full)
	started   chan string        // name of a blocking tool that started
	cancelled chan string        // name of a blocking tool whose context ended
	release   chan struct{}      // lets the stubborn tool return (closed at cleanup)
	returned  chan string        // name of a stubborn tool that returned
}

func newHTTPFixture(t *testing.T, sopts []Option, hopts ...HTTPOption) *httpFixture {
	t.Helper()
	f := &httpFixture{t: t, started: make(chan string, 8), cancelled: make(chan string, 8),
		release: make(chan struct{}), returned: make(chan string, 8)}
	sopts = append([]Option{WithLogger(slog.New(slog.DiscardHandler))}, sopts...)
	s := NewServer("http-test", "1.0.0", sopts...)
	s.MustAddTool(Tool{
		Name: "echo", Description: "Echoes its text.",
		InputSchema: `{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			var in struct{ Text string }
			if err := Decode(args, &in); err != nil {
				return nil, err
			}
			return TextResult(in.Text), nil
		},
	})
	s.MustAddTool(Tool{
		Name: "steps", Description: "Reports progress and logs three steps.",
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			for i := 1; i <= 3; i++ {
				Logger(ctx).Info("step", "n", i)
				ReportProgress(ctx, float64(i), 3, "")
			}
			return TextResult("done"), nil
		},
	})
	s.MustAddTool(Tool{
		Name: "block", Description: "Waits until its call is cancelled.",
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			f.started <- "block"
			<-ctx.Done()
			f.cancelled <- "block"
			return nil, ctx.Err()
		},
	})
	s.MustAddTool(Tool{
		Name: "route", Description: "Has arguments mirrored into headers.",
		InputSchema: routeSchema(`,"x-mcp-header":"Region"`, `,"x-mcp-header":"Count"`, `,"x-mcp-header":"Dry"`, ""),
		Handler:     func(ctx context.Context, args json.RawMessage) (*Result, error) { return EmptyResult(), nil },
	})
	s.MustAddTool(Tool{
		Name: "stubborn", Description: "Ignores its context until released.",
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			f.started <- "stubborn"
			<-f.release
			f.returned <- "stubborn"
			return TextResult("late"), nil
		},
	})
	f.h = s.HTTPHandler(hopts...)
	f.served = make(chan *http.Request, 64)
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.h.ServeHTTP(w, r)
		select {
		case f.served <- r:
		default:
		}
	}))
	t.Cleanup(f.srv.Close)
	t.Cleanup(func() { close(f.release) }) // before the server closes
	f.url = f.srv.URL + "/mcp"
	return f
}

// routeSchema is the input schema of the "route" tool, with extra members
// for the schemas of its region, count, opts.dry and list items.
func routeSchema(region, count, dry, item string) string {
	return `{"type":"object","properties":{
		"region":{"type":"string"` + region + `},
		"count":{"type":"integer"` + count + `},
		"opts":{"type":"object","properties":{"dry":{"type":"boolean"` + dry + `}}},
		"list":{"type":"array","items":{"type":"string"` + item + `}}}}`
}

// httpReply is a response read to the end.
type httpReply struct {
	status int
	header http.Header
	body   string
}

// rpc decodes the body as one JSON-RPC message.
func (r *httpReply) rpc(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.body), &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, r.body)
	}
	return m
}

// errorCode returns the code of the JSON-RPC error in the body.
func (r *httpReply) errorCode(t *testing.T) int {
	t.Helper()
	m := r.rpc(t)
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error in %s", r.body)
	}
	return int(e["code"].(float64))
}

// events parses an event stream body into the JSON messages of its events.
func (r *httpReply) events(t *testing.T) []map[string]any {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type = %q, want text/event-stream; body:\n%s", ct, r.body)
	}
	var msgs []map[string]any
	for block := range strings.SplitSeq(r.body, "\n\n") {
		var data []string
		for line := range strings.SplitSeq(block, "\n") {
			if d, ok := strings.CutPrefix(line, "data: "); ok {
				data = append(data, d)
			}
		}
		if len(data) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(strings.Join(data, "\n")), &m); err != nil {
			t.Fatalf("event data is not JSON: %v\n%s", err, block)
		}
		msgs = append(msgs, m)
	}
	return msgs
}

// do sends a request with the given headers ("" values are not sent) and
// reads the whole response.
func (f *httpFixture) do(method, body string, header map[string]string) *httpReply {
	f.t.Helper()
	return f.doCtx(f.t.Context(), method, body, header)
}

func (f *httpFixture) doCtx(ctx context.Context, method, body string, header map[string]string) *httpReply {
	f.t.Helper()
	req, err := http.NewRequestWithContext(ctx, method, f.url, strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return &httpReply{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

// post POSTs a JSON body with Content-Type application/json.
func (f *httpFixture) post(body string, header map[string]string) *httpReply {
	f.t.Helper()
	h := map[string]string{"Content-Type": "application/json"}
	for k, v := range header {
		h[k] = v
	}
	return f.do(http.MethodPost, body, h)
}

func wantStatus(t *testing.T, r *httpReply, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status = %d, want %d; body:\n%s", r.status, status, r.body)
	}
}

const (
	acceptBoth = "application/json, text/event-stream"
	modernV    = "2026-07-28"
)

// modernHeaders returns the headers a modern client sends for method.
func modernHeaders(method, name string) map[string]string {
	h := map[string]string{
		"Accept":               acceptBoth,
		"MCP-Protocol-Version": modernV,
		"Mcp-Method":           method,
	}
	if name != "" {
		h["Mcp-Name"] = name
	}
	return h
}

// modernBody returns a modern request; members are extra params members.
func modernBody(id, method, members string) string {
	params := `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}`
	if members != "" {
		params = params[:len(params)-1] + "," + members + "}"
	}
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":` + params + `}`
}

// TestHTTPStatelessCurl is the README's curl command: no Accept header, no
// session, no protocol header.
func TestHTTPStatelessCurl(t *testing.T) {
	f := newHTTPFixture(t, nil)
	r := f.post(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, nil)
	wantStatus(t, r, http.StatusOK)
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	if id := r.header.Get("Mcp-Session-Id"); id != "" {
		t.Errorf("stateless answer minted session %q", id)
	}
	tools := r.rpc(t)["result"].(map[string]any)["tools"].([]any)
	if len(tools) != 5 {
		t.Errorf("got %d tools, want 5", len(tools))
	}

	r = f.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`, nil)
	wantStatus(t, r, http.StatusOK)
	jsonEqualHTTP(t, r.rpc(t)["result"], `{"content":[{"type":"text","text":"hi"}]}`)

	// A notification gets 202 and no body.
	r = f.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil)
	wantStatus(t, r, http.StatusAccepted)
	if r.body != "" {
		t.Errorf("202 with body %q", r.body)
	}
}

func jsonEqualHTTP(t *testing.T, got any, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got)
	wb, _ := json.Marshal(w)
	if string(g) != string(wb) {
		t.Errorf("got %s\nwant %s", g, wb)
	}
}

func TestHTTPBadRequests(t *testing.T) {
	f := newHTTPFixture(t, []Option{WithMaxMessageSize(1024)})
	tests := []struct {
		name   string
		method string
		body   string
		header map[string]string
		status int
		code   int
	}{
		{"no content type", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, nil, 415, codeInvalidRequest},
		{"form content type", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, codeInvalidRequest},
		{"not JSON", "POST", `{"jsonrpc":`, map[string]string{"Content-Type": "application/json"}, 400, codeParseError},
		{"empty body", "POST", ``, map[string]string{"Content-Type": "application/json"}, 400, codeParseError},
		{"not a message", "POST", `{"hello":1}`, map[string]string{"Content-Type": "application/json"}, 400, codeInvalidRequest},
		// The headers of a modern request cannot be checked against a body
		// that cannot be read: the body's error is the answer.
		{"not JSON, modern headers", "POST", `{"jsonrpc":`, map[string]string{"Content-Type": "application/json",
			"MCP-Protocol-Version": modernV, "Mcp-Method": "tools/call", "Mcp-Name": "echo"}, 400, codeParseError},
		{"not a message, modern headers", "POST", `{"hello":1}`, map[string]string{"Content-Type": "application/json",
			"MCP-Protocol-Version": modernV, "Mcp-Method": "tools/list"}, 400, codeInvalidRequest},
		{"body over the limit", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", 2000) + `"}}`,
			map[string]string{"Content-Type": "application/json"}, 413, codeInvalidRequest},
		{"PUT", "PUT", `{}`, nil, 405, codeInvalidRequest},
		{"GET without session", "GET", ``, map[string]string{"Accept": "text/event-stream"}, 405, codeInvalidRequest},
		{"DELETE without session", "DELETE", ``, nil, 405, codeInvalidRequest},
		{"unsupported legacy version header", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			map[string]string{"Content-Type": "application/json", "MCP-Protocol-Version": "1999-01-01"}, 400, codeInvalidRequest},
		{"session version without session", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			map[string]string{"Content-Type": "application/json", "MCP-Protocol-Version": "2025-11-25"}, 400, codeInvalidRequest},
		{"unknown session", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			map[string]string{"Content-Type": "application/json", "Mcp-Session-Id": "nope"}, 404, codeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := f.do(tt.method, tt.body, tt.header)
			wantStatus(t, r, tt.status)
			if got := r.errorCode(t); got != tt.code {
				t.Errorf("code = %d, want %d", got, tt.code)
			}
			if _, ok := r.rpc(t)["id"]; ok {
				t.Errorf("transport error has an id: %s", r.body)
			}
			if tt.status == 405 && r.header.Get("Allow") == "" {
				t.Error("405 without Allow header")
			}
		})
	}
}

func TestHTTPOrigin(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	tests := []struct {
		name   string
		opts   []HTTPOption
		origin string
		status int
	}{
		{"none", nil, "", 200},
		{"same host", nil, "http://HOST", 200},
		{"localhost other port", nil, "http://localhost:3000", 200},
		{"loopback v6", nil, "http://[::1]:3000", 200},
		{"foreign", nil, "https://evil.example.com", 403},
		{"foreign same port", nil, "http://evil.example.com:PORT", 403},
		{"opaque", nil, "null", 403},
		{"listed", []HTTPOption{WithAllowedOrigins("https://app.example.com")}, "https://app.example.com", 200},
		{"not listed", []HTTPOption{WithAllowedOrigins("https://app.example.com")}, "http://localhost:3000", 403},
		{"wildcard", []HTTPOption{WithAllowedOrigins("*")}, "https://evil.example.com", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newHTTPFixture(t, nil, tt.opts...)
			host := strings.TrimPrefix(f.srv.URL, "http://")
			_, port, _ := net.SplitHostPort(host)
			origin := strings.ReplaceAll(strings.ReplaceAll(tt.origin, "HOST", host), "PORT", port)
			r := f.post(body, map[string]string{"Origin": origin})
			wantStatus(t, r, tt.status)
			if tt.status == 403 {
				if code := r.errorCode(t); code != codeInvalidRequest {
					t.Errorf("code = %d", code)
				}
				if _, ok := r.rpc(t)["id"]; ok {
					t.Errorf("403 error has an id: %s", r.body)
				}
			}
		})
	}
	// The check applies to every method, not only POST.
	f := newHTTPFixture(t, nil)
	r := f.do("GET", "", map[string]string{"Origin": "https://evil.example.com", "Accept": "text/event-stream"})
	wantStatus(t, r, 403)
}

// TestHTTPCORS: listed origins get CORS headers and preflight answers; the
// default (same host, loopback) does not open the server to web pages.
func TestHTTPCORS(t *testing.T) {
	f := newHTTPFixture(t, nil, WithAllowedOrigins("https://app.example.com"))
	r := f.do("OPTIONS", "", map[string]string{"Origin": "https://app.example.com",
		"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, mcp-session-id"})
	wantStatus(t, r, http.StatusNoContent)
	if r.header.Get("Access-Control-Allow-Origin") != "https://app.example.com" ||
		r.header.Get("Access-Control-Allow-Headers") != "content-type, mcp-session-id" ||
		!strings.Contains(r.header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight headers: %v", r.header)
	}
	r = f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		map[string]string{"Origin": "https://app.example.com"})
	wantStatus(t, r, 200)
	if r.header.Get("Access-Control-Allow-Origin") != "https://app.example.com" || r.header.Get("Access-Control-Expose-Headers") != "Mcp-Session-Id" {
		t.Errorf("CORS headers: %v", r.header)
	}
	wantStatus(t, f.do("OPTIONS", "", map[string]string{"Origin": "https://evil.example.com"}), http.StatusForbidden)

	f = newHTTPFixture(t, nil)
	r = f.post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, map[string]string{"Origin": "http://localhost:3000"})
	wantStatus(t, r, 200)
	if v := r.header.Get("Access-Control-Allow-Origin"); v != "" {
		t.Errorf("default handler sent Access-Control-Allow-Origin %q", v)
	}
	wantStatus(t, f.do("OPTIONS", "", map[string]string{"Origin": "http://localhost:3000"}), http.StatusMethodNotAllowed)
}

// TestHTTPHost covers DNS rebinding: on a loopback connection only loopback
// Host names pass by default.
func TestHTTPHost(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	tests := []struct {
		name   string
		opts   []HTTPOption
		host   string
		status int
	}{
		{"127.0.0.1", nil, "127.0.0.1:PORT", 200},
		{"localhost", nil, "localhost:PORT", 200},
		{"localhost no port", nil, "localhost", 200},
		{"ipv6 loopback", nil, "[::1]:PORT", 200},
		{"rebound name", nil, "evil.example.com:PORT", 403},
		{"rebound name no port", nil, "evil.example.com", 403},
		{"allowed host", []HTTPOption{WithAllowedHosts("mcp.example.com")}, "mcp.example.com", 200},
		{"allowed host with port", []HTTPOption{WithAllowedHosts("mcp.example.com")}, "mcp.example.com:PORT", 200},
		{"allow-list replaces default", []HTTPOption{WithAllowedHosts("mcp.example.com")}, "localhost:PORT", 403},
		{"any host", []HTTPOption{WithAllowedHosts("*")}, "evil.example.com", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newHTTPFixture(t, nil, tt.opts...)
			_, port, _ := net.SplitHostPort(strings.TrimPrefix(f.srv.URL, "http://"))
			host := strings.ReplaceAll(tt.host, "PORT", port)
			// The conformance suite sends a matching Origin too.
			r := f.post(body, map[string]string{"Host": host, "Origin": "http://" + host})
			wantStatus(t, r, tt.status)
		})
	}

	// A connection on a non-loopback address is not restricted by default.
	h := NewServer("x", "1").HTTPHandler()
	req := httptest.NewRequest("POST", "http://mcp.example.com/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey,
		&net.TCPAddr{IP: net.ParseIP("192.0.2.10"), Port: 443}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("public address: status %d, want 200", rec.Code)
	}
}

func TestHTTPModernHeaders(t *testing.T) {
	f := newHTTPFixture(t, nil)
	b64 := func(s string) string { return "=?base64?" + base64.StdEncoding.EncodeToString([]byte(s)) + "?=" }
	with := func(h map[string]string, k, v string) map[string]string {
		h[k] = v
		return h
	}
	call := modernBody("7", "tools/call", `"name":"echo","arguments":{"text":"x"}`)
	tests := []struct {
		name   string
		body   string
		header map[string]string
		status int
		code   int // 0: a result
	}{
		{"tools/list", modernBody("1", "tools/list", ""), modernHeaders("tools/list", ""), 200, 0},
		{"server/discover", modernBody("1", "server/discover", ""), modernHeaders("server/discover", ""), 200, 0},
		{"tools/call", call, modernHeaders("tools/call", "echo"), 200, 0},
		{"header names in other case", call, map[string]string{"mcp-protocol-version": modernV, "MCP-METHOD": "tools/call", "mcp-name": "echo"}, 200, 0},
		{"base64 name", call, modernHeaders("tools/call", b64("echo")), 200, 0},
		{"base64 method", call, with(modernHeaders("", "echo"), "Mcp-Method", b64("tools/call")), 200, 0},
		{"session id ignored", call, with(modernHeaders("tools/call", "echo"), "Mcp-Session-Id", "whatever"), 200, 0},
		{"missing version header", call, with(modernHeaders("tools/call", "echo"), "MCP-Protocol-Version", ""), 400, codeHeaderMismatch},
		{"version header mismatch", call, with(modernHeaders("tools/call", "echo"), "MCP-Protocol-Version", "2025-11-25"), 400, codeHeaderMismatch},
		{"missing method header", call, modernHeaders("", "echo"), 400, codeHeaderMismatch},
		{"method header mismatch", call, modernHeaders("tools/list", "echo"), 400, codeHeaderMismatch},
		{"missing name header", call, modernHeaders("tools/call", ""), 400, codeHeaderMismatch},
		{"name header mismatch", call, modernHeaders("tools/call", "steps"), 400, codeHeaderMismatch},
		{"bad base64", call, modernHeaders("tools/call", "=?base64?!!!?="), 400, codeHeaderMismatch},
		{"non-ASCII header", call, modernHeaders("tools/call", "éc"), 400, codeHeaderMismatch},
		{"unsupported version", strings.ReplaceAll(call, modernV, "1900-01-01"),
			with(modernHeaders("tools/call", "echo"), "MCP-Protocol-Version", "1900-01-01"), 400, codeUnsupportedProtocol},
		{"missing _meta", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, modernHeaders("tools/list", ""), 400, codeInvalidParams},
		{"missing capabilities", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`,
			modernHeaders("tools/list", ""), 400, codeInvalidParams},
		{"unknown method", modernBody("1", "resources/list", ""), modernHeaders("resources/list", ""), 404, codeMethodNotFound},
		{"unknown tool", modernBody("1", "tools/call", `"name":"nope"`), modernHeaders("tools/call", "nope"), 400, codeInvalidParams},
		{"batch", `[` + call + `]`, modernHeaders("tools/call", "echo"), 400, codeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{"Content-Type": "application/json"}
			for k, v := range tt.header {
				h[k] = v
			}
			r := f.do("POST", tt.body, h)
			wantStatus(t, r, tt.status)
			if r.header.Get("Mcp-Session-Id") != "" {
				t.Error("modern answer carries Mcp-Session-Id")
			}
			m := r.rpc(t)
			if tt.code == 0 {
				res, ok := m["result"].(map[string]any)
				if !ok || res["resultType"] != "complete" {
					t.Fatalf("want a complete result, got %s", r.body)
				}
				return
			}
			if got := r.errorCode(t); got != tt.code {
				t.Errorf("code = %d, want %d; body %s", got, tt.code, r.body)
			}
			if tt.code == codeUnsupportedProtocol {
				data := m["error"].(map[string]any)["data"].(map[string]any)
				if data["requested"] != "1900-01-01" || data["supported"] == nil {
					t.Errorf("data = %v", data)
				}
			}
			if tt.name != "batch" && m["id"] == nil && tt.code != codeInvalidRequest {
				t.Errorf("error lacks the request id: %s", r.body)
			}
		})
	}

	// Notifications and responses are accepted.
	r := f.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		map[string]string{"MCP-Protocol-Version": modernV, "Mcp-Method": "notifications/cancelled"})
	wantStatus(t, r, http.StatusAccepted)

	// GET and DELETE do not exist in the modern protocol.
	for _, method := range []string{"GET", "DELETE"} {
		r := f.do(method, "", map[string]string{"MCP-Protocol-Version": modernV, "Accept": "text/event-stream", "Mcp-Session-Id": "x"})
		wantStatus(t, r, http.StatusMethodNotAllowed)
	}
}

// TestHTTPParamHeaders: arguments marked x-mcp-header must be mirrored in
// Mcp-Param headers (spec 2026-07-28 basic/transports/streamable-http).
func TestHTTPParamHeaders(t *testing.T) {
	f := newHTTPFixture(t, nil)
	body := func(args string) string { return modernBody("1", "tools/call", `"name":"route","arguments":`+args) }
	hdr := func(kv ...string) map[string]string {
		h := modernHeaders("tools/call", "route")
		h["Content-Type"] = "application/json"
		for i := 0; i < len(kv); i += 2 {
			h["Mcp-Param-"+kv[i]] = kv[i+1]
		}
		return h
	}
	tests := []struct {
		name   string
		args   string
		header map[string]string
		status int
	}{
		{"all mirrored", `{"region":"eu","count":3,"opts":{"dry":true}}`, hdr("Region", "eu", "Count", "3", "Dry", "true"), 200},
		{"numbers compare numerically", `{"count":30}`, hdr("Count", "3e1"), 200},
		{"base64 value", `{"region":"zürich"}`, hdr("Region", "=?base64?"+base64.StdEncoding.EncodeToString([]byte("zürich"))+"?="), 200},
		{"absent argument, no header", `{}`, hdr(), 200},
		{"items are not followed", `{"list":["a"]}`, hdr(), 200},
		{"missing header", `{"region":"eu"}`, hdr(), 400},
		{"different value", `{"region":"eu"}`, hdr("Region", "us"), 400},
		{"different number", `{"count":3}`, hdr("Count", "4"), 400},
		{"different boolean", `{"opts":{"dry":false}}`, hdr("Dry", "true"), 400},
		{"header without argument", `{}`, hdr("Region", "eu"), 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := f.do("POST", body(tt.args), tt.header)
			wantStatus(t, r, tt.status)
			if tt.status == 400 {
				if code := r.errorCode(t); code != codeHeaderMismatch {
					t.Errorf("code = %d", code)
				}
			}
		})
	}
}

func TestParamHeadersOfSchema(t *testing.T) {
	got := paramHeaders([]byte(routeSchema(`,"x-mcp-header":"Region"`, `,"x-mcp-header":"Count"`, `,"x-mcp-header":"Dry"`, `,"x-mcp-header":"Ignored"`)))
	want := []paramHeader{{[]string{"count"}, "Count"}, {[]string{"opts", "dry"}, "Dry"}, {[]string{"region"}, "Region"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if strings.Join(got[i].path, ".") != strings.Join(want[i].path, ".") || got[i].name != want[i].name {
			t.Errorf("got %v, want %v", got[i], want[i])
		}
	}
}

// TestHTTPModernStream: notifications of a call travel on the call's event
// stream, before its result; a JSON-only client gets just the result.
func TestHTTPModernStream(t *testing.T) {
	f := newHTTPFixture(t, nil)
	body := `{"jsonrpc":"2.0","id":"c1","method":"tools/call","params":{"name":"steps","_meta":{` +
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},` +
		`"io.modelcontextprotocol/logLevel":"info","progressToken":"p"}}}`
	h := modernHeaders("tools/call", "steps")
	h["Content-Type"] = "application/json"

	r := f.do("POST", body, h)
	wantStatus(t, r, 200)
	if r.header.Get("X-Accel-Buffering") != "no" || r.header.Get("Cache-Control") == "" {
		t.Errorf("stream headers: %v", r.header)
	}
	msgs := r.events(t)
	var methods []string
	for _, m := range msgs {
		if meth, ok := m["method"].(string); ok {
			methods = append(methods, meth)
		}
	}
	if got := strings.Join(methods, ","); got != strings.Repeat("notifications/message,notifications/progress,", 2)+"notifications/message,notifications/progress" {
		t.Errorf("notifications = %s", got)
	}
	last := msgs[len(msgs)-1]
	if last["id"] != "c1" || last["result"] == nil {
		t.Errorf("last event is not the result: %v", last)
	}

	h["Accept"] = "application/json"
	r = f.do("POST", body, h)
	wantStatus(t, r, 200)
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type = %q", ct)
	}
	if m := r.rpc(t); m["id"] != "c1" || m["result"] == nil {
		t.Errorf("not the result: %s", r.body)
	}
}

// TestHTTPModernDisconnectCancels: closing the connection of a modern call
// cancels it (spec 2026-07-28 basic/utilities/cancellation).
func TestHTTPModernDisconnectCancels(t *testing.T) {
	f := newHTTPFixture(t, nil)
	ctx, cancel := context.WithCancel(t.Context())
	h := modernHeaders("tools/call", "block")
	h["Content-Type"] = "application/json"
	errc := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", f.url, strings.NewReader(modernBody("1", "tools/call", `"name":"block"`)))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	waitFor(t, f.started, "the call to start")
	cancel()
	waitFor(t, f.cancelled, "the call to be cancelled")
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("client error = %v", err)
	}
}

func waitFor(t *testing.T, ch chan string, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// initialize starts a legacy session and returns its id.
func (f *httpFixture) initialize(version string) string {
	f.t.Helper()
	r := f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+version+
		`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, map[string]string{"Accept": acceptBoth})
	wantStatus(f.t, r, 200)
	id := r.header.Get("Mcp-Session-Id")
	if id == "" {
		f.t.Fatalf("initialize without Mcp-Session-Id: %s", r.body)
	}
	if got := r.rpc(f.t)["result"].(map[string]any)["protocolVersion"]; got != version {
		f.t.Fatalf("negotiated %v, want %s", got, version)
	}
	return id
}

func sessionHeaders(id, version string) map[string]string {
	return map[string]string{"Mcp-Session-Id": id, "MCP-Protocol-Version": version, "Accept": acceptBoth}
}

func TestHTTPLegacySession(t *testing.T) {
	f := newHTTPFixture(t, nil)
	const v = "2025-11-25"
	id := f.initialize(v)
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			t.Fatalf("session id %q has a non-visible character", id)
		}
	}
	if len(id) < 32 {
		t.Errorf("session id %q is short", id)
	}
	if other := f.initialize(v); other == id {
		t.Error("two sessions got the same id")
	}
	h := sessionHeaders(id, v)

	wantStatus(t, f.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, h), http.StatusAccepted)
	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":5,"result":{}}`, h), http.StatusAccepted)

	r := f.post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, h)
	wantStatus(t, r, 200)
	if r.header.Get("Content-Type") != "application/json" {
		t.Errorf("a call without notifications is answered as %q", r.header.Get("Content-Type"))
	}
	if _, ok := r.rpc(t)["result"].(map[string]any)["tools"]; !ok {
		t.Errorf("no tools: %s", r.body)
	}

	// A request of another session version still works in the session; the
	// header is only checked for being supported (the conformance suite
	// sends 2025-03-26 in a 2025-11-25 session).
	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":2,"method":"ping"}`, sessionHeaders(id, "2025-03-26")), 200)

	// The standalone GET stream.
	ctx, cancel := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, "GET", f.url, nil)
	req.Header.Set("Mcp-Session-Id", id)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("GET: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// One stream per session.
	wantStatus(t, f.do("GET", "", map[string]string{"Mcp-Session-Id": id, "Accept": "text/event-stream"}), http.StatusConflict)
	wantStatus(t, f.do("GET", "", map[string]string{"Mcp-Session-Id": id, "Accept": "application/json"}), http.StatusNotAcceptable)

	// DELETE ends the session and its stream.
	r = f.do("DELETE", "", map[string]string{"Mcp-Session-Id": id})
	wantStatus(t, r, http.StatusNoContent)
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Errorf("GET stream did not end cleanly: %v", err)
	}
	resp.Body.Close()
	cancel()

	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":3,"method":"ping"}`, h), http.StatusNotFound)
	wantStatus(t, f.do("DELETE", "", map[string]string{"Mcp-Session-Id": id}), http.StatusNotFound)
	wantStatus(t, f.do("GET", "", map[string]string{"Mcp-Session-Id": id, "Accept": "text/event-stream"}), http.StatusNotFound)
}

// TestHTTPLegacyStream: with logging enabled by logging/setLevel, a call's
// log messages and progress travel on its POST's event stream.
func TestHTTPLegacyStream(t *testing.T) {
	f := newHTTPFixture(t, nil)
	const v = "2025-06-18"
	id := f.initialize(v)
	h := sessionHeaders(id, v)
	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}`, h), 200)

	r := f.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"steps","_meta":{"progressToken":9}}}`, h)
	wantStatus(t, r, 200)
	msgs := r.events(t)
	if len(msgs) != 7 {
		t.Fatalf("got %d events, want 3 logs, 3 progress and the result", len(msgs))
	}
	var progress []float64
	for _, m := range msgs[:6] {
		if m["method"] == "notifications/progress" {
			p := m["params"].(map[string]any)
			if p["progressToken"] != float64(9) {
				t.Errorf("progress token %v", p["progressToken"])
			}
			progress = append(progress, p["progress"].(float64))
		}
	}
	if len(progress) != 3 || progress[0] >= progress[1] || progress[1] >= progress[2] {
		t.Errorf("progress = %v", progress)
	}
	if msgs[6]["id"] != float64(2) {
		t.Errorf("last event: %v", msgs[6])
	}

	// A client that accepts only JSON gets only the result.
	h["Accept"] = "application/json"
	r = f.post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"steps","_meta":{"progressToken":9}}}`, h)
	wantStatus(t, r, 200)
	if r.rpc(t)["id"] != float64(3) {
		t.Errorf("not the result: %s", r.body)
	}
}

// TestHTTPLegacyDisconnect: a legacy call survives its POST's connection
// (spec 2026-07-28 basic/utilities/cancellation) and ends with its session.
func TestHTTPLegacyDisconnect(t *testing.T) {
	t.Parallel()
	f := newHTTPFixture(t, nil)
	id := f.initialize("2025-11-25")
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		h := sessionHeaders(id, "2025-11-25")
		h["Content-Type"] = "application/json"
		req, _ := http.NewRequestWithContext(ctx, "POST", f.url,
			strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"block"}}`))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	waitFor(t, f.started, "the call to start")
	cancel()
	<-done
	select {
	case <-f.cancelled:
		t.Fatal("disconnect cancelled a legacy call")
	case <-time.After(100 * time.Millisecond):
	}
	wantStatus(t, f.do("DELETE", "", map[string]string{"Mcp-Session-Id": id}), http.StatusNoContent)
	waitFor(t, f.cancelled, "DELETE to cancel the call")
}

// TestHTTPStatelessDisconnectCancels: a call without a session cannot be
// fetched or cancelled later, so its connection's end cancels it.
func TestHTTPStatelessDisconnectCancels(t *testing.T) {
	f := newHTTPFixture(t, nil)
	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", f.url,
			strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"block"}}`))
		req.Header.Set("Content-Type", "application/json")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	waitFor(t, f.started, "the call to start")
	cancel()
	waitFor(t, f.cancelled, "the call to be cancelled")
}

func TestHTTPLegacyNotificationCancels(t *testing.T) {
	f := newHTTPFixture(t, nil)
	id := f.initialize("2025-11-25")
	h := sessionHeaders(id, "2025-11-25")
	replied := make(chan *httpReply, 1)
	go func() {
		replied <- f.post(`{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"block"}}`, h)
	}()
	waitFor(t, f.started, "the call to start")
	wantStatus(t, f.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"b"}}`, h), http.StatusAccepted)
	waitFor(t, f.cancelled, "the call to be cancelled")
	r := <-replied
	// A cancelled call gets no reply (spec 2026-07-28 basic/utilities/cancellation).
	wantStatus(t, r, http.StatusAccepted)
	if r.body != "" {
		t.Errorf("cancelled call answered: %s", r.body)
	}
}

// TestHTTPLegacyCancelFreesPOST: a call cancelled with
// notifications/cancelled ends its POST at once (202, no reply) although
// its tool ignores its context; the tool's late result goes nowhere, and
// the session goes on.
func TestHTTPLegacyCancelFreesPOST(t *testing.T) {
	f := newHTTPFixture(t, nil)
	id := f.initialize("2025-11-25")
	h := sessionHeaders(id, "2025-11-25")
	replied := make(chan *httpReply, 1)
	go func() {
		replied <- f.post(`{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":"stubborn"}}`, h)
	}()
	waitFor(t, f.started, "the call to start")
	wantStatus(t, f.post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s"}}`, h), http.StatusAccepted)
	var r *httpReply
	select {
	case r = <-replied:
	case <-f.returned:
		t.Fatal("the POST waited for the tool")
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled call's POST is still open")
	}
	wantStatus(t, r, http.StatusAccepted)
	if r.body != "" {
		t.Errorf("cancelled call answered: %s", r.body)
	}
	f.release <- struct{}{} // the tool returns, its result dropped
	waitFor(t, f.returned, "the tool to return")
	if got := f.post(`{"jsonrpc":"2.0","id":"e","method":"tools/call","params":{"name":"echo","arguments":{"text":"on"}}}`, h).rpc(t); got["id"] != "e" || !strings.Contains(fmt.Sprint(got["result"]), "on") {
		t.Errorf("the session after the cancelled call: %v", got)
	}
}

func TestHTTPLegacyBatch(t *testing.T) {
	f := newHTTPFixture(t, nil)
	id := f.initialize("2025-03-26")
	h := map[string]string{"Mcp-Session-Id": id}
	r := f.post(`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},`+
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"b"}}}]`, h)
	wantStatus(t, r, 200)
	var replies []map[string]any
	if err := json.Unmarshal([]byte(r.body), &replies); err != nil || len(replies) != 2 {
		t.Fatalf("batch reply %s (%v)", r.body, err)
	}

	// Batches are for 2025-03-26 only.
	id = f.initialize("2025-11-25")
	r = f.post(`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, sessionHeaders(id, "2025-11-25"))
	if code := r.errorCode(t); code != codeInvalidRequest {
		t.Errorf("code = %d", code)
	}
}

// TestHTTPSessionLimits: a session over the limit is refused (the open ones
// stay), and an idle session expires, which frees its slot and is the end
// its session hook hears.
func TestHTTPSessionLimits(t *testing.T) {
	t.Parallel()
	log := newSessionLog()
	f := newHTTPFixture(t, []Option{log.option()}, WithSessionIdleTimeout(50*time.Millisecond), WithMaxSessions(1))
	id := f.initialize("2025-11-25")
	r := f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, nil)
	wantStatus(t, r, http.StatusServiceUnavailable)

	if e := log.session(t, "http", "2025-11-25", SessionExpired); e.ID != id || e.Duration() < 50*time.Millisecond {
		t.Errorf("expired session %+v (duration %v), want %s after 50ms", e, e.Duration(), id)
	}
	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, sessionHeaders(id, "2025-11-25")), http.StatusNotFound)
	f.initialize("2025-11-25") // the expired session freed its slot
}

func TestHTTPFailedInitializeHasNoSession(t *testing.T) {
	f := newHTTPFixture(t, nil)
	r := f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`, nil)
	wantStatus(t, r, 200)
	if r.header.Get("Mcp-Session-Id") != "" {
		t.Error("failed initialize minted a session")
	}
	if code := r.errorCode(t); code != codeInvalidParams {
		t.Errorf("code = %d", code)
	}
}

func TestHTTPAccept(t *testing.T) {
	tests := []struct {
		accept    string
		json, sse bool
	}{
		{"", true, false},
		{"application/json", true, false},
		{"text/event-stream", false, true},
		{"application/json, text/event-stream", true, true},
		{"text/event-stream;q=0.9, application/json", true, true},
		{"*/*", true, false},
		{"text/event-stream;q=0", false, false},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.accept != "" {
			h.Set("Accept", tt.accept)
		}
		if got := parseAccept(h); got.json != tt.json || got.sse != tt.sse {
			t.Errorf("parseAccept(%q) = %+v", tt.accept, got)
		}
	}
}

// TestHTTPSSEOnly: a client that accepts only event streams gets one.
func TestHTTPSSEOnly(t *testing.T) {
	f := newHTTPFixture(t, nil)
	r := f.post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, map[string]string{"Accept": "text/event-stream"})
	wantStatus(t, r, 200)
	if msgs := r.events(t); len(msgs) != 1 || msgs[0]["id"] != float64(1) {
		t.Errorf("events %v", msgs)
	}
}

func TestWriteSSEEvent(t *testing.T) {
	rec := httptest.NewRecorder()
	if err := writeSSEEvent(rec, []byte("{\n  \"a\": 1\r\n}\n")); err != nil {
		t.Fatal(err)
	}
	want := "event: message\ndata: {\ndata:   \"a\": 1\ndata: }\n\n"
	if got := rec.Body.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !rec.Flushed {
		t.Error("event not flushed")
	}
}

func TestHeaderValue(t *testing.T) {
	tests := []struct {
		in   []string
		want string
		err  error
	}{
		{nil, "", errHeaderMissing},
		{[]string{"tools/call"}, "tools/call", nil},
		{[]string{" padded "}, "padded", nil},
		{[]string{"=?base64?w6ljaG8=?="}, "écho", nil},
		// SEP-2243's test cases: padding is required, and a value that is
		// not wrapped in both markers is literal.
		{[]string{"=?base64?w6ljaG8?="}, "", errHeaderEncoding},
		{[]string{"=?base64?w6ljaG8="}, "=?base64?w6ljaG8=", nil},
		{[]string{"w6ljaG8=?="}, "w6ljaG8=?=", nil},
		{[]string{"=?base64?***?="}, "", errHeaderEncoding},
		{[]string{"=?base64?SGVs!!!bG8=?="}, "", errHeaderEncoding},
		{[]string{"=?base64?/w==?="}, "", errHeaderEncoding}, // not UTF-8
		{[]string{"a\x01b"}, "", errHeaderEncoding},
		{[]string{"écho"}, "", errHeaderEncoding},
		{[]string{"a", "b"}, "", errHeaderEncoding},
	}
	for _, tt := range tests {
		h := http.Header{"Mcp-Name": tt.in}
		got, err := headerValue(h, "Mcp-Name")
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("headerValue(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestHTTPGetStreamKeepAlive: the standalone stream sends comments so that
// proxies keep it open.
func TestHTTPGetStreamKeepAlive(t *testing.T) {
	s := NewServer("x", "1", WithLogger(slog.New(slog.DiscardHandler)))
	h := s.HTTPHandler().(*httpHandler)
	h.cfg.keepAlive = 10 * time.Millisecond
	srv := httptest.NewServer(h)
	defer srv.Close()
	f := &httpFixture{t: t, srv: srv, url: srv.URL}
	id := f.initialize("2025-11-25")
	req, _ := http.NewRequestWithContext(t.Context(), "GET", srv.URL, nil)
	req.Header.Set("Mcp-Session-Id", id)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if err != nil || line != ": keep-alive\n" {
		t.Errorf("first line %q, %v", line, err)
	}
}
