package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/internal/adaptertest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestExample builds this program and drives it over stdio with the SDK's
// client: its own tool and the generated ones are listed and answer.
func TestExample(t *testing.T) {
	bin := adaptertest.Build(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.Command(bin)
	cmd.Stderr = os.Stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, adaptertest.ExampleTools) {
		t.Errorf("tools %v, want %v", names, adaptertest.ExampleTools)
	}
	for args, want := range adaptertest.ExampleConversions {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "convert", Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Content[0].(*mcp.TextContent).Text; got != want {
			t.Errorf("convert %s: %s, want %s", args, got, want)
		}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "now", Arguments: map[string]any{"zone": "UTC"}})
	if err != nil || res.IsError {
		t.Errorf("now: %v %v", res, err)
	}
}
