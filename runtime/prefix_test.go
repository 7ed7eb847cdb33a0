package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestPrefixTools: two packages' tools of one name are served side by
// side under prefixes; without one, the clash says how to fix it.
func TestPrefixTools(t *testing.T) {
	info := func(from string) Tool {
		return Tool{Name: "info", InputSchema: `{"type":"object"}`, Handler: func(context.Context, json.RawMessage) (*Result, error) {
			return TextResult(from), nil
		}}
	}
	s := NewServer("t", "1")
	s.PrefixTools("host_", func() { s.MustAddTool(info("host")) })
	s.PrefixTools("cpu_", func() {
		s.MustAddTool(info("cpu"))
		s.PrefixTools("x.", func() { s.MustAddTool(info("nested")) })
	})
	if err := s.AddTool(info("plain")); err != nil {
		t.Fatalf("a tool added after PrefixTools got its prefix: %v", err)
	}
	for name, want := range map[string]string{"host_info": "host", "cpu_info": "cpu", "cpu_x.info": "nested", "info": "plain"} {
		res, err := s.Call(context.Background(), name, json.RawMessage(`{}`), nil)
		if err != nil || len(res.Content) != 1 || res.Content[0].(*TextContent).Text != want {
			t.Errorf("%s: %v %v, want %q", name, res, err, want)
		}
	}
	err := s.AddTool(info("again"))
	if err == nil || !strings.Contains(err.Error(), `duplicate tool name`) || !strings.Contains(err.Error(), `srv.PrefixTools("pkg_", func() { pkg.RegisterTools(srv) })`) {
		t.Errorf("a second tool info: %v, want the way out", err)
	}
}
