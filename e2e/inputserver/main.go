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
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	httpAddr := flag.String("http", "", "serve Streamable HTTP on this `address` (e.g. 127.0.0.1:0) at /mcp instead of stdio")
	flag.Parse()
	srv := runtime.NewServer("inputserver", "1.0.0")
	RegisterTools(srv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	if *httpAddr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = serveHTTP(ctx, srv, *httpAddr)
	}
	if err != nil {
		log.Fatal(err)
	}
}

// serveHTTP serves srv at /mcp on addr until ctx is done. It prints
// "listening on http://HOST:PORT" on stderr once the listener is bound.
func serveHTTP(ctx context.Context, srv *runtime.Server, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "listening on http://%s\n", ln.Addr())
	mux := http.NewServeMux()
	mux.Handle("/mcp", srv.HTTPHandler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); hs.Close() }()
	if err := hs.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
