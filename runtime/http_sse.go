package runtime

import (
	"bytes"
	"mime"
	"net/http"
	"strings"
	"sync"
)

// acceptance records which answer formats a request's Accept header allows.
type acceptance struct {
	json bool // application/json (or no Accept header at all)
	sse  bool // text/event-stream
}

// parseAccept reads the Accept header. A request without one, as curl
// sends by default, accepts JSON only.
func parseAccept(h http.Header) acceptance {
	vals := h.Values("Accept")
	if len(vals) == 0 {
		return acceptance{json: true}
	}
	var a acceptance
	for _, v := range vals {
		for part := range strings.SplitSeq(v, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil || params["q"] == "0" {
				continue
			}
			switch mt {
			case "application/json", "application/*":
				a.json = true
			case "text/event-stream":
				a.sse = true
			case "*/*":
				a.json = true
			}
		}
	}
	return a
}

// writeSSEEvent writes one "message" event whose data is msg. Lines of a
// multi-line payload each get their own "data:" field, as SSE requires.
func writeSSEEvent(w http.ResponseWriter, msg []byte) error {
	var b bytes.Buffer
	b.Grow(len(msg) + 32)
	b.WriteString("event: message\n")
	for line := range bytes.SplitSeq(bytes.TrimRight(msg, "\r\n"), []byte("\n")) {
		b.WriteString("data: ")
		b.Write(bytes.TrimRight(line, "\r"))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	return http.NewResponseController(w).Flush()
}

// setSSEHeaders prepares w for an event stream (spec 2026-07-28 basic/transports/streamable-http).
func setSSEHeaders(h http.Header) {
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache, no-transform")
	h.Set("X-Accel-Buffering", "no")
}

// An exchange answers one POST that carries requests. It starts as a plain JSON
// answer and switches to an SSE stream when a notification for one of the
// requests must be sent before the answer and the client accepts
// text/event-stream; notifications the client cannot receive are dropped. After
// finish, nothing more is written (spec 2026-07-28
// basic/utilities/cancellation, spec 2026-07-28 basic/utilities/progress).
// It is the carrier of the calls the POST carries.
type exchange struct {
	w      http.ResponseWriter
	accept acceptance

	mu     sync.Mutex
	stream bool // the SSE stream has started
	done   bool // finish was called, or the stream broke

	// The reply of the call the POST carries, or nil when its client
	// cancelled it (free): whichever comes first ends the POST, so that a
	// cancelled call whose tool ignores its context does not hold up its
	// caller; the tool's late reply is dropped.
	answers chan []byte
	freed   bool // free was called
}

// replies returns the channel that the POST's reply comes on.
func (x *exchange) replies() chan []byte {
	x.mu.Lock()
	defer x.mu.Unlock()
	// Room for the reply and a cancellation, so neither ever waits.
	x.answers = make(chan []byte, 2)
	if x.freed {
		x.answers <- nil
	}
	return x.answers
}

// reply hands over the call's reply, unless a cancellation came first.
func (x *exchange) reply(b []byte) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.freed {
		x.answers <- b
	}
}

// free ends the POST of a call that its client cancelled, as if the call
// had been answered with nothing (202 Accepted, or the end of its stream).
func (x *exchange) free() {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.freed && x.answers != nil {
		x.answers <- nil
	}
	x.freed = true
}

func newExchange(w http.ResponseWriter, accept acceptance) *exchange {
	return &exchange{w: w, accept: accept}
}

// startStream writes the stream's headers. x.mu must be held (or x not yet
// shared).
func (x *exchange) startStream() {
	setSSEHeaders(x.w.Header())
	x.w.WriteHeader(http.StatusOK)
	x.stream = true
	_ = http.NewResponseController(x.w).Flush()
}

// notify sends a server notification related to the exchange's requests.
// It reports whether the message was written.
func (x *exchange) notify(msg []byte) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.done || !x.accept.sse {
		return false
	}
	if !x.stream {
		x.startStream()
	}
	if err := writeSSEEvent(x.w, msg); err != nil {
		x.done = true
		return false
	}
	return true
}

// finish writes the reply: on the stream when it started, as a JSON body
// with the given status otherwise. A nil reply (the message needed none, or
// the call was cancelled) ends the stream, or writes 202 Accepted.
func (x *exchange) finish(status int, reply []byte) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.done {
		return
	}
	x.done = true
	if !x.stream && reply != nil && x.accept.sse && !x.accept.json {
		x.startStream() // the client takes only SSE
	}
	if x.stream {
		if reply != nil {
			_ = writeSSEEvent(x.w, reply)
		}
		return
	}
	if reply == nil {
		x.w.WriteHeader(http.StatusAccepted)
		return
	}
	x.w.Header().Set("Content-Type", "application/json")
	x.w.WriteHeader(status)
	_, _ = x.w.Write(append(bytes.TrimSpace(reply), '\n'))
}

// abandon stops all writes: the handler is returning without a reply,
// because the client went away.
func (x *exchange) abandon() {
	x.mu.Lock()
	x.done = true
	x.mu.Unlock()
}
