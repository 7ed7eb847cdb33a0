// Package errors_otherdup has a tool of its own named as a function of
// path that //mcp:tools path makes a tool.
package errors_otherdup

//mcp:tools path
//mcp:param path a slash-separated path
//mcp:param elem path elements
//mcp:param pattern a pattern
//mcp:param name a name

// Base returns the last letter of s.
//
//mcp:tool
//mcp:arg s a word
func Base(s string) string { return s[len(s)-1:] }
