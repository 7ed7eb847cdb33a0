package main

import "errors"

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen -server-json server.json

// Add returns the sum a + b.
//
//mcp:arg a the first addend
//mcp:arg b the second addend
//mcp:tool readonly idempotent openworld=false
func Add(a, b float64) float64 { return a + b }

// Subtract returns the difference a - b.
//
//mcp:arg a the minuend
//mcp:arg b the subtrahend, taken away from a
//mcp:tool readonly idempotent openworld=false
func Subtract(a, b float64) float64 { return a - b }

// Multiply returns the product a × b.
//
//mcp:arg a the first factor
//mcp:arg b the second factor
//mcp:tool readonly idempotent openworld=false
func Multiply(a, b float64) float64 { return a * b }

// errDivideByZero is what Divide reports for b = 0: the model reads it as a
// tool error (isError) and can ask again, not as a protocol failure.
var errDivideByZero = errors.New("cannot divide by zero: b must not be 0")

// Divide returns the quotient a ÷ b. Dividing by zero is an error.
//
//mcp:arg a the dividend
//mcp:arg b the divisor; must not be 0
//mcp:tool readonly idempotent openworld=false
func Divide(a, b float64) (float64, error) {
	if b == 0 {
		return 0, errDivideByZero
	}
	return a / b, nil
}
