package gen_profile_openai

// This test is added to testdata/gen_profile_openai, next to its golden
// want/mcp_gen.go (generated with -profile openai-strict), by cmd/mcpgen's
// TestGoldenServes (through an overlay): the listed schema leaves out the
// keywords strict mode refuses and states them in the descriptions, and
// the server still refuses an argument that breaks them.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("profile", "1.0.0")
	RegisterTools(srv)

	for _, tool := range srv.Tools() {
		for _, kw := range []string{`"minLength"`, `"maxLength"`, `"uniqueItems"`} {
			if strings.Contains(tool.InputSchema, kw) {
				t.Errorf("%s: tools/list sends %s, which strict mode refuses: %s", tool.Name, kw, tool.InputSchema)
			}
		}
		for _, want := range []string{"1 to 10 characters", "no duplicates"} {
			if !strings.Contains(tool.InputSchema, want) {
				t.Errorf("%s: no description states %q: %s", tool.Name, want, tool.InputSchema)
			}
		}
	}

	for _, c := range []struct {
		name, args string
		isError    bool
		want       string // in the text of the result
	}{
		{"book", `{"guest":"Ada","seats":2,"tags":["a","b"],"contact":null}`, false, "Ada"},
		{"book", `{"guest":"Ada Lovelace Byron","seats":2,"tags":null,"contact":null}`, true, "guest"},
		{"hold", `{"guest":"","seats":2,"tags":null,"contact":null}`, true, "guest"},
		{"book", `{"guest":"Ada","seats":2,"tags":["a","a"],"contact":null}`, true, "tags"},
		{"hold", `{"guest":"Ada","seats":21,"tags":null,"contact":null}`, true, "seats"},
	} {
		res, err := srv.Call(t.Context(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Fatalf("%s %s: %v", c.name, c.args, err)
		}
		var text string
		for _, part := range res.Content {
			if tc, ok := part.(*runtime.TextContent); ok {
				text += tc.Text
			}
		}
		if res.IsError != c.isError || !strings.Contains(text, c.want) {
			t.Errorf("%s %s: isError %v, %q; want isError %v naming %q", c.name, c.args, res.IsError, text, c.isError, c.want)
		}
	}
}
