// Command gosdkadapted serves the two benchmark tools from the official Go
// SDK's server (as servers/gosdk does, same transport options), but the
// tools are mcpgen's, generated in package tools and put on the SDK server
// by adapters/gosdk: schemas from the generated JSON, no reflection,
// arguments validated by mcpgen's runtime.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"

	"github.com/mcpgen/mcpgen/adapters/gosdk"
	"github.com/mcpgen/mcpgen/bench/tools"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()

	server := mcp.NewServer(&mcp.Implementation{Name: "bench-gosdkadapted", Version: "1.0.0"}, nil)
	rt := runtime.NewServer("bench-gosdkadapted", "1.0.0")
	tools.RegisterTools(rt)
	gosdk.AddTools(server, rt)

	var err error
	if *addr == "" {
		err = server.Run(context.Background(), &mcp.StdioTransport{})
	} else {
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
			&mcp.StreamableHTTPOptions{JSONResponse: true})
		mux := http.NewServeMux()
		mux.Handle("/mcp", h)
		err = http.ListenAndServe(*addr, mux)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gosdkadapted:", err)
		os.Exit(1)
	}
}
