package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestToolsListsWhatToolsListSends(t *testing.T) {
	s := newTestServer(t)
	tools := s.Tools()
	if got, want := strings.Join(toolNames(tools), " "), strings.Join(toolNames(testTools()), " "); got != want {
		t.Fatalf("Tools() names %q, want registration order %q", got, want)
	}
	add := tools[0]
	if add.Title != "Add numbers" || add.Description != "Add returns a+b." || add.Handler == nil {
		t.Errorf("add: %+v", add)
	}
	if *add.Annotations.ReadOnlyHint != true || *add.Annotations.IdempotentHint != true || add.Annotations.DestructiveHint != nil {
		t.Errorf("add annotations %+v", add.Annotations)
	}
	// The schemas are the bytes tools/list sends, tool by tool.
	c := serve(t, s)
	c.initialize("2025-11-25")
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(c.do("2", "tools/list", `{}`).Result, &list); err != nil {
		t.Fatal(err)
	}
	for i, w := range list.Tools {
		if tools[i].Name != w.Name || tools[i].InputSchema != string(w.InputSchema) || tools[i].OutputSchema != string(w.OutputSchema) {
			t.Errorf("Tools()[%d] = %s %s %s,\ntools/list has %s %s %s", i,
				tools[i].Name, tools[i].InputSchema, tools[i].OutputSchema, w.Name, w.InputSchema, w.OutputSchema)
		}
	}
	if tools[0].InputSchema != `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"],"additionalProperties":false}` {
		t.Errorf("add input schema not compact: %s", tools[0].InputSchema)
	}

	// A copy: changing it changes nothing registered.
	*tools[0].Annotations = ToolAnnotations{Title: "changed"}
	tools[0].Name = "changed"
	if again := s.Tools()[0]; again.Name != "add" || again.Annotations.Title != "" {
		t.Errorf("Tools() shares its tools with the server: %+v", again)
	}
	if got := NewServer("empty", "0").Tools(); len(got) != 0 {
		t.Errorf("Tools() of an empty server: %v", got)
	}
}

func TestCallResults(t *testing.T) {
	s := newTestServer(t)
	ctx := context.Background()
	tests := []struct {
		name, args string
		want       string // the result's JSON (Result.MarshalJSON)
	}{
		{"add", `{"a":1,"b":2.5}`, `{"content":[{"type":"text","text":"{\"result\":3.5}"}],"structuredContent":{"result":3.5}}`},
		{"add", ` {"a":1, "b":2} `, `{"content":[{"type":"text","text":"{\"result\":3}"}],"structuredContent":{"result":3}}`},
		{"echo", ``, `{"content":[{"type":"text","text":""}]}`},
		{"echo", `null`, `{"content":[{"type":"text","text":""}]}`},
		{"nothing", `{}`, `{"content":[]}`},
		{"add", `{"a":"one","b":2}`, `{"content":[{"type":"text","text":"invalid arguments: \"a\": must be a number (got \"one\")"}],"isError":true}`},
		{"add", `{"a":1}`, `{"content":[{"type":"text","text":"invalid arguments: \"b\": is required (a number)"}],"isError":true}`},
		{"fail", `{}`, `{"content":[{"type":"text","text":"the disk is full"}],"isError":true}`},
		{"explode", `{}`, `{"content":[{"type":"text","text":"internal error in tool explode"}],"isError":true}`},
		{"raw", `{}`, `{"content":[{"type":"text","text":"line1\nline2","annotations":{"audience":["user"],"priority":0.5}},` +
			`{"type":"image","data":"AQID","mimeType":"image/png"},{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"},` +
			`{"type":"resource_link","uri":"file:///a.txt","name":"a.txt","mimeType":"text/plain","size":42},` +
			`{"type":"resource","resource":{"uri":"mem://t","mimeType":"text/plain","text":"hello"}},` +
			`{"type":"resource","resource":{"uri":"mem://b","blob":"/w=="}}],"_meta":{"k":"v"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.args, func(t *testing.T) {
			res, err := s.Call(ctx, tt.name, json.RawMessage(tt.args), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			// What a client gets for the same call.
			c := serve(t, s)
			c.initialize("2025-11-25")
			args := tt.args
			if strings.TrimSpace(args) == "" {
				args = "null"
			}
			wire := c.do("2", "tools/call", `{"name":"`+tt.name+`","arguments":`+args+`}`)
			if string(wire.Result) != tt.want {
				t.Errorf("the same call over stdio: %s\nCall: %s", wire.Result, got)
			}
		})
	}
}

func TestCallProtocolErrors(t *testing.T) {
	s := newTestServer(t)
	for _, tt := range []struct{ name, args, want string }{
		{"no_such_tool", `{}`, "Unknown tool: no_such_tool"},
		{"add", `[1,2]`, "Invalid params: arguments must be an object"},
		{"add", `"a"`, "Invalid params: arguments must be an object"},
		{"add", `{"a":1,`, "Invalid params: arguments must be an object"},
	} {
		res, err := s.Call(context.Background(), tt.name, json.RawMessage(tt.args), nil)
		if err == nil || err.Error() != tt.want || res != nil {
			t.Errorf("Call(%s, %s) = %v, %v; want error %q", tt.name, tt.args, res, err, tt.want)
		}
	}
}

func TestCallUnencodableResult(t *testing.T) {
	s := newTestServer(t)
	s.MustAddTool(Tool{Name: "bad", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		return &Result{Content: []Content{}, StructuredContent: func() {}}, nil
	}})
	res, err := s.Call(context.Background(), "bad", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(res); string(got) != `{"content":[{"type":"text","text":"the result of tool bad could not be encoded as JSON"}],"isError":true}` {
		t.Errorf("got %s", got)
	}
}

func TestCallProgressAndLog(t *testing.T) {
	s := newTestServer(t)
	var got []string
	opts := &CallOptions{
		Progress: func(progress, total float64, message string) {
			got = append(got, fmt.Sprintf("progress %g/%g %q", progress, total, message))
		},
	}
	if _, err := s.Call(context.Background(), "progress", nil, opts); err != nil {
		t.Fatal(err)
	}
	if want := `progress 1/3 "one"|progress 2.5/0 ""`; strings.Join(got, "|") != want {
		t.Errorf("progress reports %q, want %q", got, want)
	}

	for _, tt := range []struct {
		level slog.Level
		want  string
	}{
		{slog.LevelDebug, `debug {"message":"dbg"}|info {"message":"hello","n":1}|warning {"a":"b","g":{"x":true},"message":"careful"}|alert {"message":"alarm"}`},
		{0, `info {"message":"hello","n":1}|warning {"a":"b","g":{"x":true},"message":"careful"}|alert {"message":"alarm"}`},
		{slog.LevelError + 1, `alert {"message":"alarm"}`},
	} {
		got = nil
		opts := &CallOptions{LogLevel: tt.level, Log: func(m LogMessage) {
			if m.Logger != "log" {
				t.Errorf("logger %q", m.Logger)
			}
			got = append(got, m.Level+" "+string(m.Data))
		}}
		if _, err := s.Call(context.Background(), "log", nil, opts); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("LogLevel %v: got %q\nwant %q", tt.level, strings.Join(got, "|"), tt.want)
		}
	}
	// Without options the tool runs the same; nothing is reported.
	if res, err := s.Call(context.Background(), "log", nil, &CallOptions{}); err != nil || res.IsError {
		t.Errorf("log without sinks: %v %v", res, err)
	}
}

func TestCallReportsNothingAfterReturn(t *testing.T) {
	s := newTestServer(t)
	later := make(chan context.Context, 1)
	s.MustAddTool(Tool{Name: "leak", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		later <- ctx
		return nil, nil
	}})
	n := 0
	opts := &CallOptions{LogLevel: slog.LevelDebug,
		Progress: func(float64, float64, string) { n++ },
		Log:      func(LogMessage) { n++ }}
	if _, err := s.Call(context.Background(), "leak", nil, opts); err != nil {
		t.Fatal(err)
	}
	ctx := <-later
	ReportProgress(ctx, 1, 0, "")
	Logger(ctx).Error("late")
	if n != 0 {
		t.Errorf("%d reports after Call returned", n)
	}
	if ctx.Err() == nil {
		t.Error("the call's context is not cancelled after Call returned")
	}
}

func TestCallCancellation(t *testing.T) {
	s := newTestServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	_, started := gate("inprocess-cancel")
	done := make(chan *Result)
	go func() {
		res, err := s.Call(ctx, "wait", json.RawMessage(`{"key":"inprocess-cancel"}`), nil)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	<-started
	cancel()
	select {
	case res := <-done:
		if got, _ := json.Marshal(res); string(got) != `{"content":[{"type":"text","text":"context canceled"}],"isError":true}` {
			t.Errorf("cancelled call: %s", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancelling ctx did not end the call")
	}
}

func TestCallWaitsForASlot(t *testing.T) {
	s := newTestServer(t, WithMaxConcurrentCalls(1))
	release, started := gate("inprocess-slot")
	first := make(chan error)
	go func() {
		_, err := s.Call(context.Background(), "wait", json.RawMessage(`{"key":"inprocess-slot"}`), nil)
		first <- err
	}()
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := s.Call(ctx, "add", json.RawMessage(`{"a":1,"b":2}`), nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Call while the only slot is taken: %v, want context.DeadlineExceeded", err)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if res, err := s.Call(context.Background(), "add", json.RawMessage(`{"a":1,"b":2}`), nil); err != nil || res.IsError {
		t.Errorf("Call after the slot was freed: %v, %v", res, err)
	}
}

// CallOptions.Ask answers a tool's questions; its error reaches the tool.
func TestCallAsk(t *testing.T) {
	s := newTestServer(t)
	s.MustAddTool(Tool{Name: "curious", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		e, err := ElicitSchema(ctx, "Your name?", `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)
		if err != nil {
			return nil, err
		}
		roots, err := ListRoots(ctx)
		if err != nil {
			return nil, err
		}
		return TextResult(fmt.Sprintf("%s %s %s", e.Action, e.Content, roots[0].URI)), nil
	}})
	var asked []string
	answers := map[string]string{
		"elicitation/create": `{"action":"accept","content":{"name":"Ada"}}`,
		"roots/list":         `{"roots":[{"uri":"file:///home/ada"}]}`,
	}
	opts := &CallOptions{Ask: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		asked = append(asked, method+" "+string(params))
		return json.RawMessage(answers[method]), nil
	}}
	res, err := s.Call(context.Background(), "curious", nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := res.MarshalJSON(); string(b) != `{"content":[{"type":"text","text":"accept {\"name\":\"Ada\"} file:///home/ada"}]}` {
		t.Errorf("result %s", b)
	}
	if len(asked) != 2 || !strings.HasPrefix(asked[0], `elicitation/create {"message":"Your name?","requestedSchema":`) ||
		asked[1] != "roots/list {}" {
		t.Errorf("asked %q", asked)
	}

	// An answer that does not fit the form, and Ask's own error.
	answers["elicitation/create"] = `{"action":"accept","content":{"name":7}}`
	res, _ = s.Call(context.Background(), "curious", nil, opts)
	if b, _ := res.MarshalJSON(); !res.IsError || !strings.Contains(string(b), "name") {
		t.Errorf("an answer outside the form: %s", b)
	}
	opts.Ask = func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return nil, &MissingCapabilityError{Capability: "elicitation"}
	}
	res, _ = s.Call(context.Background(), "curious", nil, opts)
	if b, _ := res.MarshalJSON(); !res.IsError || !strings.Contains(string(b), "did not declare the elicitation capability") {
		t.Errorf("Ask's error: %s", b)
	}
}

// BenchmarkCall is BenchmarkCallCore's call made in-process: validation,
// the handler, and the check that its result encodes (the reply is not
// written).
func BenchmarkCall(b *testing.B) {
	s := benchServer()
	args := json.RawMessage(`{"a":1.5,"b":2}`)
	ctx := context.Background()
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if res, err := s.Call(ctx, "add", args, nil); err != nil || res.IsError {
			b.Fatal(res, err)
		}
	}
}

// TestValidateSchema: a tool's ValidateSchema is what its arguments are
// checked with, while tools/list still sends its InputSchema; one that
// does not compile is refused at registration.
func TestValidateSchema(t *testing.T) {
	s := NewServer("t", "1")
	listed := `{"type":"object","properties":{"name":{"type":"string","description":"1 to 3 characters"}}}`
	s.MustAddTool(Tool{Name: "greet", InputSchema: listed,
		ValidateSchema: `{"type":"object","properties":{"name":{"type":"string","minLength":1,"maxLength":3}}}`,
		Handler:        func(context.Context, json.RawMessage) (*Result, error) { return TextResult("hi"), nil }})
	if got := s.Tools()[0].InputSchema; got != listed {
		t.Errorf("listed %s", got)
	}
	res, err := s.Call(t.Context(), "greet", json.RawMessage(`{"name":"Ada"}`), nil)
	if err != nil || res.IsError {
		t.Fatalf("valid call: %v %+v", err, res)
	}
	res, err = s.Call(t.Context(), "greet", json.RawMessage(`{"name":"Adam"}`), nil)
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*TextContent).Text, "name") {
		t.Errorf("a name of 4 characters: %v %+v", err, res)
	}
	err = s.AddTool(Tool{Name: "bad", InputSchema: listed, ValidateSchema: `{"type":"object","minLength":"x"}`,
		Handler: func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }})
	if err == nil || !strings.Contains(err.Error(), "validate schema") {
		t.Errorf("a ValidateSchema that does not compile: %v", err)
	}
}
