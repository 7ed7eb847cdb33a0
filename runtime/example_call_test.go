package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpgen/mcpgen/runtime"
)

// A test calls a tool in-process, with the validation and the results a
// client gets, and sees its progress reports.
func ExampleServer_Call() {
	srv := runtime.NewServer("calc", "1.0.0")
	srv.MustAddTool(runtime.Tool{
		Name:        "half",
		Description: "Half returns n/2.",
		InputSchema: `{"type":"object","properties":{"n":{"type":"integer","minimum":0}},"required":["n"]}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ N int }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			runtime.ReportProgress(ctx, 1, 1, "halved")
			return runtime.WrappedResult(float64(in.N) / 2)
		},
	})

	for _, t := range srv.Tools() {
		fmt.Println(t.Name, t.InputSchema)
	}
	opts := &runtime.CallOptions{Progress: func(progress, total float64, message string) {
		fmt.Println("progress:", progress, total, message)
	}}
	res, err := srv.Call(context.Background(), "half", json.RawMessage(`{"n":5}`), opts)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", res.StructuredContent)
	res, _ = srv.Call(context.Background(), "half", json.RawMessage(`{"n":-1}`), nil)
	b, _ := res.MarshalJSON()
	fmt.Println(string(b))
	_, err = srv.Call(context.Background(), "double", nil, nil)
	fmt.Println(err)
	// Output:
	// half {"type":"object","properties":{"n":{"type":"integer","minimum":0}},"required":["n"]}
	// progress: 1 1 halved
	// {"result":2.5}
	// {"content":[{"type":"text","text":"invalid arguments: \"n\": must be >= 0 (got -1)"}],"isError":true}
	// Unknown tool: double
}

// A test of a tool reads what a client gets: the text of the first content
// block and the structured result, which marshals to the structuredContent
// of the wire. The tool is registered by hand here, as the generated
// RegisterTools does it; a failing tool, and arguments that break the
// schema, are results with IsError set.
func ExampleServer_Call_results() {
	srv := runtime.NewServer("calc", "1.0.0")
	srv.MustAddTool(runtime.Tool{
		Name:         "divide",
		Description:  "Divide returns the quotient a ÷ b.",
		InputSchema:  `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"],"additionalProperties":false}`,
		OutputSchema: `{"type":"object","properties":{"result":{"type":"number"}},"required":["result"]}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct{ A, B float64 }
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			if in.B == 0 {
				return nil, errors.New("cannot divide by zero: b must not be 0")
			}
			return runtime.WrappedResult(in.A / in.B)
		},
	})
	ctx := context.Background()

	res, err := srv.Call(ctx, "divide", json.RawMessage(`{"a":1,"b":4}`), nil)
	if err != nil { // an unknown tool, or arguments that are not an object
		panic(err)
	}
	fmt.Println(res.IsError, res.Content[0].(*runtime.TextContent).Text)
	b, _ := json.Marshal(res.StructuredContent)
	var out struct {
		Result float64 `json:"result"`
	}
	_ = json.Unmarshal(b, &out)
	fmt.Println(out.Result)

	for _, args := range []string{`{"a":1,"b":0}`, `{"a":"one","b":2}`} {
		res, _ = srv.Call(ctx, "divide", json.RawMessage(args), nil)
		fmt.Println(res.IsError, res.Content[0].(*runtime.TextContent).Text)
	}
	// Output:
	// false {"result":0.25}
	// 0.25
	// true cannot divide by zero: b must not be 0
	// true invalid arguments: "a": must be a number (got "one")
}
