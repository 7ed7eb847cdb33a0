// Command conformance is an MCP server whose tools are the fixtures of the
// MCP conformance suite (@modelcontextprotocol/conformance). CI runs the
// suite against it over Streamable HTTP (.ci/conformance.sh).
//
// It serves stdio by default:
//
//	go run ./examples/conformance
//
// and Streamable HTTP at http://ADDR/mcp with -http. Bind to the loopback
// interface, never to all interfaces, unless the server sits behind
// authentication:
//
//	go run ./examples/conformance -http 127.0.0.1:8080
//	curl -H 'Content-Type: application/json' \
//	  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' \
//	  http://127.0.0.1:8080/mcp
//
// With port 0 the system picks a free port; the address is logged on
// stderr.
package main

import (
	"context"
	"encoding/json"
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

	srv := runtime.NewServer("mcpgen-conformance", "1.0.0", runtime.WithListChanged())
	RegisterTools(srv)
	RegisterPrompts(srv)
	RegisterResources(srv)
	srv.MustAddTool(jsonSchema202012Tool)
	addListChangeTriggers(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}

// jsonSchema202012Tool is the fixture of the json-schema-2020-12 scenario.
// Its input schema uses $schema, $defs and $ref, which a schema derived from
// a Go type does not (mcpgen inlines nested structs), so it is written by
// hand and registered directly.
var jsonSchema202012Tool = runtime.Tool{
	Name:        "json_schema_2020_12_tool",
	Description: "Tool with JSON Schema 2020-12 features",
	InputSchema: `{
	  "$schema": "https://json-schema.org/draft/2020-12/schema",
	  "type": "object",
	  "$defs": {
	    "address": {
	      "type": "object",
	      "properties": {
	        "street": {"type": "string"},
	        "city": {"type": "string"}
	      }
	    }
	  },
	  "properties": {
	    "name": {"type": "string"},
	    "address": {"$ref": "#/$defs/address"}
	  },
	  "additionalProperties": false
	}`,
	Annotations: &runtime.ToolAnnotations{ReadOnlyHint: runtime.Bool(true)},
	Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
		return runtime.TextResult("Received: " + string(args)), nil
	},
}
