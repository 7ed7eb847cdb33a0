package e2e

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/e2e/hostserver"
	mcpparser "github.com/mcpgen/mcpgen/parser"
	"github.com/mcpgen/mcpgen/parser/schema"
	"github.com/mcpgen/mcpgen/runtime"
)

// langchainReport is what clients/langchain.mjs prints.
type langchainReport struct {
	Tools map[string]struct {
		Schema     map[string]any `json:"schema"`
		Parameters map[string]any `json:"parameters"`
	} `json:"tools"`
	Calls []struct {
		Tool    string `json:"tool"`
		Status  string `json:"status"`
		Content string `json:"content"`
	} `json:"calls"`
	Error string `json:"error"`
}

// runLangChain serves the tools of srv over HTTP and loads them through
// LangChain's MCP adapter, making the calls given.
func runLangChain(t *testing.T, srv *runtime.Server, calls []map[string]any) langchainReport {
	t.Helper()
	ts := httptest.NewServer(srv.HTTPHandler())
	defer ts.Close()
	file := filepath.Join(t.TempDir(), "calls.json")
	b, _ := json.Marshal(calls)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := runNode(t, "clients/langchain.mjs", "--url", ts.URL+"/mcp", "--calls", file)
	var report langchainReport
	if jerr := json.Unmarshal([]byte(lastLine(stdout)), &report); jerr != nil {
		t.Fatalf("%v; no report (%v):\n%s\n%s", err, jerr, tail(stdout, 3000), tail(stderr, 3000))
	}
	if report.Error != "" {
		t.Fatalf("langchain: %s", report.Error)
	}
	return report
}

// TestLangChainSchemas loads the hostserver tools through LangChain's MCP
// adapter (@langchain/mcp-adapters) and checks what reaches the model: the
// schema the adapter hands a provider (convertToOpenAITool) and the tool
// messages a LangGraph ToolNode writes for calls. The adapter inlines every
// $ref, cutting a recursive one to {"type":"object"} where the definition
// comes back inside itself, and validates arguments itself (with the
// schema it made) before the server sees them, answering a mismatch with
// a message that names nothing. With -v the whole report is logged.
func TestLangChainSchemas(t *testing.T) {
	needNode(t)
	deep := map[string]any{"title": "a", "children": []any{map[string]any{"title": "b", "children": []any{
		map[string]any{"title": "c", "children": []any{map[string]any{"title": ""}}}}}}}
	srv := runtime.NewServer("hosts", "1.0.0")
	hostserver.RegisterTools(srv)
	report := runLangChain(t, srv, []map[string]any{
		{"tool": "scale", "args": map[string]any{"qty": 3, "factor": 2}},
		{"tool": "scale", "args": map[string]any{"qty": 300, "factor": 2}},
		{"tool": "outline", "args": deep},
		{"tool": "distance", "args": map[string]any{"from": map[string]any{"lat": 1, "lon": 2}, "to": map[string]any{"lat": 10, "lon": 2}}},
		{"tool": "distance", "args": map[string]any{"from": map[string]any{"lat": 1, "lon": 2}, "to": map[string]any{"lat": 100, "lon": 2}}},
	})
	b, _ := json.MarshalIndent(report, "", "  ")
	t.Logf("what LangChain's MCP adapter makes of the tools:\n%s", b)
	param := func(tool, path string) any {
		t.Helper()
		v := any(report.Tools[tool].Parameters)
		for _, k := range strings.Split(path, "/") {
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("%s: no %s in %s", tool, path, jsonText(report.Tools[tool].Parameters))
			}
			v = m[k]
		}
		return v
	}
	// A plain tool: keywords kept, and its constraints stated (constraints)
	// in the descriptions, which is all the model learns when the adapter
	// refuses its arguments.
	if got := param("scale", "properties/qty/description"); got != "how many (1 to 100)" {
		t.Errorf("scale qty: description %v", got)
	}
	if got := param("scale", "properties/qty/maximum"); got != 100.0 {
		t.Errorf("scale qty: maximum %v", got)
	}
	// The tree: the adapter cuts it at the second level, where the
	// description of the array still says what its items are.
	children := "properties/children/items/properties/children"
	if got := jsonText(param("outline", children+"/items")); got != `{"type":"object"}` {
		t.Errorf("outline: the cut is %s (the adapter's cut changed: update the docs)", got)
	}
	if got, _ := param("outline", children+"/description").(string); !strings.Contains(got, "each a Node: title, children") {
		t.Errorf("outline: at the cut the model reads %q, not what the items are", got)
	}
	// The definition referred to twice: written out at both uses, each
	// with its own description.
	for _, end := range []string{"from", "to"} {
		if got := param("distance", "properties/"+end+"/properties/lat/maximum"); got != 90.0 {
			t.Errorf("distance %s: lat maximum %v", end, got)
		}
		if got, _ := param("distance", "properties/"+end+"/description").(string); !strings.HasPrefix(got, "Where the leg") {
			t.Errorf("distance %s: description %q", end, got)
		}
	}
	// What the model reads after each call: a result; the adapter's own
	// refusal, which names nothing; below the cut, the server's message.
	want := []struct{ status, content string }{
		{"success", `{"type":"text","text":"{\"result\":6}","structuredContent":{"result":6}}`},
		{"error", "Error: Received tool input did not match expected schema\n Please fix your mistakes."},
		{"error", `Error: MCP tool 'outline' on server 'hosts' returned an error: invalid arguments: "children[0].children[0].children[0].title": must be at least 1 character long (got 0: "")` + "\n Please fix your mistakes."},
		{"success", `{"type":"text","text":"{\"result\":81}","structuredContent":{"result":81}}`},
		{"error", "Error: Received tool input did not match expected schema\n Please fix your mistakes."},
	}
	if len(report.Calls) != len(want) {
		t.Fatalf("%d calls reported, want %d", len(report.Calls), len(want))
	}
	for i, w := range want {
		if c := report.Calls[i]; c.Status != w.status || c.Content != w.content {
			t.Errorf("call %d (%s): %s %q\nwant %s %q", i, c.Tool, c.Status, c.Content, w.status, w.content)
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestLangChainOpenAIStrict: under -profile openai-strict an optional
// argument admits null. LangChain's adapter keeps only the object
// alternatives of an anyOf, so anyOf [X, {"type": "null"}] reached the model
// as its description alone; written "type": [T, "null"], as OpenAI
// documents it, the type and the items survive.
func TestLangChainOpenAIStrict(t *testing.T) {
	needNode(t)
	pkgs, diags, err := mcpparser.LoadWith(".", mcpparser.Options{Profile: schema.ProfileOpenAIStrict}, "./hostserver")
	if err != nil || len(mcpparser.Errors(diags)) > 0 || len(pkgs) != 1 {
		t.Fatalf("loading hostserver under openai-strict: %v %v", err, diags)
	}
	srv := runtime.NewServer("hosts", "1.0.0")
	for _, tool := range pkgs[0].Tools {
		srv.MustAddTool(runtime.Tool{Name: tool.Name, InputSchema: tool.InputSchema, ValidateSchema: tool.ValidateSchema,
			Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) { return runtime.TextResult("ok"), nil }})
	}
	report := runLangChain(t, srv, []map[string]any{})
	children, _ := report.Tools["outline"].Parameters["properties"].(map[string]any)["children"].(map[string]any)
	items, _ := children["items"].(map[string]any)
	title, _ := items["properties"].(map[string]any)["title"].(map[string]any)
	if jsonText(children["type"]) != `["array","null"]` || title["type"] != "string" {
		t.Errorf("outline's optional children under openai-strict reach the model as %s", jsonText(children))
	}
}
