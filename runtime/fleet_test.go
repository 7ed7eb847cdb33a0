package runtime

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// This file tests a fleet (fleet.go): replicas that share a Store, each
// its own Server and HTTP handler, reached in turn as a round-robin
// balancer would, with nothing sticky.

// testFleet is n replicas sharing one memory store.
type testFleet struct {
	t       *testing.T
	servers []*Server
	urls    []string
	client  *http.Client // reaches replica i at http://replica<i>/mcp through pipes
	forever chan error   // the "forever" tool's context ended
}

func newTestFleet(t *testing.T, n int, store func(i int) Store, opts ...Option) *testFleet {
	t.Helper()
	f := &testFleet{t: t, forever: make(chan error, 10)}
	for i := range n {
		st := &unsubscribing{Store: store(i)}
		t.Cleanup(st.stop)
		s := taskServer(t, append([]Option{WithStore(st)}, opts...)...)
		addPrimitives(t, s)
		s.MustAddTool(Tool{Name: "forever", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			<-ctx.Done()
			f.forever <- ctx.Err()
			return nil, ctx.Err()
		}})
		s.MustAddTool(Tool{Name: "ask", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			form, err := Elicit[Order](ctx, "Sure?")
			if err != nil {
				return nil, err
			}
			return TextResult("ok=" + map[bool]string{true: "yes", false: "no"}[form.Content.OK]), nil
		}})
		f.servers = append(f.servers, s)
		f.urls = append(f.urls, fmt.Sprintf("http://replica%d/mcp", i))
	}
	f.client = pipeHTTP(t, f.servers)
	return f
}

// unsubscribing is a Store whose subscriptions end with the test (stop):
// a replica keeps its own for the life of the process, and a synctest
// bubble ends only once its goroutines have.
type unsubscribing struct {
	Store
	mu    sync.Mutex
	stops []func()
}

func (u *unsubscribing) Subscribe(topic string, fn func([]byte)) (func(), error) {
	stop, err := u.Store.Subscribe(topic, fn)
	if err == nil {
		u.mu.Lock()
		u.stops = append(u.stops, stop)
		u.mu.Unlock()
	}
	return stop, err
}

func (u *unsubscribing) stop() {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, stop := range u.stops {
		stop()
	}
}

// sharedStore returns the same store for every replica.
func sharedStore(st Store) func(int) Store { return func(int) Store { return st } }

// post sends a JSON-RPC message to replica i and returns the response.
func (f *testFleet) post(i int, body string, header ...string) *http.Response {
	f.t.Helper()
	req, _ := http.NewRequest("POST", f.urls[i], strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for j := 0; j+1 < len(header); j += 2 {
		req.Header.Set(header[j], header[j+1])
	}
	resp, err := f.client.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	return resp
}

// modern sends a modern request to replica i and returns its reply.
func (f *testFleet) modern(i int, method, name, params string) map[string]any {
	f.t.Helper()
	resp := f.post(i, `{"jsonrpc":"2.0","id":1,"method":"`+method+`","params":{`+taskMeta(true)+`,`+params+`}}`,
		"MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method, "Mcp-Name", name)
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		f.t.Fatalf("%s via replica %d: %v", method, i, err)
	}
	return m
}

func result(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	r, ok := m["result"].(map[string]any)
	if !ok {
		t.Fatalf("not a result: %v", m)
	}
	return r
}

// pollFleet calls tasks/get through the replicas in turn, from replica
// from, until the task is not working.
func (f *testFleet) pollFleet(id string, from int) map[string]any {
	f.t.Helper()
	for i := from; ; i++ {
		r := result(f.t, f.modern(i%len(f.urls), "tasks/get", id, `"taskId":"`+id+`"`))
		if r["status"] != taskWorking || i > 2000 {
			return r
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestFleetTask: a task created through one replica is polled, and its
// result read, through the others; a tasks/cancel through another replica
// stops the tool where it runs.
func TestFleetTask(t *testing.T) {
	t.Parallel()
	// Pipes in a bubble: the leases, polls and waits take no real time.
	synctest.Test(t, func(t *testing.T) {
		f := newTestFleet(t, 3, sharedStore(NewMemoryStore()))
		r := result(t, f.modern(0, "tools/call", "slow", `"name":"slow","arguments":{"ms":400}`))
		if r["resultType"] != "task" {
			t.Fatalf("slow: %v", r)
		}
		id := r["taskId"].(string)
		got := f.pollFleet(id, 1)
		if got["status"] != taskCompleted {
			t.Fatalf("task: %v", got)
		}
		for i := range 3 {
			res := result(t, f.modern(i, "tasks/get", id, `"taskId":"`+id+`"`))["result"]
			b, _ := json.Marshal(res)
			if !strings.Contains(string(b), `"slept"`) {
				t.Errorf("result via replica %d: %s", i, b)
			}
		}

		r = result(t, f.modern(0, "tools/call", "forever", `"name":"forever","arguments":{}`))
		id = r["taskId"].(string)
		if got := result(t, f.modern(1, "tasks/get", id, `"taskId":"`+id+`"`)); got["status"] != taskWorking {
			t.Fatalf("forever via replica 1: %v", got)
		}
		result(t, f.modern(1, "tasks/cancel", id, `"taskId":"`+id+`"`))
		select {
		case err := <-f.forever:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("forever ended with %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a tasks/cancel through replica 1 did not stop the tool on replica 0")
		}
		for i := range 3 {
			if got := result(t, f.modern(i, "tasks/get", id, `"taskId":"`+id+`"`)); got["status"] != taskCancelled {
				t.Errorf("cancelled task via replica %d: %v", i, got)
			}
		}
		if m := f.modern(2, "tasks/get", "nope", `"taskId":"nope"`); m["error"] == nil {
			t.Errorf("unknown task: %v", m)
		}
	})
}

// partedStore is a Store that fails every request while parted is set:
// the replica that uses it is cut off from the fleet, as a dead one is.
type partedStore struct {
	Store
	parted atomic.Bool
	calls  atomic.Int64
}

var errParted = errors.New("connection refused")

func (p *partedStore) check() error {
	p.calls.Add(1)
	if p.parted.Load() {
		return errParted
	}
	return nil
}

func (p *partedStore) Get(ctx context.Context, key string) ([]byte, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	return p.Store.Get(ctx, key)
}

func (p *partedStore) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := p.check(); err != nil {
		return err
	}
	return p.Store.Put(ctx, key, value, ttl)
}

func (p *partedStore) Add(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	if err := p.check(); err != nil {
		return false, err
	}
	return p.Store.Add(ctx, key, value, ttl)
}

func (p *partedStore) Delete(ctx context.Context, key string) error {
	if err := p.check(); err != nil {
		return err
	}
	return p.Store.Delete(ctx, key)
}

func (p *partedStore) Publish(ctx context.Context, topic string, msg []byte) error {
	if err := p.check(); err != nil {
		return err
	}
	return p.Store.Publish(ctx, topic, msg)
}

// TestFleetTaskLeaseLapses: a task whose replica stops renewing its lease
// becomes failed, with a message that says why, on the other replicas;
// they go on serving.
func TestFleetTaskLeaseLapses(t *testing.T) {
	t.Parallel()
	// Pipes in a bubble: the leases, polls and waits take no real time.
	synctest.Test(t, func(t *testing.T) {
		mem := NewMemoryStore()
		cut := &partedStore{Store: mem}
		f := newTestFleet(t, 3, func(i int) Store {
			if i == 0 {
				return cut
			}
			return mem
		}, WithTaskLease(300*time.Millisecond))
		r := result(t, f.modern(0, "tools/call", "forever", `"name":"forever","arguments":{}`))
		id := r["taskId"].(string)
		cut.parted.Store(true)
		got := f.pollFleet(id, 1)
		if got["status"] != taskFailed || got["statusMessage"] != lapsedMessage {
			t.Fatalf("task of a replica cut off: %v", got)
		}
		b, _ := json.Marshal(got["error"])
		if !strings.Contains(string(b), "lease lapsed") {
			t.Errorf("error: %s", b)
		}
		if r := result(t, f.modern(2, "tools/call", "slow", `"name":"slow","arguments":{"ms":1}`)); r["isError"] == true {
			t.Errorf("replica 2 after replica 0 was cut off: %v", r)
		}
		// Back in the fleet, replica 0 takes on how the fleet ended its task
		// and stops the tool.
		cut.parted.Store(false)
		select {
		case <-f.forever:
		case <-time.After(10 * time.Second):
			t.Fatal("the tool of the lapsed task still runs after its replica came back")
		}
		if got := result(t, f.modern(0, "tasks/get", id, `"taskId":"`+id+`"`)); got["status"] != taskFailed {
			t.Errorf("task via its own replica: %v", got)
		}
	})
}

// TestFleetRequestStateOnce: the rounds of a modern elicitation may reach
// any replica (they share the signing key through the store), and a used
// requestState is refused by every replica.
func TestFleetRequestStateOnce(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		f := newTestFleet(t, 3, sharedStore(NewMemoryStore()))
		r := result(t, f.modern(0, "tools/call", "ask", `"name":"ask","arguments":{}`))
		if r["resultType"] != "input_required" {
			t.Fatalf("first round: %v", r)
		}
		state := r["requestState"].(string)
		var key string
		for k := range r["inputRequests"].(map[string]any) {
			key = k
		}
		second := `"name":"ask","arguments":{},"requestState":"` + state + `","inputResponses":{"` + key + `":{"action":"accept","content":{"ok":true}}}`
		r = result(t, f.modern(1, "tools/call", "ask", second))
		b, _ := json.Marshal(r)
		if !strings.Contains(string(b), "ok=yes") {
			t.Fatalf("second round via replica 1: %s", b)
		}
		for _, i := range []int{2, 1, 0} {
			m := f.modern(i, "tools/call", "ask", second)
			b, _ := json.Marshal(m)
			if !strings.Contains(string(b), "already used") {
				t.Errorf("replay via replica %d: %s", i, b)
			}
		}
	})
}

// sseEvents reads the data of the events of an event stream.
func sseEvents(body io.Reader) <-chan string {
	ch := make(chan string, 16)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(body)
		sc.Buffer(nil, 1<<20)
		var data strings.Builder
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "data:"):
				data.WriteString(strings.TrimSpace(strings.TrimPrefix(line, "data:")))
			case line == "" && data.Len() > 0:
				ch <- data.String()
				data.Reset()
			}
		}
	}()
	return ch
}

func nextEvent(t *testing.T, ch <-chan string, what string) string {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatalf("%s: the stream ended", what)
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: nothing came", what)
	}
	return ""
}

// TestFleetLegacySession: a legacy session's requests reach the replicas
// in turn; the answer to an elicitation reaches the replica that asked
// through another; a subscription made through one replica is honoured by
// the one that holds the GET stream, for an update made on a third; a
// DELETE through one replica ends the session on all.
func TestFleetLegacySession(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		f := newTestFleet(t, 3, sharedStore(NewMemoryStore()))
		resp := f.post(0, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}`)
		resp.Body.Close()
		sid := resp.Header.Get(headerSessionID)
		if sid == "" {
			t.Fatal("no session id")
		}
		hdr := []string{headerSessionID, sid, "MCP-Protocol-Version", "2025-11-25"}
		legacy := func(i int, body string) map[string]any {
			t.Helper()
			resp := f.post(i, body, hdr...)
			defer resp.Body.Close()
			var m map[string]any
			if resp.StatusCode == http.StatusAccepted {
				return nil
			}
			b, _ := io.ReadAll(resp.Body)
			if resp.Header.Get("Content-Type") == "text/event-stream" {
				b = []byte(<-sseEvents(strings.NewReader(string(b))))
			}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("replica %d: %d %s", i, resp.StatusCode, b)
			}
			return m
		}
		legacy(1, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		if r := result(t, legacy(2, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)); r["tools"] == nil {
			t.Fatalf("tools/list via replica 2: %v", r)
		}

		// An elicitation asked on replica 0, answered through replica 1.
		call := f.post(0, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{}}}`, hdr...)
		defer call.Body.Close()
		events := sseEvents(call.Body)
		var q struct {
			ID     json.RawMessage
			Method string
		}
		if err := json.Unmarshal([]byte(nextEvent(t, events, "elicitation")), &q); err != nil || q.Method != "elicitation/create" {
			t.Fatalf("expected elicitation/create: %v %+v", err, q)
		}
		legacy(1, `{"jsonrpc":"2.0","id":`+string(q.ID)+`,"result":{"action":"accept","content":{"ok":true}}}`)
		if e := nextEvent(t, events, "call result"); !strings.Contains(e, "ok=yes") {
			t.Fatalf("call result: %s", e)
		}

		// Subscribed through replica 1, streamed from replica 2, updated on 0.
		jsonEqual(t, "subscribe", result(t, legacy(1, `{"jsonrpc":"2.0","id":3,"method":"resources/subscribe","params":{"uri":"docs://readme"}}`)), `{}`)
		req, _ := http.NewRequest("GET", f.urls[2], nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(headerSessionID, sid)
		stream, err := f.client.Do(req)
		if err != nil || stream.StatusCode != http.StatusOK {
			t.Fatalf("GET stream: %v %v", err, stream.Status)
		}
		defer stream.Body.Close()
		pushed := sseEvents(stream.Body)
		// The stream is open once replica 2 sends to it: update until then.
		var got string
		for got == "" {
			f.servers[0].ResourceUpdated("docs://readme")
			select {
			case got = <-pushed:
			case <-time.After(50 * time.Millisecond):
			}
		}
		if !strings.Contains(got, `"notifications/resources/updated"`) || !strings.Contains(got, "docs://readme") {
			t.Errorf("pushed: %s", got)
		}

		del, _ := http.NewRequest("DELETE", f.urls[0], nil)
		del.Header.Set(headerSessionID, sid)
		dr, err := f.client.Do(del)
		if err != nil || dr.StatusCode != http.StatusNoContent {
			t.Fatalf("DELETE: %v %v", err, dr.Status)
		}
		dr.Body.Close()
		r := f.post(1, `{"jsonrpc":"2.0","id":4,"method":"ping"}`, hdr...)
		r.Body.Close()
		if r.StatusCode != http.StatusNotFound {
			t.Errorf("after DELETE via replica 0, replica 1 answers %s", r.Status)
		}
		select {
		case _, ok := <-pushed:
			for ok {
				_, ok = <-pushed
			}
		case <-time.After(10 * time.Second):
			t.Error("the GET stream on replica 2 is still open after the session was deleted")
		}
	})
}

// countingStore counts the round trips of a Store.
type countingStore struct {
	Store
	mu    sync.Mutex
	count map[string]int
}

func (c *countingStore) add(op string) {
	c.mu.Lock()
	c.count[op]++
	c.mu.Unlock()
}

func (c *countingStore) take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.count
	c.count = map[string]int{}
	return n
}

func (c *countingStore) Get(ctx context.Context, key string) ([]byte, error) {
	c.add("get")
	return c.Store.Get(ctx, key)
}

func (c *countingStore) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	c.add("put")
	return c.Store.Put(ctx, key, value, ttl)
}

func (c *countingStore) Add(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	c.add("add")
	return c.Store.Add(ctx, key, value, ttl)
}

func (c *countingStore) Delete(ctx context.Context, key string) error {
	c.add("delete")
	return c.Store.Delete(ctx, key)
}

func (c *countingStore) Publish(ctx context.Context, topic string, msg []byte) error {
	c.add("publish")
	return c.Store.Publish(ctx, topic, msg)
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// TestFleetRoundTrips counts the store round trips of each kind of
// request: none for a stateless call, one for a legacy session request
// that changes nothing.
func TestFleetRoundTrips(t *testing.T) {
	t.Parallel()
	// Pipes in a bubble: the leases, polls and waits take no real time.
	synctest.Test(t, func(t *testing.T) {
		cs := &countingStore{Store: NewMemoryStore(), count: map[string]int{}}
		f := newTestFleet(t, 1, sharedStore(cs))
		cs.take()
		result(t, f.modern(0, "tools/call", "add", `"name":"add","arguments":{"a":1,"b":2}`))
		result(t, f.modern(0, "tools/list", "", `"cursor":null`))
		if n := cs.take(); total(n) != 0 {
			t.Errorf("stateless call and list: %d store round trips (%v), want 0", total(n), n)
		}

		r := result(t, f.modern(0, "tools/call", "slow", `"name":"slow","arguments":{"ms":300}`))
		id := r["taskId"].(string)
		created := cs.take()
		t.Logf("task creation: %d store round trips %v", total(created), created)
		if total(created) != 2 {
			t.Errorf("task creation: %d store round trips (%v), want 2 (lease, record)", total(created), created)
		}
		for result(t, f.modern(0, "tasks/get", id, `"taskId":"`+id+`"`))["status"] == taskWorking {
			time.Sleep(5 * time.Millisecond)
		}
		local := cs.take()
		t.Logf("task polled on its replica until it ended: %d store round trips %v", total(local), local)

		resp := f.post(0, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
		resp.Body.Close()
		sid := resp.Header.Get(headerSessionID)
		if n := cs.take(); total(n) != 1 {
			t.Errorf("initialize: %d store round trips (%v), want 1", total(n), n)
		}
		f.post(0, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`, headerSessionID, sid).Body.Close()
		if n := cs.take(); total(n) != 1 {
			t.Errorf("legacy session request: %d store round trips (%v), want 1 (the record)", total(n), n)
		}
	})
}

// TestFleetStoreDown: with the store unreachable, stateless requests are
// served and stateful ones fail with an error that says why; once it is
// back, they work again.
func TestFleetStoreDown(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		cut := &partedStore{Store: NewMemoryStore()}
		f := newTestFleet(t, 2, sharedStore(cut))
		resp := f.post(0, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
		resp.Body.Close()
		sid := resp.Header.Get(headerSessionID)
		cut.parted.Store(true)
		if r := result(t, f.modern(1, "tools/call", "add", `"name":"add","arguments":{"a":1,"b":2}`)); r["isError"] == true {
			t.Errorf("stateless call with the store down: %v", r)
		}
		lr := f.post(1, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, headerSessionID, sid)
		b, _ := io.ReadAll(lr.Body)
		lr.Body.Close()
		if lr.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(b), "shared state store is unavailable") {
			t.Errorf("legacy request with the store down: %s %s", lr.Status, b)
		}
		m := f.modern(1, "tasks/get", "t1", `"taskId":"t1"`)
		if e, _ := m["error"].(map[string]any); e == nil || !strings.Contains(e["message"].(string), "shared state store is unavailable") {
			t.Errorf("tasks/get with the store down: %v", m)
		}
		cut.parted.Store(false)
		lr = f.post(1, `{"jsonrpc":"2.0","id":2,"method":"ping"}`, headerSessionID, sid)
		lr.Body.Close()
		if lr.StatusCode != http.StatusOK {
			t.Errorf("legacy request once the store is back: %s", lr.Status)
		}
	})
}
