package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/examples/units"
	mcpparser "github.com/mcpgen/mcpgen/parser"
	"github.com/mcpgen/mcpgen/runtime"
)

// TestCatalogBytes: the bytes -catalog reports for each tool are those of
// its entry in the tools/list that the server really sends (protocol
// 2026-07-28, over HTTP).
func TestCatalogBytes(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "examples", "units"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, diags, err := mcpparser.Load(dir, nil, ".")
	if err != nil || len(mcpparser.Errors(diags)) > 0 || len(pkgs) != 1 {
		t.Fatalf("Load: %v %v", err, diags)
	}
	costs := catalogCosts(pkgs[0])

	srv := runtime.NewServer("units", "1")
	units.RegisterTools(srv)
	h := httptest.NewServer(srv.HTTPHandler())
	defer h.Close()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	req, _ := http.NewRequest("POST", h.URL+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var list struct {
		Result struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal(raw, &list); err != nil || len(list.Result.Tools) == 0 {
		t.Fatalf("tools/list: %v: %.300s", err, raw)
	}
	sent, read := map[string]int{}, map[string]int{}
	for _, e := range list.Result.Tools {
		var name struct{ Name string }
		if err := json.Unmarshal(e, &name); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, e); err != nil {
			t.Fatal(err)
		}
		sent[name.Name] = b.Len()
		// What the model reads: the entry's name, title, description and
		// input schema, as sent.
		var m modelTool
		if err := json.Unmarshal(b.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		mb, _ := json.Marshal(m)
		read[name.Name] = len(mb)
	}
	if len(costs) != len(sent) {
		t.Fatalf("%d tools in the report, %d in tools/list", len(costs), len(sent))
	}
	for i, c := range costs {
		if c.bytes != sent[c.name] {
			t.Errorf("%s: %d bytes reported, %d sent", c.name, c.bytes, sent[c.name])
		}
		if c.model != read[c.name] || c.model >= c.bytes {
			t.Errorf("%s: the model reads %d bytes reported, %d of the %d sent", c.name, c.model, read[c.name], c.bytes)
		}
		if i > 0 && c.model > costs[i-1].model {
			t.Errorf("%s after %s: not largest first", c.name, costs[i-1].name)
		}
	}
}

// TestCatalogBytesIconsMeta: for a tool with icons and a _meta (the MCP
// App of examples/apps, its icon a data: URI), -catalog reports the bytes
// of its entry as the built server sends it over stdio at 2025-11-25, the
// first version with icons, and names the icons when they cost most.
func TestCatalogBytesIconsMeta(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "examples", "apps"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, diags, err := mcpparser.Load(dir, nil, ".")
	if err != nil || len(mcpparser.Errors(diags)) > 0 || len(pkgs) != 1 {
		t.Fatalf("Load: %v %v", err, diags)
	}
	costs := catalogCosts(pkgs[0])
	bin := filepath.Join(t.TempDir(), "apps")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/mcpgen/mcpgen/examples/apps").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	var list struct {
		Result struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
	if err := json.Unmarshal(lines[len(lines)-1], &list); err != nil || len(list.Result.Tools) != 1 || len(costs) != 1 {
		t.Fatalf("tools/list: %v: %.300s", err, out)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, list.Result.Tools[0]); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`"icons":[{"src":"data:image/svg+xml;base64,`)) || !bytes.Contains(b.Bytes(), []byte(`"_meta":{"ui":`)) {
		t.Fatalf("the entry has no icons or no _meta: %s", b.Bytes())
	}
	if c := costs[0]; c.bytes != b.Len() || c.icons == 0 || c.meta == 0 {
		t.Errorf("%s: %d bytes reported (icons %d, _meta %d), %d sent", c.name, c.bytes, c.icons, c.meta, b.Len())
	}
	big := toolCost{name: "x", bytes: 3000, description: 100, input: 200, icons: 2600}
	if a := big.advice(); !strings.HasPrefix(a, "icons 2600 bytes: the largest part;") {
		t.Errorf("advice for large icons: %s", a)
	}
}

// TestRepeatedBytes counts the copies after the first of a subschema of
// at least minRepeated bytes, the outermost only.
func TestRepeatedBytes(t *testing.T) {
	big := `{"type":"object","description":"` + strings.Repeat("x", minRepeated) + `","properties":{"in":{"type":"object","description":"` + strings.Repeat("y", minRepeated) + `"}}}`
	schema := `{"type":"object","properties":{"a":` + big + `,"b":` + big + `,"c":` + big + `}}`
	// The two copies after the first, each counted whole (its inner
	// object, as long as the bound, with it).
	if got, want := repeatedBytes(json.RawMessage(schema)), 2*len(remarshal(t, big)); got != want {
		t.Errorf("repeatedBytes = %d, want %d", got, want)
	}
	if got := repeatedBytes(json.RawMessage(big)); got != 0 {
		t.Errorf("repeatedBytes of a schema without repeats = %d, want 0", got)
	}
}

func remarshal(t *testing.T, s string) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBudget: -catalog prints each tool with its cost, largest first;
// a catalog over -budget is a warning, and with -check a failure.
func TestBudget(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "examples", "calculator"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := mcpgen(t, dir, "-check", "-catalog")
	if code != 0 || !strings.Contains(stderr, "mcpgen: catalog of github.com/mcpgen/mcpgen/examples/calculator: 4 tools, ") ||
		!strings.Contains(stderr, "  divide ") || !strings.Contains(stderr, "estimated as bytes / 4") {
		t.Errorf("-catalog: exit %d, stderr:\n%s", code, stderr)
	}
	code, _, stderr = mcpgen(t, dir, "-check", "-budget", "100")
	if code != 1 || !strings.Contains(stderr, "over the budget of 100 (-budget); the largest: divide (~") {
		t.Errorf("-check -budget 100: exit %d, stderr:\n%s", code, stderr)
	}
	code, _, stderr = mcpgen(t, dir, "-check", "-budget", "100000")
	if code != 0 || stderr != "" {
		t.Errorf("-check -budget 100000: exit %d, stderr:\n%s", code, stderr)
	}
	// One tool is "1 tool".
	one := filepath.Join(moduleRoot, "examples", "handbook")
	code, _, stderr = mcpgen(t, one, "-check", "-catalog", "-budget", "10")
	if code != 1 || !strings.Contains(stderr, "/examples/handbook: 1 tool, ") || !strings.Contains(stderr, "the catalog of its 1 tool is about ") {
		t.Errorf("-check -catalog -budget 10 on one tool: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestCatalogToolsets: for a package with toolsets, -catalog gives what is
// served when nothing is chosen and each toolset's share, each tool's
// toolset, and -budget holds for each of them.
func TestCatalogToolsets(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "testdata", "gen_toolsets"))
	if err != nil {
		t.Fatal(err)
	}
	_, problems, warnings, err := generate(dir, &options{output: "mcp_gen.go", catalog: true, budget: 300, check: true, patterns: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	report := strings.Join(warnings, "\n")
	for _, want := range []string{
		"mcpgen: catalog of github.com/mcpgen/mcpgen/testdata/gen_toolsets: 5 tools, 1826 bytes in tools/list: the model reads 1718 bytes, about 430 tokens",
		"\n  default (repos, issues)                  4 tools, model    1493 bytes ~   374 tokens, wire    1601 bytes\n",
		"\n  toolset repos                            2 tools, model     564 bytes ~   141 tokens, wire     636 bytes\n",
		"\n  toolset actions                          2 tools, model     372 bytes ~    93 tokens, wire     408 bytes\n",
		"\n  whoami                           -          model     147 bytes ~    37 tokens, wire     183 bytes  ",
		"\n  list_issues                      issues     model     548 bytes ~   137 tokens, wire     584 bytes  ",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("-catalog has no %q:\n%s", want, report)
		}
	}
	// 300 tokens: the default choice (374) is over, each toolset alone
	// (issues 269, repos 141, actions 93) is not.
	if len(problems) != 1 || !strings.Contains(problems[0], "gen_toolsets: the catalog of default (repos, issues), 4 tools, is about 374 tokens as the model reads it, over the budget of 300 (-budget); the largest: list_issues (~137), get_file (~105), create_issue (~96)") {
		t.Errorf("-check -budget 300: %q", problems)
	}
}

// TestCatalogLeftOut: -catalog says, under each tool whose output schema
// is left out, why and the line that brings it back.
func TestCatalogLeftOut(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "testdata", "gen_outputdefault"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, diags, err := mcpparser.Load(dir, nil, ".")
	if err != nil || len(mcpparser.Errors(diags)) > 0 || len(pkgs) != 1 {
		t.Fatalf("Load: %v %v", err, diags)
	}
	lines := catalogReport(pkgs[0], catalogCosts(pkgs[0]))
	report := strings.Join(lines, "\n")
	notes := map[string]string{}
	for i, l := range lines[:len(lines)-1] {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
			if next := lines[i+1]; strings.HasPrefix(strings.TrimSpace(next), "no output schema") {
				notes[f[0]] = strings.TrimSpace(next)
			}
		}
	}
	want := map[string]string{
		"mem": "no output schema: its 2537 bytes write out runtime.MemStats whole, over the default 512 for other modules' types; //mcp:view runtime.MemStats MEMBER... makes it smaller, //mcp:output all brings it back",
		"own": "no output schema: its 2753 bytes write out runtime.MemStats whole, over the default 512 for other modules' types; //mcp:view runtime.MemStats MEMBER... makes it smaller, //mcp:output all brings it back",
	}
	if len(notes) != len(want) || notes["mem"] != want["mem"] || notes["own"] != want["own"] {
		t.Errorf("the notes under the tools: %q, want %q (point keeps its output schema):\n%s", notes, want, report)
	}
}

// TestCatalogForeignOutputLeftOut: the default output-schema policy holds
// for a tool made of another package's code (//mcp:tool
// runtime/debug.ReadBuildInfo in gen_viewforeign), and -catalog names the
// types it writes out whole as the user's package's lines name them (by
// import path: the package does not import runtime/debug), not as the
// other package does (a bare BuildInfo, which no line of the user's
// package can name).
func TestCatalogForeignOutputLeftOut(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "testdata", "gen_viewforeign"))
	if err != nil {
		t.Fatal(err)
	}
	_, problems, warnings, err := generate(dir, &options{output: "mcp_gen.go", catalog: true, check: true, patterns: []string{"."}})
	if err != nil || len(problems) > 0 {
		t.Fatal(err, problems)
	}
	report := strings.Join(warnings, "\n")
	want := " bytes write out runtime/debug.BuildInfo, runtime/debug.Module, runtime/debug.BuildSetting whole, over the default 512 for other modules' types; //mcp:view runtime/debug.BuildInfo MEMBER... makes it smaller, //mcp:output all brings it back\n"
	if !strings.Contains(report, want) {
		t.Errorf("the catalog lacks\n%s\nin\n%s", want, report)
	}
}
