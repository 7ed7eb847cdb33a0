package errors_args

import "context"

// Input is a struct of arguments.
type Input struct {
	Query string `json:"query"`
}

// WithStruct documents a struct parameter with //mcp:arg.
//
//mcp:tool
//mcp:arg in the input
func WithStruct(ctx context.Context, in Input) {}

// Plain has mistakes in its //mcp:arg lines.
//
//mcp:tool
//mcp:arg a the first
//mcp:arg c no such parameter
//mcp:arg a the first, again
//mcp:arg
//mcp:arg b
func Plain(a, b int) {}

// NoParams has an //mcp:arg but no parameters.
//
//mcp:tool
//mcp:arg x what
func NoParams() {}

// Bounded has mistakes in the keywords of its //mcp:arg lines.
//
//mcp:tool
//mcp:arg n jsonschema:"minimum=0,maximim=10" misspelt keyword
//mcp:arg s jsonschema:minLength=1 not quoted
//mcp:arg f jsonschema:"maxLength=3" a keyword for strings on a number
//mcp:arg p jsonschema:"nullable,minimum=3" null for a pointer
//mcp:arg q jsonschema:"-"
func Bounded(n int, s string, f float64, p *uint8, q bool) {}
