// Command mcpgen is the generated mcpgen server of the benchmark harness:
// the tools in tools.go, registered by the generated mcp_gen.go.
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
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()

	srv := runtime.NewServer("bench-mcpgen", "1.0.0")
	RegisterTools(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpgen server:", err)
		os.Exit(1)
	}
}
