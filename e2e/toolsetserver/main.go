package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"

	"github.com/mcpgen/mcpgen/e2e/internal/httpserve"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	httpAddr := flag.String("http", "", "serve Streamable HTTP on this `address` (e.g. 127.0.0.1:0) at /mcp instead of stdio")
	flag.Parse()
	srv := runtime.NewServer("toolsetserver", "1.0.0", runtime.WithInstructions("A forge's tools."))
	RegisterTools(srv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	if *httpAddr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = httpserve.Serve(ctx, srv.HTTPHandler(), *httpAddr)
	}
	if err != nil {
		log.Fatal(err)
	}
}
