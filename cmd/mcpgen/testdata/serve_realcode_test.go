package gen_realcode

// This test is added to testdata/gen_realcode, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the generated tools as a client does, and compares what real
// code does with what the client gets.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("realcode", "1.0.0")
	RegisterTools(srv)
	for _, c := range []struct {
		name, args string
		want       []string // substrings of the result as a client gets it
	}{
		// result=PARAM: what the function did to its argument is the result.
		{"sort_words", `{"words":["b","c","a"]}`, []string{`"structuredContent":{"result":["a","b","c"]}`}},
		{"mirror", `{"X":1,"Y":-2}`, []string{`"structuredContent":{"X":-1,"Y":2}`}},
		{"mirror", `{"X":2e6}`, []string{`"isError":true`, `off the map`}},
		{"remember", `{"words":["x"]}`, []string{`"content":[{"type":"text","text":"done"}]`}},
		// Integers in untyped positions are ints, exactly; other numbers float64.
		{"kinds", `{"env":{"x":7,"big":9007199254740993,"f":2.5,"l":[1,1.5],"u":18446744073709551615}}`, []string{
			`big:int=9007199254740993;f:float64=2.5;l:[]interface {}=[1 1.5];u:uint64=18446744073709551615;x:int=7;x%2=1`,
		}},
		{"kinds_float", `{"env":{"x":7,"big":9007199254740993}}`, []string{`big:float64=9.007199254740992e+15;x:float64=7`}},
		// Functional options are not arguments: the function runs without any.
		{"greet", `{"name":"Ada"}`, []string{`"text":"Hello, Ada."`}},
		// A struct without json tags: every field optional, pointers as nil.
		{"list_tasks", `{}`, []string{`"text":"all tasks"`}},
		{"list_tasks", `{"Status":null,"Assignee":null,"DueBefore":null}`, []string{`"text":"all tasks"`}},
		{"list_tasks", `{"Status":"open","Limit":3,"DueBefore":"2026-01-02T00:00:00Z"}`, []string{`status=open due\u003c2026-01-02 limit=3`}},
		{"list_tasks", `{"Status":"done"}`, []string{`"isError":true`, `Status`}},
		// A sole []error result is the errors' texts.
		{"validate", `{"version":"1.2"}`, []string{`"structuredContent":{"result":["no leading \"v\""]}`}},
		{"validate", `{"version":"v1.2"}`, []string{`"structuredContent":{"result":[]}`}},
	} {
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Errorf("%s %s: %v", c.name, c.args, err)
			continue
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s %s: result lacks %s:\n%s", c.name, c.args, w, b)
			}
		}
	}
	if len(seen) != 1 || seen[0] != "x" {
		t.Errorf("remember: seen = %q, want [x]", seen)
	}
	for _, tool := range srv.Tools() {
		if tool.Name == "greet" && strings.Contains(tool.InputSchema, "opts") {
			t.Errorf("greet: the functional options are in the input schema:\n%s", tool.InputSchema)
		}
	}
}
