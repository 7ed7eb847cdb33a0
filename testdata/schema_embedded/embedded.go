// Package schema_embedded exercises embedded structs.
package schema_embedded

// Base holds fields shared by embedding.
type Base struct {
	// ID identifies the record.
	ID      string `json:"id"`
	Created string `json:"created,omitempty"`
}

// Audit is embedded through a pointer.
type Audit struct {
	By string `json:"by"`
}

// Meta is embedded with a json tag, so it is one property.
type Meta struct {
	Version int `json:"version"`
}

type inner struct {
	Secret string `json:"secret"`
}

// Record embeds structs in every way encoding/json flattens them.
type Record struct {
	Base
	*Audit
	Meta  `json:"meta"`
	inner        // unexported, but its exported fields are promoted
	Title string `json:"title"`
}

// Left and Right both have fields named Name and Score.
type Left struct {
	Name  string
	Score int
	Only  string
}

// Right is Left's rival.
type Right struct {
	Name  string
	Score int `json:"Score"`
}

// Deep holds fields that lose to shallower ones.
type Deep struct {
	Left
}

// Conflicts follows encoding/json's dominance rules: equal rivals cancel
// out (Name), a tagged field beats an untagged one (Score), and the
// shallower field wins (Only).
type Conflicts struct {
	Left
	Right
	Deep
	Only string
}

// Hidden leaves out the fields of an embedded struct tagged jsonschema:"-"
// (inputs only: encoding/json still writes them).
type Hidden struct {
	Base  `jsonschema:"-"`
	Title string `json:"title"`
}

// UseRecord returns its input.
//
//mcp:tool
func UseRecord(in Record) (Record, error) { return in, nil }

// UseConflicts returns its input.
//
//mcp:tool
func UseConflicts(in Conflicts) Conflicts { return in }

// UseHidden takes Hidden.
//
//mcp:tool
func UseHidden(in Hidden) error { return nil }
