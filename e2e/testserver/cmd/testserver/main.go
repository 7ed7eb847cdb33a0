// Command testserver serves the testserver tools over stdio, or over
// Streamable HTTP with -http ADDR. The end-to-end tests build and run it.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"

	"github.com/mcpgen/mcpgen/e2e/internal/httpserve"
	"github.com/mcpgen/mcpgen/e2e/testserver"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	httpAddr := flag.String("http", "", "serve Streamable HTTP on this `address` (e.g. 127.0.0.1:0) at /mcp instead of stdio")
	maxMessage := flag.Int("max-message", 0, "largest accepted message in `bytes` (0: the runtime's default)")
	pageSize := flag.Int("page-size", 0, "tools per tools/list page (0: all on one page)")
	flag.Parse()

	var opts []runtime.Option
	if *maxMessage > 0 {
		opts = append(opts, runtime.WithMaxMessageSize(*maxMessage))
	}
	if *pageSize > 0 {
		opts = append(opts, runtime.WithPageSize(*pageSize))
	}
	srv := runtime.NewServer("testserver", "1.0.0", opts...)
	testserver.RegisterStoreTools(srv, testserver.NewStore())
	testserver.RegisterTools(srv)
	testserver.RegisterPrompts(srv)
	testserver.RegisterResources(srv)
	testserver.ResourceUpdated = srv.ResourceUpdated

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	if *httpAddr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = httpserve.Serve(ctx, srv.HTTPHandler(), *httpAddr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		log.Fatal(err)
	}
}
