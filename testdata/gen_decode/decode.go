// Package gen_decode has tools of the shape "decode into this": the JSON
// value of an `any` parameter is never the caller's value, so mcpgen warns
// about them, and generates them as written.
package gen_decode

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Meta describes what Decode found.
type Meta struct {
	Keys []string `json:"keys"`
}

// Decode decodes data into v and returns what it found.
//
//mcp:arg data the JSON text
//mcp:arg v where to decode it
//mcp:tool
func Decode(data string, v any) (Meta, error) {
	var m map[string]any
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		return Meta{}, err
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return Meta{Keys: keys}, json.Unmarshal([]byte(data), v)
}

// ScanRow splits row on commas into dest.
//
//mcp:arg row the values, separated by commas
//mcp:tool
func ScanRow(row string, dest ...any) error {
	if n := len(strings.Split(row, ",")); n != len(dest) {
		return fmt.Errorf("%d values for %d destinations", n, len(dest))
	}
	return nil
}

// Describe describes any JSON value: an `any` parameter that is an input,
// without a warning.
//
//mcp:arg value the value to describe
//mcp:tool
func Describe(value any) string {
	return fmt.Sprintf("%T", value)
}

var current any

// Load sets the current value to value: its only parameter is the data
// itself, without a warning (as for a sql.Scanner's Scan(src any)).
//
//mcp:tool
func Load(value any) error {
	current = value
	return nil
}

// Marshal writes v as JSON: v is the input, without a warning (as for
// json.Marshal(v any)).
//
//mcp:arg v the value to write
//mcp:tool
func Marshal(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// WeakDecode decodes input into output: only output is where it decodes
// to (as for mapstructure.WeakDecode(input, output any)).
//
//mcp:arg input the data
//mcp:arg output where to decode it
//mcp:tool
func WeakDecode(input, output any) error {
	_ = input
	_ = output
	return nil
}
