// Package gen_methods has tools that are methods with pointer receivers
// only: it gets RegisterCounterTools and no RegisterTools.
package gen_methods

import (
	"context"
	"sync"
)

// Counter counts. It is safe for concurrent use.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Increment adds by to the counter and returns the new value.
//
//mcp:arg by how much to add
//mcp:tool
func (c *Counter) Increment(by int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n += by
	return c.n
}

// Value returns the counter's value.
//
//mcp:tool readonly
func (c *Counter) Value(ctx context.Context) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n, nil
}

// Reset sets the counter to zero.
//
//mcp:tool destructive idempotent
func (c *Counter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n = 0
}
