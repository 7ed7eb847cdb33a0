package main

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mcpgen/mcpgen/internal/adaptertest"
)

// TestExample builds this program and drives it over stdio with mcp-go's
// client: its own tool and the generated ones are listed and answer.
func TestExample(t *testing.T) {
	bin := adaptertest.Build(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.NewStdioMCPClient(bin, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-11-25"
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
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
	call := func(name, args string) *mcp.CallToolResult {
		req := mcp.CallToolRequest{}
		req.Params.Name = name
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for args, want := range adaptertest.ExampleConversions {
		if got := call("convert", args).Content[0].(mcp.TextContent).Text; got != want {
			t.Errorf("convert %s: %s, want %s", args, got, want)
		}
	}
	if res := call("now", `{"zone":"UTC"}`); res.IsError {
		t.Errorf("now: %v", res.Content)
	}
}
