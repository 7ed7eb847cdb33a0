package runtime

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	goruntime "runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// This file is the stdio transport: newline-delimited JSON-RPC messages
// (MCP-NOTES §6.1).

// ServeStdio serves the MCP protocol on os.Stdin and os.Stdout until stdin
// reaches end of file or ctx is cancelled. See [Server.Serve].
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.Serve(ctx, os.Stdin, os.Stdout)
}

// Serve serves one client connection that sends newline-delimited JSON-RPC
// messages on r and receives them on w. Only protocol messages are written
// to w, one per line.
//
// Tool calls run concurrently. When r reaches end of file, Serve waits for
// every call in flight to finish and its reply to be written, then returns
// nil. When ctx is cancelled, Serve cancels the calls in flight, writes
// nothing more and returns ctx.Err() at once; a Read blocked in r is left
// to return on its own. Serve also stops, with the error, when reading r
// or writing w fails.
//
// A message longer than the limit set by [WithMaxMessageSize] is skipped
// without being buffered and answered with an Invalid Request error that
// has no id; the connection continues.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	out := &lineWriter{w: bufio.NewWriterSize(w, 64<<10)}
	// One goroutine reads and dispatches: a message answered at once
	// (tools/list, initialize, ping, ...) is read, answered and written
	// without waking another goroutine, which on a busy machine costs more
	// than the answer itself. Serve waits here so that it can return as
	// soon as ctx is cancelled, while a Read blocks.
	done := make(chan error, 1)
	go func() { done <- s.serveLines(ctx, r, out) }()
	select {
	case <-ctx.Done():
		out.close()
		return ctx.Err()
	case err := <-done:
		return err
	}
}

// serveLines reads messages from r and dispatches them until r ends, w
// fails or ctx is done. On end of file it waits for the calls in flight;
// on an error it returns at once, and Serve cancels the calls.
func (s *Server) serveLines(ctx context.Context, r io.Reader, out *lineWriter) error {
	c := s.newConn()
	br := bufio.NewReaderSize(r, 64<<10)
	var calls sync.WaitGroup
	workers := &workerPool{jobs: make(chan func())}
	defer workers.stop()
	for {
		ln := readLine(br, s.maxMessage)
		if ctx.Err() != nil {
			return ctx.Err() // Serve has returned; handle nothing more
		}
		if ln.tooLong {
			out.send(errorReply(nil, errorf(codeInvalidRequest,
				"Invalid Request: message longer than "+strconv.Itoa(s.maxMessage)+" bytes")))
		} else if len(bytes.TrimSpace(ln.data)) > 0 { // blank lines are not messages
			reply, run := c.receive(ctx, ln.data, out.send)
			if run != nil {
				calls.Add(1)
				workers.do(func() {
					defer calls.Done()
					if reply := run(); reply != nil {
						out.send(reply)
					}
				})
				if br.Buffered() == 0 {
					// The next read blocks this thread in a system call,
					// with the call just handed over waiting behind it
					// until the scheduler notices. Let the call start first.
					goruntime.Gosched()
				}
			} else if reply != nil {
				out.send(reply)
			}
		}
		if err := out.failed(); err != nil {
			return err
		}
		if ln.err != nil {
			calls.Wait()
			if err := out.failed(); err != nil {
				return err
			}
			if errors.Is(ln.err, io.EOF) {
				return nil
			}
			return ln.err
		}
	}
}

// line is one message read from the connection. err, when set, ends the
// stream after data has been handled.
type line struct {
	data    []byte
	tooLong bool
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
			// Skip to the end of the line without keeping it.
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			return line{tooLong: true, err: err}
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
	closed bool
}

// send writes msg and a newline, unless the writer is closed or has failed.
// encoding/json and appendString never emit a raw newline, so msg is one
// line.
func (lw *lineWriter) send(msg []byte) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.closed || lw.err != nil {
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

// close drops every later message.
func (lw *lineWriter) close() {
	lw.mu.Lock()
	lw.closed = true
	lw.mu.Unlock()
}

// workerPool runs jobs on goroutines that outlive them. A fresh goroutine
// per call would start on a small stack and grow it (copying) in every
// call, which decoding JSON through reflection reliably triggers; a reused
// goroutine keeps its grown stack. The pool never makes a job wait: with no
// idle worker it starts another, so calls stay fully concurrent.
//
// Idle workers are capped at maxIdleWorkers: after a burst of calls, the
// workers beyond it end instead of holding their stacks for the rest of
// the connection.
type workerPool struct {
	jobs chan func() // unbuffered: a send succeeds only into an idle worker
	idle atomic.Int32
}

// maxIdleWorkers is how many idle workers a pool keeps.
const maxIdleWorkers = 128

func (p *workerPool) do(job func()) {
	select {
	case p.jobs <- job:
	default:
		go p.work(job)
	}
}

func (p *workerPool) work(job func()) {
	for job != nil {
		job()
		if p.idle.Add(1) > maxIdleWorkers {
			p.idle.Add(-1)
			return
		}
		job = <-p.jobs
		p.idle.Add(-1)
	}
}

// stop ends the idle workers; busy ones end after their job.
func (p *workerPool) stop() { close(p.jobs) }
