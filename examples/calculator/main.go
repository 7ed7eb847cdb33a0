// Command calculator is the smallest useful mcpgen server: four arithmetic
// tools written as plain Go functions (calculator.go), registered by the
// generated mcp_gen.go.
//
// It serves MCP over stdio by default, which is what Claude Desktop, VS Code
// and the MCP Inspector start:
//
//	go run ./examples/calculator
//
// and Streamable HTTP at http://ADDR/mcp with -http:
//
//	go run ./examples/calculator -http 127.0.0.1:8080
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

	srv := runtime.NewServer("calculator", "1.0.0",
		runtime.WithInstructions("Arithmetic on two numbers: add, subtract, multiply, divide."))
	RegisterTools(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "calculator:", err)
		os.Exit(1)
	}
}
