package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// This file measures what a finished task keeps in memory, over HTTP (the
// transport where tasks outlive their requests).

// taskHTTP serves s over loopback HTTP for the test and returns a function
// that POSTs one modern request and decodes its result.
func taskHTTP(t testing.TB, s *Server, opts ...HTTPOption) func(method, name, params string) map[string]any {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/mcp"
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.serveHTTP(ctx, ln, time.Second, opts...) }()
	t.Cleanup(func() {
		cancel()
		<-served
	})
	// A fresh connection per request: idle keep-alive connections hold
	// buffers of their own, which are not the tasks'.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	return func(method, name, params string) map[string]any {
		req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"`+method+`","params":{`+taskMeta(true)+`,`+params+`}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", method)
		req.Header.Set("Mcp-Name", name)
		resp, err := client.Do(req)
		if err != nil {
			t.Error(err)
			return nil
		}
		defer resp.Body.Close()
		var m struct{ Result map[string]any }
		if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || m.Result == nil {
			t.Errorf("%s: %v %+v", method, err, m)
		}
		return m.Result
	}
}

// heapAfterGC is the live heap once garbage is collected.
func heapAfterGC() uint64 {
	var ms runtime.MemStats
	for range 3 {
		runtime.GC()
	}
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// retainedPerTask runs n calls of a tool with a result of size bytes that
// all become tasks, waits for them to complete, and returns the live heap
// they leave behind, per task. A first round on a server of its own is not
// counted: the Go runtime keeps the descriptors of the goroutines that ran
// the calls (on both ends) for later goroutines, which is no task's memory.
func retainedPerTask(t *testing.T, n, size int) float64 {
	t.Run("warm-up", func(t *testing.T) { taskRound(t, n, size) })
	return taskRound(t, n, size)
}

func taskRound(t testing.TB, n, size int) float64 {
	s := NewServer("mem", "1", WithLogger(slog.New(slog.DiscardHandler)))
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(n)
	text := strings.Repeat("x", size)
	s.MustAddTool(Tool{Name: "task", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		started.Done()
		<-release
		return TextResult(text), nil
	}})
	call := taskHTTP(t, s)
	before := heapAfterGC()
	ids := make([]string, n)
	var calls sync.WaitGroup
	for i := range n {
		calls.Go(func() {
			r := call("tools/call", "task", `"name":"task","arguments":{}`)
			ids[i], _ = r["taskId"].(string)
		})
	}
	calls.Wait()
	started.Wait()
	close(release)
	for _, id := range ids {
		for {
			r := call("tasks/get", id, `"taskId":"`+id+`"`)
			if r == nil || r["status"] == "completed" {
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	// Let the HTTP workers that ran the calls go idle and exit.
	time.Sleep(workerLinger + 100*time.Millisecond)
	after := heapAfterGC()
	runtime.KeepAlive(s)
	return (float64(after) - float64(before)) / float64(n)
}

// TestTaskMemoryFigures logs what a completed task keeps, per task (run
// with -v; MCPGEN_TASK_MEMORY=1 to run it).
func TestTaskMemoryFigures(t *testing.T) {
	if testing.Short() || !envSet("MCPGEN_TASK_MEMORY") {
		t.Skip("set MCPGEN_TASK_MEMORY=1 to measure")
	}
	const n = 2000
	for _, size := range []int{0, 8 << 10} {
		t.Logf("%d tasks, result text of %d bytes: %.0f bytes retained per task", n, size, retainedPerTask(t, n, size))
	}
}

func envSet(name string) bool { v, _ := strconv.ParseBool(os.Getenv(name)); return v }

// TestTaskKeepsNoRequest: a finished task keeps nothing of the request
// that started it. The tool sees a value that middleware put in the
// request's context, and that value is collected once the tool has
// returned, while the task stays readable.
func TestTaskKeepsNoRequest(t *testing.T) {
	t.Parallel()
	type big [1 << 16]byte
	type key struct{}
	collected := make(chan struct{}, 1)
	mw := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Mcp-Method") == "tools/call" {
				v := new(big)
				runtime.AddCleanup(v, func(ch chan struct{}) { ch <- struct{}{} }, collected)
				r = r.WithContext(context.WithValue(r.Context(), key{}, v))
			}
			next.ServeHTTP(w, r)
		})
	}
	s := newTestServer(t)
	release := make(chan struct{})
	s.MustAddTool(Tool{Name: "task", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		if ctx.Value(key{}) == nil {
			return nil, errors.New("the request's values are not in the task's context")
		}
		<-release
		return TextResult("done"), nil
	}})
	call := taskHTTP(t, s, WithMiddleware(mw))
	r := call("tools/call", "task", `"name":"task","arguments":{}`)
	id, _ := r["taskId"].(string)
	if id == "" {
		t.Fatalf("not a task: %v", r)
	}
	close(release)
	for r = call("tasks/get", id, `"taskId":"`+id+`"`); r["status"] == "working"; r = call("tasks/get", id, `"taskId":"`+id+`"`) {
		time.Sleep(10 * time.Millisecond)
	}
	if r["status"] != "completed" {
		t.Fatalf("task: %v", r)
	}
	deadline := time.After(10 * time.Second)
	for {
		runtime.GC()
		select {
		case <-collected:
			if s.tasks.get(id) == nil {
				t.Error("the task is gone")
			}
			return
		case <-deadline:
			t.Fatal("the request's context is still reachable after its task ended")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestTaskMemoryBound: the tasks' results stay within WithMaxTaskMemory.
// While the memory is taken, a long call runs to completion on its request;
// a result that does not fit fails its task with an error that says so.
func TestTaskMemoryBound(t *testing.T) {
	t.Parallel()
	// The bubble's clock: the naps and the polls take no real time.
	synctest.Test(t, func(t *testing.T) {
		s := newTestServer(t, WithMaxTaskMemory(2*taskOverhead+800))
		release := make(chan struct{})
		s.MustAddTool(Tool{Name: "hold", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			<-release
			return TextResult(strings.Repeat("r", 500)), nil
		}})
		s.MustAddTool(Tool{Name: "nap", TaskSupport: TaskOptional, Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			time.Sleep(2 * TaskGrace) // outlasts the grace period: a task if there is room
			return TextResult("napped"), nil
		}})
		// Two running tasks fill the memory but for 800 bytes: room for one
		// result of 500 characters, not for two, and for no third task.
		c := serve(t, s)
		var ids []string
		for _, id := range []string{"1", "2"} {
			r := c.taskCall(id, "hold", `{}`, true).result(t)
			if r["resultType"] != "task" {
				t.Fatalf("hold %s: %v", id, r)
			}
			ids = append(ids, r["taskId"].(string))
		}
		if r := c.taskCall("3", "nap", `{}`, true).result(t); r["resultType"] != "complete" || !strings.Contains(string(must(json.Marshal(r["content"]))), "napped") {
			t.Errorf("a call beyond the task memory: %v", r)
		}
		close(release)
		var statuses []string
		for _, id := range ids {
			r := c.poll(id)
			statuses = append(statuses, r["status"].(string))
			if r["status"] == "failed" {
				e, _ := r["error"].(map[string]any)
				if msg, _ := e["message"].(string); !strings.Contains(msg, "does not fit in the server's task memory (WithMaxTaskMemory)") {
					t.Errorf("failed task: %v", r)
				}
			}
		}
		slices.Sort(statuses)
		if !slices.Equal(statuses, []string{"completed", "failed"}) {
			t.Errorf("statuses %v, want one completed (its result fits) and one failed", statuses)
		}
	})
}
