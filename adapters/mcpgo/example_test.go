package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcpgen/mcpgen/adapters/mcpgo"
	"github.com/mcpgen/mcpgen/examples/units"
	"github.com/mcpgen/mcpgen/runtime"
)

// A server on mcp-go gets the tools mcpgen generated for package units; a
// client of mcp-go calls them.
func ExampleAddTools() {
	s := server.NewMCPServer("units", "1.0.0", server.WithLogging())
	tools := runtime.NewServer("units", "1.0.0")
	units.RegisterTools(tools) // generated
	mcpgo.AddTools(s, tools)

	ctx := context.Background()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-11-25"
	init.Params.ClientInfo = mcp.Implementation{Name: "client", Version: "1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		log.Fatal(err)
	}
	for _, args := range []string{
		`{"length":{"value":1.5,"unit":"km"},"to":"m"}`,
		`{"length":{"value":1.5,"unit":"km"},"to":"yd"}`,
	} {
		req := mcp.CallToolRequest{}
		req.Params.Name = "convert"
		req.Params.Arguments = json.RawMessage(args)
		res, err := c.CallTool(ctx, req)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(res.IsError, res.Content[0].(mcp.TextContent).Text)
	}
	// Output:
	// false {"value":1500,"unit":"m"}
	// true invalid arguments: "to": must be one of "mm", "m", "km", "in", "ft", "mi" (got "yd")
}
