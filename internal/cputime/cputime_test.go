package cputime

import (
	"runtime"
	"testing"
	"time"
)

func TestProcess(t *testing.T) {
	before, ok := Process()
	if !ok {
		if runtime.GOOS == "windows" || runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
			t.Fatalf("no CPU time on %s", runtime.GOOS)
		}
		t.Skipf("no CPU time on %s", runtime.GOOS)
	}
	// Spin until the process has used some CPU (the clock's resolution
	// may be coarse).
	deadline := time.Now().Add(5 * time.Second)
	x := 0
	for {
		for i := range 1_000_000 {
			x += i
		}
		after, _ := Process()
		if after > before {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("CPU time did not grow from %v in 5 s of spinning (%d)", before, x)
		}
	}
}
