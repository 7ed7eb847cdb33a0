// This file has directives in odd places.
//mcp:tool

package errors_placement

var w = 1 //mcp:tool

func afterTrailing() {}
