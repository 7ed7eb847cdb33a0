package runtime

import (
	"strconv"
	"sync"
)

// This file bounds what the server holds for a client that does not read
// what it is sent outside any request: a legacy session's GET stream, a
// stdio connection's resource updates and list changes, a modern
// subscriptions/listen stream, and a fleet replica's resource updates on
// their way to the store. Each queues them in an outbox, which holds at
// most a number of messages and of bytes (docs/guarantees.md, "A stream
// nobody reads"): an update of a URI that already waits unsent is
// redundant and not queued again (the client reads the resource once,
// whatever the number of changes), and past the bound a message is
// dropped and counted, which the stream then says in its own way (see
// where each one takes from its outbox).

// The bounds of the outbox of one stream.
const (
	streamQueueMessages = 64
	streamQueueBytes    = 256 << 10
)

// The bounds of a fleet replica's outbox of resource updates for the
// store: distinct URIs (an update of one already waiting is not queued),
// so a program that updates a few resources very often never reaches it.
const (
	fleetQueueMessages = 4096
	fleetQueueBytes    = 1 << 20
)

// An outbox is the queue of one stream: the messages wait in it, oldest
// first, for the goroutine that writes them. put never blocks.
type outbox[T any] struct {
	key      func(T) string // coalescing key, "" for a message never coalesced
	size     func(T) int    // the bytes the message holds
	messages int            // the bounds
	bytes    int
	onDrop   func() // called (outside the lock) when a message is first dropped

	ready chan struct{} // has a value while messages (or a drop) wait

	mu      sync.Mutex
	queue   []T
	held    int // bytes of the messages in queue
	keys    map[string]bool
	dropped int  // messages dropped since take last reported them
	told    bool // onDrop was called
}

func newOutbox[T any](messages, bytes int, key func(T) string, size func(T) int) *outbox[T] {
	return &outbox[T]{key: key, size: size, messages: messages, bytes: bytes,
		ready: make(chan struct{}, 1), keys: make(map[string]bool)}
}

// put queues m, unless a message of the same key waits already (m says
// nothing more: it is redundant). It reports false when m was dropped,
// the outbox being full.
func (o *outbox[T]) put(m T) bool {
	k, n := o.key(m), o.size(m)
	o.mu.Lock()
	if k != "" && o.keys[k] {
		o.mu.Unlock()
		return true
	}
	if len(o.queue) >= o.messages || o.held+n > o.bytes {
		o.dropped++
		first := !o.told
		o.told = true
		o.mu.Unlock()
		o.wake()
		if first && o.onDrop != nil {
			o.onDrop()
		}
		return false
	}
	o.queue = append(o.queue, m)
	o.held += n
	if k != "" {
		o.keys[k] = true
	}
	o.mu.Unlock()
	o.wake()
	return true
}

func (o *outbox[T]) wake() {
	select {
	case o.ready <- struct{}{}:
	default:
	}
}

// take returns the oldest waiting message (ok false when there is none)
// and the number of messages dropped since the last take, whose count it
// resets. A reader waits on o.ready and takes once per value: ready has a
// value again while more waits.
func (o *outbox[T]) take() (m T, ok bool, dropped int) {
	o.mu.Lock()
	dropped, o.dropped = o.dropped, 0
	if len(o.queue) > 0 {
		var zero T
		m, ok = o.queue[0], true
		o.queue[0] = zero
		o.queue = o.queue[1:]
		if len(o.queue) == 0 {
			o.queue = nil
		}
		o.held -= o.size(m)
		if k := o.key(m); k != "" {
			delete(o.keys, k)
		}
	}
	more := len(o.queue) > 0
	o.mu.Unlock()
	if more {
		o.wake()
	}
	return m, ok, dropped
}

// empty reports whether no message waits.
func (o *outbox[T]) empty() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.queue) == 0
}

// pushedKey coalesces the resource updates of one URI and the
// notifications of one list change; a question is never coalesced.
func pushedKey(p pushed) string {
	if p.uri != "" {
		return p.uri
	}
	return p.list
}

// pushedSize is what a queued message holds: a resource update holds its
// URI, and takes about as much again once made (pushed.message).
func pushedSize(p pushed) int {
	if p.msg == nil {
		return 2*len(p.uri) + 64
	}
	return len(p.msg) + len(p.uri)
}

// newPushOutbox returns the outbox of a stream of pushed messages.
func newPushOutbox() *outbox[pushed] {
	return newOutbox(streamQueueMessages, streamQueueBytes, pushedKey, pushedSize)
}

// droppedNotice is the notifications/message, level warning, that tells a
// legacy client on stdio that messages meant for it were dropped, or nil
// when its log level does not let it hear a warning.
func (c *conn) droppedNotice(n int) []byte {
	min := c.logLevel()
	if min == levelOff || min > 3 { // 3: warning
		return nil
	}
	return appendNotification(nil, "notifications/message",
		[]byte(`{"level":"warning","logger":"mcp","data":{"message":"`+droppedText(n)+`","dropped":`+strconv.Itoa(n)+`}}`))
}

// droppedText says that n messages were dropped, in words a client's user
// can act on.
func droppedText(n int) string {
	return strconv.Itoa(n) + " notifications were dropped: the client did not read them as fast as they came (the server holds at most " +
		strconv.Itoa(streamQueueMessages) + " messages and " + strconv.Itoa(streamQueueBytes>>10) +
		" KiB for it); read the subscribed resources and lists again"
}
