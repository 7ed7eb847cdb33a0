// Package errors_many holds tools with several mistakes each: every one of
// them is reported in one run, not only the first of each tool.
package errors_many

// In has a misspelt keyword and a field of an unsupported type.
type In struct {
	V int    `json:"v" jsonschema:"minimun=3"`
	F func() `json:"f"`
}

// Options has an unknown option and takes an unsupported parameter.
//
//mcp:tool readOnly
func Options(ch chan int) {}

// Args documents a parameter it does not have, and its struct has mistakes.
//
//mcp:arg nope hello
//mcp:tool
func Args(in In) {}

// Dup repeats an option and its name is taken.
//
//mcp:tool name=options destructive destructive
func Dup(c complex128) {}
