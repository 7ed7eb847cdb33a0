// Command handbook serves a team handbook over MCP with all three
// primitives, written as plain Go functions (handbook.go) and registered by
// the generated mcp_gen.go: its pages are resources (one template,
// handbook://pages/{slug}, plus a fixed index), its reusable requests are
// prompts, and a tool edits a page, after which subscribed clients hear
// that the page changed.
//
// It serves MCP over stdio by default:
//
//	go run ./examples/handbook
//
// and Streamable HTTP at http://ADDR/mcp with -http:
//
//	go run ./examples/handbook -http 127.0.0.1:8080
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

	srv := runtime.NewServer("handbook", "1.0.0",
		runtime.WithInstructions("The team handbook: read pages as resources, use the prompts to onboard or to review a page."))
	RegisterTools(srv)
	RegisterPrompts(srv)
	RegisterResources(srv)
	// Subscribed clients hear of every edit.
	book.onChange = func(slug string) { srv.ResourceUpdated(pageURI(slug)) }

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "handbook:", err)
		os.Exit(1)
	}
}
