// Package schema_recursive exercises recursive types.
package schema_recursive

import "github.com/mcpgen/mcpgen/testdata/schema_recursive/other"

// Node is a tree node.
type Node struct {
	Value    string  `json:"value"`
	Children []*Node `json:"children"`
}

// Dept and Person refer to each other.
type Dept struct {
	Name string  `json:"name"`
	Head *Person `json:"head,omitempty"`
}

// Person works in a department.
type Person struct {
	Name string `json:"name"`
	Dept *Dept  `json:"dept,omitempty"`
}

// Forest holds recursive types, two of them named Node.
type Forest struct {
	Trees  []Node       `json:"trees"`
	Others []other.Node `json:"others"`
	People []Person     `json:"people"`
	Tree   Tree         `json:"tree"`
}

// Tree is a recursive map type.
type Tree map[string]Tree

// UseNode returns its input.
//
//mcp:tool
func UseNode(in Node) (Node, error) { return in, nil }

// UseForest returns its input.
//
//mcp:tool
func UseForest(in Forest) Forest { return in }
