package runtime

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	goruntime "runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests of the invariants that the runtime's speed tricks rely on (the
// comments at runInline and workerPool say why each trick is there and name
// its benchmark, docs/performance.md has the figures; internal/validate
// tests its own pool).

// TestInlineHandOverRace: calls sent one at a time run on the reading
// goroutine and end just before, around and just after inlineGrace, so
// each races the hand-over timer. Every call is answered once, in order,
// and Serve returns at end of input; under the race detector, two
// goroutines reading at once would be reported.
func TestInlineHandOverRace(t *testing.T) {
	s := NewServer("race", "1", WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddTool(Tool{
		Name: "nap", Description: "Sleeps for us microseconds.",
		InputSchema: `{"type":"object","properties":{"us":{"type":"integer"}},"required":["us"]}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			var in struct{ US int }
			if err := Decode(args, &in); err != nil {
				return nil, err
			}
			time.Sleep(time.Duration(in.US) * time.Microsecond)
			return TextResult("slept"), nil
		},
	})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.Serve(t.Context(), inR, outW); outW.Close() }()
	out := bufio.NewReader(outR)
	naps := []int{0, 500, 900, 1000, 1100, 1500}
	for i := range 120 {
		fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"nap","arguments":{"us":%d}}}`+"\n", i, naps[i%len(naps)])
		line, err := out.ReadBytes('\n')
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			ID     json.RawMessage
			Result json.RawMessage
		}
		if err := json.Unmarshal(line, &m); err != nil || string(m.ID) != strconv.Itoa(i) || m.Result == nil {
			t.Fatalf("call %d answered with %s", i, line)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if rest, _ := io.ReadAll(out); len(rest) != 0 {
		t.Errorf("more answers than calls: %s", rest)
	}
}

// TestWorkerPool: do never makes a job wait; at most maxIdleWorkers stay
// idle; with linger, idle workers end; stop ends the idle workers.
func TestWorkerPool(t *testing.T) {
	base := goruntime.NumGoroutine()
	var p workerPool
	const n = maxIdleWorkers + 40
	release := make(chan struct{})
	var running, finished sync.WaitGroup
	running.Add(n)
	finished.Add(n)
	for range n {
		p.do(func() {
			running.Done()
			<-release
			finished.Done()
		})
	}
	running.Wait() // all n at once: none waited for another
	close(release)
	finished.Wait()
	waitGoroutines(t, base+maxIdleWorkers)
	if idle := p.idleCount(); idle > maxIdleWorkers {
		t.Errorf("%d idle workers, want at most %d", idle, maxIdleWorkers)
	}
	p.stop()
	waitGoroutines(t, base)

	q := workerPool{linger: 10 * time.Millisecond}
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		q.do(wg.Done)
	}
	wg.Wait()
	// No stop: the idle workers end by themselves. Wait for the pool to say
	// so before counting goroutines: goroutines of earlier tests that end
	// meanwhile could bring the count down to base while a worker lingers.
	deadline := time.Now().Add(20 * time.Second)
	for q.idleCount() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d idle workers 20 s after a linger of 10 ms", q.idleCount())
		}
		time.Sleep(time.Millisecond)
	}
	waitGoroutines(t, base)
	q.do(func() {}) // a pool whose workers left starts new ones
	waitGoroutines(t, base)
}

func (p *workerPool) idleCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}

// TestCallEncodeBuffers: the buffers Call encodes results in are never
// seen by a caller: results of later calls, small and over 64 KiB, leave
// an earlier result as it was.
func TestCallEncodeBuffers(t *testing.T) {
	s := newTestServer(t)
	first, err := s.Call(t.Context(), "echo", json.RawMessage(`{"text":"first"}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(first)
	for _, text := range []string{"second", strings.Repeat("x", 100<<10), "third"} {
		res, err := s.Call(t.Context(), "echo", json.RawMessage(`{"text":"`+text+`"}`), nil)
		if err != nil || res.IsError {
			t.Fatal(res, err)
		}
		if got, _ := json.Marshal(first); string(got) != string(want) {
			t.Fatalf("an earlier result changed: %s, was %s", got, want)
		}
	}
}
