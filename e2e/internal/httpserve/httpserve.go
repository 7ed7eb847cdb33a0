// Package httpserve serves an MCP server's Streamable HTTP handler for the
// end-to-end test servers.
package httpserve

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

// Serve serves h (an MCP server's Streamable HTTP handler) at /mcp on addr
// until ctx is done. It prints "listening on http://HOST:PORT" on stderr once the
// listener is bound: the tests read the address from that line.
func Serve(ctx context.Context, h http.Handler, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "listening on http://%s\n", ln.Addr())
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); hs.Close() }()
	if err := hs.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}
