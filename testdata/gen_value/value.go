// Package gen_value has tools that are methods with value receivers, on
// two types: the registration functions are sorted by type name.
package gen_value

import "strings"

// Greeter greets with a fixed prefix.
type Greeter struct {
	Prefix string
}

// Greet greets name.
//
//mcp:arg name who to greet
//mcp:tool
func (g Greeter) Greet(name string) string { return g.Prefix + name }

// Info describes a greeter.
type Info struct {
	Prefix string `json:"prefix"`
	Length int    `json:"length"`
}

// Describe describes the greeter.
//
//mcp:tool readonly
func (g Greeter) Describe() (Info, error) {
	return Info{Prefix: g.Prefix, Length: len(g.Prefix)}, nil
}

// Abacus does arithmetic on beads.
type Abacus struct {
	Rows int
}

// Beads returns the number of beads on the abacus.
//
//mcp:tool readonly
func (a Abacus) Beads() int { return a.Rows * 10 }

// Repeat repeats s n times.
//
//mcp:arg s the text
//mcp:arg n how often
//mcp:tool
func (Abacus) Repeat(s string, n int) string { return strings.Repeat(s, n) }
