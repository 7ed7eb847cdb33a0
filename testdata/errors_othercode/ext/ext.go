// Package ext is code that errors_othercode names in its directives.
package ext

// Replacer has the name of strings.Replacer.
type Replacer struct{}

// Swap swaps the halves of s.
func (*Replacer) Swap(s string) string { return s[len(s)/2:] + s[:len(s)/2] }

// Watch sends on ch: a channel has no JSON form.
func Watch(ch chan<- int) {}

// Undocumented has no doc comment, and its parameter no description.
func Undocumented(n int) int { return n }
