// Command gosdk serves the two benchmark tools with the official Go SDK
// (github.com/modelcontextprotocol/go-sdk), written the way its README
// shows: typed handlers, schemas inferred from the Go types, input validated
// by the SDK.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type addInput struct {
	A float64 `json:"a" jsonschema:"the first addend"`
	B float64 `json:"b" jsonschema:"the second addend"`
}

type addOutput struct {
	Sum float64 `json:"sum" jsonschema:"Sum is a + b."`
}

type echoInput struct {
	Text string `json:"text" jsonschema:"the text to echo"`
}

func add(_ context.Context, _ *mcp.CallToolRequest, in addInput) (*mcp.CallToolResult, addOutput, error) {
	return nil, addOutput{Sum: in.A + in.B}, nil
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in echoInput) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
}

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()

	server := mcp.NewServer(&mcp.Implementation{Name: "bench-gosdk", Version: "1.0.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "add", Description: "Add returns the sum a + b."}, add)
	mcp.AddTool(server, &mcp.Tool{Name: "echo", Description: "Echo returns text unchanged."}, echo)

	var err error
	if *addr == "" {
		err = server.Run(context.Background(), &mcp.StdioTransport{})
	} else {
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
			&mcp.StreamableHTTPOptions{JSONResponse: true})
		mux := http.NewServeMux()
		mux.Handle("/mcp", h)
		err = http.ListenAndServe(*addr, mux)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gosdk:", err)
		os.Exit(1)
	}
}
