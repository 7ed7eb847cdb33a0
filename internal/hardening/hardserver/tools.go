package main

import (
	"context"
	"errors"
	"fmt"
	goruntime "runtime"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// Sleep waits for the given number of milliseconds, or until the call is
// cancelled. It logs "sleep started" on stderr when it begins.
//
//mcp:tool readonly idempotent
//mcp:arg millis how long to wait, in milliseconds
func Sleep(ctx context.Context, millis int) (string, error) {
	runtime.Logger(ctx).Info("sleep started", "millis", millis)
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case <-time.After(time.Duration(millis) * time.Millisecond):
		return fmt.Sprintf("slept %dms", millis), nil
	}
}

// Echo returns its text.
//
//mcp:tool readonly idempotent
//mcp:arg text the text to return
func Echo(text string) string { return text }

// Fail fails with an error whose text the developer chose.
//
//mcp:tool
//mcp:arg reason why
func Fail(reason string) error { return errors.New("refused: " + reason) }

// Explode panics, as buggy code does.
//
//mcp:tool
func Explode() string {
	var m map[string]string
	//lint:ignore SA5000 deliberate: the runtime error that buggy code panics with
	m["/home/dev/hardserver/tools.go"] = "boom" // nil map write
	return ""
}

// Ratio returns a / b. 0/0 is NaN, which JSON cannot encode.
//
//mcp:arg a the dividend
//mcp:arg b the divisor
//mcp:tool readonly idempotent
func Ratio(a, b float64) float64 { return a / b }

// Ticks reports progress n times, one tick every millis milliseconds, and
// returns n; cancelled, it stops.
//
//mcp:arg n how many ticks to report
//mcp:arg millis the pause before each tick, in milliseconds
//mcp:tool readonly
func Ticks(ctx context.Context, n, millis int) (int, error) {
	for i := 1; i <= n; i++ {
		select {
		case <-ctx.Done():
			runtime.Logger(ctx).Info("ticks cancelled", "at", i)
			return 0, ctx.Err()
		case <-time.After(time.Duration(millis) * time.Millisecond):
		}
		runtime.ReportProgress(ctx, float64(i), float64(n), "tick")
	}
	return n, nil
}

// Vitals is what the server process reports about itself.
type Vitals struct {
	Goroutines int    `json:"goroutines"`
	HeapInuse  uint64 `json:"heapInuse"`
	Sys        uint64 `json:"sys"`        // bytes obtained from the OS, a high-water mark
	TotalAlloc uint64 `json:"totalAlloc"` // bytes allocated since the start
}

// GetVitals reports the server's goroutine count and memory statistics,
// after a garbage collection.
//
//mcp:tool readonly
func GetVitals() Vitals {
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return Vitals{Goroutines: goruntime.NumGoroutine(), HeapInuse: ms.HeapInuse, Sys: ms.Sys, TotalAlloc: ms.TotalAlloc}
}
