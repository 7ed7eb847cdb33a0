// Command testserver serves the testserver tools over stdio, or over
// Streamable HTTP with -http ADDR. The end-to-end tests build and run it.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"

	"github.com/mcpgen/mcpgen/e2e/testserver"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	httpAddr := flag.String("http", "", "serve Streamable HTTP on this `address` (e.g. 127.0.0.1:0) instead of stdio")
	flag.Parse()

	srv := runtime.NewServer("testserver", "1.0.0")
	testserver.RegisterStoreTools(srv, testserver.NewStore())
	testserver.RegisterTools(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *httpAddr == "" {
		if err := srv.ServeStdio(ctx); err != nil {
			log.Fatal(err)
		}
		return
	}
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		log.Fatal(err)
	}
	// The tests read the bound address from this line on stderr; the MCP
	// endpoint is /mcp.
	fmt.Fprintf(os.Stderr, "listening on http://%s\n", ln.Addr())
	mux := http.NewServeMux()
	mux.Handle("/mcp", srv.HTTPHandler())
	hs := &http.Server{Handler: mux}
	go func() { <-ctx.Done(); hs.Close() }()
	if err := hs.Serve(ln); err != nil && err != http.ErrServerClosed {
		log.Fatal(err)
	}
}
