package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestAddToolErrors(t *testing.T) {
	h := func(ctx context.Context, args json.RawMessage) (*Result, error) { return nil, nil }
	tests := []struct {
		name string
		tool Tool
		want string
	}{
		{"duplicate", Tool{Name: "add", Handler: h}, "duplicate"},
		{"empty name", Tool{Handler: h}, "invalid tool name"},
		{"space in name", Tool{Name: "a b", Handler: h}, "invalid tool name"},
		{"long name", Tool{Name: strings.Repeat("x", 129), Handler: h}, "invalid tool name"},
		{"nil handler", Tool{Name: "x"}, "nil Handler"},
		{"input not JSON", Tool{Name: "x", Handler: h, InputSchema: `{`}, "input schema"},
		{"input not an object schema", Tool{Name: "x", Handler: h, InputSchema: `{"type":"string"}`}, "input schema"},
		{"input array", Tool{Name: "x", Handler: h, InputSchema: `[]`}, "input schema"},
		{"output not JSON", Tool{Name: "x", Handler: h, OutputSchema: `nope`}, "output schema"},
	}
	s := newTestServer(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.AddTool(tt.tool)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("AddTool: %v, want an error containing %q", err, tt.want)
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("MustAddTool of a duplicate did not panic")
		}
	}()
	s.MustAddTool(Tool{Name: "add", Handler: h})
}

func TestAddToolWhileServing(t *testing.T) {
	s := newTestServer(t)
	c := serve(t, s)
	n := len(c.do(`1`, "tools/list", "").result(t)["tools"].([]any))
	s.MustAddTool(Tool{Name: "late", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		return TextResult("late"), nil
	}})
	if got := len(c.do(`2`, "tools/list", "").result(t)["tools"].([]any)); got != n+1 {
		t.Errorf("%d tools after AddTool, want %d", got, n+1)
	}
	jsonEqual(t, "late call", c.do(`3`, "tools/call", `{"name":"late"}`).result(t), `{"content":[{"type":"text","text":"late"}]}`)
}

func TestEmptyInputSchemaMeansAnyObject(t *testing.T) {
	s := NewServer("s", "1")
	s.MustAddTool(Tool{Name: "any", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		return TextResult(string(args)), nil
	}})
	c := serve(t, s)
	list := c.do(`1`, "tools/list", "").result(t)
	jsonEqual(t, "tools", list["tools"], `[{"name":"any","inputSchema":{"type":"object","properties":{}}}]`)
	jsonEqual(t, "call", c.do(`2`, "tools/call", `{"name":"any"}`).result(t), `{"content":[{"type":"text","text":"{}"}]}`)
}

// TestAddToolAddsProperties: a hand-registered tool whose input schema
// has no root "properties" (as examples/conformance's test_trigger_tool_change)
// is listed with an empty one, as generated tools are (OpenAI's function
// calling refuses a parameters schema without it); the schema admits what
// it admitted, and one that has properties is listed as written.
func TestAddToolAddsProperties(t *testing.T) {
	s := NewServer("s", "1")
	echo := func(ctx context.Context, args json.RawMessage) (*Result, error) { return TextResult(string(args)), nil }
	s.MustAddTool(Tool{Name: "closed", InputSchema: `{ "type": "object", "additionalProperties": false }`, Handler: echo})
	s.MustAddTool(Tool{Name: "escaped", InputSchema: `{"type":"object","\u0061dditionalProperties":false}`, Handler: echo})
	s.MustAddTool(Tool{Name: "written", InputSchema: `{"properties":{"a":{"type":"string"}},"type":"object"}`, Handler: echo})
	c := serve(t, s)
	list := c.do(`1`, "tools/list", "").result(t)
	var got []string
	for _, tool := range list["tools"].([]any) {
		b, _ := json.Marshal(tool.(map[string]any)["inputSchema"])
		got = append(got, string(b))
	}
	want := []string{
		`{"additionalProperties":false,"properties":{},"type":"object"}`,
		`{"additionalProperties":false,"properties":{},"type":"object"}`,
		`{"properties":{"a":{"type":"string"}},"type":"object"}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("input schemas:\n got %q\nwant %q", got, want)
	}
	// The line as sent: the member added at the end of the root.
	line := string(c.do(`2`, "tools/list", "").line)
	if !strings.Contains(line, `"inputSchema":{"type":"object","additionalProperties":false,"properties":{}}`) {
		t.Errorf("tools/list line: %s", line)
	}
	jsonEqual(t, "call", c.do(`3`, "tools/call", `{"name":"closed"}`).result(t), `{"content":[{"type":"text","text":"{}"}]}`)
	if r := c.do(`4`, "tools/call", `{"name":"closed","arguments":{"x":1}}`).result(t); r["isError"] != true {
		t.Errorf("an argument the schema does not admit: %v", r)
	}
}

func TestResultHelpers(t *testing.T) {
	if _, err := StructuredResult([]int{1}); err == nil {
		t.Error("StructuredResult of a slice: no error")
	}
	if _, err := StructuredResult(func() {}); err == nil {
		t.Error("StructuredResult of a func: no error")
	}
	var nilMap map[string]int
	r, err := StructuredResult(nilMap)
	if err != nil || string(r.StructuredContent.(json.RawMessage)) != `{}` {
		t.Errorf("StructuredResult(nil map) = %v, %v", r, err)
	}
	var nilSlice []string
	r, err = WrappedResult(nilSlice)
	if err != nil || string(r.StructuredContent.(json.RawMessage)) != `{"result":[]}` || r.Content[0].(*TextContent).Text != `{"result":[]}` {
		t.Errorf("WrappedResult(nil slice) = %v, %v", r, err)
	}
	// A nil []byte is null (its schema: a base64 string or null), never [];
	// so is what a type's own MarshalJSON writes.
	var nilBytes []byte
	r, err = WrappedResult(nilBytes)
	if err != nil || string(r.StructuredContent.(json.RawMessage)) != `{"result":null}` {
		t.Errorf("WrappedResult(nil []byte) = %v, %v", r, err)
	}
	var nilRaw json.RawMessage
	r, err = WrappedResult(nilRaw)
	if err != nil || string(r.StructuredContent.(json.RawMessage)) != `{"result":null}` {
		t.Errorf("WrappedResult(nil json.RawMessage) = %v, %v", r, err)
	}
	// Errors returned as a value are sent as their texts.
	for v, want := range map[*ErrorTexts]string{
		{errors.New("a"), nil, errors.New(`"b"`)}: `["a",null,"\"b\""]`,
		{}: `[]`,
	} {
		if got, err := json.Marshal(*v); err != nil || string(got) != want {
			t.Errorf("ErrorTexts %v = %s, %v; want %s", *v, got, err, want)
		}
	}
	if got, _ := json.Marshal(ErrorTexts(nil)); string(got) != `[]` {
		t.Errorf("nil ErrorTexts = %s, want []", got)
	}
	if len(EmptyResult().Content) != 0 || EmptyResult().Content == nil {
		t.Error("EmptyResult content is not an empty slice")
	}
	if b := Bool(true); b == nil || !*b {
		t.Error("Bool(true)")
	}
	got, err := json.Marshal(&TextContent{Text: "x"})
	if err != nil || string(got) != `{"type":"text","text":"x"}` {
		t.Errorf("TextContent JSON %s %v", got, err)
	}
}

// TestAddToolHeaderMarks: a tool whose x-mcp-header marks a client would
// drop is refused.
func TestAddToolHeaderMarks(t *testing.T) {
	noop := func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }
	for _, tc := range []struct{ schema, err string }{
		{`{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"Region"},"n":{"type":"object","properties":{"id":{"type":"integer","x-mcp-header":"Id"}}}}}`, ""},
		{`{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"Bad Name"}}}`, "non-empty HTTP token"},
		{`{"type":"object","properties":{"r":{"type":"string","x-mcp-header":""}}}`, "non-empty HTTP token"},
		{`{"type":"object","properties":{"r":{"type":"number","x-mcp-header":"R"}}}`, "string, integer or boolean"},
		{`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"R"},"b":{"type":"string","x-mcp-header":"r"}}}`, "used twice"},
		{`{"type":"object","properties":{"l":{"type":"array","items":{"type":"string","x-mcp-header":"R"}}}}`, "reached through properties only"},
		{`{"type":"object","x-mcp-header":"R"}`, "reached through properties only"},
	} {
		err := NewServer("x", "1").AddTool(Tool{Name: "t", InputSchema: tc.schema, Handler: noop})
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: error %v, want %q", tc.schema, err, tc.err)
		}
	}
}

// TestResultNotEncodable: a result encoding/json cannot write (a time
// past year 9999) is answered as such, not as a panic is.
func TestResultNotEncodable(t *testing.T) {
	s := newTestServer(t)
	s.MustAddTool(Tool{Name: "far", Handler: func(context.Context, json.RawMessage) (*Result, error) {
		return WrappedResult(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	}})
	res, err := s.Call(context.Background(), "far", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(res); string(got) != `{"content":[{"type":"text","text":"the result of tool far could not be encoded as JSON"}],"isError":true}` {
		t.Errorf("got %s", got)
	}
}

// TestValidatorCompiledOnFirstCall checks that a tool's input validator is
// compiled on its first call, not by AddTool (which only checks that the
// schema compiles), and that the first call validates.
func TestValidatorCompiledOnFirstCall(t *testing.T) {
	s := NewServer("t", "1")
	s.MustAddTool(Tool{Name: "n", InputSchema: `{"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n"]}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) { return TextResult("ok"), nil }})
	s.MustAddTool(Tool{Name: "other", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) { return TextResult("ok"), nil }})
	tl := s.snapshot().byName["n"]
	if tl.compiled.Load() != nil {
		t.Fatal("AddTool kept a compiled validator")
	}
	res, err := s.Call(context.Background(), "n", json.RawMessage(`{"n":0}`), nil)
	if err != nil || !res.IsError {
		t.Fatalf("first call with n=0: %+v, %v; want a validation error result", res, err)
	}
	if tl.compiled.Load() == nil {
		t.Fatal("the first call left no compiled validator")
	}
	if s.snapshot().byName["other"].compiled.Load() != nil {
		t.Fatal("a call of one tool compiled another's validator")
	}
	if res, err := s.Call(context.Background(), "n", json.RawMessage(`{"n":2}`), nil); err != nil || res.IsError {
		t.Fatalf("second call with n=2: %+v, %v", res, err)
	}
}
