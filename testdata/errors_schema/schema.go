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

// Tree refers within its stated schema, which holds only where it is a
// whole schema: nested in Forest, it is refused.
//
//mcp:schema {"$defs":{"leaf":{"type":"string"}},"type":"object","properties":{"leaves":{"type":"array","items":{"$ref":"#/$defs/leaf"}}}}
type Tree struct {
	Leaves []string `json:"leaves"`
}

// Forest holds trees, and a field whose stated schema names an anchor.
type Forest struct {
	Trees []Tree `json:"trees"`
	// Root names its own anchor.
	//
	//mcp:schema {"$anchor":"R","type":"array","items":{"$ref":"#R"}}
	Root Raw `json:"root"`
}

// Plant takes a forest.
//
//mcp:tool
func Plant(in Forest) error { return nil }

// Grow takes a tree: as the whole arguments, its schema holds.
//
//mcp:tool
func Grow(in Tree) error { return nil }

// Word's stated schema is a string's, so it cannot be a tool's arguments.
//
//mcp:schema {"type":"string"}
type Word struct{ w string }

func (w *Word) UnmarshalJSON(b []byte) error { w.w = string(b); return nil }

// Say takes a word as its whole arguments.
//
//mcp:tool
func Say(in Word) error { return nil }

// Bad states an anchor that is no name and a $ref to no anchor.
type Bad struct {
	// A has an anchor that is not a name.
	//
	//mcp:schema {"$anchor":"1st","type":"string"}
	A Raw `json:"a"`
	// B refers to an anchor no schema has.
	//
	//mcp:schema {"$ref":"#Nowhere"}
	B Raw `json:"b"`
}

// Check takes Bad.
//
//mcp:tool
func Check(in Bad) error { return nil }
