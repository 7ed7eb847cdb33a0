// Package funclen holds the check that keeps the functions of the parser,
// the generator and the runtime short (its test): none over 100 lines
// unless it is one linear list, said in its comment and in the test's
// allow-list with the reason.
package funclen
