// Package gen_primitives has prompts, resources and completers beside a
// tool: a small documentation server.
package gen_primitives

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpgen/mcpgen/runtime"
)

// Language is a programming language the reviews know.
type Language string

const (
	Go     Language = "go"
	Rust   Language = "rust"
	Python Language = "python"
)

// Topic is a documented topic.
type Topic string

const (
	Install Topic = "install"
	Usage   Topic = "usage"
)

var pages = map[Topic]string{Install: "go install example.com/x@latest", Usage: "x [flags] files"}

// Search finds the topics whose page contains the query.
//
//mcp:tool readonly
//mcp:arg query Text to look for
func Search(query string) []Topic {
	var out []Topic
	for _, t := range []Topic{Install, Usage} {
		if strings.Contains(pages[t], query) {
			out = append(out, t)
		}
	}
	return out
}

// CodeReview asks for a review of a piece of code.
//
//mcp:prompt title="Code review"
//mcp:arg code The code to review
//mcp:arg lang Its language
//mcp:arg focus What to look at first (optional)
func CodeReview(code string, lang Language, focus *string) string {
	s := fmt.Sprintf("Review this %s code:\n\n%s", lang, code)
	if focus != nil {
		s += "\n\nFocus on " + *focus + "."
	}
	return s
}

// Explain explains a topic in a conversation.
//
//mcp:prompt name=explain
//mcp:arg topic The topic to explain
func Explain(ctx context.Context, topic string) ([]runtime.PromptMessage, error) {
	if topic == "" {
		return nil, errors.New("empty topic")
	}
	return []runtime.PromptMessage{
		runtime.UserMessage("Explain " + topic + "."),
		runtime.AssistantMessage("Which part of " + topic + "?"),
	}, nil
}

// Readme is the project's README.
//
//mcp:resource uri=docs://readme name=readme mime=text/markdown
func Readme() string { return "# x\n" }

// Logo is the project's logo.
//
//mcp:resource uri=docs://logo mime=image/png title="Logo"
func Logo(ctx context.Context) ([]byte, error) { return []byte{0x89, 'P', 'N', 'G'}, nil }

// Page is the documentation page of a topic.
//
//mcp:resource uri=docs://pages/{topic}
//mcp:arg topic The topic
func Page(topic Topic) (string, error) {
	p, ok := pages[topic]
	if !ok {
		return "", fmt.Errorf("topic %s: %w", topic, runtime.ErrResourceNotFound)
	}
	return p, nil
}

// File is a file of the project's source tree.
//
//mcp:resource uri=src://{+path}
func File(ctx context.Context, path string) ([]runtime.ResourceContents, error) {
	return []runtime.ResourceContents{{Text: "// " + path, MIMEType: "text/x-go"}}, nil
}

// CompletePath suggests source paths that begin with what was typed.
//
//mcp:complete resource=src://{+path} arg=path
func CompletePath(ctx context.Context, value string, given map[string]string) ([]string, error) {
	var out []string
	for _, p := range []string{"main.go", "cmd/x/main.go", "internal/x.go"} {
		if strings.HasPrefix(p, value) {
			out = append(out, p)
		}
	}
	return out, nil
}

// BugReport is what a bug report prompt asks for.
type BugReport struct {
	// Title says what is wrong in one line.
	Title string   `json:"title"`
	Lang  Language `json:"language"` // the language of the code that fails
	// Steps to reproduce, if known.
	Steps    *string `json:"steps,omitempty"`
	internal string
	Skipped  string `json:"-"`
}

// ReportBug drafts a bug report.
//
//mcp:prompt
func ReportBug(ctx context.Context, r *BugReport) (*runtime.PromptResult, error) {
	text := fmt.Sprintf("Bug in %s code: %s", r.Lang, r.Title)
	if r.Steps != nil {
		text += "\nSteps: " + *r.Steps
	}
	return &runtime.PromptResult{Description: "A bug report", Messages: []runtime.PromptMessage{runtime.UserMessage(text)}}, nil
}
