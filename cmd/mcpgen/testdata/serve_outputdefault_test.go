package gen_outputdefault

// This test is added to testdata/gen_outputdefault, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// a tool whose output schema the default leaves out still sends its
// structured result, and one that keeps it sends what validates against it.

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcpgen/mcpgen/internal/validate"
	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("outputdefault", "1.0.0")
	RegisterTools(srv)
	for _, c := range []struct {
		name      string
		hasSchema bool
	}{{"point", true}, {"mem", false}, {"own", false}} {
		var tool runtime.Tool
		for _, tl := range srv.Tools() {
			if tl.Name == c.name {
				tool = tl
			}
		}
		if (tool.OutputSchema != "") != c.hasSchema {
			t.Errorf("%s: output schema %q, want one: %v", c.name, tool.OutputSchema, c.hasSchema)
		}
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(`{}`), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, _ := json.Marshal(res)
		var got struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
		}
		if err := json.Unmarshal(b, &got); err != nil || len(got.StructuredContent) < 2 {
			t.Fatalf("%s: no structured content: %s", c.name, b)
		}
		if tool.OutputSchema == "" {
			continue
		}
		v, err := validate.Compile(tool.OutputSchema)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Validate(got.StructuredContent); err != nil {
			t.Errorf("%s: %s does not validate against the advertised output schema: %v", c.name, got.StructuredContent, err)
		}
	}
}
