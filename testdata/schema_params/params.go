// Package schema_params exercises tools with plain parameters.
package schema_params

import "context"

// Add adds two numbers.
//
//mcp:arg a the first addend
//mcp:arg b the second addend
//mcp:tool
func Add(a, b float64) float64 { return a + b }

// Greet greets someone, politely if asked.
//
//mcp:arg name who to greet
//mcp:tool
func Greet(ctx context.Context, name string, times int8, polite *bool) (string, error) {
	return "hello " + name, nil
}

// Ping takes nothing.
//
//mcp:tool
func Ping() string { return "pong" }

// Tags lists tags.
//
//mcp:tool
func Tags(prefix string) []string { return nil }

// Counts counts words.
//
//mcp:tool
func Counts(words []string) map[string]int { return nil }
