package errors_enum

// Shape is a struct: it has no constants.
//
//mcp:enum
type Shape struct {
	// Sides is a plain int.
	//
	//mcp:enum
	Sides int `json:"sides"`
	// Name has a type without constants.
	//
	//mcp:enum
	Name Name `json:"name"`
	// Kind is misspelt.
	//
	//mcp:enum maybe
	Kind Kind `json:"kind"`
}

// Name is a string type without constants.
type Name string

// Kind is a kind.
type Kind string

const KindA Kind = "a"

// V is a variable.
//
//mcp:enum
var V = 1

// Draw draws a shape.
//
//mcp:tool
//mcp:enum
func Draw(s Shape) error { return nil }

//mcp:enums
type Other int

// Pick has a switch for a parameter it does not have.
//
//mcp:tool
//mcp:arg s the shape
//mcp:enum off nosuch
//mcp:enum off on
func Pick(s Shape) error { return nil }
