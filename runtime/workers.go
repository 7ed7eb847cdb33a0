package runtime

import (
	"sync"
	"time"
)

// This file is the pool of goroutines that runs tool calls, shared by the
// stdio transport (Server.Serve) and the HTTP one (httpHandler).

// workerPool runs jobs on goroutines that outlive them. A fresh goroutine
// per call would start on a small stack and grow it (copying) in every
// call, which decoding JSON through reflection reliably triggers; a reused
// goroutine keeps its grown stack. The pool never makes a job wait: with no
// idle worker it starts another, so calls stay fully concurrent.
//
// Idle workers are capped at maxIdleWorkers: after a burst of calls, the
// workers beyond it end instead of holding their stacks for the rest of
// the connection. The most recently idle worker gets the next job (its
// stack and caches are warm, and the others can stay idle long enough to
// end).
//
// A pool that is never stopped (the HTTP handler's) sets linger: a worker
// idle that long ends, so that a quiet server holds no goroutines for calls.
//
// Invariants, tested by TestWorkerPool: do never waits (n blocked jobs run
// at once); at most maxIdleWorkers stay idle (also
// TestStdioGoroutinesBounded); with linger, idle workers end; after stop,
// none is idle. Why: with calls in flight, reusing a worker costs less
// server CPU per call than a goroutine per call, on stdio
// (BenchmarkStdioPipe/c=8) and HTTP (the bench/ driver's http scenario;
// figures: docs/performance.md, "Why the runtime's tricks are there").
type workerPool struct {
	linger time.Duration

	mu      sync.Mutex
	idle    []chan func() // a stack: each idle worker's own channel (buffered 1)
	stopped bool
}

// maxIdleWorkers is how many idle workers a pool keeps.
const maxIdleWorkers = 128

func (p *workerPool) do(job func()) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		ch := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		ch <- job // never blocks: the channel is the worker's own, and empty
		return
	}
	p.mu.Unlock()
	go p.work(job)
}

func (p *workerPool) work(job func()) {
	var ch chan func()
	var t *time.Timer
	for job != nil {
		job()
		p.mu.Lock()
		if p.stopped || len(p.idle) >= maxIdleWorkers {
			p.mu.Unlock()
			return
		}
		if ch == nil {
			ch = make(chan func(), 1)
		}
		p.idle = append(p.idle, ch)
		p.mu.Unlock()
		if p.linger <= 0 {
			job = <-ch
			continue
		}
		if t == nil {
			t = time.NewTimer(p.linger)
		} else {
			t.Reset(p.linger)
		}
		select {
		case job = <-ch:
		case <-t.C:
			if p.leave(ch) {
				return
			}
			job = <-ch // do took this worker just now: its job is on the way
		}
	}
}

// leave takes ch off the idle stack and reports whether it was there.
func (p *workerPool) leave(ch chan func()) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, c := range p.idle {
		if c == ch {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			return true
		}
	}
	return false
}

// stop ends the idle workers; busy ones end after their job.
func (p *workerPool) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	for _, ch := range p.idle {
		ch <- nil
	}
	p.idle = nil
}

// workerLinger is how long an idle HTTP call worker waits for another call.
const workerLinger = time.Second
