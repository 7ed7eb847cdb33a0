// Package gen_realcode has tools as real code writes them, not for mcpgen:
// a function that works on its argument in place, values of type any that
// hold numbers, functional options, and an options struct without json
// tags.
package gen_realcode

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// SortWords sorts words in place.
//
//mcp:arg words the words to sort
//mcp:tool result=words
func SortWords(words []string) {
	slices.Sort(words)
}

// Point is a position on the plane.
type Point struct {
	X, Y float64
}

// Mirror mirrors p at the origin, in place, on a map a million wide.
//
//mcp:tool result=p
func Mirror(p *Point) error {
	if p.X > 1e6 || p.X < -1e6 || p.Y > 1e6 || p.Y < -1e6 {
		return errors.New("off the map")
	}
	p.X, p.Y = -p.X, -p.Y
	return nil
}

// seen holds what Remember was told.
var seen []string

// Remember records words; its effect is on the package's state.
//
//mcp:arg words the words to record
//mcp:tool result=none
func Remember(words []string) {
	seen = append(seen, words...)
}

// Kinds says of what Go type each value of env is, and what x % 2 gives
// when x is an integer, as an expression evaluator would.
//
//mcp:arg env the values, by name
//mcp:tool
func Kinds(env map[string]any) string {
	var b strings.Builder
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range env {
			if !yield(k) {
				return
			}
		}
	}) {
		fmt.Fprintf(&b, "%s:%T=%v;", k, env[k], env[k])
	}
	if x, ok := env["x"].(int); ok {
		fmt.Fprintf(&b, "x%%2=%d", x%2)
	}
	return b.String()
}

// KindsFloat is Kinds for code that relies on encoding/json's float64.
//
//mcp:arg env the values, by name
//mcp:tool numbers=float64
func KindsFloat(env map[string]any) string {
	return Kinds(env)
}

// Option configures Greet.
type Option func(*greeting)

type greeting struct{ punct string }

// Shout ends the greeting with "!".
func Shout() Option { return func(g *greeting) { g.punct = "!" } }

// Greet greets name.
//
//mcp:arg name who to greet
//mcp:tool
func Greet(name string, opts ...Option) string {
	g := greeting{punct: "."}
	for _, o := range opts {
		o(&g)
	}
	return "Hello, " + name + g.punct
}

// Status is the state of a task.
type Status string

// The states of a task.
const (
	Open   Status = "open"   // not started
	Closed Status = "closed" // done
)

// Filter selects tasks. Zero fields match everything.
type Filter struct {
	// Status is the state the tasks are in.
	Status *Status
	// Label is a label the tasks carry.
	Label     string
	Assignee  *string
	DueBefore *time.Time
	// Limit is how many tasks to return at most (0: all).
	Limit int
}

// ListTasks lists the tasks that f selects.
//
//mcp:tool
func ListTasks(f Filter) string {
	var parts []string
	if f.Status != nil {
		parts = append(parts, "status="+string(*f.Status))
	}
	if f.Label != "" {
		parts = append(parts, "label="+f.Label)
	}
	if f.Assignee != nil {
		parts = append(parts, "assignee="+*f.Assignee)
	}
	if f.DueBefore != nil {
		parts = append(parts, "due<"+f.DueBefore.Format(time.DateOnly))
	}
	if f.Limit != 0 {
		parts = append(parts, fmt.Sprint("limit=", f.Limit))
	}
	if len(parts) == 0 {
		return "all tasks"
	}
	return strings.Join(parts, " ")
}

// Validate returns the problems of a version, as a value (nil: none).
//
//mcp:arg version the version to check
//mcp:tool
func Validate(version string) []error {
	var problems []error
	if !strings.HasPrefix(version, "v") {
		problems = append(problems, errors.New(`no leading "v"`))
	}
	return problems
}
