// Package tools holds the two benchmark tools, add and echo, for the
// servers that take mcpgen's generated tools: servers/mcpgen (the runtime)
// and servers/gosdkadapted (the official Go SDK through adapters/gosdk).
package tools

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// Sum is the structured result of add.
type Sum struct {
	// Sum is a + b.
	Sum float64 `json:"sum"`
}

// Add returns the sum a + b.
//
//mcp:arg a the first addend
//mcp:arg b the second addend
//mcp:tool
func Add(a, b float64) Sum { return Sum{Sum: a + b} }

// Echo returns text unchanged.
//
//mcp:arg text the text to echo
//mcp:tool
func Echo(text string) string { return text }
