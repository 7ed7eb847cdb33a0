// Command apps is an MCP App: the tool check_contrast (contrast.go)
// computes the WCAG contrast ratio of two colors, and a host that speaks
// the MCP Apps extension (io.modelcontextprotocol/ui) shows its result in
// a view, view.html, embedded in the binary and served as the resource
// ui://contrast/view.html. In the view the user picks other colors and the
// view calls the tool again through the host. Hosts without the extension
// show the tool's result as text.
//
// It serves MCP over stdio by default:
//
//	go run ./examples/apps
//
// and Streamable HTTP at http://ADDR/mcp with -http:
//
//	go run ./examples/apps -http 127.0.0.1:8080
package main

import (
	"context"
	_ "embed"
	"encoding/base64"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgen/mcpgen/runtime"
)

// iconSVG is the server's icon, and its tool's: a circle half black, half
// white.
//
//go:embed contrast.svg
var iconSVG []byte

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp (e.g. 127.0.0.1:8080) instead of stdio")
	flag.Parse()

	srv := runtime.NewServer("contrast", "1.0.0",
		runtime.WithTitle("Contrast checker"),
		runtime.WithDescription("Checks that text is readable on its background (WCAG 2.2 contrast)."),
		runtime.WithIcons(runtime.Icon{Src: "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(iconSVG), MIMEType: "image/svg+xml", Sizes: []string{"any"}}),
		runtime.WithInstructions("check_contrast tells whether a text color is readable on a background color."))
	RegisterTools(srv)
	RegisterResources(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "apps:", err)
		os.Exit(1)
	}
}
