package errors_options

// Unknown options, with and without a suggestion.
//
//mcp:tool readOnly titel="x" fast
func Unknown() {}

// Duplicate options.
//
//mcp:tool readonly name=a readonly=false name=b
func Duplicate() {}

// Bad values.
//
//mcp:tool readonly=yes idempotent="true" name=has/slash title=Untitled
func BadValues() {}

// An unterminated title.
//
//mcp:tool readonly title="Search notes
func Unterminated() {}

// An empty title and an empty name.
//
//mcp:tool title="" name=
func Empty() {}

// Two directives.
//
//mcp:tool readonly
//mcp:tool idempotent
func Twice() {}

// A read-only tool cannot be destructive.
//
//mcp:tool readonly destructive
func Contradiction() {}

// A bad escape in the title.
//
//mcp:tool title="a\qb"
func BadEscape() {}

// Commas instead of spaces.
//
//mcp:tool readonly,idempotent
func Commas() {}

// Spaces around '='.
//
//mcp:tool name = spaced
func Spaced() {}

// A task option with a bad value.
//
//mcp:tool task=always
func BadTask() {}

// Scopes: empty, with an empty element, a space, twice the same, no value.
//
//mcp:tool scope= name=empty_scope
func EmptyScope() {}

//mcp:tool scope=a,,b
func DoubleComma() {}

//mcp:tool scope="files read"
func SpacedScope() {}

//mcp:tool scope=a,b,a
func RepeatedScope() {}

//mcp:tool scope
func ScopeAlone() {}

//mcp:tool scopes=a
func Scopes() {}

//mcp:tool constraints=maybe
func Constraints() {}

//mcp:constraints maybe
