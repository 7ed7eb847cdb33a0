package errors_typecheck

import "fmt"

// Broken does not type-check: the loader's errors are reported, and
// nothing else is (no directive checks on code that does not compile).
//
//mcp:tool readOnly
func Broken() int { return "not an int" }

func caller() { undefinedFunction() }
