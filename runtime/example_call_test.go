package runtime_test

import (
	"context"
	"encoding/json"
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
