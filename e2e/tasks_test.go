package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// This file drives tasks (the io.modelcontextprotocol/tasks extension of
// protocol 2026-07-28) end to end: inputserver's compile_report, a
// `//mcp:tool task`, with the MCP Inspector CLI (whose requester is the
// extension's own TypeScript client, @modelcontextprotocol/ext-tasks) and
// with a raw client that shows every message; and the elicitation of
// examples/tasks' clear_done with the Go SDK client in both eras. (The Go
// SDK client, v1.8.0, does not speak the tasks extension.)

// taskMeta is the _meta of a modern request from a client that declared
// the tasks extension and elicitation.
func taskMeta() map[string]any {
	return map[string]any{
		"io.modelcontextprotocol/protocolVersion": "2026-07-28",
		"io.modelcontextprotocol/clientInfo":      map[string]any{"name": "raw", "version": "0"},
		"io.modelcontextprotocol/clientCapabilities": map[string]any{
			"elicitation": map[string]any{},
			"extensions":  map[string]any{"io.modelcontextprotocol/tasks": map[string]any{}},
		},
	}
}

// taskRequest sends a tasks/* request and returns its result.
func (c *rawConn) taskRequest(method, taskID string, extra map[string]any) map[string]any {
	c.t.Helper()
	p := map[string]any{"_meta": taskMeta(), "taskId": taskID}
	for k, v := range extra {
		p[k] = v
	}
	m := c.raw(method, p)
	if m.Error != nil || m.Result == nil {
		c.t.Fatalf("%s: %s", method, dump(m))
	}
	return m.Result
}

// TestRawTasks: a call that outlasts the grace period is answered with a
// task; the client polls it, sees its progress as statusMessage, answers
// its question with tasks/update and gets the result; tasks/cancel stops
// another; at the end of input the server cancels the one still running
// and exits at once.
func TestRawTasks(t *testing.T) {
	c := startRawBin(t, inputBin)
	meta := taskMeta()
	meta["progressToken"] = "p"
	created := c.raw("tools/call", map[string]any{"_meta": meta, "name": "compile_report",
		"arguments": map[string]any{"ms": 600, "confirm": true}})
	id, _ := created.Result["taskId"].(string)
	if created.Result["resultType"] != "task" || id == "" || created.Result["status"] != "working" {
		t.Fatalf("want a CreateTaskResult, got %s", dump(created))
	}
	var seen []string
	answered := false
	var got map[string]any
	for deadline := time.Now().Add(guard); time.Now().Before(deadline); time.Sleep(40 * time.Millisecond) {
		got = c.taskRequest("tasks/get", id, nil)
		if msg, ok := got["statusMessage"].(string); ok && (len(seen) == 0 || seen[len(seen)-1] != msg) {
			seen = append(seen, msg)
		}
		if got["status"] == "input_required" && !answered {
			q, _ := got["inputRequests"].(map[string]any)["publish"].(map[string]any)
			if q["method"] != "elicitation/create" || !strings.Contains(fmt.Sprint(q["params"]), "Publish the report?") {
				t.Fatalf("question of the task: %s", dump(got))
			}
			ack := c.taskRequest("tasks/update", id, map[string]any{"inputResponses": map[string]any{
				"publish": map[string]any{"action": "accept", "content": map[string]any{"publish": true}}}})
			if ack["resultType"] != "complete" {
				t.Errorf("tasks/update ack: %s", dump(ack))
			}
			answered = true
		}
		if s := got["status"]; s != "working" && s != "input_required" {
			break
		}
	}
	if got["status"] != "completed" || !strings.Contains(dump(got["result"]), "report published") || !answered {
		t.Errorf("task at the end (answered %v): %s", answered, dump(got))
	}
	if !strings.Contains(strings.Join(seen, "|"), "2/2: section 2") {
		t.Errorf("the task's progress was not in its statusMessage; saw %q", seen)
	}
	if _, ok := got["statusMessage"]; ok {
		t.Errorf("a completed task keeps its progress message: %s", dump(got))
	}

	// tasks/cancel stops a task.
	long := c.raw("tools/call", map[string]any{"_meta": taskMeta(), "name": "compile_report",
		"arguments": map[string]any{"ms": 600000, "confirm": false}})
	longID, _ := long.Result["taskId"].(string)
	if longID == "" {
		t.Fatalf("want a task: %s", dump(long))
	}
	c.taskRequest("tasks/cancel", longID, nil)
	if r := c.taskRequest("tasks/get", longID, nil); r["status"] != "cancelled" {
		t.Errorf("after tasks/cancel: %s", dump(r))
	}
	if m := c.raw("tasks/get", map[string]any{"_meta": taskMeta(), "taskId": "no-such-task"}); m.Error == nil || m.Error.Code != -32602 {
		t.Errorf("unknown task: %s", dump(m))
	}

	// At the end of input, a running task is cancelled: the server exits
	// without waiting for its ten minutes.
	running := c.raw("tools/call", map[string]any{"_meta": taskMeta(), "name": "compile_report",
		"arguments": map[string]any{"ms": 600000, "confirm": false}})
	if running.Result["resultType"] != "task" {
		t.Fatalf("want a task: %s", dump(running))
	}
	c.stdin.Close()
	c.waitExit("stdin EOF with a task running")
}

// TestInspectorTasks: the MCP Inspector CLI declares the tasks extension
// under 2026-07-28, gets compile_report's CreateTaskResult, polls tasks/get
// and prints the tool's result, over stdio and HTTP. On stdio the server
// runs behind tee, and the test checks that the call went the task way.
func TestInspectorTasks(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "tee-inputserver")
	script := "#!/bin/sh\ntee '" + dir + "/in.log' | '" + inputBin + "' | tee '" + dir + "/out.log'\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, ep := range inputEndpoints(t) {
		t.Run(ep.name, func(t *testing.T) {
			target := ep.inspectorArgs
			if ep.name == "stdio" {
				target = []string{wrapper}
			}
			args := append([]string{"node_modules/.bin/mcp-inspector", "--cli"}, target...)
			args = append(args, "--protocol-era", "modern", "--format", "json", "--connect-timeout", "60000",
				"--method", "tools/call", "--tool-name", "compile_report", "--tool-arg", "ms=400", "confirm=false")
			stdout, stderr, err := runNode(t, args...)
			var out struct {
				Result map[string]any `json:"result"`
			}
			if jerr := json.Unmarshal([]byte(stdout), &out); err != nil || jerr != nil || out.Result == nil {
				t.Fatalf("node %s: exit %v (%v):\n%s\nstderr:\n%s", strings.Join(args, " "), err, jerr, tail(stdout, 3000), tail(stderr, 3000))
			}
			if s := dump(out.Result["content"]); !strings.Contains(s, "report compiled") || out.Result["isError"] == true {
				t.Errorf("result: %s", dump(out.Result))
			}
			if ep.name == "stdio" {
				in, _ := os.ReadFile(filepath.Join(dir, "in.log"))
				out, _ := os.ReadFile(filepath.Join(dir, "out.log"))
				if !strings.Contains(string(out), `"resultType":"task"`) || !strings.Contains(string(in), `"method":"tasks/get"`) {
					t.Errorf("the call did not go the task way:\nclient sent:\n%s\nserver sent:\n%s", tail(string(in), 3000), tail(string(out), 3000))
				}
			}
		})
	}
}

// TestGoSDKClearDone: examples/tasks' clear_done asks the user to confirm
// in a form (runtime.Elicit): the Go SDK client answers it as a server
// request (2025-11-25) and through input_required rounds (2026-07-28).
func TestGoSDKClearDone(t *testing.T) {
	bin := buildExample(t, "tasks")
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		for _, confirm := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/confirm=%v", version, confirm), func(t *testing.T) {
				var asked []string
				c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-clear", Version: "1.0.0"}, &mcp.ClientOptions{
					ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
						asked = append(asked, req.Params.Message)
						return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": confirm}}, nil
					},
				})
				ctx, cancel := context.WithTimeout(context.Background(), guard)
				defer cancel()
				ep := stdioEndpointFor(bin)
				cs, err := c.Connect(ctx, ep.goTransport(t), &mcp.ClientSessionOptions{ProtocolVersion: version})
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				defer cs.Close()
				call := func(name string, args map[string]any) *mcp.CallToolResult {
					t.Helper()
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					return res
				}
				var task struct{ ID int }
				added := call("add_task", map[string]any{"title": "Write the README"})
				if err := json.Unmarshal([]byte(dump(added.StructuredContent)), &task); err != nil || task.ID == 0 {
					t.Fatalf("add_task: %s", dump(added))
				}
				call("set_status", map[string]any{"id": task.ID, "status": "done"})
				res := call("clear_done", map[string]any{})
				if len(asked) != 1 || asked[0] != "Remove 1 done tasks for good?" {
					t.Errorf("questions asked: %q", asked)
				}
				text := dump(res.Content)
				if confirm && (res.IsError || !strings.Contains(dump(res.StructuredContent), "1")) {
					t.Errorf("confirmed clear_done: %s %s", text, dump(res.StructuredContent))
				}
				if !confirm && (!res.IsError || !strings.Contains(text, "the user did not confirm")) {
					t.Errorf("unconfirmed clear_done: %s", text)
				}
				left := dump(call("list_tasks", map[string]any{}).StructuredContent)
				if strings.Contains(left, "Write the README") == confirm {
					t.Errorf("tasks left after clear_done (confirm %v): %s", confirm, left)
				}
			})
		}
	}
}
