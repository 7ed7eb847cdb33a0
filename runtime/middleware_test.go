package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// recorder is a middleware that records what it sees of each request.
type recorder struct {
	mu   sync.Mutex
	seen []string
}

type ctxMark struct{}

func (rec *recorder) middleware(next RequestHandler) RequestHandler {
	return func(ctx context.Context, req *Request) Outcome {
		o := next(context.WithValue(ctx, ctxMark{}, "marked"), req)
		line := fmt.Sprintf("%s %q id=%s proto=%s %s", req.Method, req.Target, req.ID, req.Protocol, req.Transport)
		if req.Session != "" {
			line += " session"
		}
		if tp, ok := req.MetaString("traceparent"); ok {
			line += " traceparent=" + tp
		}
		switch {
		case o.Error != nil:
			line += fmt.Sprintf(" error %d %s", o.Error.Code, o.Error.Message)
		case o.Result != nil:
			line += fmt.Sprintf(" result isError=%v", o.Result.IsError)
		case o.Cancelled():
			line += " cancelled"
		}
		rec.mu.Lock()
		rec.seen = append(rec.seen, line)
		rec.mu.Unlock()
		return o
	}
}

func (rec *recorder) take() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	s := rec.seen
	rec.seen = nil
	return s
}

func TestMiddlewareSeesEveryRequest(t *testing.T) {
	rec := &recorder{}
	s := newTestServer(t, WithRequestMiddleware(rec.middleware))
	addPrimitives(t, s)
	s.MustAddTool(Tool{Name: "mark", InputSchema: `{"type":"object"}`,
		Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
			return TextResult(fmt.Sprint(ctx.Value(ctxMark{}))), nil
		}})
	c := serve(t, s)
	c.initialize("2025-11-25")
	rec.take()

	steps := []struct{ method, params, want string }{
		{"tools/call", `{"name":"add","arguments":{"a":1,"b":2},"_meta":{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}`,
			`tools/call "add" id=1 proto=2025-11-25 stdio traceparent=00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01 result isError=false`},
		{"tools/call", `{"name":"fail","arguments":{}}`, `tools/call "fail" id=1 proto=2025-11-25 stdio result isError=true`},
		{"tools/call", `{"name":"nope"}`, `tools/call "nope" id=1 proto=2025-11-25 stdio error -32602 Unknown tool: nope`},
		{"tools/list", `{}`, `tools/list "" id=1 proto=2025-11-25 stdio`},
		{"prompts/get", `{"name":"greet","arguments":{"name":"Ann"}}`, `prompts/get "greet" id=1 proto=2025-11-25 stdio`},
		{"resources/read", `{"uri":"docs://readme"}`, `resources/read "docs://readme" id=1 proto=2025-11-25 stdio`},
		{"resources/read", `{"uri":"docs://none"}`, `resources/read "docs://none" id=1 proto=2025-11-25 stdio error -32602 Resource not found`},
		{"no/such", `{}`, `no/such "" id=1 proto=2025-11-25 stdio error -32601 Method not found: no/such`},
		{"tools/call", modernParams(`"name":"add","arguments":{"a":1,"b":2}`), `tools/call "add" id=1 proto=2026-07-28 stdio result isError=false`},
		{"server/discover", modernParams(""), `server/discover "" id=1 proto=2026-07-28 stdio`},
		{"tasks/get", modernParams(`"taskId":"t1"`), `tasks/get "t1" id=1 proto=2026-07-28 stdio error -32021`},
	}
	for _, st := range steps {
		c.do(`1`, st.method, st.params)
		got := rec.take()
		if len(got) != 1 || !strings.HasPrefix(got[0], st.want) {
			t.Errorf("%s %s: middleware saw %q, want %q", st.method, st.params, got, st.want)
		}
	}
	// What the middleware puts in the context reaches the tool.
	if got := text(t, c.do(`2`, "tools/call", `{"name":"mark"}`)); got != "marked" {
		t.Errorf("the tool's context has %q, want the middleware's value", got)
	}
}

func TestMiddlewareAnswers(t *testing.T) {
	limit := func(next RequestHandler) RequestHandler {
		return func(ctx context.Context, req *Request) Outcome {
			switch req.Target {
			case "echo":
				return Outcome{Result: &Result{Content: []Content{&TextContent{Text: "slow down: 1 call a second"}}, IsError: true}}
			case "add":
				return Outcome{Error: &ProtocolError{Code: -32000, Message: "rate limited"}}
			}
			if req.Method == "tools/list" {
				return Outcome{} // no result for a list: an internal error
			}
			o := next(ctx, req)
			if req.Target == "fail" {
				o.Result = TextResult("rewritten")
			}
			return o
		}
	}
	var order []string
	mark := func(name string) Middleware {
		return func(next RequestHandler) RequestHandler {
			return func(ctx context.Context, req *Request) Outcome {
				order = append(order, name+">")
				o := next(ctx, req)
				order = append(order, "<"+name)
				return o
			}
		}
	}
	s := newTestServer(t, WithRequestMiddleware(limit, mark("server")), WithToolMiddleware("nothing", mark("tool1"), mark("tool2")))
	c := serve(t, s)
	c.initialize("2025-11-25")

	if got := text(t, c.do(`1`, "tools/call", `{"name":"echo","arguments":{"text":"x"}}`)); got != "error: slow down: 1 call a second" {
		t.Errorf("echo: %q", got)
	}
	if m := c.do(`2`, "tools/call", `{"name":"add","arguments":{"a":1,"b":2}}`); m.Error == nil || m.Error.Code != -32000 || m.Error.Message != "rate limited" {
		t.Errorf("add: %s", m.line)
	}
	c.do(`3`, "tools/list", `{}`).code(t, codeInternalError)
	if got := text(t, c.do(`4`, "tools/call", `{"name":"fail"}`)); got != "rewritten" {
		t.Errorf("fail: %q", got)
	}
	order = nil
	c.do(`5`, "tools/call", `{"name":"nothing"}`).result(t)
	if got, want := strings.Join(order, " "), "server> tool1> tool2> <tool2 <tool1 <server"; got != want {
		t.Errorf("order %q, want %q", got, want)
	}
	order = nil
	c.do(`6`, "tools/call", `{"name":"info"}`).result(t)
	if got, want := strings.Join(order, " "), "server> <server"; got != want {
		t.Errorf("another tool: order %q, want %q", got, want)
	}
}

func TestMiddlewareCancelled(t *testing.T) {
	seen := make(chan Outcome, 1)
	s := newTestServer(t, WithRequestMiddleware(func(next RequestHandler) RequestHandler {
		return func(ctx context.Context, req *Request) Outcome {
			o := next(ctx, req)
			if req.Target == "wait" {
				seen <- o
			}
			return o
		}
	}))
	c := serve(t, s)
	c.initialize("2025-11-25")
	_, started := gate("middleware-cancel")
	c.send(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"wait","arguments":{"key":"middleware-cancel"}}}`)
	<-started
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}`)
	if o := <-seen; !o.Cancelled() || o.Result != nil || o.Error != nil {
		t.Errorf("a cancelled call's outcome: %+v", o)
	}
}

func TestMiddlewareHTTP(t *testing.T) {
	rec := &recorder{}
	f := newHTTPFixture(t, []Option{WithRequestMiddleware(rec.middleware)})
	const v = "2025-11-25"
	id := f.initialize(v)
	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`, sessionHeaders(id, v)), 200)
	wantStatus(t, f.post(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{`+modernMeta+`},"name":"echo","arguments":{"text":"hi"}}}`, modernHeaders("tools/call", "echo")), 200)
	got := rec.take()
	want := []string{
		`initialize "" id=0 proto=2025-11-25 http session`,
		`tools/call "echo" id=3 proto=2025-11-25 http session result isError=false`,
		`tools/call "echo" id=4 proto=2026-07-28 http result isError=false`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("middleware saw\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestOutboundMeta(t *testing.T) {
	s := newTestServer(t, WithOutboundMeta(func(ctx context.Context) map[string]string {
		return map[string]string{"traceparent": "00-" + fmt.Sprint(ctx.Value(ctxMark{})) + "-01"}
	}), WithRequestMiddleware(func(next RequestHandler) RequestHandler {
		return func(ctx context.Context, req *Request) Outcome {
			return next(context.WithValue(ctx, ctxMark{}, "abc"), req)
		}
	}))
	s.MustAddTool(askTool(nil))
	c := serve(t, s)
	c.legacyInit(`{"elicitation":{},"sampling":{},"roots":{"listChanged":true}}`)
	c.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ask","arguments":{}}}`)
	e := c.request("elicitation/create")
	jsonEqual(t, "elicitation params", json.RawMessage(e.Params),
		`{"_meta":{"traceparent":"00-abc-01"},"mode":"form","message":"Confirm the order?","requestedSchema":`+confirmForm+`}`)
	c.answer(e.ID, `{"action":"accept","content":{"ok":true,"size":"S"}}`)
	sm := c.request("sampling/createMessage")
	if !strings.HasPrefix(string(sm.Params), `{"_meta":{"traceparent":"00-abc-01"},`) {
		t.Errorf("sampling params %s", sm.Params)
	}
	c.answer(sm.ID, `{"role":"assistant","content":{"type":"text","text":"teal"},"model":"m","stopReason":"endTurn"}`)
	r := c.request("roots/list")
	if string(r.Params) != `{"_meta":{"traceparent":"00-abc-01"}}` {
		t.Errorf("roots/list params %s", r.Params)
	}
	c.answer(r.ID, `{"roots":[{"uri":"file:///src","name":"src"}]}`)
	c.reply("7").result(t)
}

// TestEmptyMiddlewareAllocs: a middleware that only calls next adds no
// allocation to a tools/call, whose Request lives with its call
// (interceptedCall), nor to a tools/list beyond its Request.
func TestEmptyMiddlewareAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	empty := func(next RequestHandler) RequestHandler {
		return func(ctx context.Context, req *Request) Outcome { return next(ctx, req) }
	}
	allocs := func(msg string, opts ...Option) float64 {
		s := NewServer("allocs", "1.0.0", append([]Option{WithLogger(slog.New(slog.DiscardHandler))}, opts...)...)
		s.MustAddTool(testTools()[0])
		c := s.newConn()
		ctx := context.Background()
		out := func([]byte) {}
		return testing.AllocsPerRun(200, func() {
			reply, run := c.receive(ctx, []byte(msg), out)
			if run != nil {
				reply = run()
			}
			if reply == nil {
				t.Fatal("no reply")
			}
		})
	}
	for _, tc := range []struct {
		name, msg string
		extra     float64 // the Request of a method other than tools/call
	}{
		{"tools/call", benchCall, 0},
		{"tools/call without _meta", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add","arguments":{"a":1.5,"b":2}}}`, 0},
		{"tools/list", `{"jsonrpc":"2.0","id":8,"method":"tools/list"}`, 1},
	} {
		none, with := allocs(tc.msg), allocs(tc.msg, WithRequestMiddleware(empty))
		if with != none+tc.extra {
			t.Errorf("%s: %v allocations with an empty middleware, %v without: want %v more", tc.name, with, none, tc.extra)
		}
	}
}

// TestCallRunsMiddleware: an in-process Server.Call passes the request
// middleware and the tool's, as a client's tools/call does, so that a test
// of a server sees what its middleware does; a middleware that answers by
// itself decides what Call returns.
func TestCallRunsMiddleware(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	var order []string
	var params []string
	mark := func(name string) Middleware {
		return func(next RequestHandler) RequestHandler {
			return func(ctx context.Context, req *Request) Outcome {
				order = append(order, name+">")
				o := next(ctx, req)
				order = append(order, "<"+name)
				return o
			}
		}
	}
	var callers []string
	refuse := func(next RequestHandler) RequestHandler {
		return func(ctx context.Context, req *Request) Outcome {
			params = append(params, string(req.Params))
			if id := IdentityFrom(ctx); id != nil {
				callers = append(callers, id.Subject)
			}
			switch req.Target {
			case "echo":
				return Outcome{Error: &ProtocolError{Code: -32000, Message: "rate limited"}}
			case "fail":
				return Outcome{Result: TextResult("rewritten")}
			case "info":
				return Outcome{}
			}
			return next(ctx, req)
		}
	}
	s := newTestServer(t, WithRequestMiddleware(rec.middleware, refuse), WithToolMiddleware("add", mark("tool")))
	s.MustAddTool(Tool{Name: "mark", InputSchema: `{"type":"object"}`,
		Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
			return TextResult(fmt.Sprint(ctx.Value(ctxMark{}))), nil
		}})
	ctx := t.Context()

	// An audit middleware sees the caller that the test puts in ctx.
	res, err := s.Call(ContextWithIdentity(ctx, &Identity{Subject: "alice"}), "add", json.RawMessage(`{"a":1,"b":2}`), nil)
	if err != nil || res.IsError {
		t.Fatalf("add: %v %+v", err, res)
	}
	if len(callers) != 1 || callers[0] != "alice" {
		t.Errorf("the middleware saw the callers %q, want alice", callers)
	}
	if got, want := strings.Join(order, " "), "tool> <tool"; got != want {
		t.Errorf("the tool's middleware: %q, want %q", got, want)
	}
	if res, _ := s.Call(ctx, "mark", nil, nil); res.Content[0].(*TextContent).Text != "marked" {
		t.Errorf("the tool's context lacks the middleware's value: %+v", res.Content[0])
	}
	if _, err := s.Call(ctx, "echo", json.RawMessage(`{"text":"x"}`), nil); err == nil || err.Error() != "-32000 rate limited" {
		t.Errorf("echo refused by the middleware: %v", err)
	} else if pe, ok := err.(*ProtocolError); !ok || pe.Code != -32000 {
		t.Errorf("echo: %T %v, want the middleware's *ProtocolError", err, err)
	}
	if res, err := s.Call(ctx, "fail", nil, nil); err != nil || res.IsError || res.Content[0].(*TextContent).Text != "rewritten" {
		t.Errorf("fail answered by the middleware: %v %+v", err, res)
	}
	if res, err := s.Call(ctx, "info", nil, nil); err != nil || len(res.Content) != 0 || res.IsError {
		t.Errorf("info answered with an empty Outcome: %v %+v", err, res)
	}
	// Errors of Call itself pass the middleware too, and keep their text.
	if _, err := s.Call(ctx, "nope", nil, nil); err == nil || err.Error() != "Unknown tool: nope" {
		t.Errorf("an unknown tool: %v", err)
	}
	if _, err := s.Call(ctx, "add", json.RawMessage(`[1]`), nil); err == nil || err.Error() != "Invalid params: arguments must be an object" {
		t.Errorf("arguments not an object: %v", err)
	}
	want := []string{
		`tools/call "add" id= proto=2025-11-25 inprocess result isError=false`,
		`tools/call "mark" id= proto=2025-11-25 inprocess result isError=false`,
		`tools/call "echo" id= proto=2025-11-25 inprocess error -32000 rate limited`,
		`tools/call "fail" id= proto=2025-11-25 inprocess result isError=false`,
		`tools/call "info" id= proto=2025-11-25 inprocess`,
		`tools/call "nope" id= proto=2025-11-25 inprocess error -32602 Unknown tool: nope`,
		`tools/call "add" id= proto=2025-11-25 inprocess error -32602 Invalid params: arguments must be an object`,
	}
	if got := rec.take(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the middleware saw\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if want := `{"name":"add","arguments":{"a":1,"b":2}}`; params[0] != want || params[1] != `{"name":"mark"}` {
		t.Errorf("params %q, want %s first", params, want)
	}
}
