// Command calculator is the smallest useful mcpgen server: four arithmetic
// tools written as plain Go functions (calculator.go), registered by the
// generated mcp_gen.go.
//
// It serves MCP over stdio by default, which is what Claude Desktop, VS Code
// and the MCP Inspector start:
//
//	go run ./examples/calculator
//
// and Streamable HTTP at http://ADDR/mcp with -http, where it also serves
// its server card (the draft MCP Server Cards) at /mcp/server-card:
//
//	go run ./examples/calculator -http 127.0.0.1:8080
//	curl http://127.0.0.1:8080/mcp/server-card
//
// The directive below states its identity once: the generated NewServer
// gives it to the server (and to its server card), and go generate writes
// its entry in the MCP registry, server.json, from it (mcpgen
// -server-json; the remote is a placeholder: this example is deployed
// nowhere).
//
//mcp:server name=io.github.mcpgen/calculator version=1.0.0 title="Calculator" description="Adds, subtracts, multiplies and divides two numbers." remote=https://calculator.example.com/mcp
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

	// NewServer (generated) gives the server the identity that
	// //mcp:server states: name, version, title, description.
	srv := NewServer(runtime.WithInstructions("Arithmetic on two numbers: add, subtract, multiply, divide."))
	RegisterTools(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		// The card's name and description are the server's own.
		err = srv.ListenAndServeHTTP(ctx, *addr, runtime.WithServerCard(runtime.ServerCard{}))
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "calculator:", err)
		os.Exit(1)
	}
}
