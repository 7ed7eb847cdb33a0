// Package parallel runs independent pieces of work on the machine's CPUs.
//
// The parser derives the schemas of a package's tools with it, which takes
// BenchmarkChecker and BenchmarkMcpgen less time on more CPUs (figures:
// docs/performance.md, "Why the generator's tricks are there").
// TestFor checks its invariants (every i once, at most GOMAXPROCS calls at
// a time); parser's TestSchemasConcurrently, under -race in test.sh,
// checks that the schemas are the same as on one goroutine.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls f(i) once for every i in [0, n), on up to GOMAXPROCS
// goroutines (the caller's among them), starting one more goroutine only
// for every minPerWorker items, and returns when all calls have returned.
// The calls run in no particular order: f must write only its own i's
// results.
func For(n, minPerWorker int, f func(i int)) {
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= n {
				return
			}
			f(i)
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n/max(minPerWorker, 1)) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}
