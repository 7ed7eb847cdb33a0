package runtime_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

// info is a tool called info, as two packages may each have one.
func info() runtime.Tool {
	return runtime.Tool{Name: "info", InputSchema: `{"type":"object"}`, Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
		return runtime.EmptyResult(), nil
	}}
}

// RegisterTools and RegisterHostTools stand for two packages' generated
// registration functions.
func RegisterTools(s *runtime.Server)     { s.MustAddTool(info()) }
func RegisterHostTools(s *runtime.Server) { s.MustAddTool(info()) }

// TestDuplicateToolAcrossPackages: the second of two registration
// functions that add a tool of one name panics at start-up with a message
// that names both functions and the prefix that serves them side by side.
func TestDuplicateToolAcrossPackages(t *testing.T) {
	s := runtime.NewServer("t", "1")
	RegisterTools(s)
	var msg string
	func() {
		defer func() { msg = recover().(error).Error() }()
		RegisterHostTools(s)
	}()
	want := `runtime: tool "info": duplicate tool name: github.com/mcpgen/mcpgen/runtime_test.RegisterTools registered a tool of that name already, and github.com/mcpgen/mcpgen/runtime_test.RegisterHostTools registers another; ` +
		`register one package's tools under a prefix, as in srv.PrefixTools("runtime_test_", func() { runtime_test.RegisterHostTools(srv, ...) }), or give one tool another name with name= in its //mcp:tool`
	if msg != want {
		t.Errorf("panic:\n%s\nwant:\n%s", msg, want)
	}
	s.PrefixTools("host_", func() { RegisterHostTools(s) })
	if !strings.Contains(toolNames(s), "host_info") {
		t.Errorf("under a prefix: tools %s", toolNames(s))
	}
}

func toolNames(s *runtime.Server) string {
	var names []string
	for _, tl := range s.Tools() {
		names = append(names, tl.Name)
	}
	return strings.Join(names, " ")
}
