// Package schema_comments exercises descriptions from comments.
package schema_comments

// Commented has fields with every kind of comment. This second sentence is
// not part of the type's description.
type Commented struct {
	// Doc is described by its doc comment.
	Doc  string `json:"doc"`
	Line string `json:"line"` // Line is described by its line comment.
	// Both prefers the doc comment.
	Both string `json:"both"` // not this one
	// Multi has a doc comment
	// over several lines.
	//
	// With a second paragraph.
	Multi string `json:"multi"`
	// Tagged has a comment, but the tag wins.
	Tagged string `json:"tagged" jsonschema:"description=From the tag"`
	// A, B share one comment.
	A, B int
	//go:generate echo directives are not descriptions
	Directive string `json:"directive"`
	Item      Item   `json:"item"` // The item; its type's doc is replaced.
	Items     []Item `json:"items"`
	Plain     Item   `json:"plain"`
}

// Item is a named struct with a doc comment.
type Item struct {
	// Name names the item.
	Name string `json:"name"`
}

// The group's doc comment describes the first type of the group that has
// none of its own.
type (
	Grouped struct {
		X int `json:"x"`
	}
	// Own has its own doc comment.
	Own struct {
		Y int `json:"y"`
	}
	Bare struct {
		Z int `json:"z"`
	}
)

// Wrapper holds the grouped types.
type Wrapper struct {
	Grouped []Grouped `json:"grouped"`
	Own     []Own     `json:"own"`
	Bare    []Bare    `json:"bare"`
}

type hidden struct {
	// Field comments of unexported types describe too.
	Visible string `json:"visible"`
	Inner   struct {
		// So do fields of anonymous structs.
		Deep string `json:"deep"`
	} `json:"inner"`
}

// Private uses an unexported type.
type Private struct {
	Hidden hidden `json:"hidden"`
}

// UseCommented returns its input.
//
//mcp:tool
func UseCommented(in Commented) (Commented, error) { return in, nil }

// UseWrapper returns its input.
//
//mcp:tool
func UseWrapper(in Wrapper) Wrapper { return in }

// UsePrivate returns its input.
//
//mcp:tool
func UsePrivate(in Private) Private { return in }

// The tools above describe themselves: their schemas' roots leave out the
// doc comments of Commented, Wrapper and Private. UseItem has no doc
// comment (a warning), so its schemas' roots keep Item's, the only
// description there is.

//mcp:tool
func UseItem(in Item) Item { return in }
