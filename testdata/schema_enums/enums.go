// Package schema_enums exercises automatic enums from declared constants.
package schema_enums

import "github.com/mcpgen/mcpgen/testdata/schema_enums/units"

// Color is a string enum.
type Color string

const (
	Red   Color = "red"
	Green Color = "green"
	Blue  Color = "blue"
	// Crimson repeats a value; the enum lists it once.
	Crimson = Red
)

// Priority is an integer enum declared with iota.
type Priority int

const (
	Low Priority = iota // Low waits for the others.
	Medium
	// High goes first.
	High
)

// Untyped constants and constants of other types are not values of Priority.
const (
	Unrelated       = 7
	Other     int   = 9
	Bits      uint8 = 3
)

// Paint uses enums from this package and another one.
type Paint struct {
	Color    Color            `json:"color"`
	Priority Priority         `json:"priority"`
	Unit     units.Unit       `json:"unit"`
	Colors   []Color          `json:"colors"`
	ByColor  map[Color]string `json:"by_color"`
	Optional *Priority        `json:"optional,omitempty"`
	Reading  units.Reading    `json:"reading"` // Its field comments are read from the units package source.
}

// UsePaint returns its input.
//
//mcp:tool
func UsePaint(in Paint) (Paint, error) { return in, nil }
