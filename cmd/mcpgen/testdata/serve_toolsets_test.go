package gen_toolsets

// This test is added to testdata/gen_toolsets, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// the generated registration declares the toolsets, a choice of them
// serves only their tools, and an optional plain parameter arrives as its
// zero value (nil for a slice) when absent, bounded by //mcp:param.

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func newServer(opts ...runtime.Option) *runtime.Server {
	srv := runtime.NewServer("toolsets", "1.0.0", append([]runtime.Option{runtime.WithLogger(slog.New(slog.DiscardHandler))}, opts...)...)
	RegisterTools(srv)
	RegisterActionsTools(srv, &Actions{})
	return srv
}

func text(t *testing.T, srv *runtime.Server, name, args string) (string, bool) {
	t.Helper()
	res, err := srv.Call(context.Background(), name, json.RawMessage(args), nil)
	if err != nil {
		return err.Error(), true
	}
	if len(res.Content) == 0 {
		return "", res.IsError
	}
	return res.Content[0].(*runtime.TextContent).Text, res.IsError
}

func TestServeGenerated(t *testing.T) {
	t.Setenv("MCP_TOOLSETS", "")
	t.Setenv("MCP_READ_ONLY", "")
	srv := newServer()
	var names []string
	for _, tl := range srv.Tools() {
		names = append(names, tl.Name+"@"+tl.Toolset)
	}
	if want := []string{"get_file@repos", "list_issues@issues", "create_issue@issues", "whoami@", "actions_rerun@actions"}; !slices.Equal(names, want) {
		t.Errorf("registered %v, want %v", names, want)
	}
	// Optional parameters absent: their zero values, a nil slice.
	if got, _ := text(t, srv, "list_issues", `{"owner":"o","repo":"r"}`); got != `labels=[] nil=true perPage=0` {
		t.Errorf("list_issues without labels and perPage: %s", got)
	}
	if got, _ := text(t, srv, "list_issues", `{"owner":"o","repo":"r","labels":null,"perPage":null}`); got != `labels=[] nil=true perPage=0` {
		t.Errorf("list_issues with labels and perPage null: %s", got)
	}
	if got, _ := text(t, srv, "list_issues", `{"owner":"o","repo":"r","labels":["bug"],"perPage":5}`); got != `labels=["bug"] nil=false perPage=5` {
		t.Errorf("list_issues with them: %s", got)
	}
	// The bound of //mcp:param perPage holds for the tool.
	if got, isErr := text(t, srv, "list_issues", `{"owner":"o","repo":"r","perPage":101}`); !isErr {
		t.Errorf("perPage 101 accepted: %s", got)
	}
	// Nothing chosen: the default toolsets (repos, issues) and whoami.
	if _, isErr := text(t, srv, "actions_rerun", `{"id":1}`); !isErr {
		t.Error("actions_rerun is served though actions is not a default toolset")
	}
	// Chosen by code: only actions, read-only.
	srv = newServer(runtime.WithToolsets("actions", "issues"), runtime.WithReadOnly(true))
	for _, c := range []struct {
		name, args string
		served     bool
	}{
		{"get_file", `{"owner":"o","repo":"r","path":"p"}`, false},
		{"list_issues", `{"owner":"o","repo":"r"}`, true},
		{"create_issue", `{"owner":"o","repo":"r","title":"t"}`, false},
		{"whoami", `{}`, true},
		{"actions_rerun", `{"id":1}`, false},
	} {
		got, isErr := text(t, srv, c.name, c.args)
		if unknown := got == "Unknown tool: "+c.name; isErr && !unknown || unknown == c.served {
			t.Errorf("%s: %s (want served %t)", c.name, got, c.served)
		}
	}
	// An unknown toolset keeps the server from starting.
	t.Setenv("MCP_TOOLSETS", "pulls")
	err := newServer().Serve(context.Background(), eof{}, io.Discard)
	if want := `runtime: MCP_TOOLSETS names unknown toolset "pulls"; known toolsets: repos, issues, actions (or all, default)`; err == nil || err.Error() != want {
		t.Errorf("Serve with MCP_TOOLSETS=pulls: %v, want %s", err, want)
	}
}

type eof struct{}

func (eof) Read([]byte) (int, error) { return 0, io.EOF }
