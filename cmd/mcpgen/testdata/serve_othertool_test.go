package gen_othertool

// This test is added to testdata/gen_othertool, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the tools made one at a time of functions and a method of other
// packages, beside the package's own.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("othertool", "1.0.0")
	RegisterTools(srv)
	RegisterReplacerTools(srv, strings.NewReplacer("a", "4", "e", "3"))
	for _, c := range []struct {
		name, args string
		want       string
	}{
		{"snake", `{"str":"FooBarID"}`, `"text":"` + jsonschema.ToSnakeCase("FooBarID") + `"`},
		{"repeat", `{"s":"ab","count":3}`, `"text":"` + strings.Repeat("ab", 3) + `"`},
		// strings.Repeat panics on a negative count: the call fails, the
		// server stays up.
		{"repeat", `{"s":"ab","count":-1}`, `"isError":true`},
		{"replace", `{"s":"beta"}`, `"text":"b3t4"`},
		{"shout", `{"text":"hi"}`, `"text":"HI!"`},
	} {
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(c.args), nil)
		if err != nil && !strings.Contains(c.want, "isError") {
			t.Errorf("%s %s: %v", c.name, c.args, err)
			continue
		}
		b, _ := json.Marshal(res)
		if err != nil {
			b = []byte(`"isError":true ` + err.Error())
		}
		if !strings.Contains(string(b), c.want) {
			t.Errorf("%s %s: result lacks %s:\n%s", c.name, c.args, c.want, b)
		}
	}
	tools := map[string]runtime.Tool{}
	for _, tl := range srv.Tools() {
		tools[tl.Name] = tl
	}
	// The comment's text is the description, in place of the doc comment.
	if d := tools["snake"].Description; d != "Snake turns a name in CamelCase into snake_case: FooBar is foo_bar." {
		t.Errorf("snake's description is %q", d)
	}
	if !strings.HasPrefix(tools["repeat"].Description, "Repeat returns a new string consisting of count copies") {
		t.Errorf("repeat's description is %q, not the doc comment of strings.Repeat", tools["repeat"].Description)
	}
}
