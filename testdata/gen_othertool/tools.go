// Package gen_othertool makes tools of functions and a method it does not
// own, one //mcp:tool IMPORTPATH.NAME line each in a comment of its own,
// beside a tool of its own: RegisterTools registers the functions, and
// RegisterReplacerTools the method.
package gen_othertool

import "strings"

// Snake turns a name in CamelCase into snake_case: FooBar is foo_bar.
//
//mcp:tool github.com/invopop/jsonschema.ToSnakeCase name=snake readonly
//mcp:arg str the name, in CamelCase

//mcp:tool strings.Repeat readonly
//mcp:arg s the text to repeat
//mcp:arg count how many times to repeat it

//mcp:tool strings.Replacer.Replace name=replace
//mcp:arg s the text to replace in

// Shout returns text in upper case, with an exclamation mark.
//
//mcp:tool
//mcp:arg text what to shout
func Shout(text string) string {
	return strings.ToUpper(text) + "!"
}
