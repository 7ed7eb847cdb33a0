package runtime

// Hardening tests: what a hostile or broken client, and a broken tool, must
// not be able to do to a server (see /work/notes/GUARANTEES.md). Fuzz
// targets for the same surfaces are in fuzz_test.go.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
	"unicode/utf8"
)

// panickyMarshaler panics when encoded: a user type with a buggy MarshalJSON.
type panickyMarshaler struct{}

func (panickyMarshaler) MarshalJSON() ([]byte, error) {
	var m map[string]int
	//lint:ignore SA5000 deliberate: the runtime error that buggy code panics with
	m["/home/dev/secret.go"] = 1 // nil map write: panics
	return nil, nil
}

// failingMarshaler fails to encode with an error that names internals.
type failingMarshaler struct{}

func (failingMarshaler) MarshalJSON() ([]byte, error) {
	return nil, errors.New("dial tcp 10.0.0.7:5432: connection refused (/srv/app/db.go:42)")
}

// leakyTools are tools that fail in every way a Go function can, other than
// by returning an error on purpose.
func leakyTools() []Tool {
	h := func(f func() (*Result, error)) Handler {
		return func(context.Context, json.RawMessage) (*Result, error) { return f() }
	}
	return []Tool{
		{Name: "panic_string", Handler: h(func() (*Result, error) { panic("boom at /home/dev/tools.go:12") })},
		{Name: "panic_error", Handler: h(func() (*Result, error) {
			panic(fmt.Errorf("wrapped: %w", errors.New("open /etc/shadow: permission denied")))
		})},
		{Name: "panic_nil_deref", Handler: h(func() (*Result, error) {
			var p *struct{ X int }
			return TextResult(fmt.Sprint(p.X)), nil
		})},
		{Name: "panic_in_marshal", Handler: h(func() (*Result, error) {
			return &Result{Content: []Content{&TextContent{Text: "x"}}, StructuredContent: panickyMarshaler{}}, nil
		})},
		{Name: "panic_in_meta", Handler: h(func() (*Result, error) {
			return &Result{Content: []Content{}, Meta: map[string]any{"k": panickyMarshaler{}}}, nil
		})},
		{Name: "wrapped_nan", Handler: h(func() (*Result, error) { return WrappedResult(math.NaN()) })},
		{Name: "structured_fails", Handler: h(func() (*Result, error) {
			return StructuredResult(map[string]any{"db": failingMarshaler{}})
		})},
		{Name: "wrapped_panics", Handler: h(func() (*Result, error) { return WrappedResult(panickyMarshaler{}) })},
		{Name: "structured_not_object", Handler: h(func() (*Result, error) { return StructuredResult([]int{1}) })},
		{Name: "raw_invalid", Handler: h(func() (*Result, error) {
			return &Result{Content: []Content{}, StructuredContent: json.RawMessage(`{"a":`)}, nil
		})},
		{Name: "nil_content", Handler: h(func() (*Result, error) { return &Result{Content: []Content{nil}}, nil })},
		{Name: "meta_fails", Handler: h(func() (*Result, error) {
			return &Result{Content: []Content{}, Meta: map[string]any{"c": make(chan int)}}, nil
		})},
	}
}

// leakPattern matches what must never reach a client: stack frames, file
// paths, Go runtime and encoding/json internals, the panic values above.
var leakPattern = regexp.MustCompile(`goroutine \d|\.go:\d|/home/|/srv/|/etc/|runtime\.|runtime error|nil map|nil pointer|json: |panic|MarshalJSON|unsupported|10\.0\.0\.7|permission denied|connection refused|boom|NaN`)

// encodeFailures are the leaky tools whose result cannot be encoded, which
// a client is told as such; the others panic in the tool.
var encodeFailures = map[string]bool{
	"panic_in_marshal": true, "panic_in_meta": true, "wrapped_nan": true, "structured_fails": true,
	"structured_not_object": true, "raw_invalid": true, "nil_content": true, "meta_fails": true,
}

func TestNoInternalsLeakToClient(t *testing.T) {
	var log syncBuffer
	s := NewServer("leaky", "1", WithLogger(slog.New(slog.NewTextHandler(&log, nil))))
	for _, tool := range leakyTools() {
		s.MustAddTool(tool)
	}
	for _, proto := range []string{"2024-11-05", "2025-11-25", ""} {
		c := serve(t, s)
		if proto != "" {
			c.initialize(proto)
		}
		for i, tool := range leakyTools() {
			params := `{"name":"` + tool.Name + `"}`
			if proto == "" {
				params = modernParams(`"name":"` + tool.Name + `"`)
			}
			m := c.do(fmt.Sprint(i+1), "tools/call", params)
			res := m.result(t) // an isError result, never a protocol error
			if leakPattern.MatchString(strings.ReplaceAll(string(m.line), tool.Name, "TOOL")) {
				t.Errorf("%s %s: internals reach the client: %s", proto, tool.Name, m.line)
			}
			if proto == "2024-11-05" && (tool.Name == "panic_in_marshal" || tool.Name == "raw_invalid") {
				continue // structuredContent is not sent to this version: nothing fails
			}
			if res["isError"] != true {
				t.Errorf("%s %s: not an isError result: %s", proto, tool.Name, m.line)
			}
			want := "internal error in tool " + tool.Name // a panic in the tool
			if encodeFailures[tool.Name] {
				want = "the result of tool " + tool.Name + " could not be encoded as JSON"
			}
			if !strings.Contains(string(m.line), want) {
				t.Errorf("%s %s: want the generic text %q, got %s", proto, tool.Name, want, m.line)
			}
		}
		c.do(`"alive"`, "tools/call", `{"name":"panic_string"}`) // still serving
	}
	// The details go to the server's log (stderr), for the developer.
	for _, want := range []string{"boom at /home/dev/tools.go:12", "permission denied", "goroutine", "NaN", "connection refused"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("server log lacks %q", want)
		}
	}
}

// TestToolErrorTextIsTheContract: an error a tool returns on purpose is its
// developer's message to the model, sent as is (docs/guarantees.md, "Tool failures
// never leak internals"); only failures
// the developer did not write (panics, results that do not encode) are
// reduced to a generic text.
func TestToolErrorTextIsTheContract(t *testing.T) {
	c := serve(t, newTestServer(t))
	res := c.do(`1`, "tools/call", `{"name":"fail"}`).result(t)
	jsonEqual(t, "tool error", res, `{"content":[{"type":"text","text":"the disk is full"}],"isError":true}`)
}

// TestRequestIDsAreValidUTF8: an id is echoed byte for byte, so an id with
// invalid UTF-8 would make the server write a line that is not UTF-8. Such
// a request is invalid, and its error carries no id.
func TestRequestIDsAreValidUTF8(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.send("{\"jsonrpc\":\"2.0\",\"id\":\"a\xffb\",\"method\":\"ping\"}")
	m := c.next()
	m.code(t, codeInvalidRequest)
	if len(m.ID) != 0 || !utf8.Valid(m.line) {
		t.Errorf("reply: %q", m.line)
	}
	// A progress token is echoed too: one with invalid UTF-8 is ignored.
	c.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"progress\",\"_meta\":{\"progressToken\":\"\xfe\"}}}")
	for {
		m := c.next()
		if !utf8.Valid(m.line) {
			t.Fatalf("invalid UTF-8 written: %q", m.line)
		}
		if string(m.ID) == "2" {
			m.result(t)
			break
		}
	}
	// Escapes are fine: they are ASCII on the wire.
	c.do(`"\ud800"`, "ping", "").result(t)
}

// TestHostileStdioSequence feeds, on one connection, every kind of bad
// message the issue lists, each followed by a ping that must still work.
func TestHostileStdioSequence(t *testing.T) {
	c := serve(t, newTestServer(t, WithMaxMessageSize(1<<16)))
	c.initialize("2025-11-25")
	for _, tt := range []struct {
		name, msg string
		code      int // 0: a result with isError
		withID    bool
	}{
		{"truncated", `{"jsonrpc":"2.0","id":1,"method":"ping"`, codeParseError, false},
		{"garbage", `}{not json`, codeParseError, false},
		{"two values", `{"jsonrpc":"2.0","id":1,"method":"ping"} {}`, codeParseError, false},
		{"nul byte", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\x00\"}", codeParseError, false},
		{"invalid utf8 outside strings", "{\"jsonrpc\":\"2.0\",\"id\":1,\xff\"method\":\"ping\"}", codeParseError, false},
		{"vertical tab after", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\v", codeParseError, false},
		{"nbsp before", "\u00a0{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", codeParseError, false},
		{"no method", `{"jsonrpc":"2.0","id":1}`, codeInvalidRequest, true},
		{"method not string", `{"jsonrpc":"2.0","id":1,"method":7}`, codeInvalidRequest, true},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, codeInvalidRequest, false},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, codeInvalidRequest, false},
		{"array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, codeInvalidRequest, false},
		{"bool id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, codeInvalidRequest, false},
		{"wrong version", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, codeInvalidRequest, true},
		{"not an object", `[]`, codeInvalidRequest, false},
		{"scalar", `42`, codeInvalidRequest, false},
		{"unknown method", `{"jsonrpc":"2.0","id":1,"method":"tools/destroy"}`, codeMethodNotFound, true},
		{"invalid utf8 method", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\xff\"}", codeMethodNotFound, true},
		{"arguments array", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":[1]}}`, codeInvalidParams, true},
		{"arguments string", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":"{}"}}`, codeInvalidParams, true},
		{"params array", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}`, codeInvalidParams, true},
		{"unknown tool", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}`, codeInvalidParams, true},
		{"invalid utf8 argument", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"\xff\"}}}", 0, true},
		{"wrong argument type", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":"1","b":2}}}`, 0, true},
		{"deep params", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":` + strings.Repeat(`[`, 20000) + strings.Repeat(`]`, 20000) + `}}`, codeParseError, false},
		{"deep arguments", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":` + strings.Repeat(`{"a":`, 9000) + `1` + strings.Repeat(`}`, 9000) + `}}}`, 0, true},
		{"deep batch", strings.Repeat(`[`, 30000), codeParseError, false},
		{"oversized", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":"` + strings.Repeat("x", 1<<16) + `"}}`, codeInvalidRequest, true},
		{"oversized without id", `{"jsonrpc":"2.0","method":"ping","params":{"p":"` + strings.Repeat("x", 1<<16) + `"}}`, codeInvalidRequest, false},
	} {
		c.send(tt.msg)
		m := c.next()
		if !utf8.Valid(m.line) || !json.Valid(m.line) {
			t.Errorf("%s: reply is not valid UTF-8 JSON: %q", tt.name, m.line)
		}
		if tt.code == 0 {
			if res := m.result(t); res["isError"] != true {
				t.Errorf("%s: want an isError result, got %s", tt.name, m.line)
			}
		} else {
			m.code(t, tt.code)
			if got := len(m.ID) != 0; got != tt.withID {
				t.Errorf("%s: reply has id=%v, want %v: %s", tt.name, got, tt.withID, m.line)
			}
		}
		c.do(`"alive"`, "ping", "").result(t)
	}
}

// TestResultEncodingPanicOverHTTP: a result that panics while being encoded
// must not take down an HTTP server either (the call runs on a goroutine of
// the transport's, where net/http's own recovery does not reach).
func TestResultEncodingPanicOverHTTP(t *testing.T) {
	s := NewServer("leaky", "1", WithLogger(slog.New(slog.DiscardHandler)))
	for _, tool := range leakyTools() {
		s.MustAddTool(tool)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: s.HTTPHandler()}
	go hs.Serve(ln)
	defer hs.Close()
	// A legacy session of 2025-06-18, which gets structuredContent.
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	resp, err := http.Post("http://"+ln.Addr().String()+"/", "application/json", strings.NewReader(init))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	for _, name := range []string{"panic_in_marshal", "panic_in_meta", "wrapped_panics"} {
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `"}}`
		req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("MCP-Protocol-Version", "2025-06-18")
		req.Header.Set("Mcp-Session-Id", sid)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), `"isError":true`) || leakPattern.MatchString(strings.ReplaceAll(string(b), name, "TOOL")) {
			t.Errorf("%s: %s", name, b)
		}
	}
}

// waitGoroutines waits until the number of goroutines is at most n, and
// fails with their stacks when that does not happen within a generous
// deadline (a guard against hanging, not a timing assertion).
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for goruntime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:goruntime.Stack(buf, true)]
			t.Fatalf("%d goroutines, want at most %d:\n%s", goruntime.NumGoroutine(), n, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

var _ = context.Background

func bufioScanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	return sc
}

// TestHTTPShutdownEndsSessions: after ListenAndServeHTTP returns, nothing of
// it runs on. A legacy session's calls outlive their POST by design (a
// dropped connection does not cancel them), so the shutdown must end the
// sessions, cancelling such calls, or they would run forever.
func TestHTTPShutdownEndsSessions(t *testing.T) {
	tr := &http.Transport{}
	client := &http.Client{Transport: tr}
	base := goruntime.NumGoroutine()

	s := newTestServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/mcp"
	ctx, cancel := context.WithCancel(t.Context())
	served := make(chan error, 1)
	go func() { served <- s.serveHTTP(ctx, ln, 200*time.Millisecond) }()

	post := func(ctx context.Context, body, sid string) (*http.Response, error) {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		}
		return client.Do(req)
	}
	resp, err := post(t.Context(), `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, "")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")

	// Two calls that end only when cancelled: one whose client hangs up,
	// one still waiting for its answer when the shutdown begins.
	key := t.Name()
	_, start := gate(key)
	call := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"wait","arguments":{"key":%q}}}`, id, key)
	}
	rctx, hangUp := context.WithCancel(t.Context())
	go post(rctx, call(2), sid)
	<-start
	hangUp()
	answered := make(chan string, 1)
	go func() {
		resp, err := post(t.Context(), call(3), sid)
		if err != nil {
			answered <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answered <- string(b)
	}()
	<-start

	// A standalone GET stream of the session, and a modern call in flight.
	greq, _ := http.NewRequestWithContext(t.Context(), "GET", url, nil)
	greq.Header.Set("Accept", "text/event-stream")
	greq.Header.Set("Mcp-Session-Id", sid)
	greq.Header.Set("MCP-Protocol-Version", "2025-11-25")
	gresp, err := client.Do(greq)
	if err != nil || gresp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, gresp)
	}
	streamDone := make(chan struct{})
	go func() { io.Copy(io.Discard, gresp.Body); gresp.Body.Close(); close(streamDone) }()
	modernDone := make(chan struct{})
	go func() {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{%s},"name":"wait","arguments":{"key":%q}}}`, modernMeta, key)
		req, _ := http.NewRequestWithContext(t.Context(), "POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", "wait")
		if resp, err := client.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		close(modernDone)
	}()
	<-start

	cancel()
	if err := <-served; err != nil {
		t.Errorf("serveHTTP: %v", err)
	}
	<-answered // an error or a cancelled call: the grace period was over
	<-streamDone
	<-modernDone
	tr.CloseIdleConnections()
	waitGoroutines(t, base)
}

// TestModernHeadersMatchWhatRuns: the Mcp-Method and Mcp-Name headers let a
// gateway route and authorize a request without reading its body (spec
// 2026-07-28 basic/transports/streamable-http), so the server must compare them
// with the method and tool it will actually run. encoding/json matches member
// names without regard to case; the core does not: a body with both "name" and
// "Name" must not pass the check with one and run the other.
func TestModernHeadersMatchWhatRuns(t *testing.T) {
	h := newTestServer(t).HTTPHandler()
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	for _, tt := range []struct{ body, method, name string }{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + meta + `,"name":"explode","Name":"echo"}}`, "tools/call", "echo"},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + meta + `,"name":"explode","NAME":"echo"}}`, "tools/call", "echo"},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","Method":"ping","params":{` + meta + `,"name":"explode"}}`, "ping", ""},
		{`{"jsonrpc":"2.0","id":1,"Method":"ping","method":"tools/call","params":{` + meta + `,"name":"explode"}}`, "ping", ""},
	} {
		req := httptest.NewRequest("POST", "http://localhost/mcp", strings.NewReader(tt.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", tt.method)
		if tt.name != "" {
			req.Header.Set("Mcp-Name", tt.name)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "-32020") {
			t.Errorf("%s with Mcp-Method %s, Mcp-Name %s: %d %s", tt.body, tt.method, tt.name, rec.Code, rec.Body)
		}
	}
}

// TestStdioGoroutinesBounded: after a burst of 500 concurrent calls, a
// connection keeps at most maxIdleWorkers idle goroutines, and once Serve
// has returned at end of input, none of its goroutines remain.
func TestStdioGoroutinesBounded(t *testing.T) {
	base := goruntime.NumGoroutine()
	s := newTestServer(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.Serve(t.Context(), inR, outW); outW.Close() }()
	out := make(chan []byte, 1000)
	go func() {
		sc := bufioScanner(outR)
		for sc.Scan() {
			out <- append([]byte(nil), sc.Bytes()...)
		}
		close(out)
	}()
	const n = 500
	key := t.Name()
	release, start := gate(key)
	for i := range n {
		fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"wait","arguments":{"key":%q}}}`+"\n", i, key)
	}
	for range n {
		<-start
	}
	close(release)
	for range n {
		<-out
	}
	waitGoroutines(t, base+maxIdleWorkers+8)
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for range out {
	}
	waitGoroutines(t, base)
}

// TestHostileHTTPBodies: the HTTP transport gives the stdio answers, with
// an HTTP status, to the same hostile messages.
func TestHostileHTTPBodies(t *testing.T) {
	h := newTestServer(t, WithMaxMessageSize(1<<16)).HTTPHandler()
	for _, tt := range []struct {
		name, body string
		status     int
		code       int // 0: an isError result
	}{
		{"malformed", `{"jsonrpc":"2.0","id":1,"method":`, 400, codeParseError},
		{"no method", `{"jsonrpc":"2.0","id":1}`, 200, codeInvalidRequest},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, 400, codeInvalidRequest},
		{"unknown method", `{"jsonrpc":"2.0","id":1,"method":"nope"}`, 200, codeMethodNotFound},
		{"arguments not an object", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":1}}`, 200, codeInvalidParams},
		{"deep", `{"jsonrpc":"2.0","id":1,"method":"ping","params":` + strings.Repeat(`[`, 20000) + strings.Repeat(`]`, 20000) + `}`, 400, codeParseError},
		{"deep arguments", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"x":` + strings.Repeat(`[`, 9000) + strings.Repeat(`]`, 9000) + `}}}`, 200, 0},
		{"invalid utf-8 id", "{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}", 400, codeInvalidRequest},
		{"invalid utf-8 argument", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"\xff\"}}}", 200, 0},
		{"oversized", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":"` + strings.Repeat("x", 1<<16) + `"}}`, 413, codeInvalidRequest},
	} {
		req := httptest.NewRequest("POST", "http://localhost/mcp", strings.NewReader(tt.body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var m struct {
			Result *struct {
				IsError bool `json:"isError"`
			} `json:"result"`
			Error *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || !utf8.Valid(rec.Body.Bytes()) {
			t.Errorf("%s: body %q", tt.name, rec.Body)
			continue
		}
		switch {
		case rec.Code != tt.status:
			t.Errorf("%s: status %d, want %d: %s", tt.name, rec.Code, tt.status, rec.Body)
		case tt.code == 0 && (m.Result == nil || !m.Result.IsError):
			t.Errorf("%s: want an isError result: %s", tt.name, rec.Body)
		case tt.code != 0 && (m.Error == nil || m.Error.Code != tt.code):
			t.Errorf("%s: want error %d: %s", tt.name, tt.code, rec.Body)
		}
	}
}

// blockingWriter blocks every Write until released, as a stdout pipe
// whose reader stopped reading does; blocked is closed when the first Write
// starts.
type blockingWriter struct {
	release, blocked chan struct{}
	once             *sync.Once
}

func (w blockingWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.blocked) })
	<-w.release
	return 0, io.ErrClosedPipe
}

// TestServeCancelWithStalledClient: a client that stops reading stdout
// blocks the server's writes; cancelling ctx (SIGTERM through
// signal.NotifyContext) must still make Serve return, or the process could
// only be killed.
func TestServeCancelWithStalledClient(t *testing.T) {
	s := newTestServer(t)
	inR, inW := io.Pipe()
	defer inW.Close()
	w := blockingWriter{make(chan struct{}), make(chan struct{}), new(sync.Once)}
	defer close(w.release)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, inR, w) }()
	go func() {
		for i := range 3 {
			fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", i)
		}
	}()
	<-w.blocked // the first reply blocks
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v, want nil (a cancelled context is a clean stop)", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Serve did not return after ctx was cancelled while a write was blocked")
	}
}

// TestBatchParallelismBounded: the calls of one batch (protocol
// 2025-03-26) run at most maxBatchParallel at once, and all are answered.
func TestBatchParallelismBounded(t *testing.T) {
	// In a synctest bubble, the calls' sleeps take no real time.
	synctest.Test(t, func(t *testing.T) {
		s := newTestServer(t)
		var mu sync.Mutex
		running, peak := 0, 0
		s.MustAddTool(Tool{Name: "count", Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
			mu.Lock()
			running++
			peak = max(peak, running)
			mu.Unlock()
			time.Sleep(time.Millisecond)
			mu.Lock()
			running--
			mu.Unlock()
			return EmptyResult(), nil
		}})
		c := serve(t, s)
		c.initialize("2025-03-26")
		const n = 1000
		var b strings.Builder
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"count"}}`, i)
		}
		b.WriteByte(']')
		c.send(b.String())
		m := c.next()
		var replies []json.RawMessage
		if err := json.Unmarshal(m.line, &replies); err != nil || len(replies) != n {
			t.Fatalf("%d replies (%v), want %d", len(replies), err, n)
		}
		if peak > maxBatchParallel {
			t.Errorf("%d calls of a batch ran at once, want at most %d", peak, maxBatchParallel)
		}
	})
}
