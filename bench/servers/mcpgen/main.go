// Command mcpgen is the generated mcpgen server of the benchmark harness:
// the tools of package tools (../../tools), registered by its generated
// mcp_gen.go.
//
// Like the floor and the official SDK's server, it installs no signal
// handlers (an example server would use signal.NotifyContext for a graceful
// shutdown, which costs about a tenth of this server's start-up).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/mcpgen/mcpgen/bench/tools"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()

	srv := runtime.NewServer("bench-mcpgen", "1.0.0")
	tools.RegisterTools(srv)

	var err error
	if *addr == "" {
		err = srv.ServeStdio(context.Background())
	} else {
		err = srv.ListenAndServeHTTP(context.Background(), *addr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpgen server:", err)
		os.Exit(1)
	}
}
