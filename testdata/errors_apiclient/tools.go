// Package errors_apiclient holds the mistakes of //mcp:result and the
// other package-level directives, and a response record left as it is.
package errors_apiclient

import (
	"context"
	"net/http"
)

//mcp:result
//mcp:result Nothing omit
//mcp:result Response NoSuchFunc
//mcp:result Response Wrong
//mcp:result Meta Convert
//mcp:result Meta omit
//mcp:output max=zero
//mcp:param owner
//mcp:tools NoSuchType
//mcp:tools Meta name=x prefix=bad/ readOnly

// Response wraps the HTTP response.
type Response struct{ *http.Response }

// Meta is metadata.
type Meta struct{ N int }

// Record is a record of the call with no JSON form and no //mcp:result.
type Record struct{ *http.Request }

// Wrong takes two values.
func Wrong(a, b int) int { return a + b }

// Convert converts an int, not a Meta.
func Convert(n int) string { return "" }

// Get gets.
//
//mcp:result Meta omit
//mcp:tool
func Get(ctx context.Context) (string, *Meta, error) { return "", nil, nil }

// List lists.
//
//mcp:tool
func List(ctx context.Context) ([]string, *Record, error) { return nil, nil, nil }

//mcp:schema github.com/mcpgen/mcpgen/testdata/errors_apiclient.Stated {"type":"object"}

// Stated is a record with no JSON form whose schema is stated anyway.
type Stated struct {
	Done chan struct{}
}

// Fetch fetches.
//
//mcp:tool
func Fetch(ctx context.Context) (*Stated, error) { return nil, nil }

//mcp:tools Alpha
//mcp:tools Beta

// Alpha is a service.
type Alpha struct{}

// Ping pings alpha.
func (a *Alpha) Ping() string { return "alpha" }

// Beta is another service with a method of the same name.
type Beta struct{}

// Ping pings beta.
func (b *Beta) Ping() string { return "beta" }
