package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	prev := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(prev)
	for _, tc := range []struct{ n, min, maxWorkers int }{
		{0, 16, 1}, {1, 16, 1}, {15, 16, 1}, {40, 16, 2}, {1000, 16, 4}, {1000, 0, 4},
	} {
		seen := make([]atomic.Int32, tc.n)
		var running, peak atomic.Int32
		For(tc.n, tc.min, func(i int) {
			r := running.Add(1)
			for p := peak.Load(); r > p && !peak.CompareAndSwap(p, r); p = peak.Load() {
			}
			seen[i].Add(1)
			running.Add(-1)
		})
		for i := range seen {
			if got := seen[i].Load(); got != 1 {
				t.Errorf("n=%d: f(%d) called %d times", tc.n, i, got)
			}
		}
		if p := int(peak.Load()); p > tc.maxWorkers {
			t.Errorf("n=%d min=%d: %d calls at once, want at most %d", tc.n, tc.min, p, tc.maxWorkers)
		}
	}
}
