// Package gen_plain has package-level tools with plain parameters only.
package gen_plain

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Add returns a+b.
//
//mcp:arg a the first addend
//mcp:arg b the second addend
//mcp:tool readonly idempotent
func Add(a, b float64) float64 { return a + b }

// Greet greets someone.
//
//mcp:arg name who to greet
//mcp:arg excited end with an exclamation mark
//mcp:tool
func Greet(name string, excited *bool) string {
	if excited != nil && *excited {
		return "Hello, " + name + "!"
	}
	return "Hello, " + name + "."
}

// Sorted returns the values in ascending order.
//
//mcp:arg values the numbers to sort
//mcp:tool
func Sorted(values []int) []int {
	return slices.Sorted(slices.Values(values))
}

// Lookup returns the value of key in table.
//
//mcp:arg table the table to look in
//mcp:arg key the key to look up
//mcp:tool readonly
func Lookup(table map[string]int, key string) (int, error) {
	v, ok := table[key]
	if !ok {
		return 0, fmt.Errorf("no key %q", key)
	}
	return v, nil
}

// After returns the time d after t.
//
//mcp:arg t the start
//mcp:arg seconds how many seconds later
//mcp:tool
func After(t time.Time, seconds int64) time.Time {
	return t.Add(time.Duration(seconds) * time.Second)
}

// Shout upper-cases its input.
//
//mcp:arg text what to shout
//mcp:tool name=shout
func Shout(text string) string { return strings.ToUpper(text) }
