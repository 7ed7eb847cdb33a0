package gosdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/mcpgen/mcpgen/adapters/gosdk"
	"github.com/mcpgen/mcpgen/examples/units"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A server on the official SDK gets the tools mcpgen generated for package
// units; a client of the SDK lists and calls them.
func ExampleAddTools() {
	server := mcp.NewServer(&mcp.Implementation{Name: "units", Version: "1.0.0"}, nil)
	tools := runtime.NewServer("units", "1.0.0")
	units.RegisterTools(tools) // generated
	gosdk.AddTools(server, tools)

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, st, nil); err != nil {
		log.Fatal(err)
	}
	client, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	list, err := client.ListTools(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range list.Tools {
		fmt.Println(t.Name+":", t.Description)
	}
	for _, args := range []string{
		`{"length":{"value":1.5,"unit":"km"},"to":"m"}`,
		`{"length":{"value":1.5,"unit":"km"},"to":"yd"}`,
	} {
		res, err := client.CallTool(ctx, &mcp.CallToolParams{Name: "convert", Arguments: json.RawMessage(args)})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// convert: Convert converts a length to another unit.
	// total: Total adds up lengths in the unit given, reporting its progress.
	// false {"value":1500,"unit":"m"}
	// true invalid arguments: "to": must be one of "mm", "m", "km", "in", "ft", "mi" (got "yd")
}
