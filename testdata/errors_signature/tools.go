package errors_signature

import (
	"context"

	"github.com/mcpgen/mcpgen/runtime"
)

// Input is a struct of arguments.
type Input struct {
	Query string `json:"query"`
}

// ContextSecond takes its context in the wrong place.
//
//mcp:tool
func ContextSecond(q string, ctx context.Context) {}

// Unnamed has unnamed parameters.
//
//mcp:tool
func Unnamed(int, string) {}

// Blank has a blank parameter.
//
//mcp:tool
func Blank(a int, _ string) {}

// Anonymous takes an unnamed struct.
//
//mcp:tool
func Anonymous(in struct{ A int }) {}

// ErrorFirst returns the error first.
//
//mcp:tool
func ErrorFirst() (error, int) { return nil, 0 }

// ContentAndMore returns a content type beside another result.
//
//mcp:tool
func ContentAndMore() (*runtime.TextContent, int) { return nil, 0 }

// ErrorBetween returns an error that is not the last result.
//
//mcp:tool
func ErrorBetween() (int, error, string) { return 0, nil, "" }

// MyError is a concrete error type.
type MyError struct{}

func (*MyError) Error() string { return "my error" }

// ConcreteError returns a concrete error type.
//
//mcp:tool
func ConcreteError() (int, *MyError) { return 0, nil }

// Map is a generic function.
//
//mcp:tool
func Map[T any](in T) T { return in }

// Stack is a generic type.
type Stack[T any] struct{ items []T }

// Len is a method of a generic type.
//
//mcp:tool
func (s *Stack[T]) Len() int { return len(s.items) }

// init cannot be referred to.
//
//mcp:tool
func init() {}

// ImageValue returns a runtime content type by value.
//
//mcp:tool
func ImageValue() runtime.ImageContent { return runtime.ImageContent{} }

// Server returns a runtime type that is no result.
//
//mcp:tool
func Server() *runtime.Server { return nil }
