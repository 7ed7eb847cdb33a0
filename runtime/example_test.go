package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mcpgen/mcpgen/runtime"
)

// Tools are normally registered by the RegisterTools function that mcpgen
// generates from annotated Go functions; these examples register theirs by
// hand with Server.MustAddTool, which is what generated code does.

// addTool registers a tool "add" that adds two numbers.
func addTool(srv *runtime.Server) {
	srv.MustAddTool(runtime.Tool{
		Name:        "add",
		Description: "Add returns a + b.",
		InputSchema: `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"],"additionalProperties":false}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ A, B float64 }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			return runtime.TextResult(fmt.Sprint(in.A + in.B)), nil
		},
	})
}

// quiet keeps the server's own logs (stderr by default) out of the examples.
var quiet = runtime.WithLogger(slog.New(slog.DiscardHandler))

// A server over stdio reads one JSON-RPC message per line and writes one
// answer per line. Serve does it on any reader and writer; ServeStdio on
// os.Stdin and os.Stdout. At the end of its input it answers every call in
// flight and returns nil.
func ExampleServer_Serve() {
	srv := runtime.NewServer("calc", "1.0.0", quiet)
	addTool(srv)

	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"example","version":"1.0.0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":"one"}}}
`)
	if err := srv.Serve(context.Background(), in, os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Calls run concurrently, so their answers come in any order.

	// Unordered output:
	// {"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":false},"logging":{}},"serverInfo":{"name":"calc","version":"1.0.0"}}}
	// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"3"}]}}
	// {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"invalid arguments: \"a\": must be a number (got \"one\"); \"b\": is required (a number)"}],"isError":true}}
}

// The main function of a server that a desktop host (Claude Desktop, VS
// Code, the MCP Inspector) starts as a subprocess. Ctrl-C or SIGTERM
// cancels ctx: ServeStdio then returns nil, so any error is a real failure.
func ExampleServer_ServeStdio() {
	srv := runtime.NewServer("calc", "1.0.0", runtime.WithInstructions("Adds numbers."))
	addTool(srv) // with mcpgen: RegisterTools(srv)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.ServeStdio(ctx); err != nil {
		log.Fatal(err)
	}
}

// A server over Streamable HTTP at http://127.0.0.1:8080/mcp, for clients
// that hold a shared secret: RequireBearerToken answers any request without
// "Authorization: Bearer <token>" with 401. Ctrl-C or SIGTERM stops
// accepting, lets the calls in flight finish and returns nil.
func ExampleServer_ListenAndServeHTTP() {
	srv := runtime.NewServer("calc", "1.0.0")
	addTool(srv) // with mcpgen: RegisterTools(srv)

	token := os.Getenv("MCP_TOKEN") // RequireBearerToken panics on "": no secret, no server
	auth := runtime.WithMiddleware(func(h http.Handler) http.Handler { return runtime.RequireBearerToken(token, h) })
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.ListenAndServeHTTP(ctx, "127.0.0.1:8080", auth); err != nil {
		log.Fatal(err)
	}
}

// The HTTP handler with a bearer token, as a client sees it: without the
// token, 401 and a challenge; with it, the answer. (A plain request with
// neither a session nor _meta is served as protocol 2025-03-26.)
func ExampleRequireBearerToken() {
	srv := runtime.NewServer("calc", "1.0.0", quiet)
	addTool(srv)
	h := srv.HTTPHandler(runtime.WithMiddleware(func(h http.Handler) http.Handler {
		return runtime.RequireBearerToken("s3cret", h)
	}))
	ts := httptest.NewServer(h)
	defer ts.Close()

	call := func(token string) {
		req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(
			`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":2}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		fmt.Println(resp.StatusCode, resp.Header.Get("WWW-Authenticate"), strings.TrimSpace(string(body)))
	}
	call("")
	call("wrong")
	call("s3cret")
	// Output:
	// 401 Bearer {"jsonrpc":"2.0","error":{"code":-32600,"message":"Unauthorized: send Authorization: Bearer <token>"}}
	// 401 Bearer error="invalid_token" {"jsonrpc":"2.0","error":{"code":-32600,"message":"Unauthorized: send Authorization: Bearer <token>"}}
	// 200  {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"4"}]}}
}

// A tool returns images (and audio, resource links, embedded resources)
// as a *Result of content blocks; an annotated Go function can return a
// *runtime.Result directly. The image's bytes are sent base64-encoded.
func ExampleImageContent() {
	srv := runtime.NewServer("pictures", "1.0.0", quiet)
	srv.MustAddTool(runtime.Tool{
		Name:        "pixel",
		Description: "Pixel returns a 1×1 PNG image.",
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			png := []byte("\x89PNG\r\n\x1a\n") // the first bytes of a PNG file; a real tool sends all of them
			return &runtime.Result{Content: []runtime.Content{
				&runtime.TextContent{Text: "One pixel:"},
				&runtime.ImageContent{Data: png, MIMEType: "image/png"},
			}}, nil
		},
	})
	res, err := srv.Call(context.Background(), "pixel", nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	b, _ := res.MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// {"content":[{"type":"text","text":"One pixel:"},{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]}
}

// A long tool reports progress and logs through its context. The client
// gets notifications/progress when its request carried a progress token,
// and notifications/message at or above the level it set with
// logging/setLevel; the records also go to the server's own logger.
func ExampleReportProgress() {
	srv := runtime.NewServer("counter", "1.0.0", quiet)
	srv.MustAddTool(runtime.Tool{
		Name:        "count",
		Description: "Count counts to two.",
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			for i := 1; i <= 2; i++ {
				runtime.ReportProgress(ctx, float64(i), 2, "counting")
				runtime.Logger(ctx).Info("counted", "n", i)
			}
			return runtime.TextResult("done"), nil
		},
	})

	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"example","version":"1.0.0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"info"}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"count","arguments":{},"_meta":{"progressToken":"p1"}}}
`)
	var out strings.Builder
	if err := srv.Serve(context.Background(), in, &out); err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n")[2:] { // after initialize and setLevel
		fmt.Println(line)
	}
	// Output:
	// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1,"total":2,"message":"counting"}}
	// {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"count","data":{"message":"counted","n":1}}}
	// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":2,"total":2,"message":"counting"}}
	// {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"count","data":{"message":"counted","n":2}}}
	// {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"done"}]}}
}
