// Package gen_inplace_bulk makes the methods of a type tools with
// //mcp:tools, some of which take a slice they may change in place, and
// some of which the directive leaves out: the grouped warning names only
// the tools that exist.
package gen_inplace_bulk

//mcp:tools Store

// Store keeps numbers.
type Store struct{}

// Fill fills xs with ones.
func (Store) Fill(xs []int) {
	for i := range xs {
		xs[i] = 1
	}
}

// Zero sets xs to zeros.
func (Store) Zero(xs []int) {
	clear(xs)
}

// Drain is left out: a channel has no JSON form. It would change both
// its parameters in place.
func (Store) Drain(xs []int, into map[string]chan int) {}

// Count returns how many numbers xs has.
func (Store) Count(xs []int) int { return len(xs) }
