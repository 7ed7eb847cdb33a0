package runtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// toolsetServer returns a server of three toolsets and a tool in none, as
// generated code registers them: repos (default) holds get_file (read-only)
// and push_file; issues (default) holds list_issues (read-only) and
// create_issue; actions holds run_workflow; whoami is in none.
func toolsetServer(t *testing.T, opts ...Option) *Server {
	t.Helper()
	s := NewServer("sets", "1.0.0", append([]Option{WithLogger(slog.New(slog.DiscardHandler)), WithInstructions("A test server.")}, opts...)...)
	s.MustAddToolset(Toolset{Name: "repos", Description: "Repository files.", Default: true})
	s.MustAddToolset(Toolset{Name: "issues", Description: "Issues and their comments", Default: true})
	s.MustAddToolset(Toolset{Name: "actions", Description: "Workflow runs."})
	ro := &ToolAnnotations{ReadOnlyHint: Bool(true)}
	for _, tl := range []Tool{
		{Name: "get_file", Toolset: "repos", Annotations: ro},
		{Name: "push_file", Toolset: "repos"},
		{Name: "list_issues", Toolset: "issues", Annotations: ro},
		{Name: "create_issue", Toolset: "issues"},
		{Name: "run_workflow", Toolset: "actions"},
		{Name: "whoami", Annotations: ro},
	} {
		name := tl.Name
		tl.Handler = func(context.Context, json.RawMessage) (*Result, error) { return TextResult(name), nil }
		s.MustAddTool(tl)
	}
	return s
}

// listedTools returns the names a tools/list result holds.
func listedTools(t *testing.T, result json.RawMessage) []string {
	t.Helper()
	var r struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal(result, &r); err != nil {
		t.Fatalf("tools/list result %s: %v", result, err)
	}
	names := []string{}
	for _, tl := range r.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// clearToolsetEnv makes the test independent of the environment it runs in.
func clearToolsetEnv(t *testing.T) {
	t.Setenv("MCP_TOOLSETS", "")
	t.Setenv("MCP_READ_ONLY", "")
}

// TestToolsetsChosen: what is served, by environment and by option, over
// stdio: tools/list, tools/call of a tool left out (unknown tool) and
// the instructions, which name each served toolset with its tools.
func TestToolsetsChosen(t *testing.T) {
	for _, tc := range []struct {
		name          string
		env, readOnly string
		opts          []Option
		tools         []string
		instructions  string
	}{
		{name: "default", tools: []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"},
			instructions: "A test server.\nrepos: Repository files. Tools: get_file, push_file.\nissues: Issues and their comments. Tools: list_issues, create_issue."},
		{name: "env", env: "actions, issues", tools: []string{"list_issues", "create_issue", "run_workflow", "whoami"},
			instructions: "A test server.\nissues: Issues and their comments. Tools: list_issues, create_issue.\nactions: Workflow runs. Tools: run_workflow."},
		{name: "env all read-only", env: "all", readOnly: "true", tools: []string{"get_file", "list_issues", "whoami"},
			instructions: "A test server.\nrepos: Repository files. Tools: get_file.\nissues: Issues and their comments. Tools: list_issues."},
		{name: "env default and more", env: "default,actions", readOnly: "0", tools: []string{"get_file", "push_file", "list_issues", "create_issue", "run_workflow", "whoami"},
			instructions: "A test server.\nrepos: Repository files. Tools: get_file, push_file.\nissues: Issues and their comments. Tools: list_issues, create_issue.\nactions: Workflow runs. Tools: run_workflow."},
		{name: "options win over env", env: "actions", readOnly: "1", opts: []Option{WithToolsets("repos"), WithReadOnly(false)},
			tools: []string{"get_file", "push_file", "whoami"}, instructions: "A test server.\nrepos: Repository files. Tools: get_file, push_file."},
		{name: "WithToolsets() is the default choice", env: "actions", opts: []Option{WithToolsets()},
			tools:        []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"},
			instructions: "A test server.\nrepos: Repository files. Tools: get_file, push_file.\nissues: Issues and their comments. Tools: list_issues, create_issue."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("MCP_TOOLSETS", tc.env)
			t.Setenv("MCP_READ_ONLY", tc.readOnly)
			c := serve(t, toolsetServer(t, tc.opts...))
			init := c.initialize("2025-11-25")
			if got := init["instructions"]; got != tc.instructions {
				t.Errorf("instructions:\n got %q\nwant %q", got, tc.instructions)
			}
			if got := listedTools(t, c.do("1", "tools/list", "").Result); !slices.Equal(got, tc.tools) {
				t.Errorf("tools/list = %v, want %v", got, tc.tools)
			}
			for i, name := range []string{"get_file", "push_file", "list_issues", "create_issue", "run_workflow", "whoami"} {
				m := c.do(strconv.Itoa(10+i), "tools/call", `{"name":"`+name+`"}`)
				if !slices.Contains(tc.tools, name) {
					m.code(t, codeInvalidParams)
					if m.Error.Message != "Unknown tool: "+name {
						t.Errorf("call of %s left out: %q, want the unknown-tool error", name, m.Error.Message)
					}
				} else {
					m.result(t)
				}
			}
		})
	}
}

// TestToolsetsUndeclared: a server that declares no toolset serves every
// tool, and its instructions are its own; one whose toolsets are none of
// them default serves them all when nothing is chosen.
func TestToolsetsUndeclared(t *testing.T) {
	clearToolsetEnv(t)
	s := newTestServer(t)
	c := serve(t, s)
	if got := c.initialize("2025-11-25")["instructions"]; got != "Use add." {
		t.Errorf("instructions = %q, want the server's own", got)
	}
	if got, want := len(listedTools(t, c.do("1", "tools/list", "").Result)), len(testTools()); got != want {
		t.Errorf("tools/list has %d tools, want all %d", got, want)
	}

	s = NewServer("x", "1", WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddToolset(Toolset{Name: "a"})
	s.MustAddToolset(Toolset{Name: "b", Description: "B."})
	for _, tl := range []Tool{{Name: "ta", Toolset: "a"}, {Name: "tb", Toolset: "b"}} {
		tl.Handler = func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }
		s.MustAddTool(tl)
	}
	c = serve(t, s)
	if got := c.initialize("2025-11-25")["instructions"]; got != "a: Tools: ta.\nb: B. Tools: tb." {
		t.Errorf("instructions = %q", got)
	}
	if got := listedTools(t, c.do("1", "tools/list", "").Result); !slices.Equal(got, []string{"ta", "tb"}) {
		t.Errorf("tools/list = %v, want both toolsets", got)
	}
}

// TestToolsetsUnknownRefuseToStart: a choice naming a toolset that none
// has never widens: Serve and ListenAndServeHTTP return an error that
// names it and the known ones, HTTPHandler panics with it.
func TestToolsetsUnknownRefuseToStart(t *testing.T) {
	const want = `runtime: MCP_TOOLSETS names unknown toolsets "repo", "pulls"; known toolsets: repos, issues, actions (or all, default)`
	t.Setenv("MCP_TOOLSETS", "repo,issues,pulls")
	t.Setenv("MCP_READ_ONLY", "")
	s := toolsetServer(t)
	if err := s.Serve(t.Context(), strings.NewReader(""), io.Discard); err == nil || err.Error() != want {
		t.Errorf("Serve: %v\nwant %s", err, want)
	}
	if err := s.ListenAndServeHTTP(t.Context(), "127.0.0.1:0"); err == nil || err.Error() != want {
		t.Errorf("ListenAndServeHTTP: %v\nwant %s", err, want)
	}
	func() {
		defer func() {
			if r := recover(); r == nil || r.(error).Error() != want {
				t.Errorf("HTTPHandler panicked with %v\nwant %s", r, want)
			}
		}()
		s.HTTPHandler()
	}()

	s = toolsetServer(t, WithToolsets("nope"))
	if err := s.Serve(t.Context(), strings.NewReader(""), io.Discard); err == nil || !strings.HasPrefix(err.Error(), `runtime: WithToolsets names unknown toolset "nope"; known toolsets: repos`) {
		t.Errorf("Serve with WithToolsets(nope): %v", err)
	}

	t.Setenv("MCP_TOOLSETS", "")
	t.Setenv("MCP_READ_ONLY", "yes")
	if err := toolsetServer(t).Serve(t.Context(), strings.NewReader(""), io.Discard); err == nil || err.Error() != `runtime: MCP_READ_ONLY="yes": want 1, true, 0 or false` {
		t.Errorf("Serve with MCP_READ_ONLY=yes: %v", err)
	}
	if err := toolsetServer(t, WithReadOnly(true)).Serve(t.Context(), strings.NewReader(""), io.Discard); err != nil {
		t.Errorf("WithReadOnly decides in place of a bad MCP_READ_ONLY: %v", err)
	}

	t.Setenv("MCP_READ_ONLY", "")
	t.Setenv("MCP_TOOLSETS", "repos")
	err := newTestServer(t).Serve(t.Context(), strings.NewReader(""), io.Discard)
	if err == nil || err.Error() != `runtime: MCP_TOOLSETS names unknown toolset "repos": the server declares no toolsets (choose all, or nothing)` {
		t.Errorf("a server without toolsets: %v", err)
	}
}

// TestAddToolsetErrors: the registration errors of toolsets and of a tool
// in an undeclared one.
func TestAddToolsetErrors(t *testing.T) {
	clearToolsetEnv(t)
	s := NewServer("x", "1")
	for _, name := range []string{"", "all", "default", "Repos", "a b", strings.Repeat("x", 65)} {
		if err := s.AddToolset(Toolset{Name: name}); err == nil {
			t.Errorf("AddToolset(%q) succeeded", name)
		}
	}
	if err := s.AddToolset(Toolset{Name: "repos", Description: "R."}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddToolset(Toolset{Name: "repos", Description: "R."}); err != nil {
		t.Errorf("declaring the same toolset again: %v", err)
	}
	if err := s.AddToolset(Toolset{Name: "repos", Description: "Other."}); err == nil || err.Error() != `runtime: toolset "repos" is declared already, with another description or default` {
		t.Errorf("redeclaring repos otherwise: %v", err)
	}
	h := func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }
	err := s.AddTool(Tool{Name: "t", Toolset: "issues", Handler: h})
	if err == nil || err.Error() != `runtime: tool "t": toolset "issues" is not declared: declare it with AddToolset before its tools` {
		t.Errorf("a tool in an undeclared toolset: %v", err)
	}
	if got := s.Tools(); len(got) != 0 {
		t.Errorf("the refused tool was registered: %v", got)
	}
}

// toolsetHTTP serves s over HTTP and returns a function that POSTs a body
// with the given headers.
func toolsetHTTP(t *testing.T, s *Server) func(body string, header ...string) (int, string) {
	ts := httptest.NewServer(s.HTTPHandler())
	t.Cleanup(ts.Close)
	return func(body string, header ...string) (int, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, ts.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
}

// TestToolsetHeaders: X-MCP-Toolsets and X-MCP-Readonly narrow what one
// HTTP request sees, within what the server serves: stateless legacy
// requests, a legacy session's initialize and requests, and modern
// requests (tools/list private then, server/discover's instructions); an
// unknown toolset is a 400 naming the known ones.
func TestToolsetHeaders(t *testing.T) {
	clearToolsetEnv(t)
	t.Setenv("MCP_TOOLSETS", "repos,issues") // actions is declared, not served
	post := toolsetHTTP(t, toolsetServer(t))
	list := func(header ...string) []string {
		t.Helper()
		status, body := post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, header...)
		if status != http.StatusOK {
			t.Fatalf("tools/list %v: %d %s", header, status, body)
		}
		var m struct{ Result json.RawMessage }
		json.Unmarshal([]byte(body), &m)
		return listedTools(t, m.Result)
	}
	call := func(name string, header ...string) string {
		t.Helper()
		_, body := post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"`+name+`"}}`, header...)
		return body
	}
	for _, tc := range []struct {
		header []string
		want   []string
	}{
		{nil, []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"}},
		{[]string{"X-MCP-Toolsets", "issues"}, []string{"list_issues", "create_issue", "whoami"}},
		{[]string{"X-MCP-Toolsets", "all"}, []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"}},
		// actions is not served: naming it widens nothing.
		{[]string{"X-MCP-Toolsets", "actions"}, []string{"whoami"}},
		{[]string{"X-MCP-Readonly", "true"}, []string{"get_file", "list_issues", "whoami"}},
		{[]string{"X-MCP-Toolsets", " repos ,actions", "X-MCP-Readonly", "1"}, []string{"get_file", "whoami"}},
		{[]string{"X-MCP-Readonly", "0"}, []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"}},
	} {
		if got := list(tc.header...); !slices.Equal(got, tc.want) {
			t.Errorf("tools/list with %q = %v, want %v", tc.header, got, tc.want)
		}
	}
	if got := call("push_file", "X-MCP-Readonly", "1"); !strings.Contains(got, `"Unknown tool: push_file"`) {
		t.Errorf("a read-only request calling push_file: %s", got)
	}
	if got := call("run_workflow", "X-MCP-Toolsets", "actions"); !strings.Contains(got, `"Unknown tool: run_workflow"`) {
		t.Errorf("a request naming the unserved actions, calling run_workflow: %s", got)
	}
	if got := call("list_issues", "X-MCP-Toolsets", "issues"); !strings.Contains(got, `"text":"list_issues"`) {
		t.Errorf("calling list_issues within issues: %s", got)
	}

	status, body := post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "X-MCP-Toolsets", "repos,pull")
	if want := `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Bad Request: X-MCP-Toolsets names unknown toolset \"pull\"; known toolsets: repos, issues, actions (or all, default)"}}` + "\n"; status != http.StatusBadRequest || body != want {
		t.Errorf("unknown toolset in the header: %d %s\nwant 400 %s", status, body, want)
	}
	status, body = post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "X-MCP-Readonly", "yes")
	if status != http.StatusBadRequest || !strings.Contains(body, `X-MCP-Readonly \"yes\": want 1, true, 0 or false`) {
		t.Errorf("X-MCP-Readonly yes: %d %s", status, body)
	}

	// A legacy session: the instructions of its initialize follow the
	// initialize's headers.
	_, body = post(`{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"0"}}}`,
		"X-MCP-Toolsets", "issues", "X-MCP-Readonly", "true")
	var init struct{ Result struct{ Instructions string } }
	json.Unmarshal([]byte(body), &init)
	if want := "A test server.\nissues: Issues and their comments. Tools: list_issues."; init.Result.Instructions != want {
		t.Errorf("initialize with headers: instructions %q, want %q", init.Result.Instructions, want)
	}

	// Modern requests: a narrowed tools/list is private, server/discover's
	// instructions follow the headers.
	modern := func(method string, header ...string) map[string]any {
		t.Helper()
		h := append([]string{"MCP-Protocol-Version", modernV, "Mcp-Method", method}, header...)
		_, body := post(modernBody("7", method, ""), h...)
		var m struct{ Result map[string]any }
		if err := json.Unmarshal([]byte(body), &m); err != nil || m.Result == nil {
			t.Fatalf("%s: %s", method, body)
		}
		return m.Result
	}
	if r := modern("tools/list"); r["cacheScope"] != "public" {
		t.Errorf("the served tools/list: cacheScope %v, want public", r["cacheScope"])
	}
	if r := modern("tools/list", "X-MCP-Toolsets", "repos"); r["cacheScope"] != "private" || len(r["tools"].([]any)) != 3 {
		t.Errorf("a narrowed modern tools/list: %v", r)
	}
	if got := modern("server/discover", "X-MCP-Toolsets", "repos")["instructions"]; got != "A test server.\nrepos: Repository files. Tools: get_file, push_file." {
		t.Errorf("server/discover with X-MCP-Toolsets repos: instructions %q", got)
	}
}

// TestToolsetsListChanged: adding or removing a tool that the choice of
// toolsets leaves out changes no list a client sees, and is not announced;
// one it serves is.
func TestToolsetsListChanged(t *testing.T) {
	clearToolsetEnv(t)
	s := toolsetServer(t, WithListChanged(), WithToolsets("repos"))
	c := serve(t, s)
	c.initialize("2025-11-25")
	if err := s.AddTool(Tool{Name: "cancel_workflow", Toolset: "actions", Handler: func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }}); err != nil {
		t.Fatal(err)
	}
	s.RemoveTool("run_workflow")
	if err := s.AddTool(Tool{Name: "delete_file", Toolset: "repos", Handler: func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }}); err != nil {
		t.Fatal(err)
	}
	// Notifications are written in order: the first one is delete_file's.
	expectNext(t, c, "notifications/tools/list_changed")
	expectPing(t, c, "1")
	if got := listedTools(t, c.do("2", "tools/list", "").Result); !slices.Equal(got, []string{"get_file", "push_file", "whoami", "delete_file"}) {
		t.Errorf("tools/list = %v", got)
	}
}

// TestToolsetHeaderKeys: the header keys looked up without
// canonicalizing are the canonical forms of the documented names.
func TestToolsetHeaderKeys(t *testing.T) {
	if http.CanonicalHeaderKey(headerToolsets) != keyToolsets || http.CanonicalHeaderKey(headerReadOnly) != keyReadOnly {
		t.Errorf("keys %q %q, want %q %q", keyToolsets, keyReadOnly, http.CanonicalHeaderKey(headerToolsets), http.CanonicalHeaderKey(headerReadOnly))
	}
}
