package runtime

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// This file tests asking the client for input (input.go) in both eras.

const confirmForm = `{"type":"object","properties":{"ok":{"type":"boolean"},"size":{"type":"string","enum":["S","M"],"default":"M"}},"required":["ok"]}`

// Order is a form elicited with the typed API.
type Order struct {
	OK   bool   `json:"ok"`
	Size string `json:"size,omitempty"`
}

func init() { RegisterElicitSchema[Order](confirmForm) }

// askTool asks three questions, one after the other, and reports the
// answers; it records how its context ended in ended.
func askTool(ended chan<- error) Tool {
	return Tool{
		Name:        "ask",
		InputSchema: `{"type":"object","properties":{"n":{"type":"integer"}}}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			order, err := Elicit[Order](ctx, "Confirm the order?", InputKey("order"))
			if err != nil {
				if ended != nil {
					ended <- err
				}
				return nil, err
			}
			s, err := Sample(ctx, &SamplingRequest{Messages: []SamplingMessage{UserText("Name a color")}, MaxTokens: 5})
			if err != nil {
				return nil, err
			}
			roots, err := ListRoots(ctx)
			if err != nil {
				return nil, err
			}
			return TextResult(fmt.Sprintf("%s ok=%v size=%s color=%s roots=%d %s",
				order.Action, order.Content.OK, order.Content.Size, s.Content.Text, len(roots), roots[0].URI)), nil
		},
	}
}

func inputServer(t *testing.T, ended chan<- error) *Server {
	t.Helper()
	s := newTestServer(t)
	s.MustAddTool(askTool(ended))
	return s
}

// legacyInit initializes a legacy session that declares caps.
func (c *testClient) legacyInit(caps string) {
	c.t.Helper()
	c.do(`"init"`, "initialize", `{"protocolVersion":"2025-11-25","capabilities":`+caps+`,"clientInfo":{"name":"test","version":"0"}}`).result(c.t)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// request reads the server's next request and checks its method.
func (c *testClient) request(method string) *message {
	c.t.Helper()
	m := c.next()
	if m == nil || m.Method != method || len(m.ID) == 0 {
		c.t.Fatalf("want a %s request from the server, got %+v", method, m)
	}
	return m
}

func (c *testClient) answer(id json.RawMessage, result string) {
	c.send(`{"jsonrpc":"2.0","id":` + string(id) + `,"result":` + result + `}`)
}

func text(t *testing.T, m *message) string {
	t.Helper()
	var r struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(m.Result, &r); err != nil || len(r.Content) == 0 {
		t.Fatalf("not a tool result: %s", m.line)
	}
	if r.IsError {
		return "error: " + r.Content[0].Text
	}
	return r.Content[0].Text
}

func TestInputLegacyStdio(t *testing.T) {
	c := serve(t, inputServer(t, nil))
	c.legacyInit(`{"elicitation":{},"sampling":{},"roots":{"listChanged":true}}`)
	c.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ask","arguments":{}}}`)

	e := c.request("elicitation/create")
	jsonEqual(t, "elicitation params", json.RawMessage(e.Params),
		`{"mode":"form","message":"Confirm the order?","requestedSchema":`+confirmForm+`}`)
	// An answer for a request the server never sent is dropped.
	c.answer(json.RawMessage(`"nobody"`), `{"action":"accept","content":{"ok":false}}`)
	c.answer(e.ID, `{"action":"accept","content":{"ok":true,"size":"S"}}`)

	s := c.request("sampling/createMessage")
	jsonEqual(t, "sampling params", json.RawMessage(s.Params),
		`{"messages":[{"role":"user","content":{"type":"text","text":"Name a color"}}],"maxTokens":5}`)
	c.answer(s.ID, `{"role":"assistant","content":{"type":"text","text":"teal"},"model":"m","stopReason":"endTurn"}`)

	r := c.request("roots/list")
	c.answer(r.ID, `{"roots":[{"uri":"file:///src","name":"src"}]}`)

	if got, want := text(t, c.reply("7")), "accept ok=true size=S color=teal roots=1 file:///src"; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
}

func TestInputLegacyBadAnswers(t *testing.T) {
	for _, tc := range []struct {
		name, answer, want string
	}{
		{"unknown action", `"result":{"action":"maybe"}`, "error: malformed elicitation/create answer from the client: unknown action \"maybe\""},
		{"content against the schema", `"result":{"action":"accept","content":{"ok":"yes"}}`, "error: malformed elicitation/create answer from the client: the form's content does not match its schema"},
		{"not an object", `"result":[1,2]`, "error: malformed elicitation/create answer from the client: the result is not an object"},
		{"client error", `"error":{"code":-1,"message":"user busy"}`, "error: client error -1: user busy"},
		{"declined", `"result":{"action":"decline"}`, ""},
		{"huge", `"result":{"action":"accept","content":{"ok":true,"size":"` + strings.Repeat("x", 1<<20) + `"}}`, "error: malformed elicitation/create answer from the client: the form's content does not match its schema"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ended := make(chan error, 1)
			c := serve(t, inputServer(t, ended))
			c.legacyInit(`{"elicitation":{}}`)
			c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{}}}`)
			e := c.request("elicitation/create")
			c.send(`{"jsonrpc":"2.0","id":` + string(e.ID) + `,` + tc.answer + `}`)
			if tc.want == "" {
				// Declined: the tool goes on and needs sampling, which the
				// client did not declare.
				tc.want = "error: the client did not declare the sampling capability"
			}
			if got := text(t, c.reply("1")); !strings.HasPrefix(got, tc.want) {
				t.Errorf("result %q, want prefix %q", got, tc.want)
			}
		})
	}
}

func TestInputLegacyMissingCapability(t *testing.T) {
	c := serve(t, inputServer(t, nil))
	c.legacyInit(`{"sampling":{}}`)
	got := text(t, c.do("1", "tools/call", `{"name":"ask","arguments":{}}`))
	if want := "error: the client did not declare the elicitation capability"; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
}

// A cancelled call stops waiting for its answer: the tool's context ends,
// nothing is sent for the call, and a late answer is dropped.
func TestInputLegacyCancelled(t *testing.T) {
	ended := make(chan error, 1)
	c := serve(t, inputServer(t, ended))
	c.legacyInit(`{"elicitation":{}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{}}}`)
	e := c.request("elicitation/create")
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`)
	select {
	case err := <-ended:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("tool's error %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the tool still waits for its answer after the call was cancelled")
	}
	c.answer(e.ID, `{"action":"accept","content":{"ok":true}}`)
	if got := c.do("2", "ping", ""); got.Error != nil {
		t.Fatalf("ping after the late answer: %s", got.line)
	}
	if len(c.other) != 0 {
		t.Errorf("messages sent for the cancelled call: %s", c.other[0].line)
	}
}

// A client that closes its end never answers: the question fails and the
// server still finishes.
func TestInputLegacyClientGone(t *testing.T) {
	ended := make(chan error, 1)
	c := serve(t, inputServer(t, ended))
	c.legacyInit(`{"elicitation":{}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{}}}`)
	c.request("elicitation/create")
	c.w.Close()
	select {
	case err := <-ended:
		if !errors.Is(err, ErrClientGone) {
			t.Errorf("tool's error %v, want ErrClientGone", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the tool still waits for an answer from a client that left")
	}
}

// modernCall is the params of a modern tools/call of ask with the given
// capabilities and extra members.
func modernCall(caps, members string) string {
	p := `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":` + caps + `},"name":"ask","arguments":{"n":1}`
	if members != "" {
		p += "," + members
	}
	return p + "}"
}

type inputRequired struct {
	ResultType    string `json:"resultType"`
	InputRequests map[string]struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	} `json:"inputRequests"`
	RequestState string `json:"requestState"`
}

func (m *message) inputRequired(t *testing.T) inputRequired {
	t.Helper()
	var r inputRequired
	if m.Error != nil || json.Unmarshal(m.Result, &r) != nil || r.ResultType != "input_required" || r.RequestState == "" {
		t.Fatalf("want an input_required result with requestState, got %s", m.line)
	}
	return r
}

func TestInputModernRounds(t *testing.T) {
	c := serve(t, inputServer(t, nil))
	const caps = `{"elicitation":{},"sampling":{},"roots":{}}`

	r1 := c.do("1", "tools/call", modernCall(caps, "")).inputRequired(t)
	if len(r1.InputRequests) != 1 || r1.InputRequests["order"].Method != "elicitation/create" {
		t.Fatalf("round 1 asks %+v, want the order form", r1.InputRequests)
	}
	// A wrong answer is asked again; the extra key is ignored.
	r := c.do("2", "tools/call", modernCall(caps, `"inputResponses":{"order":{"action":"accept","content":{"ok":1}},"extra":{"x":1}},"requestState":"`+r1.RequestState+`"`)).inputRequired(t)
	if _, ok := r.InputRequests["order"]; !ok {
		t.Fatalf("a malformed answer is not asked again: %+v", r.InputRequests)
	}
	// The right answer leads to the next question, with the answer so far
	// in the new state. (Each state is accepted once: the client answers
	// with the latest.)
	r2 := c.do("3", "tools/call", modernCall(caps, `"inputResponses":{"order":{"action":"accept","content":{"ok":true}}},"requestState":"`+r.RequestState+`"`)).inputRequired(t)
	if len(r2.InputRequests) != 1 || r2.InputRequests["sampling-1"].Method != "sampling/createMessage" {
		t.Fatalf("round 2 asks %+v, want sampling-1", r2.InputRequests)
	}
	r3 := c.do("4", "tools/call", modernCall(caps, `"inputResponses":{"sampling-1":{"role":"assistant","content":{"type":"text","text":"red"},"model":"m"}},"requestState":"`+r2.RequestState+`"`)).inputRequired(t)
	done := c.do("5", "tools/call", modernCall(caps, `"inputResponses":{"roots-1":{"roots":[{"uri":"file:///a"}]}},"requestState":"`+r3.RequestState+`"`))
	if got, want := text(t, done), "accept ok=true size= color=red roots=1 file:///a"; got != want {
		t.Errorf("final result %q, want %q", got, want)
	}
	var final map[string]any
	_ = json.Unmarshal(done.Result, &final)
	if final["resultType"] != "complete" {
		t.Errorf("final resultType %v", final["resultType"])
	}
}

func TestInputModernStateRefused(t *testing.T) {
	c := serve(t, inputServer(t, nil))
	const caps = `{"elicitation":{},"sampling":{},"roots":{}}`
	r1 := c.do("1", "tools/call", modernCall(caps, "")).inputRequired(t)
	answer := `"inputResponses":{"order":{"action":"accept","content":{"ok":true}}}`
	payload, sig, _ := strings.Cut(r1.RequestState, ".")
	flipped := []byte(payload)
	flipped[3] ^= 1
	for name, state := range map[string]string{
		"tampered payload": string(flipped) + "." + sig,
		"appended":         r1.RequestState + "-TAMPERED",
		"no signature":     payload,
	} {
		c.do("2", "tools/call", modernCall(caps, answer+`,"requestState":"`+state+`"`)).code(t, codeInvalidParams)
		_ = name
	}
	// The state of one call does not work for other arguments.
	other := strings.Replace(modernCall(caps, answer+`,"requestState":"`+r1.RequestState+`"`), `"n":1`, `"n":2`, 1)
	if m := c.do("3", "tools/call", other); m.Error == nil || !strings.Contains(m.Error.Message, "another call") {
		t.Errorf("state replayed with other arguments: %s", m.line)
	}
	c.do("4", "tools/call", modernCall(caps, answer+`,"requestState":7`)).code(t, codeInvalidParams)
	c.do("5", "tools/call", modernCall(caps, `"inputResponses":[1]`)).code(t, codeInvalidParams)
	// The refused attempts did not use the state up; it works once, and a
	// replay of it (the same round again, or with other answers) is refused.
	if r := c.do("6", "tools/call", modernCall(caps, answer+`,"requestState":"`+r1.RequestState+`"`)).inputRequired(t); r.InputRequests["sampling-1"].Method == "" {
		t.Errorf("the first use of the state: %+v", r)
	}
	for i, ans := range []string{answer, `"inputResponses":{"order":{"action":"decline"}}`} {
		m := c.do(strconv.Itoa(7+i), "tools/call", modernCall(caps, ans+`,"requestState":"`+r1.RequestState+`"`))
		if m.Error == nil || m.Error.Code != codeInvalidParams || !strings.Contains(m.Error.Message, "already used") {
			t.Errorf("replayed state: %s", m.line)
		}
	}
}

func TestInputModernStateExpires(t *testing.T) {
	s := NewServer("x", "1", WithRequestStateKey([]byte(strings.Repeat("k", 32))))
	st, err := s.sealState(&requestState{ID: newStateID(), Tool: "ask", Args: argsHash([]byte(`{}`)), Expires: time.Now().Add(DefaultRequestStateTTL).Unix()})
	if err != nil {
		t.Fatal(err)
	}
	if _, e := s.openState(st, "ask", []byte(`{ }`), time.Now()); e != nil {
		t.Errorf("fresh state refused: %s", e.message)
	}
	if _, e := s.openState(st, "ask", []byte(`{}`), time.Now().Add(DefaultRequestStateTTL+time.Minute)); e == nil || !strings.Contains(e.message, "expired") {
		t.Errorf("expired state: %v", e)
	}
	if _, e := s.openState(st, "ask", []byte(`{}`), time.Now()); e == nil || !strings.Contains(e.message, "already used") {
		t.Errorf("replayed state: %v", e)
	}
	// Another server of the fleet with the same key accepts it (once: the
	// memory of used states is per process); one with another key does
	// not.
	same := NewServer("x", "1", WithRequestStateKey([]byte(strings.Repeat("k", 32))))
	if _, e := same.openState(st, "ask", []byte(`{}`), time.Now()); e != nil {
		t.Errorf("same key refused: %s", e.message)
	}
	if _, e := same.openState(st, "ask", []byte(`{}`), time.Now()); e == nil {
		t.Error("same key: a replayed state was accepted")
	}
	// A state without an ID, signed with the key, is refused.
	noID, _ := s.sealState(&requestState{Tool: "ask", Args: argsHash([]byte(`{}`)), Expires: time.Now().Add(DefaultRequestStateTTL).Unix()})
	if _, e := s.openState(noID, "ask", []byte(`{}`), time.Now()); e == nil {
		t.Error("a state without an ID was accepted")
	}
	if _, e := NewServer("x", "1").openState(st, "ask", []byte(`{}`), time.Now()); e == nil {
		t.Error("a server with another key accepted the state")
	}
}

func TestInputModernMissingCapability(t *testing.T) {
	c := serve(t, inputServer(t, nil))
	m := c.do("1", "tools/call", modernCall(`{"sampling":{}}`, ""))
	m.code(t, codeMissingCapability)
	jsonEqual(t, "error data", m.Error.Data, `{"requiredCapabilities":{"elicitation":{}}}`)
}

func TestRequestStateKeyTooShort(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a 16-byte key was accepted")
		}
	}()
	NewServer("x", "1", WithRequestStateKey(make([]byte, 16)))
}

func TestModernRemovedMethods(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.do("1", "ping", modernParams("")).code(t, codeMethodNotFound)
	c.do("2", "initialize", modernParams(`"protocolVersion":"2025-11-25"`)).code(t, codeMethodNotFound)
	// The legacy era keeps them.
	c.initialize("2025-11-25")
	if m := c.do("3", "ping", ""); m.Error != nil {
		t.Errorf("legacy ping: %s", m.line)
	}
}

// An in-process call has no client to ask: the question fails as if the
// client had declared no capability.
func TestInputInProcess(t *testing.T) {
	s := inputServer(t, nil)
	res, err := s.Call(t.Context(), "ask", json.RawMessage(`{}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	if !res.IsError || !strings.Contains(string(b), "did not declare the elicitation capability") {
		t.Errorf("result %s", b)
	}
}

// TestInputLegacyHTTP: in a legacy HTTP session, the question travels on
// the event stream of the call's POST and the answer comes back in a POST
// of the same session; a POST that accepts no event stream cannot carry
// questions.
func TestInputLegacyHTTP(t *testing.T) {
	s := NewServer("x", "1", WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddTool(Tool{Name: "ask", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		form, err := ElicitSchema(ctx, "Name?", `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)
		if err != nil {
			return nil, err
		}
		return TextResult("hello " + string(form.Content)), nil
	}})
	srv := httptest.NewServer(s.HTTPHandler())
	defer srv.Close()
	post := func(body, accept, session string) *http.Response {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", accept)
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	const both = "application/json, text/event-stream"
	init := post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}`, both, "")
	init.Body.Close()
	session := init.Header.Get("Mcp-Session-Id")

	resp := post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{}}}`, both, session)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	next := func() map[string]any {
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var m map[string]any
				if err := json.Unmarshal([]byte(data), &m); err != nil {
					t.Fatalf("event %q: %v", data, err)
				}
				return m
			}
		}
		t.Fatalf("stream ended: %v", sc.Err())
		return nil
	}
	q := next()
	if q["method"] != "elicitation/create" {
		t.Fatalf("first event: %v", q)
	}
	id, _ := json.Marshal(q["id"])
	ans := post(`{"jsonrpc":"2.0","id":`+string(id)+`,"result":{"action":"accept","content":{"name":"Ada"}}}`, both, session)
	ans.Body.Close()
	if ans.StatusCode != http.StatusAccepted {
		t.Errorf("answer POST: status %d", ans.StatusCode)
	}
	res := next()
	if b, _ := json.Marshal(res["result"]); !strings.Contains(string(b), `hello {\"name\":\"Ada\"}`) {
		t.Errorf("result: %v", res)
	}

	jsonOnly := post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{}}}`, "application/json", session)
	defer jsonOnly.Body.Close()
	b, _ := io.ReadAll(jsonOnly.Body)
	if !strings.Contains(string(b), "does not accept text/event-stream") {
		t.Errorf("call without an event stream: %s", b)
	}

	// With the session's GET stream open, the question travels there.
	greq, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL, nil)
	greq.Header.Set("Accept", "text/event-stream")
	greq.Header.Set("Mcp-Session-Id", session)
	greq.Header.Set("MCP-Protocol-Version", "2025-11-25")
	get, err := http.DefaultClient.Do(greq)
	if err != nil || get.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, get)
	}
	defer get.Body.Close()
	sc = bufio.NewScanner(get.Body)
	result := make(chan string, 1)
	go func() {
		r := post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask","arguments":{}}}`, "application/json", session)
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		result <- string(b)
	}()
	q = next()
	if q["method"] != "elicitation/create" {
		t.Fatalf("GET stream event: %v", q)
	}
	id, _ = json.Marshal(q["id"])
	post(`{"jsonrpc":"2.0","id":`+string(id)+`,"result":{"action":"accept","content":{"name":"Bo"}}}`, both, session).Body.Close()
	if got := <-result; !strings.Contains(got, `hello {\"name\":\"Bo\"}`) {
		t.Errorf("result of the call asked on the GET stream: %s", got)
	}
}

// A client that never answers: the tool bounds its wait with its own
// context, the question is withdrawn (notifications/cancelled) and a late
// answer is dropped.
func TestInputLegacyNoAnswer(t *testing.T) {
	s := newTestServer(t)
	s.MustAddTool(Tool{Name: "impatient", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		_, err := ListRoots(ctx)
		return nil, err
	}})
	c := serve(t, s)
	c.legacyInit(`{"roots":{}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"impatient","arguments":{}}}`)
	q := c.request("roots/list")
	if got := text(t, c.reply("1")); got != "error: "+context.DeadlineExceeded.Error() {
		t.Errorf("result %q", got)
	}
	withdrawn := c.notifications("notifications/cancelled")
	if len(withdrawn) != 1 || !strings.Contains(string(withdrawn[0].Params), `"requestId":`+string(q.ID)) {
		t.Errorf("withdrawn questions: %v", withdrawn)
	}
	c.answer(q.ID, `{"roots":[]}`)
	if m := c.do("2", "ping", ""); m.Error != nil {
		t.Errorf("ping after the late answer: %s", m.line)
	}
}

// A prompt asks too: prompts/get answers input_required under protocol
// 2026-07-28, with a state bound to the prompt.
func TestInputModernPrompt(t *testing.T) {
	s := newTestServer(t)
	s.MustAddPrompt(Prompt{Name: "greeting", Handler: func(ctx context.Context, args map[string]string) (*PromptResult, error) {
		form, err := Elicit[Order](ctx, "Size?", InputKey("size"))
		if err != nil {
			return nil, err
		}
		return &PromptResult{Messages: []PromptMessage{{Role: "user", Content: &TextContent{Text: "size " + form.Content.Size}}}}, nil
	}})
	c := serve(t, s)
	const caps = `{"elicitation":{}}`
	get := func(id, members string) *message {
		p := `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":` + caps + `},"name":"greeting"`
		if members != "" {
			p += "," + members
		}
		return c.do(id, "prompts/get", p+"}")
	}
	r1 := get("1", "").inputRequired(t)
	if r1.InputRequests["size"].Method != "elicitation/create" {
		t.Fatalf("round 1: %+v", r1)
	}
	done := get("2", `"inputResponses":{"size":{"action":"accept","content":{"ok":true,"size":"S"}}},"requestState":"`+r1.RequestState+`"`)
	if b := string(done.Result); !strings.Contains(b, `"size S"`) || !strings.Contains(b, `"resultType":"complete"`) {
		t.Errorf("round 2: %s", done.line)
	}
	// A tool's state does not open the prompt.
	s.MustAddTool(askTool(nil)) // registered late: visible to later requests
	r := c.do("4", "tools/call", modernCall(`{"elicitation":{},"sampling":{},"roots":{}}`, ""))
	toolState := r.inputRequired(t).RequestState
	get("5", `"inputResponses":{},"requestState":"`+toolState+`"`).code(t, codeInvalidParams)
}

func TestUsedStatesBounded(t *testing.T) {
	var u usedStates
	if !u.use("a", 10, 5) || u.use("a", 10, 6) {
		t.Fatal("a state is accepted once")
	}
	u.use("b", 20, 11) // a has expired: forgotten
	if len(u.seen) != 1 || len(u.order) != 1 {
		t.Errorf("expired states kept: %d %d", len(u.seen), len(u.order))
	}
	for i := range maxUsedStates + 10 {
		u.use(strconv.Itoa(i), 1000, 12)
	}
	if len(u.seen) != maxUsedStates || len(u.order) != maxUsedStates {
		t.Errorf("over the bound: %d %d", len(u.seen), len(u.order))
	}
	if u.use(strconv.Itoa(maxUsedStates+9), 1000, 12) {
		t.Error("a recent state forgotten")
	}
}
