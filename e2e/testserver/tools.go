package testserver

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// Add returns a + b.
//
//mcp:tool readonly idempotent
//mcp:arg a the first addend
//mcp:arg b the second addend
func Add(a, b float64) float64 { return a + b }

// Echo returns its text unchanged (the tests send megabytes through it).
//
//mcp:tool readonly
func Echo(text string) string { return text }

// Fail always fails with a tool error that carries the reason.
//
//mcp:tool
func Fail(reason string) error { return errors.New("refused: " + reason) }

// Explode panics with the given message; the server must survive it.
//
//mcp:tool name=explode
func Explode(message string) string { panic("explode: " + message) }

// Node is one node of a tree of storage locations.
type Node struct {
	Name string `json:"name" jsonschema:"minLength=1"`
	// Capacity of this location; optional.
	Capacity *int   `json:"capacity,omitempty" jsonschema:"minimum=0"`
	Children []Node `json:"children,omitempty"`
}

// TreeInput holds a tree of locations.
type TreeInput struct {
	Root Node `json:"root"`
}

// TreeSummary describes a tree of locations.
type TreeSummary struct {
	Nodes         int      `json:"nodes"`
	Depth         int      `json:"depth"`
	TotalCapacity int      `json:"total_capacity"`
	Leaves        []string `json:"leaves"`
}

// SummarizeTree counts the nodes of a recursive tree of locations.
//
//mcp:tool readonly
func SummarizeTree(in TreeInput) (TreeSummary, error) {
	var sum TreeSummary
	var walk func(n Node, depth int)
	walk = func(n Node, depth int) {
		sum.Nodes++
		sum.Depth = max(sum.Depth, depth)
		if n.Capacity != nil {
			sum.TotalCapacity += *n.Capacity
		}
		if len(n.Children) == 0 {
			sum.Leaves = append(sum.Leaves, n.Name)
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(in.Root, 1)
	return sum, nil
}

// Priority of a restock order.
type Priority string

// RestockInput is a restock order.
type RestockInput struct {
	SKU string `json:"sku" jsonschema:"pattern=^[A-Z]{2}-[0-9]{4}$"`
	// Quantity to order, 1-1000.
	Quantity int `json:"quantity" jsonschema:"minimum=1,maximum=1000"`
	// Priority of the order.
	Priority Priority `json:"priority" jsonschema:"enum=low,enum=normal,enum=urgent"`
	// At is when the goods should arrive.
	At time.Time `json:"at"`
	// Supplier to order from.
	Supplier Supplier `json:"supplier"`
	// Notes for the supplier, by language code.
	Notes map[string]string `json:"notes,omitempty"`
}

// RestockOrder is a confirmed order.
type RestockOrder struct {
	OrderID  string    `json:"order_id"`
	SKU      string    `json:"sku"`
	Quantity int       `json:"quantity"`
	Priority Priority  `json:"priority"`
	At       time.Time `json:"at"`
	Supplier string    `json:"supplier"`
}

// ScheduleRestock confirms a restock order (nothing is stored).
//
//mcp:tool openworld
func ScheduleRestock(in *RestockInput) (*RestockOrder, error) {
	return &RestockOrder{
		OrderID:  fmt.Sprintf("%s-%s", in.SKU, in.At.UTC().Format("20060102")),
		SKU:      in.SKU,
		Quantity: in.Quantity,
		Priority: in.Priority,
		At:       in.At.UTC(),
		Supplier: in.Supplier.Name,
	}, nil
}

// CountInput asks count_to for a count.
type CountInput struct {
	// To is the last number, 1-50.
	To int `json:"to" jsonschema:"minimum=1,maximum=50"`
}

// CountTo counts from 1 to To, reporting progress and logging each step,
// and returns the numbers counted.
//
//mcp:tool readonly
func CountTo(ctx context.Context, in CountInput) ([]int, error) {
	log := runtime.Logger(ctx)
	out := make([]int, 0, in.To)
	for i := 1; i <= in.To; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, i)
		runtime.ReportProgress(ctx, float64(i), float64(in.To), fmt.Sprintf("counted %d", i))
		log.Info("count step", "n", i)
	}
	log.Warn("count finished", "to", in.To)
	return out, nil
}

// cancelledWaits counts, per tag, the wait calls that ended because their
// context was cancelled.
var cancelledWaits = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

// Wait blocks until its context is cancelled or the given number of
// milliseconds has passed. It reports progress once when it starts, so a
// client knows the call is running before it cancels.
//
//mcp:tool readonly
//mcp:arg millis how long to wait, in milliseconds
//mcp:arg tag counts the call under this tag in cancelled_waits when it is cancelled
func Wait(ctx context.Context, millis int, tag *string) (string, error) {
	runtime.ReportProgress(ctx, 0, 0, "waiting")
	select {
	case <-ctx.Done():
		if tag != nil {
			cancelledWaits.Lock()
			cancelledWaits.n[*tag]++
			cancelledWaits.Unlock()
		}
		return "", ctx.Err()
	case <-time.After(time.Duration(millis) * time.Millisecond):
		return fmt.Sprintf("waited %dms", millis), nil
	}
}

// CancelledWaits reports how many wait calls with the tag were cancelled.
//
//mcp:tool readonly
func CancelledWaits(tag string) int {
	cancelledWaits.Lock()
	defer cancelledWaits.Unlock()
	return cancelledWaits.n[tag]
}

// badgePNG is a 1x1 PNG image.
const badgePNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

// Badge returns a label as text plus a small PNG image.
//
//mcp:tool readonly idempotent
//mcp:arg label text printed on the badge
func Badge(label string) (*runtime.Result, error) {
	png, err := base64.StdEncoding.DecodeString(badgePNG)
	if err != nil {
		return nil, err
	}
	return &runtime.Result{Content: []runtime.Content{
		&runtime.TextContent{Text: "badge: " + strings.ToUpper(label)},
		&runtime.ImageContent{Data: png, MIMEType: "image/png"},
	}}, nil
}
