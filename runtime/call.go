package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file runs one tools/call: the per-call state that progress, logging
// and cancellation share, and the handler invocation with panic recovery.

// An interceptedCall is a call that runs through middleware, and what the
// middleware sees of it, allocated together so that the seam costs a call
// no allocation of its own (a call without middleware stays smaller).
//
// Invariant: a call is never reused (there is no pool of calls), so a
// middleware that keeps its *Request keeps the call it belongs to, never
// another's. Test: TestEmptyMiddlewareAllocs (an empty middleware
// allocates nothing per call).
type interceptedCall struct {
	call
	req Request
}

// A call is one tools/call in flight.
type call struct {
	srv      *Server
	conn     *conn
	tool     string
	key      string // the request id, as the key of conn.calls
	out      func([]byte)
	protocol protocol
	level    logLevel // client log level of a modern request, levelOff if none
	token    json.RawMessage
	cancel   context.CancelFunc
	local    *CallOptions    // set for an in-process call (Server.Call)
	input    *roundInput     // modern: the questions and answers of this round
	task     *task           // a call that may become a task (see runTask)
	post     carrier         // legacy: the message that carries the call (an HTTP POST), nil on stdio
	panicked bool            // the handler panicked
	t        *tool           // with middleware: the tool
	args     json.RawMessage // with middleware: the arguments
	result   *Result         // the result that answered the call, if one did
	// stopWatch ends the watch that cancels a call of a task-supporting
	// tool when its request ends (until it becomes a task).
	stopWatch func() bool

	// How the handler ended when its error is not a tool error: it needs
	// input from the client, or a client capability (modern only).
	needInput bool
	rpcErr    *rpcError

	mu       sync.Mutex
	done     bool // answered or cancelled: nothing more may be sent for it
	progress float64
	reported bool
}

type callKey struct{}

func callFrom(ctx context.Context) *call {
	c, _ := ctx.Value(callKey{}).(*call)
	return c
}

// finish marks the call answered. It reports false when the call was cancelled,
// in which case its reply must be suppressed (spec 2026-07-28
// basic/utilities/cancellation).
func (c *call) finish() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return false
	}
	c.done = true
	return true
}

// cancelByClient handles notifications/cancelled for this call. On HTTP the
// call's POST ends at once, whether or not the tool heeds its context.
func (c *call) cancelByClient() {
	c.mu.Lock()
	c.done = true
	c.mu.Unlock()
	c.cancel()
	if c.post != nil {
		c.post.free()
	}
}

// send sends a notification that belongs to the call, unless the call
// is over. Holding c.mu while sending orders every notification before the
// reply, which is sent only after finish.
func (c *call) send(method string, params []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		c.out(appendNotification(make([]byte, 0, len(params)+64), method, params))
	}
}

// ReportProgress tells the client how far the current tool call has come,
// as a notifications/progress message. progress must increase from one
// report to the next (a report that does not increase it is dropped); total
// is the expected final value, 0 if unknown; message may be empty.
// ReportProgress does nothing when the client did not ask for progress (no
// progressToken in the request's _meta), outside a tool call, and after the
// call has returned or was cancelled. Once the call has become a task (see
// [TaskOptional]), its request is answered: a report becomes the task's
// statusMessage ("3/10: copying", as tasks/get shows it) instead.
func ReportProgress(ctx context.Context, progress, total float64, message string) {
	c := callFrom(ctx)
	if c == nil {
		return
	}
	if c.local != nil {
		if c.local.Progress == nil {
			return
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.advance(progress) {
			c.localProgress(progress, total, message)
		}
		return
	}
	if c.task != nil && c.task.isPromoted() {
		// The call is a task: its request is answered, and the report
		// becomes the task's statusMessage (task.progressed), whether or
		// not the request carried a progressToken.
		c.mu.Lock()
		defer c.mu.Unlock()
		if progress == progress && !(c.reported && progress <= c.progress) {
			c.reported, c.progress = true, progress
			c.task.progressed(progress, total, message)
		}
		return
	}
	if c.token == nil {
		return
	}
	b := []byte(`{"progressToken":`)
	b = append(b, c.token...)
	b = append(b, `,"progress":`...)
	b = strconv.AppendFloat(b, progress, 'g', -1, 64)
	if total > 0 {
		b = append(b, `,"total":`...)
		b = strconv.AppendFloat(b, total, 'g', -1, 64)
	}
	if message != "" {
		b = append(b, `,"message":`...)
		b = jsontext.AppendString(b, message)
	}
	b = append(b, '}')

	c.mu.Lock()
	defer c.mu.Unlock()
	if c.advance(progress) {
		c.out(appendNotification(make([]byte, 0, len(b)+64), "notifications/progress", b))
	}
}

// advance records a progress report and reports whether it goes out: not
// after the call is over, and only when it increases. c.mu is held.
func (c *call) advance(progress float64) bool {
	if c.done || (c.reported && progress <= c.progress) || progress != progress {
		return false
	}
	c.reported, c.progress = true, progress
	return true
}

// clientLogs reports whether a record at level l goes to the client.
func (c *call) clientLogs(l slog.Level) bool {
	if c.local != nil {
		return c.local.Log != nil && mcpLevel(l) >= mcpLevel(c.local.LogLevel)
	}
	if c.task != nil && c.task.isPromoted() {
		return false // see Logger
	}
	min := c.level
	if !c.protocol.modern() {
		min = c.conn.logLevel()
	}
	return min != levelOff && mcpLevel(l) >= min
}

func (c *call) sendLog(l slog.Level, data map[string]any) {
	d, err := json.Marshal(data)
	if err != nil {
		return
	}
	if c.local != nil {
		c.localLog(mcpLevel(l), d)
		return
	}
	b := []byte(`{"level":"` + levelNames[mcpLevel(l)] + `","logger":`)
	b = jsontext.AppendString(b, c.tool)
	b = append(b, `,"data":`...)
	b = append(b, d...)
	c.send("notifications/message", append(b, '}'))
}

// internalErrorText is the whole of what a client learns about a panic.
func internalErrorText(name string) string { return "internal error in tool " + name }

// encodeErrorText is the whole of what a client learns about a result
// that could not be encoded as JSON (a NaN, a failing MarshalJSON, a
// structured result that is no object): not the same as a panic, which
// the developer would look for elsewhere.
func encodeErrorText(name string) string {
	return "the result of tool " + name + " could not be encoded as JSON"
}

// invoke validates args and runs the handler, turning a panic into an
// isError result and logging its stack.
//
// An error the handler returns is its author's message to the model and is
// sent as is (docs/guarantees.md, "Tool failures never leak internals"). What the
// author did not write never reaches the
// client: a panic, and a result helper's failure to encode the result (a
// *resultError, also when wrapped), are logged with their details and
// answered with [internalErrorText] or [encodeErrorText] only.
func (s *Server) invoke(ctx context.Context, t *tool, args json.RawMessage) (res *Result) {
	defer func() {
		if r := recover(); r != nil {
			s.logger.Error("tool panicked", "tool", t.Name, "panic", r, "stack", string(debug.Stack()))
			res = ErrorResult(internalErrorText(t.Name))
			if c := callFrom(ctx); c != nil {
				c.panicked = true
			}
		}
	}()
	v := t.validator()
	args = v.DropNullOptionals(args)
	if err := v.Validate(args); err != nil {
		return ErrorResult(err.Error())
	}
	res, err := t.Handler(ctx, args)
	if c := callFrom(ctx); err != nil && c != nil && c.protocol.modern() {
		if e := missingCapability(err); e != nil {
			c.rpcErr = e
			return nil
		}
		if errors.Is(err, ErrInputRequired) {
			c.needInput = true
			return nil
		}
	}
	if err != nil {
		if re := (*resultError)(nil); errors.As(err, &re) {
			s.logger.Error("encoding tool result", "tool", t.Name, "error", err)
			return ErrorResult(encodeErrorText(t.Name))
		}
		return ErrorResult(err.Error())
	}
	if res == nil {
		return EmptyResult()
	}
	return res
}

// run completes a call started by conn.startCall and returns its reply, or
// nil when the call was cancelled.
func (s *Server) run(ctx context.Context, c *call, t *tool, id, args json.RawMessage) []byte {
	if c.task != nil {
		return s.runTask(ctx, c, t, id, args)
	}
	defer c.conn.forget(c)
	defer c.cancel()
	if s.calls != nil {
		select {
		case s.calls <- struct{}{}:
			defer func() { <-s.calls }()
		case <-ctx.Done():
			c.finish()
			return nil
		}
	}
	res := s.invoke(ctx, t, args)
	if !c.finish() {
		return nil
	}
	return s.reply(c, t, id, args, res)
}

// reply returns the reply to a call that ended with res.
func (s *Server) reply(c *call, t *tool, id, args json.RawMessage, res *Result) []byte {
	if c.rpcErr != nil {
		return errorReply(id, c.rpcErr)
	}
	if c.needInput {
		ir, err := s.inputRequired(c.input, t.Name, args)
		if ir != nil {
			return appendResult(make([]byte, 0, len(ir)+48+len(id)), id, ir)
		}
		if err != nil {
			s.logger.Error("encoding input_required result", "tool", t.Name, "error", err)
			res = ErrorResult(internalErrorText(t.Name))
		} else {
			// ErrInputRequired without a question of this call's.
			res = ErrorResult(ErrInputRequired.Error())
		}
	}
	c.result = res
	b := appendResultStart(make([]byte, 0, 256), id)
	b, err := s.encodeCallResult(b, res, c.protocol)
	if err != nil {
		s.logger.Error("encoding tool result", "tool", t.Name, "error", err)
		b = appendResultStart(b[:0], id)
		b, _ = s.appendCallResult(b, ErrorResult(encodeErrorText(t.Name)), c.protocol)
	}
	return append(b, '}')
}

// encodeCallResult is appendCallResult that also turns a panic into an
// error: the result's values are the tool's, and encoding/json calls their
// MarshalJSON methods, which may panic on this goroutine, outside the
// handler's recovery and, on HTTP, outside net/http's.
func (s *Server) encodeCallResult(b []byte, r *Result, p protocol) (out []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			out, err = b, fmt.Errorf("panic: %v\n%s", v, debug.Stack())
		}
	}()
	return s.appendCallResult(b, r, p)
}

// runTask runs a call that may become a task: if the handler is still
// running after TaskGrace (and has not asked its client a question the
// MRTR way), the call is answered with a CreateTaskResult and runs on,
// detached from its request, until it ends or tasks/cancel stops it.
func (s *Server) runTask(ctx context.Context, c *call, t *tool, id, args json.RawMessage) []byte {
	end := func() {
		c.stopWatch()
		c.conn.forget(c)
		c.cancel()
	}
	if s.calls != nil {
		select {
		case s.calls <- struct{}{}:
		case <-ctx.Done():
			end()
			c.finish()
			return nil
		}
	}
	release := func() {
		if s.calls != nil {
			<-s.calls
		}
	}
	c.task.cancel = c.cancel // before the task is stored, where tasks/cancel finds it (ended clears it)
	done := make(chan *Result, 1)
	go func() { done <- s.invoke(ctx, t, args) }()
	timer := time.NewTimer(TaskGrace)
	defer timer.Stop()
	var res *Result
	select {
	case res = <-done:
	case <-timer.C:
		if s.replicas.promote(c.task) {
			// From now on the call belongs to the task: nothing more goes
			// to the request's stream, and closing it cancels nothing.
			c.stopWatch()
			c.mu.Lock()
			c.done = true
			c.mu.Unlock()
			c.conn.forget(c)
			c.conn.taskStarted(c.task, t.Name)
			go func() {
				res := <-done
				release()
				s.completeTask(c, t, res)
				c.task.ended()
				c.conn.taskEnded(c.task)
			}()
			return appendResult(nil, id, s.createTaskResult(c.task))
		}
		res = <-done
	}
	release()
	end()
	if !c.finish() {
		return nil
	}
	return s.reply(c, t, id, args, res)
}

// completeTask records how the handler of a task ended: a tool result
// (also a tool error) completes the task; a panic or a protocol error fails
// it.
func (s *Server) completeTask(c *call, t *tool, res *Result) {
	var e *rpcError
	switch {
	case c.panicked:
		e = errorf(codeInternalError, internalErrorText(t.Name))
	case c.rpcErr != nil:
		e = c.rpcErr
	case c.needInput:
		res = ErrorResult(ErrInputRequired.Error())
	}
	if e != nil {
		b := append([]byte(`{"code":`), strconv.Itoa(e.code)...)
		b = append(b, `,"message":`...)
		b = jsontext.AppendString(b, e.message)
		if e.data != nil {
			b = append(append(b, `,"data":`...), e.data...)
		}
		s.tasks.finish(c.task, nil, append(b, '}'))
		return
	}
	b, err := s.encodeCallResult(nil, res, proto20260728)
	if err != nil {
		s.logger.Error("encoding tool result", "tool", t.Name, "error", err)
		b, _ = s.appendCallResult(nil, ErrorResult(encodeErrorText(t.Name)), proto20260728)
	}
	// The result was built by appending: keep only its bytes, not the
	// room it grew into.
	s.tasks.finish(c.task, bytes.Clone(b), nil)
}
