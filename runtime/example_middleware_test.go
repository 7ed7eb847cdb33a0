package runtime_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// session is what a client sends in these examples: initialize, then
// tools/call requests.
func session(calls ...string) io.Reader {
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"example","version":"1.0.0"}}}` + "\n")
	for i, args := range calls {
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"add","arguments":%s}}`+"\n", i+1, args)
	}
	return strings.NewReader(b.String())
}

// A logging middleware writes one record per request: the method, what it
// was about, how it ended and how long it took.
func ExampleWithRequestMiddleware_logging() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		// Leave the time and duration out, for the example's output.
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		},
	}))
	logging := func(next runtime.RequestHandler) runtime.RequestHandler {
		return func(ctx context.Context, req *runtime.Request) runtime.Outcome {
			start := time.Now()
			o := next(ctx, req)
			attrs := []any{"method", req.Method, "target", req.Target, "protocol", req.Protocol, "duration", time.Since(start)}
			switch {
			case o.Error != nil:
				attrs = append(attrs, "error", o.Error.Message)
			case o.Result != nil && o.Result.IsError:
				attrs = append(attrs, "tool_error", true)
			}
			logger.Info("mcp", attrs...)
			return o
		}
	}
	srv := runtime.NewServer("calc", "1.0.0", quiet, runtime.WithRequestMiddleware(logging))
	addTool(srv)
	if err := srv.Serve(context.Background(), session(`{"a":1,"b":2}`), io.Discard); err != nil {
		log.Fatal(err)
	}
	// Output:
	// level=INFO msg=mcp method=initialize target="" protocol=2025-11-25
	// level=INFO msg=mcp method=tools/call target=add protocol=2025-11-25
}

// A metrics middleware counts the calls of each tool and their failures,
// where a real server would update its metrics library's counters and
// histograms.
func ExampleWithRequestMiddleware_metrics() {
	var mu sync.Mutex
	calls, failures := map[string]int{}, map[string]int{}
	metrics := func(next runtime.RequestHandler) runtime.RequestHandler {
		return func(ctx context.Context, req *runtime.Request) runtime.Outcome {
			o := next(ctx, req)
			if req.Method == "tools/call" {
				mu.Lock()
				calls[req.Target]++
				if o.Error != nil || (o.Result != nil && o.Result.IsError) {
					failures[req.Target]++
				}
				mu.Unlock()
			}
			return o
		}
	}
	srv := runtime.NewServer("calc", "1.0.0", quiet, runtime.WithRequestMiddleware(metrics))
	addTool(srv)
	if err := srv.Serve(context.Background(), session(`{"a":1,"b":2}`, `{"a":"one"}`, `{"a":3,"b":4}`), io.Discard); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("add: %d calls, %d failed\n", calls["add"], failures["add"])
	// Output:
	// add: 3 calls, 1 failed
}

// A rate limit answers a call itself, without calling the tool, when its
// caller is over its budget: here, with a tool error the model can read.
// (A limit per caller would key its budget on the caller's identity from
// ctx.)
func ExampleWithToolMiddleware_rateLimit() {
	var mu sync.Mutex
	budget := 2
	limit := func(next runtime.RequestHandler) runtime.RequestHandler {
		return func(ctx context.Context, req *runtime.Request) runtime.Outcome {
			mu.Lock()
			ok := budget > 0
			budget--
			mu.Unlock()
			if !ok {
				res := &runtime.Result{Content: []runtime.Content{&runtime.TextContent{Text: "rate limited: try again in a minute"}}, IsError: true}
				return runtime.Outcome{Result: res}
			}
			return next(ctx, req)
		}
	}
	srv := runtime.NewServer("calc", "1.0.0", quiet, runtime.WithToolMiddleware("add", limit))
	addTool(srv)
	var out strings.Builder
	if err := srv.Serve(context.Background(), session(`{"a":1,"b":2}`, `{"a":3,"b":4}`, `{"a":5,"b":6}`), &out); err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Count(out.String(), `"isError":true`), "call limited")
	// Output:
	// 1 call limited
}

// An audit trail records who called which tool with which arguments, and
// whether it succeeded. The arguments alias the message: a record that
// outlives the call copies them.
func ExampleWithRequestMiddleware_audit() {
	var mu sync.Mutex
	var trail []string
	audit := func(next runtime.RequestHandler) runtime.RequestHandler {
		return func(ctx context.Context, req *runtime.Request) runtime.Outcome {
			if req.Method != "tools/call" {
				return next(ctx, req)
			}
			o := next(ctx, req)
			outcome := "ok"
			switch {
			case o.Error != nil:
				outcome = "protocol error"
			case o.Result != nil && o.Result.IsError:
				outcome = "tool error"
			}
			mu.Lock()
			trail = append(trail, fmt.Sprintf("%s id=%s params=%s: %s", req.Target, req.ID, req.Params, outcome))
			mu.Unlock()
			return o
		}
	}
	srv := runtime.NewServer("calc", "1.0.0", quiet, runtime.WithRequestMiddleware(audit))
	addTool(srv)
	if err := srv.Serve(context.Background(), session(`{"a":1,"b":2}`), io.Discard); err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Join(trail, "\n"))
	// Output:
	// add id=1 params={"name":"add","arguments":{"a":1,"b":2}}: ok
}
