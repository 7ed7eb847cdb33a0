package runtime

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the stdio transport: newline-delimited JSON-RPC messages
// (spec 2026-07-28 basic/transports/stdio).

// ServeStdio serves the MCP protocol on os.Stdin and os.Stdout until stdin
// reaches end of file or ctx is done; either is a clean stop, and it
// returns nil. See [Server.Serve].
//
// Standard output carries protocol messages only: from the start of
// serving, ServeStdio keeps the real standard output for itself and
// points file descriptor 1 at standard error, so that whatever else
// writes there (fmt.Print in a tool, a library that logs to stdout, a
// child process that inherits it) goes to standard error and can neither
// break nor forge a message. It gives standard output back when it
// returns. (Where descriptors cannot be duplicated, as on Windows, it
// points os.Stdout at os.Stderr instead, which covers writes through
// os.Stdout.)
func (s *Server) ServeStdio(ctx context.Context) error {
	t, err := takeStdout()
	if err != nil && !errors.Is(err, errUnsupported) {
		s.logger.Warn("standard output could not be set aside for protocol messages: writes to file descriptor 1 other than through os.Stdout reach the client", "error", err)
	}
	defer t.restore()
	return s.Serve(ctx, os.Stdin, t.out)
}

// Serve serves one client connection that sends newline-delimited JSON-RPC
// messages on r and receives them on w. Only protocol messages are written
// to w, one per line.
//
// Tool calls run concurrently. (A call with no message queued behind it
// starts on the goroutine that reads r, which saves waking another one for
// quick calls; if it runs longer than a millisecond, reading moves to
// another goroutine, so later messages, such as a cancellation, are never
// held up longer than that.) When r reaches end of file, Serve waits for
// every call in flight to finish and its reply to be written, for up to
// [DefaultShutdownGrace] (30 seconds): then it logs the calls still
// running, cancels their contexts, drops their replies and returns nil,
// whether or not their tools return. A call that
// became a task (see [TaskOptional]) can no longer be polled, so its
// context is cancelled, and Serve waits up to 5 seconds for its tool to
// return (one that has not by then is logged and left running). Then it
// returns nil. When ctx is done (cancelled, as signal.NotifyContext does on
// SIGINT, or past its deadline), Serve cancels the calls in flight, writes
// nothing more and returns nil at once, for that too is a clean stop; a
// Read blocked in r is left to return on its own. Serve stops with an
// error only when reading r or writing w fails, and does not start when
// the choice of toolsets names one that no [Toolset] has.
//
// A message longer than the limit set by [WithMaxMessageSize] is skipped
// without being buffered and answered with an Invalid Request error, which
// carries the message's id when its top-level "id" member could be read as
// it streamed by (so the client's call settles); the connection continues.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	if err := s.checkToolsets(); err != nil {
		return err
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	out := &lineWriter{w: bufio.NewWriterSize(w, 64<<10)}
	// One goroutine reads and dispatches: a message answered at once
	// (tools/list, initialize, ping, ...) is read, answered and written
	// without waking another goroutine, which on a busy machine costs more
	// than the answer itself; so is a call that is quick (see runInline).
	// Serve waits here so that it can return as soon as ctx is cancelled,
	// while a Read blocks.
	c := s.newConn()
	c.stdio = true
	l := &stdioLoop{
		s: s, ctx: ctx, cancel: cancel, c: c, out: out,
		br:   bufio.NewReaderSize(r, 64<<10),
		done: make(chan error, 1),
	}
	// Messages outside any request (Server.ResourceUpdated) are queued, so
	// that the program that sends them never waits for a slow client.
	// A resource update is checked here, with the connection's context
	// (its identity, if the program set one), not in ResourceUpdated.
	// What waits for a client that does not read is bounded (outbox.go);
	// what was dropped past the bound is told, once the client reads
	// again, in a warning (if its log level lets it hear one) and on the
	// server's logger.
	box := newPushOutbox()
	l.c.setPush(box.put)
	go func() {
		for {
			select {
			case <-box.ready:
				p, ok, dropped := box.take()
				if dropped > 0 {
					s.logger.Warn("messages for a stdio client were dropped: it did not read them", "dropped", dropped)
					if notice := c.droppedNotice(dropped); notice != nil {
						out.send(notice)
					}
				}
				if ok && (p.uri == "" || s.mayHear(ctx, p.uri)) {
					out.send(p.message())
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	go l.loop()
	select {
	case <-ctx.Done():
		out.close()
		c.endSession(stdioEnd(parent, nil), nil)
		return nil
	case err := <-l.done:
		if ctx.Err() != nil {
			c.endSession(stdioEnd(parent, nil), nil)
			return nil // the loop saw ctx done first
		}
		c.endSession(stdioEnd(parent, err), err)
		return err
	}
}

// stdioEnd says why a stdio session ended, with err from the loop: the
// context of Serve was done, the input ended (also when calls outlasted
// the grace period after it), or reading or writing failed.
func stdioEnd(parent context.Context, err error) SessionEnd {
	switch {
	case parent.Err() != nil:
		return SessionShutdown
	case err != nil:
		return SessionFailed
	}
	return SessionClosed
}

// A stdioLoop reads messages from a connection and dispatches them until
// it ends, the writer fails or ctx is done. One goroutine at a time is its
// reader; the role moves to another goroutine when a call run inline
// outlasts inlineGrace.
type stdioLoop struct {
	s       *Server
	ctx     context.Context
	cancel  context.CancelFunc // ends ctx: Serve returns
	c       *conn
	br      *bufio.Reader
	out     *lineWriter
	calls   sync.WaitGroup
	workers workerPool
	done    chan error // receives the loop's result, once
}

// inlineGrace is how long a tool call run on the reader's goroutine may
// hold up reading (and so the handling of a cancellation or a ping)
// before the reader role moves to another goroutine.
const inlineGrace = time.Millisecond

// loop reads and dispatches until the stream ends, then reports to
// l.done. On end of file it waits for the calls in flight; on an error it
// reports at once, and Serve cancels the calls. It returns early, leaving
// the rest to another goroutine, when the reader role moves on.
func (l *stdioLoop) loop() {
	for {
		ln := readLine(l.br, l.s.maxMessage)
		if l.ctx.Err() != nil {
			l.finish(l.ctx.Err()) // Serve has returned; handle nothing more
			return
		}
		if ln.tooLong {
			l.out.send(errorReply(ln.id, errorf(codeInvalidRequest,
				"Invalid Request: message longer than "+strconv.Itoa(l.s.maxMessage)+" bytes")))
		} else if len(jsontext.TrimSpace(ln.data)) > 0 { // blank lines are not messages
			reply, run := l.c.receive(l.ctx, ln.data, l.out.send)
			switch {
			case run != nil && l.br.Buffered() == 0 && ln.err == nil:
				// Nothing else is waiting to be read: run the call here,
				// which wakes no other goroutine unless it is slow.
				l.calls.Add(1)
				if !l.runInline(run) {
					return // another goroutine reads on
				}
			case run != nil:
				l.calls.Add(1)
				l.workers.do(func() {
					defer l.calls.Done()
					if reply := run(); reply != nil {
						l.out.send(reply)
					}
				})
			case reply != nil:
				l.out.send(reply)
			}
		}
		if err := l.out.failed(); err != nil {
			l.finish(err)
			return
		}
		if ln.err != nil {
			// Questions to the client can no longer be answered: fail
			// them, so that the calls waiting for answers end.
			l.c.hangUp()
			if !l.drain(stdioGrace) {
				// Serve has returned.
				l.finish(nil)
				return
			}
			// No task starts any more; none can be polled: stop them.
			l.c.stopTasks(taskStopWait)
			if err := l.out.failed(); err != nil {
				l.finish(err)
			} else if errors.Is(ln.err, io.EOF) {
				l.finish(nil)
			} else {
				l.finish(ln.err)
			}
			return
		}
	}
}

// runInline runs a tool call on the reader's goroutine and reports whether
// this goroutine is still the reader. If the call is still running after
// inlineGrace, a timer's goroutine takes over reading, so that messages
// behind the call (a cancellation, a ping, other calls) are not held up;
// this goroutine then ends with the call.
//
// Invariant: exactly one goroutine reads at a time. The compare-and-swap on
// state decides once between the call finishing first (this goroutine
// reads on, the timer does nothing) and the timer firing first (the
// timer's goroutine reads, this one returns false and ends). Tests:
// TestSlowCallDoesNotHoldUpReading (reading moves on while a call blocks),
// TestInlineHandOverRace (calls that end around inlineGrace, under the race
// detector: every call answered once, in order, and Serve returns).
//
// Why: a call with nothing queued behind it costs no goroutine switch; the
// bench/ driver's add1 scenario measures it (figures: docs/performance.md,
// "Why the runtime's tricks are there").
func (l *stdioLoop) runInline(run func() []byte) bool {
	const running, finished, handedOff = 0, 1, 2
	var state atomic.Int32
	t := time.AfterFunc(inlineGrace, func() {
		if state.CompareAndSwap(running, handedOff) {
			l.loop()
		}
	})
	if reply := run(); reply != nil {
		l.out.send(reply)
	}
	l.calls.Done()
	if state.CompareAndSwap(running, finished) {
		t.Stop()
		return true
	}
	return false
}

// stdioGrace is how long Serve waits, at the end of its input, for the
// calls in flight (as ListenAndServeHTTP does at shutdown).
const stdioGrace = DefaultShutdownGrace

// drain waits up to grace for the calls in flight, and reports whether they
// all ended. If they did not, it logs the ones still running, writes
// nothing more and cancels them: their replies are dropped, and Serve
// returns.
func (l *stdioLoop) drain(grace time.Duration) bool {
	done := make(chan struct{})
	go func() {
		l.calls.Wait()
		close(done)
	}()
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case <-done:
		return true
	case <-timer.C:
	}
	l.c.mu.Lock()
	for _, cl := range l.c.calls {
		l.s.logger.Warn("the input ended and a call has not returned within the grace period; its reply is dropped", "tool", cl.tool, "waited", grace)
	}
	l.c.mu.Unlock()
	l.out.close()
	l.cancel()
	return false
}

// finish ends the loop with err: idle workers end, Serve returns err.
func (l *stdioLoop) finish(err error) {
	l.c.hangUp()
	l.workers.stop()
	l.done <- err
}

// line is one message read from the connection. err, when set, ends the
// stream after data has been handled.
type line struct {
	data    []byte
	tooLong bool
	id      []byte // of a line that is tooLong, when it could be read
	err     error
}

// readLine reads one newline-terminated line from br. The line is a fresh
// slice, since it outlives the next read while its tool call runs. A line
// over max bytes is discarded as it streams by and reported as tooLong.
func readLine(br *bufio.Reader, max int) line {
	var buf []byte
	size := 0
	for {
		chunk, err := br.ReadSlice('\n')
		size += len(chunk)
		content := size
		if err == nil {
			content-- // the newline
		}
		if content > max {
			// Skip to the end of the line without keeping it, but find
			// its id on the way, so that the answer can carry it.
			var ids jsontext.IDScanner
			ids.Write(buf)
			ids.Write(chunk)
			for err == bufio.ErrBufferFull {
				chunk, err = br.ReadSlice('\n')
				ids.Write(chunk)
			}
			return line{tooLong: true, id: ids.Result(), err: err}
		}
		if err == bufio.ErrBufferFull {
			buf = append(buf, chunk...)
			continue
		}
		if buf == nil {
			buf = bytes.Clone(chunk)
		} else {
			buf = append(buf, chunk...)
		}
		return line{data: bytes.TrimRight(buf, "\r\n"), err: err}
	}
}

// lineWriter serializes messages onto the connection, one per line.
type lineWriter struct {
	mu     sync.Mutex
	w      *bufio.Writer
	err    error
	closed atomic.Bool // set without mu: a blocked Write may hold it
}

// send writes msg and a newline, unless the writer is closed or has failed.
// encoding/json and appendString never emit a raw newline, so msg is one
// line.
func (lw *lineWriter) send(msg []byte) {
	if lw.closed.Load() {
		return
	}
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.closed.Load() || lw.err != nil {
		return
	}
	lw.w.Write(msg)
	lw.w.WriteByte('\n')
	lw.err = lw.w.Flush()
}

func (lw *lineWriter) failed() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.err
}

// close drops every later message. It does not wait for a write in
// progress, which blocks for as long as the client does not read.
func (lw *lineWriter) close() { lw.closed.Store(true) }
