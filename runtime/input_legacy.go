package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
)

// This file is the legacy side (protocol 2025-11-25 and earlier) of asking
// the client for input: the server sends the client a JSON-RPC request, on
// stdio or on the event stream of the tool call's HTTP POST, and the tool
// waits for the client's response, which arrives as an ordinary incoming
// message on the same connection (for HTTP, a POST in the same session).

// ErrClientGone is returned by a question whose client closed the
// connection before answering.
var ErrClientGone = errors.New("the client closed the connection before answering")

// outbound is a connection's table of the requests it sent the client and
// awaits answers to.
type outbound struct {
	mu      sync.Mutex
	next    int64
	pending map[string]chan answer
	gone    bool
	prefix  string // a fleet's replica: ids are strings that start with it
}

// An answer is a client's response to a server request.
type answer struct {
	result json.RawMessage
	err    json.RawMessage
}

// register allocates a request id and the channel its answer arrives on.
func (o *outbound) register() (id string, ch chan answer, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.gone {
		return "", nil, false
	}
	if o.pending == nil {
		o.pending = make(map[string]chan answer)
	}
	o.next++
	id = strconv.FormatInt(o.next, 10)
	if o.prefix != "" {
		id = strconv.Quote(o.prefix + id)
	}
	ch = make(chan answer, 1)
	o.pending[id] = ch
	return id, ch, true
}

// forget drops the request id and reports whether it was still awaited
// (no answer delivered, the connection not closed).
func (o *outbound) forget(id string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.pending[id]
	delete(o.pending, id)
	return ok
}

// deliver hands a client's response to the request that awaits it. A
// response to no request in flight (unknown, answered or abandoned) is
// dropped. It reports whether a request awaited it.
func (o *outbound) deliver(id json.RawMessage, result, errObj json.RawMessage) bool {
	o.mu.Lock()
	ch := o.pending[string(id)]
	delete(o.pending, string(id))
	o.mu.Unlock()
	if ch != nil {
		ch <- answer{result: result, err: errObj}
	}
	return ch != nil
}

// close fails every request in flight, and every later one: the client is
// gone.
func (o *outbound) close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.gone = true
	for id, ch := range o.pending {
		close(ch)
		delete(o.pending, id)
	}
}

// askLegacy sends the client a request for the call and waits for the
// answer, for the call's context to end, or for the client to go away.
func (c *call) askLegacy(ctx context.Context, cp capability, params []byte) (json.RawMessage, error) {
	c.conn.mu.Lock()
	caps := c.conn.caps
	c.conn.mu.Unlock()
	if !caps[cp] {
		return nil, &MissingCapabilityError{Capability: cp.String()}
	}
	send := func(msg []byte) bool { c.out(msg); return true } // stdio
	if post, ok := ctx.Value(questionOutKey{}).(carrier); ok {
		// The carrier's event stream (an HTTP POST's), else the
		// connection's push stream (the session's GET stream).
		send = func(msg []byte) bool {
			if post.notify(msg) {
				return true
			}
			return c.conn.pushMessage(pushed{msg: msg})
		}
	}
	out := &c.conn.outbound
	id, ch, ok := out.register()
	if !ok {
		return nil, ErrClientGone
	}
	params = c.srv.withOutboundMeta(ctx, params)
	msg := []byte(jsonrpcPrefix + `,"id":` + id + `,"method":"` + cp.method() + `","params":`)
	msg = append(append(msg, params...), '}')
	c.mu.Lock()
	if c.done {
		c.mu.Unlock()
		out.forget(id)
		return nil, context.Canceled
	}
	sent := send(msg)
	c.mu.Unlock()
	if !sent {
		out.forget(id)
		return nil, ErrNoStream
	}

	// A fleet's replica also looks for the answer in the store, where the
	// replica that the client's response reached left it too: a message
	// between replicas may be lost.
	poll, stopPoll := c.srv.replicas.answerPoll(c.conn)
	defer stopPoll()
	for {
		select {
		case <-poll:
			if a, found := c.srv.replicas.storedAnswer(c.conn, id); found && out.forget(id) {
				ch <- a // nothing else sends on ch once it is forgotten
			}
			continue
		case a, ok := <-ch:
			if !ok {
				return nil, ErrClientGone
			}
			if a.err != nil {
				var e struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				}
				if json.Unmarshal(a.err, &e) != nil {
					return nil, &answerError{cp, "not a JSON-RPC error"}
				}
				return nil, &ClientError{Code: e.Code, Message: e.Message}
			}
			if len(a.result) == 0 || a.result[0] != '{' {
				return nil, &answerError{cp, "the result is not an object"}
			}
			return a.result, nil
		case <-ctx.Done():
			out.forget(id)
			// Withdraw the question, so that the client stops asking its user
			// or model (unless the call itself is over: nothing more is sent
			// for a cancelled call).
			c.send("notifications/cancelled", []byte(`{"requestId":`+id+`,"reason":"the server no longer waits for the answer"}`))
			return nil, ctx.Err()
		}
	}
}
