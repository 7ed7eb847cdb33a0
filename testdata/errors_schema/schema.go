// Package errors_schema has mistakes in //mcp:schema directives and a type
// whose schema is not stated.
//
//mcp:schema nosuch.Type {"type":"string"}
package errors_schema

import "encoding/json"

// Raw has its own JSON and no stated schema.
type Raw struct{ b []byte }

func (r *Raw) UnmarshalJSON(b []byte) error { r.b = b; return nil }

// In has the mistakes.
type In struct {
	// A is not JSON.
	//
	//mcp:schema {"type":
	A json.RawMessage `json:"a"`
	// B has an unknown keyword.
	//
	//mcp:schema {"type":"string","patern":"x"}
	B Raw `json:"b"`
	// C has a pattern the runtime cannot compile.
	//
	//mcp:schema {"type":"string","pattern":"a(b"}
	C Raw `json:"c"`
	// D is not an object.
	//
	//mcp:schema "string"
	D Raw `json:"d"`
	E Raw `json:"e"`
}

// Use uses In.
//
//mcp:tool
//mcp:schema {"type":"object"}
func Use(in In) error { return nil }

// Reuse uses In too: the problems in In name both tools.
//
//mcp:tool
func Reuse(in *In) error { return nil }

// Code has its own JSON and no stated schema.
type Code string

func (c *Code) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*string)(c)) }

func (c Code) MarshalJSON() ([]byte, error) { return json.Marshal(string(c)) }

// Convert uses Code three times: its missing schema is one problem,
// reported at its first use.
//
//mcp:tool
//mcp:arg c the code
//mcp:arg d another code
func Convert(c, d Code) Code { return c + d }
