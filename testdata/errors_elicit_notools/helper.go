// Package errors_elicit_notools elicits a form but declares no tool.
package errors_elicit_notools

import (
	"context"

	"github.com/mcpgen/mcpgen/runtime"
)

// Name is a form.
type Name struct {
	Name string `json:"name"`
}

// AskName asks for a name from a helper package without tools.
func AskName(ctx context.Context) (string, error) {
	form, err := runtime.Elicit[Name](ctx, "Name?")
	return form.Content.Name, err
}
