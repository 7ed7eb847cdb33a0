// Package gen_elicit asks the user to fill in forms while a tool runs.
package gen_elicit

import (
	"context"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// Size is a shirt size.
type Size string

// The sizes.
const (
	Small  Size = "S"
	Medium Size = "M"
	Large  Size = "L"
)

// Order is the form of PlaceOrder.
type Order struct {
	// The shirt size.
	Size Size `json:"size" jsonschema:"default=M"`
	// How many shirts.
	Count int `json:"count" jsonschema:"minimum=1,maximum=10,default=1"`
	// Gift wrap the parcel.
	Gift bool `json:"gift,omitempty"`
	// Anything else we should know.
	Notes string `json:"notes,omitempty" jsonschema:"maxLength=200"`
	// Extra sizes for a multi-select.
	Extra []Size `json:"extra,omitempty"`
}

// Confirm is a yes/no form.
type Confirm struct {
	OK bool `json:"ok"`
}

// PlaceOrder asks for the order's details, then for a confirmation.
//
//mcp:tool
func PlaceOrder(ctx context.Context, item string) (string, error) {
	form, err := runtime.Elicit[Order](ctx, "How should we ship "+item+"?")
	if err != nil || !form.Accepted() {
		return "cancelled", err
	}
	if _, err := runtime.Elicit[Confirm](ctx, "Place the order?"); err != nil {
		return "", err
	}
	again, err := runtime.Elicit[Order](ctx, "And a second one?")
	_ = again
	return string(form.Content.Size), err
}

// Later waits, to show a tool that elicits nothing and may run as a task.
//
//mcp:tool task
func Later(ctx context.Context, d time.Duration) {}
