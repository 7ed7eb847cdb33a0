package runtime

// Fuzz targets for the surfaces a client controls: JSON-RPC framing and
// dispatch on stdio (FuzzStdio, FuzzDispatch) and everything an HTTP
// request carries (FuzzHTTP). `go test` runs their seeds (f.Add and
// testdata/fuzz/<name>); a longer run is
//
//	go test -run '^$' -fuzz '^FuzzStdio$' -fuzztime 5m ./runtime/
//
// The oracle for "which messages need an answer" is independent of the
// server's own scanner: encoding/json, reading exact member names.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// fuzzServer is a server with every test tool that returns by itself (not
// "wait", which blocks until released) plus the leaky ones, logging nowhere.
var fuzzServer = sync.OnceValue(func() *Server {
	s := NewServer("fuzz", "1", WithLogger(slog.New(slog.DiscardHandler)), WithMaxMessageSize(4096), WithPageSize(3))
	for _, t := range append(testTools(), leakyTools()...) {
		if t.Name != "wait" {
			s.MustAddTool(t)
		}
	}
	return s
})

// expectation is what the oracle says about one incoming message.
type expectation struct {
	id       string // the readable id (raw JSON) of a message answered with it
	answered bool   // exactly one response carries id
	request  bool   // a well-formed request (answered, with a result or an error)
}

// expectMessage reads msg with encoding/json, exactly as spec 2026-07-28 basic
// describes. An object with a readable id (a string in valid UTF-8, or a
// number) is answered exactly once with that id, unless it is a response
// (no method, and a result or error member): with a result when it is a
// request ("jsonrpc":"2.0" and a string method), else with -32600.
func expectMessage(msg []byte) expectation {
	var m map[string]json.RawMessage
	if json.Unmarshal(msg, &m) != nil || m == nil {
		return expectation{}
	}
	id := bytes.TrimSpace(m["id"])
	if len(id) == 0 {
		return expectation{}
	}
	switch c := id[0]; {
	case c == '"' && utf8.Valid(id), c == '-', '0' <= c && c <= '9':
	default:
		return expectation{}
	}
	var version, method string
	methodOK := m["method"] != nil && json.Unmarshal(m["method"], &method) == nil
	if (m["method"] == nil || methodOK && method == "") && (m["result"] != nil || m["error"] != nil) {
		return expectation{} // a response: nothing to answer
	}
	request := methodOK && method != "" && json.Unmarshal(m["jsonrpc"], &version) == nil && version == "2.0"
	return expectation{id: string(id), answered: true, request: request}
}

// checkReply checks one message written by the server and returns the ids
// of the responses in it (several for a batch reply).
func checkReply(t *testing.T, line []byte) []string {
	t.Helper()
	if !utf8.Valid(line) || !json.Valid(line) {
		t.Fatalf("server wrote invalid JSON or UTF-8: %q", line)
	}
	if bytes.ContainsAny(line, "\r\n") {
		t.Fatalf("server wrote a message with a raw line break: %q", line)
	}
	var items []json.RawMessage
	if line[0] == '[' {
		if err := json.Unmarshal(line, &items); err != nil || len(items) == 0 {
			t.Fatalf("bad batch reply %q", line)
		}
	} else {
		items = []json.RawMessage{line}
	}
	var ids []string
	for _, it := range items {
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Method  *string         `json:"method"`
			Result  json.RawMessage `json:"result"`
			Error   *struct {
				Code    *int    `json:"code"`
				Message *string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(it, &m); err != nil || m.JSONRPC != "2.0" {
			t.Fatalf("not a JSON-RPC message: %q", it)
		}
		if m.Method != nil {
			if len(m.ID) != 0 {
				t.Fatalf("the server sent a request: %q", it)
			}
			continue // a notification (progress, log, subscription ack)
		}
		if (m.Result == nil) == (m.Error == nil) {
			t.Fatalf("a response needs exactly one of result and error: %q", it)
		}
		if m.Error != nil && (m.Error.Code == nil || m.Error.Message == nil) {
			t.Fatalf("error without code or message: %q", it)
		}
		if len(m.ID) > 0 {
			ids = append(ids, string(m.ID))
		} else if m.Error == nil {
			t.Fatalf("result without id: %q", it)
		}
	}
	return ids
}

var fuzzSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	`{"jsonrpc":"2.0","id":"c","method":"tools/list","params":{"cursor":"x"}}`,
	`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`,
	`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"text":"h\u00e9"}}}`,
	`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"explode"}}`,
	`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"progress","_meta":{"progressToken":"p"}}}`,
	`{"jsonrpc":"2.0","id":7,"method":"logging/setLevel","params":{"level":"debug"}}`,
	`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"log"}}`,
	`[{"jsonrpc":"2.0","id":9,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}]`,
	`{"jsonrpc":"2.0","id":10,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`,
	`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/logLevel":"debug"},"name":"wrapped_nan"}}`,
	`{"jsonrpc":"2.0","id":12,"method":"subscriptions/listen","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"notifications":{}}}`,
	`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"panic_in_marshal"}}`,
	`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1.5e3,"method":"ping","params":{}}`,
	`{"jsonrpc":"2.0","id":14,"result":{}}`,
	`{"jsonrpc":"2.0","id":15}`,
	`{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"add","arguments":[1,2]}}`,
	"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"ping\"}",
	`{"jsonrpc":"2.0","id":17,"method":"ping","params":{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}`,
	`{"jsonrpc":"2.0","id":"\ud800","method":"tools/call","params":{"name":"echo","arguments":{"text":"\ud800"}}}`,
	`{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"a":2,"b":3}}}`,
	`{"jsonrpc":"2.0","\u0069d":19,"m\u0065thod":"ping"}`,
	`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"n\u0061me":"echo","\u0061rguments":{"text":"t"}}}`,
	`{`, `]`, `"x"`, `nul`, ``,
}

// FuzzDispatch sends one message to a fresh connection's core: it must
// never panic, must answer a request exactly once with its id, must not
// answer a notification or a response, and must write valid JSON-RPC.
func FuzzDispatch(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, msg []byte, legacy bool) {
		c := fuzzServer().newConn()
		if legacy { // a 2025-03-26 session: batches are allowed
			c.receive(t.Context(), []byte(fuzzSeeds[0]), func([]byte) {})
		}
		var mu sync.Mutex
		var notes [][]byte
		reply, run := c.receive(t.Context(), msg, func(b []byte) {
			mu.Lock()
			notes = append(notes, b)
			mu.Unlock()
		})
		if run != nil {
			if reply != nil {
				t.Fatal("both a reply and a run function")
			}
			reply = run()
		}
		for _, n := range notes {
			checkReply(t, n)
		}
		trimmed := bytes.TrimSpace(msg)
		if len(trimmed) > 0 && trimmed[0] == '[' {
			if reply != nil {
				checkReply(t, reply)
			}
			return // batch answers are checked by FuzzStdio's counting
		}
		want := expectMessage(msg)
		if reply == nil {
			if want.answered {
				t.Fatalf("message %q got no answer", msg)
			}
			return
		}
		ids := checkReply(t, reply)
		if want.answered && (len(ids) != 1 || ids[0] != want.id) {
			t.Fatalf("message %q answered with ids %q, want %s: %s", msg, ids, want.id, reply)
		}
		if !want.answered && len(ids) != 0 {
			t.Fatalf("message %q answered with ids %q, want none: %s", msg, ids, reply)
		}
		if !want.request && bytes.Contains(reply, []byte(`"result"`)) {
			t.Fatalf("invalid message %q got a result: %s", msg, reply)
		}
	})
}

// FuzzStdio runs a whole stdio session: data is split into lines as the
// transport does, and Serve must return nil at end of input having answered
// every request (no more, no fewer), with one valid message per line.
func FuzzStdio(f *testing.F) {
	f.Add([]byte(strings.Join(fuzzSeeds, "\n")))
	f.Add([]byte(strings.Join(fuzzSeeds[:12], "\r\n") + "\n\n   \n"))
	f.Add([]byte(fuzzSeeds[0] + "\n" + fuzzSeeds[10] + "\n" + fuzzSeeds[10]))
	f.Add([]byte(fuzzSeeds[2] + "\v\n\f" + fuzzSeeds[3] + "\n\u00a0\n\v\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":"` + strings.Repeat("x", 4096) + `"}}` + "\n" + fuzzSeeds[2]))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := fuzzServer()
		want := map[string]int{}
		exact := true
		for _, ln := range bytes.Split(data, []byte("\n")) {
			ln = bytes.TrimRight(ln, "\r")
			if len(ln) > s.maxMessage {
				// Answered with the id the scanner can read as the line
				// streams by, which may be one encoding/json would not
				// read from the whole line: at most one answer.
				exact = false
				continue
			}
			if t := bytes.TrimSpace(ln); len(t) > 0 && t[0] == '[' || bytes.Contains(ln, []byte("cancelled")) {
				exact = false // batches and cancellations: at most one answer
			}
			if e := expectMessage(ln); e.answered {
				want[e.id]++
			}
			var items []json.RawMessage
			if json.Unmarshal(ln, &items) == nil {
				for _, it := range items { // a batch (answered only under 2025-03-26)
					if e := expectMessage(it); e.answered {
						want[e.id]++
					}
				}
			}
		}
		var out bytes.Buffer
		if err := s.Serve(t.Context(), bytes.NewReader(data), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		got := map[string]int{}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			for _, id := range checkReply(t, sc.Bytes()) {
				got[id]++
			}
		}
		for id, n := range want {
			if got[id] > n || exact && got[id] != n {
				t.Errorf("id %s: %d answers, want %d", id, got[id], n)
			}
		}
		for id, n := range got {
			if want[id] == 0 && exact {
				t.Errorf("id %s: %d answers to no request", id, n)
			}
		}
	})
}

// FuzzHTTP sends one request, with fuzzed method, headers and body, to the
// HTTP handler (after an optional legacy initialize whose session id it
// uses): it must never panic, never answer 5xx other than 503 for the
// session limit, and every JSON or event-stream body must hold valid
// JSON-RPC messages.
func FuzzHTTP(f *testing.F) {
	modern := "Content-Type: application/json\nAccept: application/json, text/event-stream\nMCP-Protocol-Version: 2026-07-28\nMcp-Method: tools/call\nMcp-Name: progress"
	for _, s := range fuzzSeeds {
		f.Add("POST", "Content-Type: application/json\nAccept: application/json, text/event-stream", []byte(s), false)
	}
	f.Add("POST", modern, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":1},"name":"progress"}}`), false)
	f.Add("POST", "Content-Type: application/json\nMCP-Protocol-Version: 2025-03-26\nAccept: text/event-stream", []byte(fuzzSeeds[6]), true)
	f.Add("POST", "Content-Type: application/json; charset=utf-8\nMCP-Protocol-Version: 2025-03-26", []byte(fuzzSeeds[10]), true)
	f.Add("GET", "Accept: text/event-stream\nMcp-Session-Id: nope", []byte(nil), false)
	f.Add("DELETE", "MCP-Protocol-Version: 2025-03-26", []byte(nil), true)
	f.Add("OPTIONS", "Origin: https://evil.example\nAccess-Control-Request-Headers: x", []byte(nil), false)
	f.Add("POST", "Content-Type: application/json\nOrigin: http://localhost:3000\nHost: localhost", []byte(fuzzSeeds[2]), false)
	f.Add("POST", "Content-Type: application/json\nHost: evil.example", []byte(fuzzSeeds[2]), false)
	f.Add("POST", "Content-Type: text/plain", []byte(fuzzSeeds[2]), false)
	f.Add("POST", "Content-Type: application/json\nMCP-Protocol-Version: 2026-07-28\nMcp-Method: =?base64?dG9vbHMvbGlzdA==?=", []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`), false)
	f.Fuzz(func(t *testing.T, method, headers string, body []byte, session bool) {
		if !validMethod(method) {
			return
		}
		h := fuzzServer().HTTPHandler()
		defer h.(*httpHandler).sessions.closeAll()
		sid := ""
		if session {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "http://localhost/mcp", strings.NewReader(fuzzSeeds[0]))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			sid = rec.Header().Get(headerSessionID)
		}
		req := httptest.NewRequest("POST", "http://localhost/mcp", bytes.NewReader(body))
		req.Method = method
		for _, ln := range strings.Split(headers, "\n") {
			k, v, ok := strings.Cut(ln, ":")
			if !ok || !validHeaderName(k) {
				continue
			}
			v = strings.TrimSpace(v)
			if strings.EqualFold(k, "Host") {
				req.Host = v
				continue
			}
			req.Header.Add(k, v)
		}
		if sid != "" && req.Header.Get(headerSessionID) == "" {
			req.Header.Set(headerSessionID, sid)
		}
		if method == http.MethodGet {
			// A GET stream lasts until the client goes away: go away at once.
			ctx, cancel := context.WithCancel(req.Context())
			cancel()
			req = req.WithContext(ctx)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode >= 500 && res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("status %d: %s", res.StatusCode, rec.Body.Bytes())
		}
		b := rec.Body.Bytes()
		switch ct := res.Header.Get("Content-Type"); {
		case ct == "application/json":
			checkReply(t, bytes.TrimSuffix(b, []byte("\n")))
		case ct == "text/event-stream":
			for _, ln := range bytes.Split(b, []byte("\n")) {
				if data, ok := bytes.CutPrefix(ln, []byte("data: ")); ok {
					checkReply(t, data)
				}
			}
		case len(b) > 0:
			t.Fatalf("body of type %q: %q", ct, b)
		}
		if o := req.Header.Values("Origin"); len(o) == 1 && !strings.Contains(o[0], "localhost") &&
			!strings.Contains(o[0], "127.0.0.1") && !strings.Contains(o[0], "[::1]") &&
			!strings.Contains(strings.ToLower(o[0]), strings.ToLower(req.Host)) && res.StatusCode != http.StatusForbidden {
			t.Fatalf("foreign Origin %q (Host %q) got status %d", o[0], req.Host, res.StatusCode)
		}
	})
}

func validMethod(m string) bool {
	if m == "" {
		return false
	}
	for _, c := range []byte(m) {
		if c <= ' ' || c >= 0x7f || strings.IndexByte("()<>@,;:\\\"/[]?={}", c) >= 0 {
			return false
		}
	}
	return true
}

func validHeaderName(k string) bool { return validMethod(k) }

var (
	_ = context.Background
	_ = io.EOF
)
