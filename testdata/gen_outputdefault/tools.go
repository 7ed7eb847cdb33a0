// Package gen_outputdefault returns types of other modules (the standard
// library's) and of its own: which output schemas are kept by default.
package gen_outputdefault

import (
	"image"
	"runtime"
	"time"
)

// Stats is the package's own type: its schema is kept, however large.
type Stats struct {
	Mem   runtime.MemStats `json:"mem"`   // the memory statistics
	Taken time.Time        `json:"taken"` // when they were read
}

// Mem returns the memory statistics: another module's type written out
// whole, over the default bound, so its output schema is left out.
//
//mcp:tool
func Mem() *runtime.MemStats {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return &m
}

// Point returns a point: another module's type, small enough to keep.
//
//mcp:tool
func Point() image.Point { return image.Pt(3, 4) }

// Own returns the package's own type, which holds another module's.
//
//mcp:tool
func Own() Stats { return Stats{Taken: time.Unix(0, 0).UTC()} }
