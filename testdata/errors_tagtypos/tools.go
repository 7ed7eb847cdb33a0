// Package errors_tagtypos holds jsonschema tags with the keywords people
// write by habit or in short: each unknown keyword gets the one it meant.
package errors_tagtypos

// In has a misspelt or borrowed keyword on each field.
type In struct {
	// Name is abbreviated as in other tag languages.
	Name string `json:"name" jsonschema:"maxlen=40"`
	// Code borrows validator's max, which on a string is a length.
	Code string `json:"code" jsonschema:"max=8"`
	// Count borrows validator's min, which on a number is a bound.
	Count int `json:"count" jsonschema:"min=1"`
	// Tags borrows validator's len, which on an array is both sizes.
	Tags []string `json:"tags" jsonschema:"len=2"`
	// Unique abbreviates uniqueItems.
	Unique []int `json:"unique" jsonschema:"uniq=true"`
	// Far is nothing a keyword abbreviates.
	Far string `json:"far" jsonschema:"size=3"`
}

// Take takes In.
//
//mcp:tool
func Take(in In) {}
