// Package errors_generic has generic functions whose instantiations
// cannot be tools, each with the diagnostic that says why.
package errors_generic

import "cmp"

// Number is a number.
type Number interface{ ~int | ~float64 }

// Sum adds up xs; its type arguments are not named.
//
//mcp:tool
func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Total adds up xs, instantiated with a type outside its constraint.
//
//mcp:tool types=string
func Total[T Number](xs []T) T { return Sum(xs) }

// Largest returns the larger, with too many type arguments.
//
//mcp:tool types=int,int
func Largest[T cmp.Ordered](a, b T) T { return max(a, b) }

// Smallest returns the smaller, with a type that does not exist.
//
//mcp:tool types=Nope
func Smallest[T cmp.Ordered](a, b T) T { return min(a, b) }

// Later names a package the file does not import.
//
//mcp:tool types=time.Duration
func Later[T cmp.Ordered](a, b T) T { return max(a, b) }

// Half halves x, which has no type parameters.
//
//mcp:tool types=int
func Half(x int) int { return x / 2 }

// First returns the first of xs: two instantiations, one name.
//
//mcp:tool types=int
//mcp:tool types=string
func First[T any](xs []T) T { return xs[0] }

// Drain takes a channel, which has no JSON form.
//
//mcp:tool types=chan<-int
func Drain[T any](x T) {}

// Bag is a generic type.
type Bag[T any] struct{ items []T }

// Len counts the items of a generic type's value.
//
//mcp:tool
func (b *Bag[T]) Len() int { return len(b.items) }

// Pair is the key and value of m.
//
//mcp:tool types="string, int,"
func Pair[K comparable, V any](m map[K]V) int { return len(m) }

// Odd has an unbalanced bracket.
//
//mcp:tool types=map[string
func Odd[T any](x T) T { return x }

// Keys returns the keys of m, with a type argument the compiler cannot infer.
//
//mcp:tool types=map[string]int
func Keys[M ~map[K]V, K comparable, V any, R any](m M) []K { return nil }

// Cap is a method of a generic type, with type arguments it cannot take.
//
//mcp:tool types=int
func (b *Bag[T]) Cap() int { return cap(b.items) }

// Last returns the last of xs; types= is given no value.
//
//mcp:tool types=
func Last[T any](xs []T) T { return xs[len(xs)-1] }

// Point is a point.
type Point struct{ X, Y int }

// Wrap returns x: //mcp:arg fits one instantiation and not the other.
//
//mcp:arg x the value
//mcp:tool name=wrap_int types=int
//mcp:tool name=wrap_point types=Point
func Wrap[T any](x T) T { return x }

// Quoted has a types= whose quote is not closed.
//
//mcp:tool types="int
func Quoted[T any](x T) T { return x }
