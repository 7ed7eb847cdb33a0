// Command conformance is an MCP server whose tools are the fixtures of the
// MCP conformance suite (@modelcontextprotocol/conformance). CI runs the
// suite against it over Streamable HTTP (.ci/conformance.sh).
//
// It serves stdio by default:
//
//	go run ./examples/conformance
//
// and Streamable HTTP at http://ADDR/mcp with -http. Bind to the loopback
// interface, never to all interfaces, unless the server sits behind
// authentication:
//
//	go run ./examples/conformance -http 127.0.0.1:8080
//	curl -H 'Content-Type: application/json' \
//	  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' \
//	  http://127.0.0.1:8080/mcp
//
// With port 0 the system picks a free port; the address is logged on
// stderr.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp (e.g. 127.0.0.1:8080) instead of stdio")
	flag.Parse()

	srv := runtime.NewServer("mcpgen-conformance", "1.0.0", runtime.WithListChanged())
	RegisterTools(srv)
	RegisterPrompts(srv)
	RegisterResources(srv)
	RegisterSkills(srv)
	addListChangeTriggers(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}
