// Package cputime reads the CPU time of the current process, for benchmarks
// that report it beside wall time (a loaded machine's wall clock hides how
// much work was done).
package cputime

import "time"

// Process returns the CPU time (user and system, all threads) the current
// process has used, and false where the system does not tell it.
func Process() (time.Duration, bool) { return process() }
