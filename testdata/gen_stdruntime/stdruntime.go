// Package gen_stdruntime imports the standard "runtime" package itself and
// uses its types in a tool: the generated file must import both it and
// mcpgen's runtime.
package gen_stdruntime

import "runtime"

// Info describes the Go runtime.
type Info struct {
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	Goroutines int    `json:"goroutines"`
}

// Describe describes the Go runtime.
//
//mcp:tool readonly
func Describe() Info {
	return Info{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, Goroutines: runtime.NumGoroutine()}
}

// Allocations returns a memory profile record of no allocations, in the
// standard runtime package's own type.
//
//mcp:tool readonly
func Allocations() (runtime.MemProfileRecord, error) {
	return runtime.MemProfileRecord{}, nil
}
