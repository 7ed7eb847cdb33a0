// Package errors_elicit elicits forms that cannot be forms.
package errors_elicit

import (
	"context"

	"github.com/mcpgen/mcpgen/runtime"
)

// Nested has an object field.
type Nested struct {
	Address Address `json:"address"`
}

// Address is not a form field.
type Address struct {
	Street string `json:"street"`
}

// Ask elicits forms that break the rules.
//
//mcp:tool
func Ask(ctx context.Context) error {
	if _, err := runtime.Elicit[Nested](ctx, "Where?"); err != nil {
		return err
	}
	if _, err := runtime.Elicit[string](ctx, "Name?"); err != nil {
		return err
	}
	_, err := runtime.Elicit[[]int](ctx, "Numbers?")
	return err
}
