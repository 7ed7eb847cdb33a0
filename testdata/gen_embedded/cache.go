// Package gen_embedded has the shape of a real cache library: the exported
// type embeds a pointer to an unexported one, which has the methods, and
// a timestamp type embeds time.Time.
package gen_embedded

import (
	"errors"
	"sort"
	"sync"
	"time"
)

// Cache is a string cache safe for concurrent use.
type Cache struct {
	*cache
}

type cache struct {
	mu    sync.Mutex
	items map[string]item
}

type item struct {
	value   string
	expires Stamp
}

// Stamp is a point in time, with time.Time's JSON form.
type Stamp struct{ time.Time }

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{&cache{items: map[string]item{}}}
}

// Set stores value under key until ttl has passed (0: for ever).
//
//mcp:tool
//mcp:arg key the key
//mcp:arg value the value to store
//mcp:arg ttl how long the value lives
func (c *cache) Set(key, value string, ttl time.Duration) Stamp {
	c.mu.Lock()
	defer c.mu.Unlock()
	var exp Stamp
	if ttl > 0 {
		exp = Stamp{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC).Add(ttl)}
	}
	c.items[key] = item{value, exp}
	return exp
}

// Get returns the value stored under key.
//
//mcp:tool readonly
//mcp:arg key the key
func (c *cache) Get(key string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[key]
	if !ok {
		return "", errors.New("no such key")
	}
	return it.value, nil
}

// Keys lists the keys in order.
//
//mcp:tool readonly
func (c *Cache) Keys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	keys := make([]string, 0, len(c.items))
	for k := range c.items {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
