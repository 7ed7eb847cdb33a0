// Package other declares a type named like one in schema_recursive.
package other

// Node is a linked list node.
type Node struct {
	// Label names the node.
	Label string `json:"label"`
	Next  *Node  `json:"next,omitempty"`
}
