// Package gen_apiclient is shaped like a generated API client: service
// methods that return a value, an HTTP response record with no JSON form,
// and an error. Package-level directives send what the tools need of the
// record and leave another one out.
package gen_apiclient

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
)

//mcp:result Response Paging
//mcp:result Trace omit

// Response wraps the HTTP response: encoding/json cannot write it.
type Response struct {
	*http.Response
	NextPage int
}

// Trace is a record of the call that no tool sends.
type Trace struct {
	Hook func()
}

// Page is what a tool's caller needs of a Response.
type Page struct {
	// Next is the next page, 0 after the last.
	Next int `json:"next,omitempty"`
}

// Paging returns the page of r.
func Paging(r *Response) Page {
	if r == nil {
		return Page{}
	}
	return Page{Next: r.NextPage}
}

// Issue is an issue.
type Issue struct {
	Number int    `json:"number"`
	Title  string `json:"title"`
	// Extra is written by its own MarshalJSON.
	Extra Raw `json:"extra"`
}

// Raw writes itself as a JSON array.
type Raw struct{ v []int }

// MarshalJSON writes r's values.
func (r Raw) MarshalJSON() ([]byte, error) { return json.Marshal(r.v) }

// IssuesService calls the issue API.
type IssuesService struct{ next int }

// Get returns issue number.
//
//mcp:arg number the issue's number
//mcp:tool readonly
func (s *IssuesService) Get(ctx context.Context, number int) (*Issue, *Response, error) {
	return &Issue{Number: number, Title: "issue " + strconv.Itoa(number), Extra: Raw{[]int{number}}}, &Response{NextPage: s.next}, nil
}

// Delete deletes issue number.
//
//mcp:arg number the issue's number
//mcp:tool destructive
func (s *IssuesService) Delete(ctx context.Context, number int) (*Response, error) {
	return &Response{}, nil
}

// Count counts the issues.
//
//mcp:tool readonly
func (s *IssuesService) Count(ctx context.Context) (int, *Trace, error) {
	return 3, &Trace{}, nil
}

// Touch touches the issues and returns only a trace.
//
//mcp:tool
func (s *IssuesService) Touch() *Trace { return nil }
