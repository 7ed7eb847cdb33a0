// Package errors_realcode has functions as real code writes them whose
// tools would lose something: each is an error or a warning, positioned.
package errors_realcode

import (
	"fmt"
	"time"
)

// Patch keeps its hunks where JSON cannot see them.
type Patch struct {
	Start int `json:"start"`
	diffs []string
}

// MakePatch makes a patch.
//
//mcp:arg text the text to patch
//mcp:tool
func MakePatch(text string) Patch { return Patch{diffs: []string{text}} }

// ListOptions pages a list; its fields are options, but required.
type ListOptions struct {
	// Page is the page to return, 1 by default.
	Page    int    `json:"page" url:"page,omitempty"`
	PerPage int    `json:"per_page" url:"per_page,omitempty"`
	Sort    string `json:"sort"`
}

// List lists.
//
//mcp:tool
func List(o ListOptions) string { return fmt.Sprint(o) }

// A and B both have a Page field.
type A struct{ Page int }

// B has another Page.
type B struct{ Page string }

// Both embeds A and B, whose Page fields cancel out.
type Both struct {
	A
	B
	Name string `json:"name"`
}

// UseBoth uses both.
//
//mcp:tool
func UseBoth(b Both) string { return b.Name }

// Schedule is when something runs.
type Schedule interface{ Next(time.Time) time.Time }

type every struct{ D time.Duration }

func (e every) Next(t time.Time) time.Time { return t.Add(e.D) }

// Parse parses a schedule.
//
//mcp:arg spec the schedule
//mcp:tool
func Parse(spec string) (Schedule, error) { return every{time.Minute}, nil }

// Failure is a result that holds an error.
type Failure struct {
	Err error `json:"err"`
}

// Fail fails.
//
//mcp:tool
func Fail() Failure { return Failure{} }

// Where says where loc is.
//
//mcp:tool
func Where(loc *time.Location) string { return loc.String() }

// Sort sorts, but says nothing of its argument.
//
//mcp:arg l the list
//mcp:tool
func Sort(l []string) {}

// Reverse names no parameter in result=.
//
//mcp:arg l the list
//mcp:tool result=list
func Reverse(l []string) {}

// Count returns a count and cannot send l back too.
//
//mcp:arg l the list
//mcp:tool result=l
func Count(l []string) int { return len(l) }

type hidden struct{}

// Hi says hi.
//
//mcp:tool
func (h *hidden) Hi() string { return "hi" }

// Level is how loud a message is, written as its name.
type Level int

// The levels.
const (
	Quiet Level = iota // nothing
	Loud               // everything
)

// MarshalText writes the level's name.
func (l Level) MarshalText() ([]byte, error) { return []byte([]string{"quiet", "loud"}[l]), nil }

// Loudest returns the loudest level.
//
//mcp:tool
func Loudest() Level { return Loud }
