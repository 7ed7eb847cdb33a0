// Command hardserver is the generated MCP server that the hardening tests
// attack. It serves stdio by default, Streamable HTTP with -http (through
// runtime.ListenAndServeHTTP, as the examples do), and stops on SIGINT or
// SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	maxMessage := flag.Int("max-message", 0, "largest accepted message in `bytes` (0: the default)")
	maxCalls := flag.Int("max-calls", 0, "tool calls that may run at once (0: no limit)")
	flag.Parse()

	srv := runtime.NewServer("hardserver", "1.0.0",
		runtime.WithMaxMessageSize(*maxMessage), runtime.WithMaxConcurrentCalls(*maxCalls))
	RegisterTools(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		var opts []runtime.HTTPOption
		if token := os.Getenv("MCP_TOKEN"); token != "" {
			opts = append(opts, runtime.WithMiddleware(func(h http.Handler) http.Handler {
				return runtime.RequireBearerToken(token, h)
			}))
		}
		err = srv.ListenAndServeHTTP(ctx, *addr, opts...)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hardserver:", err)
		os.Exit(1)
	}
}
