package runtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// This file tests the tasks extension (task.go) over stdio. The stdio tests
// run in a synctest bubble: the grace period before a call becomes a task,
// the tools' work and the clients' polls take no real time, and do not
// depend on how loaded the machine is.

func taskServer(t *testing.T, opts ...Option) *Server {
	t.Helper()
	s := newTestServer(t, opts...)
	work := func(ctx context.Context, d time.Duration) error {
		select {
		case <-time.After(d):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	s.MustAddTool(Tool{Name: "slow", TaskSupport: TaskOptional,
		InputSchema: `{"type":"object","properties":{"ms":{"type":"integer"}}}`,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			var in struct{ Ms int }
			_ = json.Unmarshal(args, &in)
			if err := work(ctx, time.Duration(in.Ms)*time.Millisecond); err != nil {
				return nil, err
			}
			return TextResult("slept"), nil
		}})
	s.MustAddTool(Tool{Name: "needs_task", TaskSupport: TaskRequired,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) { return TextResult("ok"), nil }})
	s.MustAddTool(Tool{Name: "boom", TaskSupport: TaskOptional,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			_ = work(ctx, 2*TaskGrace)
			panic("boom")
		}})
	s.MustAddTool(Tool{Name: "confirm", TaskSupport: TaskOptional,
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			if err := work(ctx, 2*TaskGrace); err != nil {
				return nil, err
			}
			form, err := Elicit[Order](ctx, "Sure?", InputKey("sure"))
			if err != nil {
				return nil, err
			}
			return TextResult("ok=" + map[bool]string{true: "yes", false: "no"}[form.Content.OK]), nil
		}})
	return s
}

// taskMeta is the _meta of a modern request from a client that declared
// the tasks extension and elicitation (with ext) or nothing.
func taskMeta(ext bool) string {
	caps := `{}`
	if ext {
		caps = `{"elicitation":{},"extensions":{"io.modelcontextprotocol/tasks":{}}}`
	}
	return `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":` + caps + `}`
}

func (c *testClient) taskCall(id, tool, args string, ext bool) *message {
	c.t.Helper()
	return c.do(id, "tools/call", `{`+taskMeta(ext)+`,"name":"`+tool+`","arguments":`+args+`}`)
}

// poll calls tasks/get until the task's status is not working.
func (c *testClient) poll(taskID string) map[string]any {
	c.t.Helper()
	for i := 0; ; i++ {
		r := c.do(`"get"`, "tasks/get", `{`+taskMeta(true)+`,"taskId":"`+taskID+`"}`).result(c.t)
		if r["status"] != "working" || i > 500 {
			return r
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTaskLifecycle(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := serve(t, taskServer(t))

		// A call that ends within the grace period is answered as usual.
		if r := c.taskCall("1", "slow", `{"ms":0}`, true).result(t); r["resultType"] != "complete" {
			t.Errorf("quick call: %v", r)
		}
		// A longer one becomes a task.
		created := c.taskCall("2", "slow", `{"ms":300}`, true).result(t)
		id, _ := created["taskId"].(string)
		if created["resultType"] != "task" || id == "" || created["status"] != "working" || created["ttlMs"] == nil || created["pollIntervalMs"] == nil {
			t.Fatalf("CreateTaskResult: %v", created)
		}
		done := c.poll(id)
		res, _ := done["result"].(map[string]any)
		if done["status"] != "completed" || res == nil || !strings.Contains(string(must(json.Marshal(res["content"]))), "slept") {
			t.Errorf("completed task: %v", done)
		}

		// Cancelled while it runs.
		created = c.taskCall("3", "slow", `{"ms":60000}`, true).result(t)
		id, _ = created["taskId"].(string)
		if r := c.do("4", "tasks/cancel", `{`+taskMeta(true)+`,"taskId":"`+id+`"}`).result(t); r["resultType"] != "complete" || r["taskId"] != nil {
			t.Errorf("cancel ack: %v", r)
		}
		if r := c.poll(id); r["status"] != "cancelled" {
			t.Errorf("after cancel: %v", r)
		}

		// A panic fails the task with a protocol error.
		created = c.taskCall("5", "boom", `{}`, true).result(t)
		failed := c.poll(created["taskId"].(string))
		if failed["status"] != "failed" || failed["error"] == nil || failed["result"] != nil {
			t.Errorf("panicked task: %v", failed)
		}
	})
}

func TestTaskQuestions(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := serve(t, taskServer(t))
		created := c.taskCall("1", "confirm", `{}`, true).result(t)
		id := created["taskId"].(string)
		var waiting map[string]any
		for i := 0; i < 500; i++ {
			if waiting = c.poll(id); waiting["status"] == "input_required" {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		reqs, _ := waiting["inputRequests"].(map[string]any)
		if waiting["status"] != "input_required" || reqs["sure"] == nil {
			t.Fatalf("waiting task: %v", waiting)
		}
		ack := c.do("2", "tasks/update", `{`+taskMeta(true)+`,"taskId":"`+id+`","inputResponses":{"sure":{"action":"accept","content":{"ok":true}},"other":{}}}`).result(t)
		if ack["resultType"] != "complete" || ack["status"] != nil {
			t.Errorf("update ack: %v", ack)
		}
		done := c.poll(id)
		if done["status"] != "completed" || !strings.Contains(string(must(json.Marshal(done["result"]))), "ok=yes") {
			t.Errorf("answered task: %v", done)
		}
	})
}

func TestTaskWithoutExtension(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := serve(t, taskServer(t))
		// Optional: the call runs to completion.
		if r := c.taskCall("1", "slow", `{"ms":300}`, false).result(t); r["resultType"] != "complete" {
			t.Errorf("optional tool without the extension: %v", r)
		}
		m := c.taskCall("2", "needs_task", `{}`, false)
		m.code(t, codeMissingCapability)
		jsonEqual(t, "data", m.Error.Data, `{"requiredCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`)
		c.do("3", "tasks/get", `{`+taskMeta(false)+`,"taskId":"x"}`).code(t, codeMissingCapability)
		c.do("4", "tasks/get", `{`+taskMeta(true)+`,"taskId":"x"}`).code(t, codeInvalidParams)
		c.do("5", "tasks/result", `{`+taskMeta(true)+`,"taskId":"x"}`).code(t, codeMethodNotFound)
		// Legacy clients never get tasks.
		c2 := serve(t, taskServer(t))
		c2.initialize("2025-11-25")
		if r := c2.do("6", "tools/call", `{"name":"needs_task","arguments":{}}`).result(t); r["isError"] == true {
			t.Errorf("legacy call of a required-task tool: %v", r)
		}
	})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestTaskOverHTTP: a task outlives the POST that created it, and ends
// when ListenAndServeHTTP shuts down.
func TestTaskOverHTTP(t *testing.T) {
	t.Parallel()
	// HTTP over pipes in a bubble: the task's 300 ms and the polls take no
	// real time.
	synctest.Test(t, func(t *testing.T) {
		s := taskServer(t)
		ended := make(chan error, 1)
		s.MustAddTool(Tool{Name: "forever", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			<-ctx.Done()
			ended <- ctx.Err()
			return nil, ctx.Err()
		}})
		ln := newPipeNet()
		client := ln.client(t)
		url := "http://pipe/mcp"
		ctx, cancel := context.WithCancel(t.Context())
		served := make(chan error, 1)
		go func() { served <- s.serveHTTP(ctx, ln, time.Second) }()
		call := func(method, name, params string) map[string]any {
			req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"`+method+`","params":{`+taskMeta(true)+`,`+params+`}}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Header.Set("MCP-Protocol-Version", "2026-07-28")
			req.Header.Set("Mcp-Method", method)
			req.Header.Set("Mcp-Name", name)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var m struct{ Result map[string]any }
			if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || m.Result == nil {
				t.Fatalf("%s: %v %+v", method, err, m)
			}
			return m.Result
		}
		slow := call("tools/call", "slow", `"name":"slow","arguments":{"ms":300}`)
		id := slow["taskId"].(string)
		var got map[string]any
		for i := 0; i < 200; i++ {
			if got = call("tasks/get", id, `"taskId":"`+id+`"`); got["status"] != "working" {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if got["status"] != "completed" {
			t.Errorf("task after its POST ended: %v", got)
		}
		if f := call("tools/call", "forever", `"name":"forever","arguments":{}`); f["resultType"] != "task" {
			t.Fatalf("forever: %v", f)
		}
		cancel()
		if err := <-served; err != nil {
			t.Errorf("serveHTTP: %v", err)
		}
		select {
		case <-ended:
		case <-time.After(5 * time.Second):
			t.Error("a task still runs after the server shut down")
		}
		time.Sleep(2 * workerLinger) // the handler's idle workers leave
	})
}

// TestTaskProgressAndLogs: before the call becomes a task, progress and
// log messages go to the client on the request; after, the request is
// answered, so a progress report becomes the task's statusMessage and a
// log record goes to the server's logger only.
func TestTaskProgressAndLogs(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var serverLog syncBuffer
		s := newTestServer(t, WithLogger(slog.New(slog.NewTextHandler(&serverLog, nil))))
		release := make(chan struct{})
		s.MustAddTool(Tool{Name: "copy", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			ReportProgress(ctx, 1, 3, "starting")
			Logger(ctx).Info("before the task")
			time.Sleep(2 * TaskGrace)
			ReportProgress(ctx, 2, 3, "copying")
			ReportProgress(ctx, 1.5, 3, "going back") // does not increase: dropped
			Logger(ctx).Info("inside the task")
			<-release
			return TextResult("copied"), nil
		}})
		c := serve(t, s)
		meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","progressToken":"p","io.modelcontextprotocol/logLevel":"debug",` +
			`"io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`
		created := c.do("1", "tools/call", `{`+meta+`,"name":"copy","arguments":{}}`).result(t)
		id, _ := created["taskId"].(string)
		if created["resultType"] != "task" || created["statusMessage"] != nil {
			t.Fatalf("CreateTaskResult: %v", created)
		}
		if p := c.notifications("notifications/progress"); len(p) != 1 || !strings.Contains(string(p[0].Params), `"starting"`) {
			t.Errorf("progress before the task: %d notifications", len(p))
		}
		if m := c.notifications("notifications/message"); len(m) != 1 || !strings.Contains(string(m[0].Params), "before the task") {
			t.Errorf("log messages before the task: %d", len(m))
		}
		var got map[string]any
		for i := 0; i < 500; i++ {
			if got = c.do(`"get"`, "tasks/get", `{`+taskMeta(true)+`,"taskId":"`+id+`"}`).result(t); got["statusMessage"] != nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if got["status"] != "working" || got["statusMessage"] != "2/3: copying" {
			t.Errorf("task while it works: %v", got)
		}
		close(release)
		done := c.poll(id)
		if done["status"] != "completed" || done["statusMessage"] != nil {
			t.Errorf("completed task: %v", done)
		}
		if p, m := c.notifications("notifications/progress"), c.notifications("notifications/message"); len(p)+len(m) != 0 {
			t.Errorf("notifications for a request already answered: %d progress, %d log", len(p), len(m))
		}
		if !strings.Contains(serverLog.String(), "inside the task") {
			t.Errorf("server log lacks the task's record:\n%s", serverLog.String())
		}
	})
}

// endInput closes the server's input and waits for Serve to return.
func (c *testClient) endInput() error {
	c.t.Helper()
	c.w.Close()
	go io.Copy(io.Discard, c.r)
	select {
	case err := <-c.done:
		c.done <- err // for the cleanup of serve
		return err
	case <-time.After(10 * time.Second):
		c.t.Fatal("Serve did not return after the end of its input")
		return nil
	}
}

// TestTaskEndOfInput: at the end of stdio input no client can poll a task
// any more, so Serve cancels the running ones and returns once their tools
// have returned.
func TestTaskEndOfInput(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		s := newTestServer(t)
		var returned atomic.Bool
		s.MustAddTool(Tool{Name: "long", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			<-ctx.Done()
			time.Sleep(50 * time.Millisecond) // cleaning up
			returned.Store(true)
			return nil, ctx.Err()
		}})
		c := serve(t, s)
		if r := c.taskCall("1", "long", `{}`, true).result(t); r["resultType"] != "task" {
			t.Fatalf("not a task: %v", r)
		}
		if err := c.endInput(); err != nil {
			t.Errorf("Serve: %v", err)
		}
		if !returned.Load() {
			t.Error("Serve returned before the task's tool did")
		}
	})
}

// TestTaskEndOfInputStubborn: a task's tool that ignores its context's end
// holds Serve up for taskStopWait at most, and is logged.
func TestTaskEndOfInputStubborn(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		// The bubble's clock: taskStopWait passes without a real wait, so
		// the test keeps the real value (setting it raced with the tests
		// that run in parallel).
		var serverLog syncBuffer
		s := newTestServer(t, WithLogger(slog.New(slog.NewTextHandler(&serverLog, nil))))
		release := make(chan struct{})
		defer close(release)
		s.MustAddTool(Tool{Name: "stubborn", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			<-release
			return TextResult("late"), nil
		}})
		c := serve(t, s)
		if r := c.taskCall("1", "stubborn", `{}`, true).result(t); r["resultType"] != "task" {
			t.Fatalf("not a task: %v", r)
		}
		start := time.Now()
		if err := c.endInput(); err != nil {
			t.Errorf("Serve: %v", err)
		}
		if d := time.Since(start); d < taskStopWait || d > taskStopWait+5*time.Second {
			t.Errorf("Serve returned after %v, want about %v", d, taskStopWait)
		}
		if !strings.Contains(serverLog.String(), "tool=stubborn") || !strings.Contains(serverLog.String(), "has not returned") {
			t.Errorf("server log:\n%s", serverLog.String())
		}
	})
}
