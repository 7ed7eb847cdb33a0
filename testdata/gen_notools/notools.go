// Package gen_notools declares no tools: mcpgen writes no file for it.
package gen_notools

// Add returns a+b. It is an ordinary function, not annotated.
func Add(a, b int) int { return a + b }
