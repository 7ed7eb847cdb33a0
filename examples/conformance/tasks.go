package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// The fixtures of the tasks scenarios (extension io.modelcontextprotocol/tasks).

// Greet greets someone; it never runs as a task.
//
//mcp:tool readonly idempotent
func Greet(in GreetArgs) string { return "Hello, " + in.Name + "!" }

// GreetArgs are the arguments of Greet.
type GreetArgs struct {
	// Who to greet.
	Name string `json:"name"`
}

// confirmForm is the form of confirm_delete.
const confirmForm = `{"type":"object","properties":{"confirm":{"type":"boolean"}},"required":["confirm"]}`

// taskTools are the task-supporting fixtures, registered by hand until the
// directive states task support.
var taskTools = []runtime.Tool{
	{
		Name:        "slow_compute",
		Description: "Sleeps for the given number of seconds, then reports the label.",
		InputSchema: `{"type":"object","properties":{"seconds":{"type":"number","minimum":0},"label":{"type":"string"}},"required":["seconds"]}`,
		TaskSupport: runtime.TaskOptional,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct {
				Seconds float64 `json:"seconds"`
				Label   string  `json:"label"`
			}
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			if err := sleep(ctx, time.Duration(in.Seconds*float64(time.Second))); err != nil {
				return nil, err
			}
			return runtime.TextResult(fmt.Sprintf("computed %s after %gs", in.Label, in.Seconds)), nil
		},
	},
	{
		Name:        "failing_job",
		Description: "Works for a second, then fails with a tool error.",
		TaskSupport: runtime.TaskRequired,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			if err := sleep(ctx, time.Second); err != nil {
				return nil, err
			}
			return nil, errors.New("the job failed, as it always does")
		},
	},
	{
		Name:        "protocol_error_job",
		Description: "Works for a second, then panics: the task fails with a protocol error.",
		TaskSupport: runtime.TaskOptional,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			if err := sleep(ctx, time.Second); err != nil {
				return nil, err
			}
			panic("protocol_error_job: deliberate failure")
		},
	},
	{
		Name:        "confirm_delete",
		Description: "Looks the file up, asks the user to confirm, then deletes it (pretends to).",
		InputSchema: `{"type":"object","properties":{"filename":{"type":"string"}},"required":["filename"]}`,
		TaskSupport: runtime.TaskOptional,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			var in struct {
				Filename string `json:"filename"`
			}
			if err := runtime.Decode(args, &in); err != nil {
				return nil, err
			}
			if err := sleep(ctx, 300*time.Millisecond); err != nil {
				return nil, err
			}
			res, err := runtime.ElicitSchema(ctx, "Delete "+in.Filename+"?", confirmForm)
			if err != nil {
				return nil, err
			}
			return runtime.TextResult(fmt.Sprintf("%s: action=%s, content=%s", in.Filename, res.Action, content(res))), nil
		},
	},
	{
		Name:        "multi_input",
		Description: "Asks two questions at once, then reports both answers.",
		TaskSupport: runtime.TaskOptional,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			if err := sleep(ctx, 300*time.Millisecond); err != nil {
				return nil, err
			}
			type answer struct {
				e   runtime.Elicitation[json.RawMessage]
				err error
			}
			first, second := make(chan answer, 1), make(chan answer, 1)
			for i, ch := range []chan answer{first, second} {
				go func() {
					e, err := runtime.ElicitSchema(ctx, fmt.Sprintf("Question %d: confirm?", i+1), confirmForm, runtime.InputKey(fmt.Sprintf("question_%d", i+1)))
					ch <- answer{e, err}
				}()
			}
			a, b := <-first, <-second
			if err := errors.Join(a.err, b.err); err != nil {
				return nil, err
			}
			return runtime.TextResult("answers: " + content(a.e) + " " + content(b.e)), nil
		},
	},
	{
		Name:        "test_tool_with_task",
		Description: "Asks for the user's name, then works on as a task.",
		TaskSupport: runtime.TaskRequired,
		Handler: func(ctx context.Context, args json.RawMessage) (*runtime.Result, error) {
			res, err := runtime.ElicitSchema(ctx, "What is your name?", nameForm, runtime.InputKey("user_name"))
			if err != nil {
				return nil, err
			}
			if err := sleep(ctx, 500*time.Millisecond); err != nil {
				return nil, err
			}
			return runtime.TextResult("Task done for " + field(res, "name")), nil
		},
	},
}
