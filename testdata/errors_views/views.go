// Package errors_views has //mcp:view lines that cannot be.
package errors_views

import "strconv"

//mcp:view Issue number titel
//mcp:view Issue number
//mcp:view Issue title
//mcp:view Nothing name
//mcp:view Stamp seconds
//mcp:view Count value
//mcp:view Issue2 *_url
//mcp:view Issue3 -*
//mcp:view Unused name
//mcp:view Issue4

// Issue is an issue.
type Issue struct {
	Number int    `json:"number"`
	Title  string `json:"title"`
}

// Issue2 has no member that ends in _url.
type Issue2 struct {
	Number int `json:"number"`
}

// Issue3 is viewed with nothing kept.
type Issue3 struct {
	Number int `json:"number"`
}

// Issue4 is viewed without members.
type Issue4 struct {
	Number int `json:"number"`
}

// Unused is in no result.
type Unused struct {
	Name string `json:"name"`
}

// Stamp writes itself.
type Stamp struct{ Seconds int64 }

// MarshalJSON writes s as a number.
func (s Stamp) MarshalJSON() ([]byte, error) { return []byte(strconv.FormatInt(s.Seconds, 10)), nil }

// Count is not a struct.
type Count int

// Get returns an issue.
//
//mcp:tool
func Get() Issue { return Issue{} }

// Take takes what no result holds.
//
//mcp:tool
func Take(u Unused) string { return u.Name }

// Wrapper holds a viewed Issue, and embeds a pointer, whose members views
// cannot write yet.
type Wrapper struct {
	*Inner
	Issue Issue `json:"issue"`
}

// Inner is embedded through a pointer.
type Inner struct {
	Note string `json:"note"`
}

// Wrapped returns a Wrapper.
//
//mcp:tool
func Wrapped() Wrapper { return Wrapper{} }
