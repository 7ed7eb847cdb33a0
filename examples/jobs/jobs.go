// Package jobs holds the tools and the resource of the fleet example
// (../fleet, a module of its own because it needs the Redis store): a job
// that runs as a task for as many seconds as it is asked, a note that a
// tool edits and subscribers hear of, and a tool that asks its user to
// confirm. What the note says is kept in a runtime.Store, so that every
// replica of a fleet reads the same note.
package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// NoteURI is the URI of the note resource.
const NoteURI = "fleet://note"

// noteKey is the note's key in the store.
const noteKey = "example:note"

// What the tools share: set by Use.
var (
	notes   runtime.Store
	server  *runtime.Server
	replica string
)

// Use gives the tools the store that keeps the note (the fleet's, or a
// memory store for one process), the server whose subscribers hear of a
// new note, and the name of this replica, which the tools report.
func Use(st runtime.Store, srv *runtime.Server, name string) {
	notes, server, replica = st, srv, name
}

// WorkArgs are the arguments of Work.
type WorkArgs struct {
	// How long the job runs, in seconds.
	Seconds float64 `json:"seconds" jsonschema:"minimum=0,maximum=3600"`
}

// Work runs a job for the given number of seconds, reporting its progress
// each second, and says which replica ran it. A call that lasts longer
// than a moment becomes a task: poll it through any replica.
//
//mcp:tool task readonly
func Work(ctx context.Context, in WorkArgs) (string, error) {
	total := time.Duration(in.Seconds * float64(time.Second))
	start := time.Now()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	done := time.NewTimer(total)
	defer done.Stop()
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-done.C:
			return fmt.Sprintf("worked %gs on replica %s", in.Seconds, replica), nil
		case <-tick.C:
			runtime.ReportProgress(ctx, time.Since(start).Seconds(), in.Seconds, "working on replica "+replica)
		}
	}
}

// Replica says which replica answered: a balancer spreads the calls.
//
//mcp:tool readonly
func Replica() string { return replica }

// SetNoteArgs are the arguments of SetNote.
type SetNoteArgs struct {
	// The note's new text.
	Text string `json:"text"`
}

// SetNote replaces the note; the clients subscribed to fleet://note hear
// that it changed, through whichever replica holds their stream.
//
//mcp:tool idempotent
func SetNote(ctx context.Context, in SetNoteArgs) error {
	if err := notes.Put(ctx, noteKey, []byte(in.Text), 30*24*time.Hour); err != nil {
		return fmt.Errorf("the note was not saved: %w", err)
	}
	server.ResourceUpdated(NoteURI)
	return nil
}

// Note is the note that set_note writes.
//
//mcp:resource uri=fleet://note mime=text/plain
func Note(ctx context.Context) (string, error) {
	b, err := notes.Get(ctx, noteKey)
	if err != nil {
		return "", fmt.Errorf("the note cannot be read: %w", err)
	}
	return string(b), nil
}

// Approval is the form of Approve.
type Approval struct {
	// Go ahead with the action.
	Approve bool `json:"approve"`
}

// ApproveArgs are the arguments of Approve.
type ApproveArgs struct {
	// What to ask approval for.
	Action string `json:"action"`
}

// Approve asks the user to approve an action and says what they decided.
//
//mcp:tool
func Approve(ctx context.Context, in ApproveArgs) (string, error) {
	form, err := runtime.Elicit[Approval](ctx, "Approve "+in.Action+"?")
	if err != nil {
		return "", err
	}
	if !form.Accepted() || !form.Content.Approve {
		return in.Action + ": declined", nil
	}
	return in.Action + ": approved", nil
}
