// Command mcpgo is a server built with github.com/mark3labs/mcp-go that
// keeps its own tool and adds the tools mcpgen generated for package units,
// through adapters/mcpgo. It serves stdio, or Streamable HTTP at
// http://ADDR/mcp with -http ADDR.
//
// This folder is a module of its own (the main module does not depend on
// mcp-go): run it with
//
//	cd examples/mcpgo && go run .
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcpgen/mcpgen/adapters/mcpgo"
	"github.com/mcpgen/mcpgen/examples/units"
	"github.com/mcpgen/mcpgen/runtime"
)

// now is the server's own tool, written mcp-go's way.
func now(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loc, err := time.LoadLocation(req.GetString("zone", "UTC"))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(time.Now().In(loc).Format(time.RFC3339)), nil
}

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp (e.g. 127.0.0.1:8080) instead of stdio")
	flag.Parse()

	s := server.NewMCPServer("units", "1.0.0", server.WithLogging())
	s.AddTool(mcp.NewTool("now", mcp.WithDescription("Now tells the time in a time zone."),
		mcp.WithString("zone", mcp.Description("an IANA time zone, such as Europe/Paris"))), now)

	// The generated tools: registered on an mcpgen runtime server, then added
	// to mcp-go's server with their generated schemas and validation.
	tools := runtime.NewServer("units", "1.0.0")
	units.RegisterTools(tools)
	mcpgo.AddTools(s, tools)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *addr == "" {
		if err := server.NewStdioServer(s).Listen(ctx, os.Stdin, os.Stdout); err != nil && ctx.Err() == nil {
			log.Fatal(err)
		}
		return
	}
	mux := http.NewServeMux()
	// An event store keeps a call's notifications (progress, logs) with it.
	mux.Handle("/mcp", server.NewStreamableHTTPServer(s, server.WithEventStore(server.NewInMemoryEventStore())))
	hs := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); hs.Close() }()
	log.Printf("serving MCP at http://%s/mcp", *addr)
	if err := hs.ListenAndServe(); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}
