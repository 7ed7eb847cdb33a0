// Command mcpgo serves the two benchmark tools with mark3labs/mcp-go, as its
// README shows: tools built with mcp.NewTool, typed handlers, and the
// server's input schema validation switched on.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type addInput struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}

type addOutput struct {
	Sum float64 `json:"sum" jsonschema_description:"Sum is a + b."`
}

type echoInput struct {
	Text string `json:"text"`
}

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()

	s := server.NewMCPServer("bench-mcpgo", "1.0.0",
		server.WithToolCapabilities(false),
		server.WithInputSchemaValidation())
	s.AddTool(mcp.NewTool("add",
		mcp.WithDescription("Add returns the sum a + b."),
		mcp.WithNumber("a", mcp.Required(), mcp.Description("the first addend")),
		mcp.WithNumber("b", mcp.Required(), mcp.Description("the second addend")),
		mcp.WithOutputSchema[addOutput](),
	), mcp.NewStructuredToolHandler(func(_ context.Context, _ mcp.CallToolRequest, in addInput) (addOutput, error) {
		return addOutput{Sum: in.A + in.B}, nil
	}))
	s.AddTool(mcp.NewTool("echo",
		mcp.WithDescription("Echo returns text unchanged."),
		mcp.WithString("text", mcp.Required(), mcp.Description("the text to echo")),
	), mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, in echoInput) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(in.Text), nil
	}))

	var err error
	if *addr == "" {
		err = server.ServeStdio(s)
	} else {
		err = server.NewStreamableHTTPServer(s, server.WithEndpointPath("/mcp")).Start(*addr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpgo:", err)
		os.Exit(1)
	}
}
