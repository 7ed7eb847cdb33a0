// Package schema_headers marks tool arguments that HTTP clients mirror into
// Mcp-Param headers (x-mcp-header).
package schema_headers

import "context"

// Query is a search in one region.
type Query struct {
	// Region is sent as the Mcp-Param-Region header too, for routing.
	Region string `json:"region" mcp:"header=Region"`
	// Tenant is optional; its header is sent only when it is.
	Tenant *int `json:"tenant,omitempty" mcp:"header=Tenant-ID"`
	// Dry runs the query without effects.
	Dry bool `json:"dry,omitempty" mcp:"header=Dry-Run"`
	// Scope is a nested object whose field is mirrored too.
	Scope Scope  `json:"scope"`
	Text  string `json:"text"`
}

// Scope narrows a query.
type Scope struct {
	Shard string `json:"shard" mcp:"header=Shard"`
}

// Search runs a query.
//
//mcp:tool
func Search(ctx context.Context, q Query) (string, error) { return q.Region, nil }
