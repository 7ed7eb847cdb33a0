// Command gosdk is a server built with the official Go SDK
// (github.com/modelcontextprotocol/go-sdk) that keeps its own tool and adds
// the tools mcpgen generated for package units, through adapters/gosdk.
// It serves stdio, or Streamable HTTP at http://ADDR/mcp with -http ADDR.
//
// This folder is a module of its own (the main module does not depend on
// the SDK): run it with
//
//	cd examples/gosdk && go run .
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/mcpgen/mcpgen/adapters/gosdk"
	"github.com/mcpgen/mcpgen/examples/units"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The server's own tool, written the SDK's way.

type nowInput struct {
	Zone string `json:"zone" jsonschema:"an IANA time zone, such as Europe/Paris"`
}

type nowOutput struct {
	Time string `json:"time" jsonschema:"the current time in RFC 3339 form"`
}

func now(_ context.Context, _ *mcp.CallToolRequest, in nowInput) (*mcp.CallToolResult, nowOutput, error) {
	loc, err := time.LoadLocation(in.Zone)
	if err != nil {
		return nil, nowOutput{}, err
	}
	return nil, nowOutput{Time: time.Now().In(loc).Format(time.RFC3339)}, nil
}

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp (e.g. 127.0.0.1:8080) instead of stdio")
	flag.Parse()

	server := mcp.NewServer(&mcp.Implementation{Name: "units", Version: "1.0.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "now", Description: "Now tells the time in a time zone."}, now)

	// The generated tools: registered on an mcpgen runtime server, then added
	// to the SDK's server with their generated schemas and validation.
	tools := runtime.NewServer("units", "1.0.0")
	units.RegisterTools(tools)
	gosdk.AddTools(server, tools)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *addr == "" {
		if err := server.Run(ctx, &mcp.StdioTransport{}); err != nil && ctx.Err() == nil {
			log.Fatal(err)
		}
		return
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	hs := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); hs.Close() }()
	log.Printf("serving MCP at http://%s/mcp", *addr)
	if err := hs.ListenAndServe(); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}
