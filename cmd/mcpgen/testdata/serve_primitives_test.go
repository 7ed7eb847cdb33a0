package gen_primitives

// This test is added to testdata/gen_primitives, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it serves the generated prompts, resources and completers and asks for
// them as a client does.

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("docs", "1.0.0")
	RegisterTools(srv)
	RegisterPrompts(srv)
	RegisterResources(srv)

	requests := []struct {
		method, params string
		want           []string // substrings of the JSON reply
	}{
		{"prompts/list", `{}`, []string{`"name":"code_review","title":"Code review"`,
			`{"name":"lang","description":"Its language","required":true}`, `{"name":"focus","description":"What to look at first (optional)"}`}},
		{"prompts/get", `{"name":"code_review","arguments":{"code":"x := 1","lang":"go"}}`,
			[]string{`"messages":[{"role":"user","content":{"type":"text","text":"Review this go code:\n\nx := 1"}}]`}},
		{"prompts/get", `{"name":"code_review","arguments":{"code":"x","lang":"go","focus":"naming"}}`, []string{`Focus on naming.`}},
		{"prompts/get", `{"name":"code_review","arguments":{"lang":"go"}}`, []string{`"code":-32602`, `code`}},
		{"prompts/get", `{"name":"code_review","arguments":{"code":"x","lang":"cobol"}}`, []string{`"code":-32602`, `lang must be one of go, rust, python`}},
		{"prompts/get", `{"name":"explain","arguments":{"topic":"maps"}}`,
			[]string{`{"role":"user","content":{"type":"text","text":"Explain maps."}},{"role":"assistant","content":{"type":"text","text":"Which part of maps?"}}`}},
		{"prompts/get", `{"name":"explain","arguments":{"topic":""}}`, []string{`"code":-32603`, `empty topic`}},
		{"prompts/get", `{"name":"report_bug","arguments":{"title":"crash","language":"rust","steps":"run it"}}`,
			[]string{`"description":"A bug report","messages":[{"role":"user","content":{"type":"text","text":"Bug in rust code: crash\nSteps: run it"}}]`}},
		{"prompts/get", `{"name":"report_bug","arguments":{"language":"go"}}`, []string{`"code":-32602`, `title`}},
		{"resources/list", `{}`, []string{`{"uri":"docs://readme","name":"readme","description":"Readme is the project's README.","mimeType":"text/markdown"}`,
			`{"uri":"docs://logo","name":"logo","title":"Logo"`}},
		{"resources/templates/list", `{}`, []string{`{"uriTemplate":"docs://pages/{topic}","name":"page"`, `{"uriTemplate":"src://{+path}","name":"file"`}},
		{"resources/read", `{"uri":"docs://readme"}`, []string{`{"uri":"docs://readme","mimeType":"text/markdown","text":"# x\n"}`}},
		{"resources/read", `{"uri":"docs://logo"}`, []string{`{"uri":"docs://logo","mimeType":"image/png","blob":"iVBORw=="}`}},
		{"resources/read", `{"uri":"docs://pages/usage"}`, []string{`"text":"x [flags] files"`}},
		{"resources/read", `{"uri":"docs://pages/nope"}`, []string{`"code":-32602`, `"data":{"uri":"docs://pages/nope"}`}},
		{"resources/read", `{"uri":"src://cmd/x/main.go"}`, []string{`{"uri":"src://cmd/x/main.go","mimeType":"text/x-go","text":"// cmd/x/main.go"}`}},
		{"completion/complete", `{"ref":{"type":"ref/prompt","name":"code_review"},"argument":{"name":"lang","value":"r"}}`,
			[]string{`"values":["rust"]`}},
		{"completion/complete", `{"ref":{"type":"ref/resource","uri":"docs://pages/{topic}"},"argument":{"name":"topic","value":""}}`,
			[]string{`"values":["install","usage"]`}},
		{"completion/complete", `{"ref":{"type":"ref/resource","uri":"src://{+path}"},"argument":{"name":"path","value":"cmd"}}`,
			[]string{`"values":["cmd/x/main.go"]`}},
	}
	setup := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
	for i, r := range requests {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i + 1, "method": r.method, "params": json.RawMessage(r.params)})
		var out bytes.Buffer
		if err := srv.Serve(context.Background(), strings.NewReader(setup+string(req)+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		got := lines[len(lines)-1]
		for _, w := range r.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: reply lacks %s:\n%s", r.method, r.params, w, got)
			}
		}
	}
}
