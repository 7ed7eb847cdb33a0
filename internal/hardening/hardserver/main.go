// Command hardserver is the generated MCP server that the hardening tests
// attack. It serves stdio by default, Streamable HTTP with -http (through
// runtime.ListenAndServeHTTP, as the examples do), and stops on SIGINT or
// SIGTERM.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	maxMessage := flag.Int("max-message", 0, "largest accepted message in `bytes` (0: the default)")
	maxCalls := flag.Int("max-calls", 0, "tool calls that may run at once (0: no limit)")
	store := flag.Bool("memory-store", false, "run as a replica of a fleet on a memory store (runtime.WithStore)")
	flag.Parse()

	opts := []runtime.Option{runtime.WithMaxMessageSize(*maxMessage), runtime.WithMaxConcurrentCalls(*maxCalls)}
	if *store {
		opts = append(opts, runtime.WithStore(runtime.NewMemoryStore()))
	}
	srv := runtime.NewServer("hardserver", "1.0.0", opts...)
	RegisterTools(srv)
	addAnnounce(srv)

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

// addAnnounce registers a resource (so that clients may subscribe) and the
// tool announce, which calls ResourceUpdated n times for the URI
// "updates://" padded to size bytes: a program whose resource changes
// very often.
func addAnnounce(srv *runtime.Server) {
	srv.MustAddResource(runtime.Resource{URI: "updates://index", Name: "index",
		Handler: func(context.Context, runtime.ResourceRequest) ([]runtime.ResourceContents, error) {
			return runtime.TextResource("updates"), nil
		}})
	srv.MustAddTool(runtime.Tool{Name: "announce", Description: "Announces n updates of the resource whose URI is updates:// padded to size bytes with x.",
		InputSchema: `{"type":"object","properties":{"n":{"type":"integer"},"size":{"type":"integer"}},"required":["n","size"],"additionalProperties":false}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ N, Size int }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			uri := "updates://" + strings.Repeat("x", max(in.Size-len("updates://"), 0))
			for range in.N {
				srv.ResourceUpdated(uri)
			}
			return runtime.TextResult(fmt.Sprintf("announced %d updates", in.N)), nil
		}})
}
