package e2e

import (
	"context"
	"net/http"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolsetBin builds ./toolsetserver once: tools in the toolsets repos and
// issues (default) and actions, and whoami in none.
var toolsetBin = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(buildDir, "toolsetserver")
	out, err := exec.Command("go", "build", "-o", bin, "./toolsetserver").CombinedOutput()
	if err != nil {
		return "", &buildError{err, out}
	}
	return bin, nil
})

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

func needToolsetBin(t *testing.T) string {
	t.Helper()
	bin, err := toolsetBin()
	if err != nil {
		t.Fatalf("go build ./toolsetserver: %v", err)
	}
	return bin
}

// connectToolsets connects the Go SDK client through tr and returns the
// session, the names it lists and the instructions of its initialize.
func connectToolsets(t *testing.T, tr mcp.Transport) (*mcp.ClientSession, []string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-toolsets", Version: "1.0.0"}, nil)
	cs, err := c.Connect(ctx, tr, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	return cs, names, cs.InitializeResult().Instructions
}

// callToolset calls name and returns its text, or the error.
func callToolset(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return "", err
	}
	return res.Content[0].(*mcp.TextContent).Text, nil
}

// TestToolsetsByEnv: a built server whose toolsets are chosen by
// MCP_TOOLSETS and MCP_READ_ONLY, over stdio with the Go SDK client: what
// it lists, what it answers as unknown, its instructions; and an unknown
// toolset, with which it does not start.
func TestToolsetsByEnv(t *testing.T) {
	bin := needToolsetBin(t)
	for _, c := range []struct {
		env          []string
		tools        []string
		instructions string
	}{
		{nil, []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"},
			"A forge's tools.\nrepos: Repository files. Tools: get_file, push_file.\nissues: Issues and their comments. Tools: list_issues, create_issue."},
		{[]string{"MCP_TOOLSETS=actions,issues"}, []string{"list_issues", "create_issue", "rerun_workflow", "whoami"},
			"A forge's tools.\nissues: Issues and their comments. Tools: list_issues, create_issue.\nactions: Workflow runs. Tools: rerun_workflow."},
		{[]string{"MCP_TOOLSETS=all", "MCP_READ_ONLY=true"}, []string{"get_file", "list_issues", "whoami"},
			"A forge's tools.\nrepos: Repository files. Tools: get_file.\nissues: Issues and their comments. Tools: list_issues."},
	} {
		t.Run(strings.Join(c.env, " "), func(t *testing.T) {
			cmd := exec.Command(bin)
			cmd.Env = append(cmd.Environ(), "MCP_TOOLSETS=", "MCP_READ_ONLY=")
			cmd.Env = append(cmd.Env, c.env...)
			cs, names, instructions := connectToolsets(t, &mcp.CommandTransport{Command: cmd})
			if !slices.Equal(names, c.tools) {
				t.Errorf("tools/list = %v, want %v", names, c.tools)
			}
			if instructions != c.instructions {
				t.Errorf("instructions:\n got %q\nwant %q", instructions, c.instructions)
			}
			for name, args := range map[string]map[string]any{
				"push_file":      {"repo": "o/r", "path": "a", "text": "b"},
				"rerun_workflow": {"repo": "o/r", "run": 1},
				"list_issues":    {"repo": "o/r"},
			} {
				got, err := callToolset(t, cs, name, args)
				if served := slices.Contains(c.tools, name); served && err != nil {
					t.Errorf("%s: %v", name, err)
				} else if !served && (err == nil || !strings.Contains(err.Error(), "Unknown tool: "+name)) {
					t.Errorf("%s, not served: %q, %v; want the unknown-tool error", name, got, err)
				}
			}
		})
	}
	// Optional without a pointer: labels absent is nil.
	cmd := exec.Command(bin)
	cmd.Env = append(cmd.Environ(), "MCP_TOOLSETS=", "MCP_READ_ONLY=")
	cs, _, _ := connectToolsets(t, &mcp.CommandTransport{Command: cmd})
	if got, err := callToolset(t, cs, "list_issues", map[string]any{"repo": "o/r"}); err != nil || got != "o/r issues labelled []" {
		t.Errorf("list_issues without labels: %q, %v", got, err)
	}

	out, err := exec.Command("env", "MCP_TOOLSETS=repos,pulls", bin).CombinedOutput()
	if err == nil || !strings.Contains(string(out), `runtime: MCP_TOOLSETS names unknown toolset "pulls"; known toolsets: repos, issues, actions (or all, default)`) {
		t.Errorf("MCP_TOOLSETS=repos,pulls: %v\n%s", err, out)
	}
}

// headerTransport adds headers to every request of a client.
type headerTransport struct{ header http.Header }

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.header {
		r.Header[k] = v
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestToolsetsByHeader: over Streamable HTTP, X-MCP-Toolsets and
// X-MCP-Readonly narrow the Go SDK client's session within what the
// server serves (MCP_TOOLSETS=repos,issues), never beyond: its list, its
// calls and its instructions; an unknown toolset in the header fails the
// connection.
func TestToolsetsByHeader(t *testing.T) {
	bin := needToolsetBin(t)
	t.Setenv("MCP_TOOLSETS", "repos,issues")
	t.Setenv("MCP_READ_ONLY", "")
	url := httpEndpointFor(t, bin).goTransport(t).(*mcp.StreamableClientTransport).Endpoint
	with := func(kv ...string) mcp.Transport {
		h := http.Header{}
		for i := 0; i+1 < len(kv); i += 2 {
			h.Set(kv[i], kv[i+1])
		}
		return &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1, HTTPClient: &http.Client{Transport: headerTransport{h}}}
	}
	for _, c := range []struct {
		header       []string
		tools        []string
		instructions string
	}{
		{nil, []string{"get_file", "push_file", "list_issues", "create_issue", "whoami"},
			"A forge's tools.\nrepos: Repository files. Tools: get_file, push_file.\nissues: Issues and their comments. Tools: list_issues, create_issue."},
		{[]string{"X-MCP-Toolsets", "issues"}, []string{"list_issues", "create_issue", "whoami"},
			"A forge's tools.\nissues: Issues and their comments. Tools: list_issues, create_issue."},
		{[]string{"X-MCP-Readonly", "1"}, []string{"get_file", "list_issues", "whoami"},
			"A forge's tools.\nrepos: Repository files. Tools: get_file.\nissues: Issues and their comments. Tools: list_issues."},
		// actions is declared but not served: the header cannot widen.
		{[]string{"X-MCP-Toolsets", "actions,repos"}, []string{"get_file", "push_file", "whoami"},
			"A forge's tools.\nrepos: Repository files. Tools: get_file, push_file."},
	} {
		t.Run(strings.Join(c.header, " "), func(t *testing.T) {
			cs, names, instructions := connectToolsets(t, with(c.header...))
			if !slices.Equal(names, c.tools) {
				t.Errorf("tools/list = %v, want %v", names, c.tools)
			}
			if instructions != c.instructions {
				t.Errorf("instructions:\n got %q\nwant %q", instructions, c.instructions)
			}
			for name, args := range map[string]map[string]any{
				"create_issue":   {"repo": "o/r", "title": "t"},
				"get_file":       {"repo": "o/r", "path": "a"},
				"rerun_workflow": {"repo": "o/r", "run": 1},
			} {
				got, err := callToolset(t, cs, name, args)
				if served := slices.Contains(c.tools, name); served && err != nil {
					t.Errorf("%s: %v", name, err)
				} else if !served && (err == nil || !strings.Contains(err.Error(), "Unknown tool: "+name)) {
					t.Errorf("%s, not seen: %q, %v; want the unknown-tool error", name, got, err)
				}
			}
		})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-toolsets", Version: "1.0.0"}, nil)
	if cs, err := c.Connect(ctx, with("X-MCP-Toolsets", "pulls"), nil); err == nil {
		cs.Close()
		t.Error("a header naming an unknown toolset connected")
	} else if !strings.Contains(err.Error(), "400") && !strings.Contains(err.Error(), "Bad Request") {
		t.Errorf("a header naming an unknown toolset: %v", err)
	}
}
