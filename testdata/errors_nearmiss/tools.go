// Package errors_nearmiss has directives that are almost, but not quite,
// //mcp:tool: each is reported instead of being silently ignored.
// The file is deliberately not gofmt'd: gofmt would insert a space after
// the // of several of them, which keeps them near misses but loses the
// spelling as typed.
package errors_nearmiss

// Space after the slashes makes it an ordinary comment.
//
// mcp:tool
func Space() {}

// Upper-case prefix.
//
//MCP:tool
func UpperPrefix() {}

// Upper-case name.
//
//mcp:Tool
func UpperName() {}

// Space after the colon.
//
//mcp: tool
func SpaceAfterColon() {}

// Dash for the colon.
//
//mcp-tool
func Dash() {}

// Build-tag style.
//
// +mcp:tool
func BuildTag() {}

// Misspelled directive name.
//
//mcp:toool
func Misspelled() {}

// Arg near miss.
//
//mcp:tool
// mcp:arg a the value
func ArgNearMiss(a int) {}

// A near miss with arguments: only the near miss is reported, not each
// //mcp:arg as if the function were not meant to be a tool.
//
//MCP:tool
//mcp:arg x the value
//mcp:arg y the other value
func NearMissWithArgs(x, y int) {}

// Block comment.
/*mcp:tool*/
func Block() {}

// Prose that mentions mcp tools, or mcp: the protocol, is fine.
//
//mcp:tool
func Fine() {}

// A word far from every directive: the message lists them all.
//
//mcp:frobnicate
func Unknown() {}
