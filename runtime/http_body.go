package runtime

import (
	"context"
	"errors"
	"io"
	"net/http"
	goruntime "runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"time"
)

// This file reads request bodies with bounded memory: a body is held in one
// buffer, never more than the maximum message size of it, and every body
// being read or handled holds a share of one memory budget
// ([WithBodyMemory]).

// DefaultBodyMemory is the memory that the request bodies being read or
// handled may hold at once. See [WithBodyMemory].
const DefaultBodyMemory = 256 << 20

// bodyMemoryWait is how long a request waits for its share of the body
// memory before it is refused with 503.
const bodyMemoryWait = 15 * time.Second

// smallBody is the size up to which a body counts as small: small bodies
// may use the whole budget, larger ones all but an eighth of it, so small
// calls are served while large bodies fill the rest. A body of unknown
// length is read into a buffer of at most this size before it must reserve
// a whole message's worth.
const smallBody = 64 << 10

// WithBodyMemory sets how much memory, in bytes, the request bodies that
// the handler is reading or handling may hold at once (default
// [DefaultBodyMemory]). A body holds its share from its first byte until
// its answer is written (a legacy session's call whose client hung up:
// until the call returns). A body with a Content-Length holds that much; a
// body without one (chunked) holds 64 KiB, and the maximum message size
// ([WithMaxMessageSize]) once it grows past that. Bodies larger than 64 KiB
// share seven eighths of the budget; the last eighth is kept for smaller
// ones, so small calls go on being served while large bodies wait. A
// request that cannot get its share within 15 seconds is refused with 503
// Service Unavailable (and Retry-After) before its body is read. The budget
// is raised to what one message of the maximum size needs when it is
// smaller. It counts bodies, not what a tool makes of its arguments: bound
// that with [WithMaxConcurrentCalls]. n <= 0 means the default.
func WithBodyMemory(n int64) HTTPOption {
	return func(c *httpConfig) { c.bodyMemory = n }
}

// collectMin is the size from which a released body stays counted in the
// budget until the garbage collector has freed it.
const collectMin = 1 << 20

// bodyBudget is the memory budget shared by the bodies of one handler.
//
// A body that is no longer held is not free memory yet: the garbage
// collector frees it when the heap has grown by as much again as it held
// after the last collection (GOGC), so bodies that the budget let in one
// after another would pile up to twice the budget and more (716 MiB of peak
// RSS growth for 32 bodies of 60 MiB with a 256 MiB budget,
// hardening/TestHTTPBodyMemoryShared). And memory the collector freed is
// not always reused: a body of the limit's size (64 MiB, a heap arena) does
// not fit in the hole another left once small objects were put there (324
// MiB with collections alone).
//
// So the share of a released body of collectMin bytes or more is returned
// in two steps, each observed rather than assumed:
//
//   - garbage: released by its last holder, its buffer perhaps still
//     reachable (a goroutine that has not yet returned may still point at
//     it). A cleanup attached to the buffer (runtime.AddCleanup) moves it on
//     once the collector has found the buffer unreachable and freed it.
//     Crediting a body on its release alone let one more body in than the
//     budget allows whenever a collection ran before the last reference was
//     gone (303 MiB in the test above, on a busy machine).
//   - dead: freed by the collector. Its share is returned after a collection
//     that returns free memory to the OS (debug.FreeOSMemory) has started
//     after it was freed, so that its memory is no longer resident either
//     (243 MiB in the test above).
//
// Collections run, one at a time, when bodies wait for memory or when
// garbage fills an eighth of the budget; small bodies are left to the
// collector's own pacing.
type bodyBudget struct {
	mu         sync.Mutex
	used       int64         // held by bodies, garbage and dead
	garbage    int64         // released bodies the collector has not freed yet
	dead       int64         // bodies the collector freed, still counted
	collecting bool          // a collect goroutine runs
	total      int64         // what small bodies may use
	large      int64         // what bodies larger than smallBody may use
	wait       time.Duration // how long acquire waits: bodyMemoryWait
	waiters    int           // goroutines waiting in acquire
	freed      chan struct{} // closed (and replaced) by a release when waiters > 0
}

func newBodyBudget(total, limit int64) *bodyBudget {
	if total <= 0 {
		total = DefaultBodyMemory
	}
	// One message of the maximum size must fit among the large bodies.
	total = max(total, limit+limit/7+smallBody)
	return &bodyBudget{total: total, large: total - total/8, wait: bodyMemoryWait, freed: make(chan struct{})}
}

var errBodyMemory = errors.New("no body memory")

// acquire reserves n bytes, waiting for them for at most b.wait or until
// ctx is done.
func (b *bodyBudget) acquire(ctx context.Context, n int64) error {
	var timer *time.Timer
	for {
		b.mu.Lock()
		avail := b.total
		if n > smallBody {
			avail = b.large
		}
		if b.used+n <= avail {
			b.used += n
			b.mu.Unlock()
			if timer != nil {
				timer.Stop()
			}
			return nil
		}
		b.waiters++
		b.collectLocked()
		freed := b.freed
		b.mu.Unlock()
		if timer == nil {
			timer = time.NewTimer(b.wait)
		}
		var err error
		select {
		case <-freed:
		case <-ctx.Done():
			err = ctx.Err()
		case <-timer.C:
			err = errBodyMemory
		}
		b.mu.Lock()
		b.waiters--
		b.mu.Unlock()
		if err != nil {
			timer.Stop()
			return err
		}
	}
}

// release returns n bytes to the budget at once: they were never in a
// buffer that the collector must free first.
func (b *bodyBudget) release(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	b.wakeLocked()
}

// discard counts n released bytes as garbage, or as dead when the
// collector has already freed their buffer.
func (b *bodyBudget) discard(n int64, freed bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if freed {
		b.dead += n
	} else {
		b.garbage += n
	}
	b.collectLocked()
}

// died moves n bytes of garbage to dead: the collector freed their buffer.
func (b *bodyBudget) died(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.garbage -= n
	b.dead += n
	b.collectLocked()
}

// wakeLocked wakes the goroutines waiting for memory.
func (b *bodyBudget) wakeLocked() {
	if b.waiters > 0 {
		close(b.freed)
		b.freed = make(chan struct{})
	}
}

// collectLocked starts a collection when garbage is worth one.
func (b *bodyBudget) collectLocked() {
	if !b.collecting && b.garbageDueLocked() {
		b.collecting = true
		go b.collect()
	}
}

func (b *bodyBudget) garbageDueLocked() bool {
	g := b.garbage + b.dead
	return g > 0 && (b.waiters > 0 || g >= b.total/8)
}

// collect runs collections that return free memory to the OS until no
// garbage is due, and returns to the budget the dead bodies' shares: those
// freed before a collection started. A body still reachable when a
// collection runs stays garbage; the collections that follow are spaced out
// (1 ms, doubling up to 64 ms) while nothing is returned, so a body that
// stays reachable for a while costs a few collections, not a busy loop.
func (b *bodyBudget) collect() {
	pause := time.Millisecond
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.garbageDueLocked() {
		dead := b.dead
		b.mu.Unlock()
		debug.FreeOSMemory()
		if dead == 0 {
			time.Sleep(pause) // the cleanups of what this collection freed run now
			pause = min(2*pause, 64*time.Millisecond)
		} else {
			pause = time.Millisecond
		}
		b.mu.Lock()
		b.dead -= dead
		b.used -= dead
		if dead > 0 {
			b.wakeLocked()
		}
	}
	b.collecting = false
}

// A bodyLease is a body's share of the budget. It is returned when the last
// of its holders (the handler, and a call that may outlive it) lets go, and,
// for a buffer of collectMin bytes or more, once the collector has freed
// that buffer.
type bodyLease struct {
	budget  *bodyBudget
	mu      sync.Mutex
	n       int64 // the share, until the last holder lets go
	refs    int
	tracked bool  // the buffer has a cleanup: the share waits for it
	freed   bool  // the cleanup ran: the collector freed the buffer
	garbage int64 // the share counted as garbage, until the cleanup runs
}

// hold adds a holder.
func (l *bodyLease) hold() {
	l.mu.Lock()
	l.refs++
	l.mu.Unlock()
}

// release drops a holder; the last one returns the share, or hands it to
// the collector's accounting when its buffer must be freed first.
func (l *bodyLease) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refs--
	if l.refs > 0 || l.n == 0 {
		return
	}
	n := l.n
	l.n = 0
	switch {
	case !l.tracked:
		l.budget.release(n)
	case l.freed:
		l.budget.discard(n, true)
	default:
		l.garbage = n
		l.budget.discard(n, false)
	}
}

// collected runs once the collector has freed the lease's buffer.
func (l *bodyLease) collected() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.freed = true
	if l.garbage > 0 {
		l.budget.died(l.garbage)
		l.garbage = 0
	}
}

// grow reserves n more bytes for the lease.
func (l *bodyLease) grow(ctx context.Context, n int64) error {
	if err := l.budget.acquire(ctx, n); err != nil {
		return err
	}
	l.mu.Lock()
	l.n += n
	l.mu.Unlock()
	return nil
}

// buffer allocates the body's buffer of n bytes. One of collectMin bytes or
// more gets a cleanup that tells the lease when the collector has freed it.
func (l *bodyLease) buffer(n int64) []byte {
	buf := make([]byte, n)
	if n >= collectMin {
		l.mu.Lock()
		l.tracked = true
		l.mu.Unlock()
		goruntime.AddCleanup(&buf[0], (*bodyLease).collected, l)
	}
	return buf
}

// readBody reads the body of a POST within the size limit and the memory
// budget. On success it returns the body and its lease, which the caller
// releases when it no longer holds the body; otherwise it has answered the
// request and returns a nil lease.
func (h *httpHandler) readBody(w http.ResponseWriter, r *http.Request) ([]byte, *bodyLease) {
	limit := int64(h.srv.maxMessage)
	if r.ContentLength > limit {
		bodyTooLarge(w, limit) // before reading any of it
		return nil, nil
	}
	lease := &bodyLease{budget: h.bodies, refs: 1}
	var body []byte
	var err error
	if r.ContentLength >= 0 {
		body, err = readDeclared(r, lease)
	} else {
		body, err = readStreamed(w, r, lease, limit)
	}
	if err != nil {
		lease.release()
		refuseBody(w, err, limit)
		return nil, nil
	}
	return body, lease
}

// readDeclared reads a body whose length is known into one buffer of
// exactly that size.
func readDeclared(r *http.Request, lease *bodyLease) ([]byte, error) {
	if err := lease.grow(r.Context(), r.ContentLength); err != nil {
		return nil, err
	}
	body := lease.buffer(r.ContentLength)
	if _, err := io.ReadFull(r.Body, body); err != nil {
		return nil, err
	}
	return body, nil
}

// readStreamed reads a body of unknown length (chunked): up to smallBody
// in a small buffer; past that, into one buffer of the limit's size, which
// it may fill but not overflow.
func readStreamed(w http.ResponseWriter, r *http.Request, lease *bodyLease, limit int64) ([]byte, error) {
	small := min(smallBody, limit)
	if err := lease.grow(r.Context(), small); err != nil {
		return nil, err
	}
	rd := http.MaxBytesReader(w, r.Body, limit)
	body := make([]byte, 0, min(4<<10, small))
	for int64(len(body)) < small {
		if len(body) == cap(body) {
			grown := make([]byte, len(body), min(2*int64(cap(body)), small))
			copy(grown, body)
			body = grown
		}
		n, err := rd.Read(body[len(body):cap(body)])
		body = body[:len(body)+n]
		if err == io.EOF {
			return body, nil
		}
		if err != nil {
			return nil, err
		}
	}
	if err := lease.grow(r.Context(), limit-small); err != nil {
		return nil, err
	}
	big := lease.buffer(limit)
	n := copy(big, body)
	for n < len(big) {
		m, err := rd.Read(big[n:])
		n += m
		if err == io.EOF {
			return big[:n:n], nil
		}
		if err != nil {
			return nil, err
		}
	}
	// Full: the body ends here, or it is too long (the MaxBytesReader
	// says which on the next read).
	var one [1]byte
	if _, err := rd.Read(one[:]); err != io.EOF {
		if err == nil {
			err = &http.MaxBytesError{Limit: limit}
		}
		return nil, err
	}
	return big, nil
}

// bodyTooLarge answers a body over the limit.
func bodyTooLarge(w http.ResponseWriter, limit int64) {
	httpError(w, http.StatusRequestEntityTooLarge, codeInvalidRequest,
		"Invalid Request: message longer than "+strconv.FormatInt(limit, 10)+" bytes")
}

// refuseBody answers a body that could not be read for err.
func refuseBody(w http.ResponseWriter, err error, limit int64) {
	switch {
	case errors.Is(err, errBodyMemory):
		w.Header().Set("Retry-After", "1")
		httpError(w, http.StatusServiceUnavailable, codeInvalidRequest,
			"Service Unavailable: the server is reading too many large requests; retry later")
	case errors.As(err, new(*http.MaxBytesError)):
		bodyTooLarge(w, limit)
	default:
		// The client went away or sent a broken body.
		httpError(w, http.StatusBadRequest, codeParseError, "Parse error: reading the request body failed")
	}
}
