// Package gen_generic has generic functions, each made a tool once per
// instantiation that its //mcp:tool directives name with types=.
package gen_generic

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"
)

// Max returns the largest of xs.
//
//mcp:arg xs the values to compare
//mcp:tool name=max_int types=int readonly
//mcp:tool name=max_string types=string readonly
func Max[T cmp.Ordered](xs ...T) (T, error) {
	if len(xs) == 0 {
		var zero T
		return zero, errors.New("no values")
	}
	return slices.Max(xs), nil
}

// Number is a number a sum can add.
type Number interface {
	~int | ~int64 | ~float64
}

// Sum adds up xs.
//
//mcp:arg xs the numbers to add
//mcp:tool name=sum_floats types=float64
//mcp:tool name=sum_durations types=time.Duration
func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Invert swaps the keys and the values of m.
//
//mcp:arg m the map to invert
//mcp:tool types=string,int
func Invert[K, V comparable](m map[K]V) map[V]K {
	out := make(map[V]K, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}

// Task is a thing to do.
type Task struct {
	// Title says what to do.
	Title string `json:"title"`
	// Done is set once it is done.
	Done bool `json:"done,omitempty"`
	// Due is when it is due.
	Due time.Time `json:"due,omitzero"`
}

// Page is one page of items.
type Page[T any] struct {
	// Items are the page's items.
	Items []T `json:"items"`
	// Rest is how many items follow.
	Rest int `json:"rest"`
}

// Paginate returns the first page of items, of at most size items.
//
//mcp:arg items what to paginate
//mcp:arg size jsonschema:"minimum=1" the most items on a page
//mcp:tool name=paginate_tasks types=Task
func Paginate[T any](ctx context.Context, items []T, size int) (Page[T], error) {
	if err := ctx.Err(); err != nil {
		return Page[T]{}, err
	}
	n := min(size, len(items))
	return Page[T]{Items: items[:n], Rest: len(items) - n}, nil
}

// Reverse reverses xs in place.
//
//mcp:arg xs the values to reverse
//mcp:tool name=reverse_words types=[]string result=xs
func Reverse[S ~[]E, E any](xs S) {
	slices.Reverse(xs)
}

// Box holds one value and a label.
type Box[T any] struct {
	// Value is what the box holds.
	Value T `json:"value"`
	// Label names the box.
	Label string `json:"label,omitempty"`
}

// Open returns what the box holds: the arguments are the fields of an
// instantiated generic struct.
//
//mcp:tool name=open_int_box types=int
func Open[T any](b Box[T]) T { return b.Value }

// Zero returns the zero value of T: a type parameter in the result only.
//
//mcp:tool name=zero_task types=Task
func Zero[T any]() T {
	var zero T
	return zero
}
