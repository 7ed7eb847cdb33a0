// Command adapterserver serves the testserver tools from a server built on
// another MCP implementation, through mcpgen's adapters: the official Go SDK
// (-sdk gosdk, adapters/gosdk) or mcp-go (-sdk mcpgo, adapters/mcpgo); a
// binary named adapterserver-gosdk or adapterserver-mcpgo chooses by its
// name, for clients that start a server without arguments. It
// serves stdio, or Streamable HTTP at /mcp with -http ADDR, printing
// "listening on http://HOST:PORT" on stderr as testserver does. The
// end-to-end tests build and run it.
package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/server"
	"github.com/mcpgen/mcpgen/adapters/gosdk"
	"github.com/mcpgen/mcpgen/adapters/mcpgo"
	"github.com/mcpgen/mcpgen/e2e/internal/httpserve"
	"github.com/mcpgen/mcpgen/e2e/testserver"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	sdk := flag.String("sdk", strings.TrimPrefix(filepath.Base(os.Args[0]), "adapterserver-"), "the MCP implementation that serves: `gosdk` or mcpgo")
	httpAddr := flag.String("http", "", "serve Streamable HTTP on this `address` (e.g. 127.0.0.1:0) at /mcp instead of stdio")
	flag.Parse()

	tools := runtime.NewServer("testserver", "1.0.0")
	testserver.RegisterStoreTools(tools, testserver.NewStore())
	testserver.RegisterTools(tools)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var handler http.Handler
	var stdio func() error
	switch *sdk {
	case "gosdk":
		s := mcp.NewServer(&mcp.Implementation{Name: "testserver", Version: "1.0.0"}, nil)
		gosdk.AddTools(s, tools)
		handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
		stdio = func() error { return s.Run(ctx, &mcp.StdioTransport{}) }
	case "mcpgo":
		s := server.NewMCPServer("testserver", "1.0.0", server.WithLogging(), server.WithToolCapabilities(false))
		mcpgo.AddTools(s, tools)
		// Without an event store, mcp-go v1.2.1 can drop or reorder the
		// notifications a tool sends just before its result: its forwarder
		// goroutine races the response's drain of the session's channel.
		handler = server.NewStreamableHTTPServer(s, server.WithEventStore(server.NewInMemoryEventStore()))
		stdio = func() error { return server.NewStdioServer(s).Listen(ctx, os.Stdin, os.Stdout) }
	default:
		log.Fatalf("-sdk %q: want gosdk or mcpgo", *sdk)
	}
	var err error
	if *httpAddr == "" {
		err = stdio()
	} else {
		err = httpserve.Serve(ctx, handler, *httpAddr)
	}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, io.EOF) {
		log.Fatal(err)
	}
}
