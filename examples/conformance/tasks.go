package main

import (
	"context"
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

// SlowComputeArgs are the arguments of SlowCompute.
type SlowComputeArgs struct {
	// How long to work, in seconds.
	Seconds float64 `json:"seconds" jsonschema:"minimum=0"`
	// A label to report.
	Label string `json:"label,omitempty"`
}

// SlowCompute works for the given number of seconds, then reports the
// label; a call that outlasts the grace period becomes a task.
//
//mcp:tool task
func SlowCompute(ctx context.Context, in SlowComputeArgs) (string, error) {
	if err := sleep(ctx, time.Duration(in.Seconds*float64(time.Second))); err != nil {
		return "", err
	}
	return fmt.Sprintf("computed %s after %gs", in.Label, in.Seconds), nil
}

// FailingJob works for a second, then fails with a tool error. Modern
// clients must call it as a task.
//
//mcp:tool task=required
func FailingJob(ctx context.Context) error {
	if err := sleep(ctx, time.Second); err != nil {
		return err
	}
	return errors.New("the job failed, as it always does")
}

// ProtocolErrorJob works for a second, then panics: its task fails with a
// protocol error.
//
//mcp:tool task
func ProtocolErrorJob(ctx context.Context) error {
	if err := sleep(ctx, time.Second); err != nil {
		return err
	}
	panic("protocol_error_job: deliberate failure")
}

// DeleteConfirmation is the form of ConfirmDelete.
type DeleteConfirmation struct {
	// Delete the file for good.
	Confirm bool `json:"confirm"`
}

// ConfirmDeleteArgs are the arguments of ConfirmDelete.
type ConfirmDeleteArgs struct {
	// The file to delete.
	Filename string `json:"filename"`
}

// ConfirmDelete looks the file up, asks the user to confirm, then deletes
// it (pretends to). Run as a task, its question waits for tasks/update.
//
//mcp:tool task
func ConfirmDelete(ctx context.Context, in ConfirmDeleteArgs) (string, error) {
	if err := sleep(ctx, 300*time.Millisecond); err != nil {
		return "", err
	}
	form, err := runtime.Elicit[DeleteConfirmation](ctx, "Delete "+in.Filename+"?")
	if err != nil {
		return "", err
	}
	if !form.Accepted() || !form.Content.Confirm {
		return in.Filename + " kept", nil
	}
	return in.Filename + " deleted", nil
}

// MultiInput asks two questions at once, then reports both answers.
//
//mcp:tool task
func MultiInput(ctx context.Context) (string, error) {
	if err := sleep(ctx, 300*time.Millisecond); err != nil {
		return "", err
	}
	type answer struct {
		form runtime.Elicitation[DeleteConfirmation]
		err  error
	}
	answers := [2]chan answer{make(chan answer, 1), make(chan answer, 1)}
	for i, ch := range answers {
		go func() {
			form, err := runtime.Elicit[DeleteConfirmation](ctx, fmt.Sprintf("Question %d: confirm?", i+1), runtime.InputKey(fmt.Sprintf("question_%d", i+1)))
			ch <- answer{form, err}
		}()
	}
	a, b := <-answers[0], <-answers[1]
	if err := errors.Join(a.err, b.err); err != nil {
		return "", err
	}
	return fmt.Sprintf("answers: %v %v", a.form.Content.Confirm, b.form.Content.Confirm), nil
}

// TestToolWithTask asks for the user's name (a question answered the MRTR
// way, before any task exists), then works on as a task.
//
//mcp:tool task=required
func TestToolWithTask(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "What is your name?", nameForm, runtime.InputKey("user_name"))
	if err != nil {
		return "", err
	}
	if err := sleep(ctx, 500*time.Millisecond); err != nil {
		return "", err
	}
	return "Task done for " + field(res, "name"), nil
}
