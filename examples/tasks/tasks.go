package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// Status is where a task stands. Its constants become the enum of every
// schema that mentions a Status: mcpgen finds them by itself.
type Status string

const (
	Todo  Status = "todo"
	Doing Status = "doing"
	Done  Status = "done"
)

// Priority orders tasks: higher first.
type Priority int

const (
	Low Priority = iota + 1
	Normal
	High
	Urgent
)

// Task is one unit of work.
type Task struct {
	ID       int       `json:"id"`
	Title    string    `json:"title"`
	Notes    string    `json:"notes,omitempty"`
	Status   Status    `json:"status"`
	Priority Priority  `json:"priority"`
	Tags     []string  `json:"tags,omitempty"`
	Due      time.Time `json:"due,omitzero"`
	Created  time.Time `json:"created"`
	Subtasks []Task    `json:"subtasks,omitempty"` // a task can be broken down
}

// Board is an in-memory task board. Its exported methods below are the
// server's tools; the generated RegisterBoardTools wires them to a *Board.
type Board struct {
	mu    sync.Mutex
	next  int
	tasks map[int]*Task
	now   func() time.Time
}

// NewBoard returns an empty board.
func NewBoard() *Board {
	return &Board{next: 1, tasks: map[int]*Task{}, now: time.Now}
}

// NewTask is what a task is created from.
type NewTask struct {
	// Title says what is to be done, in a few words.
	Title string `json:"title" jsonschema:"minLength=1,maxLength=200"`
	// Notes hold any detail worth keeping.
	Notes string `json:"notes,omitempty" jsonschema:"maxLength=10000"`
	// Priority defaults to Normal (2).
	Priority Priority `json:"priority,omitempty"`
	// Tags group related tasks; lower-case words.
	Tags []string `json:"tags,omitempty" jsonschema:"maxItems=20,uniqueItems=true"`
	// Due is the deadline, as an RFC 3339 date-time.
	Due *time.Time `json:"due,omitempty"`
	// Subtasks break the task down, one level or more.
	Subtasks []NewTask `json:"subtasks,omitempty"`
}

// AddTask creates a task (with its subtasks) and returns it as stored.
//
//mcp:tool title="Add a task"
func (b *Board) AddTask(ctx context.Context, in NewTask) (Task, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t := b.build(in)
	b.tasks[t.ID] = &t
	runtime.Logger(ctx).Info("task added", "id", t.ID, "title", t.Title)
	return t, nil
}

func (b *Board) build(in NewTask) Task {
	t := Task{
		ID: b.next, Title: in.Title, Notes: in.Notes, Status: Todo,
		Priority: in.Priority, Tags: in.Tags, Created: b.now().UTC(),
	}
	b.next++
	if t.Priority == 0 {
		t.Priority = Normal
	}
	if in.Due != nil {
		t.Due = in.Due.UTC()
	}
	for _, sub := range in.Subtasks {
		t.Subtasks = append(t.Subtasks, b.build(sub))
	}
	return t
}

// Filter selects tasks. Every field is optional; an empty filter selects all.
type Filter struct {
	// Status keeps only tasks in this state.
	Status Status `json:"status,omitempty"`
	// Tag keeps only tasks with this tag.
	Tag string `json:"tag,omitempty"`
	// Query keeps only tasks whose title or notes contain it (case-insensitive).
	Query string `json:"query,omitempty" jsonschema:"maxLength=200"`
	// Limit caps the number of tasks returned.
	Limit uint8 `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// ListTasks returns the tasks that match the filter, most urgent first,
// then oldest first.
//
//mcp:tool readonly idempotent
func (b *Board) ListTasks(f Filter) []Task {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []Task{}
	for _, t := range b.tasks {
		if f.Status != "" && t.Status != f.Status ||
			f.Tag != "" && !slices.Contains(t.Tags, f.Tag) ||
			f.Query != "" && !containsFold(t.Title+"\n"+t.Notes, f.Query) {
			continue
		}
		out = append(out, *t)
	}
	slices.SortFunc(out, func(x, y Task) int {
		if x.Priority != y.Priority {
			return int(y.Priority - x.Priority)
		}
		return x.ID - y.ID
	})
	if f.Limit > 0 && len(out) > int(f.Limit) {
		out = out[:f.Limit]
	}
	return out
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// SetStatus moves a task to another state and returns it.
//
//mcp:arg id the task's id, as returned by add_task
//mcp:arg status the new state
//mcp:tool idempotent
func (b *Board) SetStatus(id int, status Status) (Task, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t, ok := b.tasks[id]
	if !ok {
		return Task{}, fmt.Errorf("no task with id %d", id)
	}
	t.Status = status
	return *t, nil
}

// DeleteTask removes a task for good.
//
//mcp:arg id the task's id
//mcp:tool destructive
func (b *Board) DeleteTask(id int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.tasks[id]; !ok {
		return fmt.Errorf("no task with id %d", id)
	}
	delete(b.tasks, id)
	return nil
}

// Stats counts tasks per status.
type Stats struct {
	Total   int            `json:"total"`
	ByState map[Status]int `json:"byState"`
	Overdue int            `json:"overdue"` // not done and past due
}

// Summarize counts the tasks on the board.
//
//mcp:tool readonly
func (b *Board) Summarize() Stats {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := Stats{ByState: map[Status]int{Todo: 0, Doing: 0, Done: 0}}
	now := b.now()
	for _, t := range b.tasks {
		st.Total++
		st.ByState[t.Status]++
		if t.Status != Done && !t.Due.IsZero() && t.Due.Before(now) {
			st.Overdue++
		}
	}
	return st
}

// Agenda renders the open tasks as a Markdown checklist, for a human reader.
//
//mcp:tool readonly
func (b *Board) Agenda() string {
	var sb strings.Builder
	for _, t := range b.ListTasks(Filter{}) {
		if t.Status == Done {
			continue
		}
		fmt.Fprintf(&sb, "- [ ] %s (#%d, %s)\n", t.Title, t.ID, t.Status)
	}
	if sb.Len() == 0 {
		return "Nothing to do."
	}
	return sb.String()
}

// ClearConfirmation is the form that ClearDone asks the user to fill in.
type ClearConfirmation struct {
	// Remove the done tasks for good.
	Confirm bool `json:"confirm"`
}

// ClearDone removes every done task, once the user confirms it in a form
// the client shows. A client that cannot show forms gets an error; use
// delete_task there.
//
//mcp:tool destructive
func (b *Board) ClearDone(ctx context.Context) (int, error) {
	b.mu.Lock()
	n := 0
	for _, t := range b.tasks {
		if t.Status == Done {
			n++
		}
	}
	b.mu.Unlock()
	if n == 0 {
		return 0, nil
	}
	form, err := runtime.Elicit[ClearConfirmation](ctx, fmt.Sprintf("Remove %d done tasks for good?", n))
	if err != nil {
		return 0, err
	}
	if !form.Accepted() || !form.Content.Confirm {
		return 0, errors.New("nothing removed: the user did not confirm")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	removed := 0
	for id, t := range b.tasks {
		if t.Status == Done {
			delete(b.tasks, id)
			removed++
		}
	}
	return removed, nil
}
