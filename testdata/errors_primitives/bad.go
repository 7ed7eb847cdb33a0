package errors_primitives

import "github.com/mcpgen/mcpgen/runtime"

// Unknown has an unknown option.
//
//mcp:prompt colour=red
func Unknown() string { return "" }

// NoURI is a resource without a URI.
//
//mcp:resource name=x
func NoURI() string { return "" }

// MissingParam has a variable with no parameter.
//
//mcp:resource uri=a://{id}/{other}
func MissingParam(id string) string { return id }

// ExtraParam has a parameter that is no variable.
//
//mcp:resource uri=a://{id}
func ExtraParam(id, extra string) string { return id + extra }

// BadTemplate has a template mcpgen cannot serve.
//
//mcp:resource uri=a://{?q}
func BadTemplate() string { return "" }

// Adjacent has adjacent variables.
//
//mcp:resource uri=a://{x}{y}
func Adjacent(x, y string) string { return x + y }

// BadArg takes an int.
//
//mcp:prompt
func BadArg(n int) string { return "" }

// BadResult returns an int.
//
//mcp:prompt
func BadResult() int { return 0 }

// BadResourceResult returns a map.
//
//mcp:resource uri=a://map
func BadResourceResult() map[string]string { return nil }

// Dup1 is a prompt.
//
//mcp:prompt name=dup
func Dup1() string { return "" }

// Dup2 has the same name.
//
//mcp:prompt name=dup
func Dup2() string { return "" }

// SameURI1 is a resource.
//
//mcp:resource uri=a://same
func SameURI1() string { return "" }

// SameURI2 has the same URI.
//
//mcp:resource uri=a://same
func SameURI2() string { return "" }

// T is a type.
type T struct{}

// Method is a method.
//
//mcp:prompt
func (T) Method() string { return "" }

// Both is a tool and a prompt.
//
//mcp:tool
//mcp:prompt
func Both() string { return "" }

// NoArgDoc documents a parameter it does not have.
//
//mcp:prompt
//mcp:arg nope text
func NoArgDoc() string { return "" }

// BadCompleter has the wrong signature.
//
//mcp:complete prompt=dup arg=x
func BadCompleter(n int) []string { return nil }

// NoPrompt completes a prompt that does not exist.
//
//mcp:complete prompt=missing arg=x
func NoPrompt(v string) []string { return nil }

// NoArg completes an argument that does not exist.
//
//mcp:complete resource=a://{id} arg=nope
func NoArg(v string) []string { return nil }

// Messages is fine.
//
//mcp:prompt
func Messages() []runtime.PromptMessage { return nil }

//mcp:resource uri=a://detached
var notAFunc = 1

// Form has a field a prompt cannot take.
type Form struct {
	Name  string
	Count int
}

// StructPrompt takes a struct with an int field.
//
//mcp:prompt
//mcp:arg Name the name
func StructPrompt(f Form) string { return f.Name }

// TaggedArg bounds a prompt argument as if it were a tool's parameter.
//
//mcp:prompt
//mcp:arg topic jsonschema:"maxLength=10" the topic
func TaggedArg(topic string) string { return topic }
