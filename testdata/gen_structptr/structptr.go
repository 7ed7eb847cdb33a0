// Package gen_structptr has tools that take a pointer to a struct.
package gen_structptr

import (
	"context"
	"errors"
)

// Order is an order to place.
type Order struct {
	// Item names what is ordered.
	Item string `json:"item"`
	// Quantity is how many.
	Quantity int `json:"quantity" jsonschema:"minimum=1"`
	// Note is an optional remark.
	Note *string `json:"note,omitempty"`
}

// Receipt confirms an order.
type Receipt struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
}

// Place places an order.
//
//mcp:tool title="Place an order" destructive=false
func Place(ctx context.Context, o *Order) (*Receipt, error) {
	if o.Quantity < 1 {
		return nil, errors.New("quantity must be positive")
	}
	return &Receipt{ID: o.Item + "-1", Total: o.Quantity * 3}, nil
}

// Shop keeps orders.
type Shop struct {
	orders []Order
}

// Add records an order.
//
//mcp:tool
func (s *Shop) Add(o *Order) error {
	s.orders = append(s.orders, *o)
	return nil
}

// Check validates an order without placing it.
//
//mcp:tool readonly
func (s *Shop) Check(o Order) (Receipt, error) {
	return Receipt{ID: "check", Total: o.Quantity * 3}, nil
}
