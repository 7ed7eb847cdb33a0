package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestRawJSONRPC speaks newline-delimited JSON-RPC to the stdio server
// directly, to check wire facts that SDK clients hide or normalize: exact
// annotations, fields absent in older versions, resultType, error codes,
// batches, version fallback and the exit on stdin EOF.
func TestRawJSONRPC(t *testing.T) {
	for _, version := range protocolVersions {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			c := startRaw(t)
			modern := version >= "2026-07-28"
			if modern {
				res := c.ok("server/discover", map[string]any{})
				if !slices.Contains(toStrings(res["supportedVersions"]), version) {
					t.Errorf("server/discover supportedVersions = %v, want %s among them", res["supportedVersions"], version)
				}
				checkModernResult(t, "server/discover", res, true)
				if at(res, "capabilities", "tools") == nil {
					t.Errorf("server/discover capabilities %v do not declare tools", res["capabilities"])
				}
			} else {
				res := c.ok("initialize", map[string]any{"protocolVersion": version, "capabilities": map[string]any{},
					"clientInfo": map[string]any{"name": "raw", "version": "0"}})
				if res["protocolVersion"] != version {
					t.Fatalf("initialize asked %s, got protocolVersion %v", version, res["protocolVersion"])
				}
				c.notify("notifications/initialized", map[string]any{})
			}

			t.Run("tools/list", func(t *testing.T) {
				res := c.ok("tools/list", map[string]any{})
				if modern {
					checkModernResult(t, "tools/list", res, true)
				}
				tools, _ := res["tools"].([]any)
				seen := map[string]bool{}
				for _, x := range tools {
					tool, _ := x.(map[string]any)
					name, _ := tool["name"].(string)
					seen[name] = true
					w, ok := wantTools[name]
					if !ok {
						t.Errorf("unexpected tool %q", name)
						continue
					}
					title, _ := tool["title"].(string)
					desc, _ := tool["description"].(string)
					checkTool(t, version, name, w, toolJSON{title: title, description: desc,
						inputSchema: tool["inputSchema"], outputSchema: tool["outputSchema"], annotations: tool["annotations"]})
					checkRawAnnotations(t, version, name, w.hints, tool)
				}
				for name := range wantTools {
					if !seen[name] {
						t.Errorf("tools/list lacks %q", name)
					}
				}
			})

			t.Run("tools/call", func(t *testing.T) {
				res := c.ok("tools/call", map[string]any{"name": "add", "arguments": map[string]any{"a": 1, "b": 2}})
				if modern {
					checkModernResult(t, "tools/call", res, false)
				}
				if hasOutputSchema(version) {
					jsonEqual(t, "structuredContent", res["structuredContent"], map[string]any{"result": 3})
				} else if _, ok := res["structuredContent"]; ok {
					t.Logf("note: protocol %s has no structuredContent, server sent it anyway", version)
				}
				if content, _ := res["content"].([]any); len(content) != 1 || at(content[0], "type") != "text" ||
					compact(fmt.Sprint(at(content[0], "text"))) != `{"result":3}` {
					t.Errorf("content = %s, want one text block {\"result\":3}", dump(res["content"]))
				}
				if res["isError"] == true {
					t.Errorf("isError set: %v", res)
				}
				// Arguments omitted altogether mean {}.
				res = c.ok("tools/call", map[string]any{"name": "inventory_stats"})
				if res["isError"] == true {
					t.Errorf("inventory_stats without arguments: %v", res)
				}
			})

			t.Run("errors", func(t *testing.T) {
				e := c.fail("tools/call", map[string]any{"name": "no_such_tool", "arguments": map[string]any{}})
				if e.Code != -32602 {
					t.Errorf("unknown tool: code %d (%s), want -32602", e.Code, e.Message)
				}
				e = c.fail("no/such_method", map[string]any{})
				if e.Code != -32601 {
					t.Errorf("unknown method: code %d (%s), want -32601", e.Code, e.Message)
				}
				e = c.fail("tools/call", map[string]any{"arguments": map[string]any{}})
				if e.Code != -32602 {
					t.Errorf("tools/call without name: code %d (%s), want -32602", e.Code, e.Message)
				}
				m := c.request("tools/call", map[string]any{"name": "add", "arguments": []any{1, 2}})
				if (m.Error == nil || m.Error.Code != -32602) && (m.Result == nil || m.Result["isError"] != true) {
					t.Errorf("arguments as an array: want isError or error -32602, got %s", dump(m))
				}
			})

			if modern {
				t.Run("modern _meta", func(t *testing.T) {
					e := c.raw("tools/list", map[string]any{}) // no _meta at all
					if e.Error == nil || e.Error.Code != -32602 {
						t.Errorf("tools/list without _meta: got %s, want error -32602", dump(e))
					}
					e = c.raw("tools/list", map[string]any{"_meta": map[string]any{
						"io.modelcontextprotocol/protocolVersion":    "1900-01-01",
						"io.modelcontextprotocol/clientCapabilities": map[string]any{}}})
					if e.Error == nil || e.Error.Code != -32022 {
						t.Errorf("unsupported version in _meta: got %s, want error -32022", dump(e))
					} else if data, _ := e.Error.Data.(map[string]any); !slices.Contains(toStrings(data["supported"]), "2026-07-28") {
						t.Errorf("-32022 data %v does not list supported versions", e.Error.Data)
					}
				})
			} else {
				t.Run("ping", func(t *testing.T) {
					jsonEqual(t, "ping result", c.ok("ping", nil), map[string]any{})
				})
			}
			if version == "2025-11-25" {
				t.Run("task param ignored", func(t *testing.T) {
					// The server does not declare tasks: a task param is
					// ignored (spec 2025-11-25 basic/utilities/tasks).
					res := c.ok("tools/call", map[string]any{"name": "echo", "arguments": map[string]any{"text": "t"}, "task": map[string]any{"ttl": 60000}})
					jsonEqual(t, "content", res["content"], []any{map[string]any{"type": "text", "text": "t"}})
				})
			}
			if version == "2025-03-26" {
				t.Run("batch", func(t *testing.T) {
					c.send([]any{
						map[string]any{"jsonrpc": "2.0", "id": "b1", "method": "ping"},
						map[string]any{"jsonrpc": "2.0", "id": "b2", "method": "tools/call", "params": map[string]any{"name": "echo", "arguments": map[string]any{"text": "x"}}},
					})
					line := c.readLine()
					var batch []rawMessage
					if err := json.Unmarshal(line, &batch); err != nil {
						t.Fatalf("2025-03-26 batch: answer %s is not a JSON array: %v", tail(string(line), 500), err)
					}
					ids := []string{}
					for _, m := range batch {
						ids = append(ids, fmt.Sprint(m.ID))
					}
					if !sameSet(ids, []string{"b1", "b2"}) {
						t.Errorf("batch answered ids %v, want b1, b2", ids)
					}
				})
			}
		})
	}
}

// TestRawVersionFallback checks that initialize with an unknown version gets
// the server's latest legacy version, as a normal result.
func TestRawVersionFallback(t *testing.T) {
	c := startRaw(t)
	res := c.ok("initialize", map[string]any{"protocolVersion": "1900-01-01", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "0"}})
	if res["protocolVersion"] != "2025-11-25" {
		t.Errorf("initialize with 1900-01-01 negotiated %v, want 2025-11-25", res["protocolVersion"])
	}
}

// TestRawStdinEOF checks that on stdin EOF the server finishes in-flight
// calls, writes their replies and exits with status 0.
func TestRawStdinEOF(t *testing.T) {
	c := startRaw(t)
	c.ok("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "0"}})
	c.notify("notifications/initialized", map[string]any{})
	c.send(map[string]any{"jsonrpc": "2.0", "id": "last", "method": "tools/call",
		"params": map[string]any{"name": "wait", "arguments": map[string]any{"millis": 300}}})
	c.stdin.Close()
	var got *rawMessage
	for got == nil {
		line := c.readLine()
		if line == nil {
			t.Fatal("stdout closed before the in-flight call was answered")
		}
		var m rawMessage
		if err := json.Unmarshal(line, &m); err == nil && fmt.Sprint(m.ID) == "last" {
			got = &m
		}
	}
	if got.Result == nil || got.Result["isError"] == true {
		t.Errorf("in-flight call after EOF: %s", dump(got))
	}
	c.waitExit("stdin EOF")
}

// waitExit waits for the server to exit, successfully, after what
// happened (stdin closed).
func (c *rawConn) waitExit(after string) {
	c.t.Helper()
	exited := make(chan error, 1)
	go func() { exited <- c.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			c.t.Errorf("server exit after %s: %v", after, err)
		}
	case <-time.After(guard):
		c.t.Fatalf("server did not exit after %s", after)
	}
	c.waited = true
}

// TestRawMessageSize checks the message size limits on stdio: a 16 MiB
// message is served, and one over the server's limit gets a clear error
// without ending the session.
func TestRawMessageSize(t *testing.T) {
	t.Run("16 MiB", func(t *testing.T) {
		c := startRaw(t)
		c.ok("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "raw", "version": "0"}})
		c.notify("notifications/initialized", map[string]any{})
		text := strings.Repeat("0123456789abcdef", (16<<20-200)/16)
		res := c.ok("tools/call", map[string]any{"name": "echo", "arguments": map[string]any{"text": text}})
		if got := at(res, "content"); dump(got) != dump([]any{map[string]any{"type": "text", "text": text}}) {
			t.Errorf("echo of %d bytes: got %s", len(text), short(dump(got)))
		}
	})
	t.Run("over the limit", func(t *testing.T) {
		c := startRaw(t, "-max-message", "1048576")
		c.ok("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "raw", "version": "0"}})
		c.notify("notifications/initialized", map[string]any{})
		c.send(map[string]any{"jsonrpc": "2.0", "id": "big", "method": "tools/call",
			"params": map[string]any{"name": "echo", "arguments": map[string]any{"text": strings.Repeat("x", 2<<20)}}})
		var m rawMessage
		if line := c.readLine(); json.Unmarshal(line, &m) != nil || m.Error == nil {
			t.Fatalf("a 2 MiB message to a server with a 1 MiB limit: got %s, want a JSON-RPC error", short(string(line)))
		}
		if !strings.Contains(m.Error.Message, "1048576") && !strings.Contains(strings.ToLower(m.Error.Message), "too large") &&
			!strings.Contains(strings.ToLower(m.Error.Message), "longer") {
			t.Errorf("error %d %q does not say the message is too large", m.Error.Code, m.Error.Message)
		}
		jsonEqual(t, "ping after the oversized message", c.ok("ping", nil), map[string]any{})
	})
}

// TestRawCancelledNotifications checks that notifications/cancelled for an
// unknown or finished request, or a malformed one, is ignored.
func TestRawCancelledNotifications(t *testing.T) {
	c := startRaw(t)
	c.ok("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "0"}})
	c.notify("notifications/initialized", map[string]any{})
	c.ok("tools/call", map[string]any{"name": "echo", "arguments": map[string]any{"text": "x"}})
	c.notify("notifications/cancelled", map[string]any{"requestId": c.nextID, "reason": "too late"})
	c.notify("notifications/cancelled", map[string]any{"requestId": 987654, "reason": "unknown"})
	c.notify("notifications/cancelled", map[string]any{"reason": "no id"})
	c.notify("notifications/cancelled", "not an object")
	res := c.ok("tools/call", map[string]any{"name": "echo", "arguments": map[string]any{"text": "still here"}})
	jsonEqual(t, "echo after stray cancellations", res["content"], []any{map[string]any{"type": "text", "text": "still here"}})
}

// TestRawJSONRPCEdges checks JSON-RPC framing and number handling.
func TestRawJSONRPCEdges(t *testing.T) {
	c := startRaw(t)
	c.ok("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "0"}})
	c.notify("notifications/initialized", map[string]any{})
	exchange := func(line string) string {
		t.Helper()
		if _, err := c.stdin.Write([]byte(line + "\n")); err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(c.readLine()))
	}
	for _, id := range []string{`"abc"`, `0`, `-5`, `9007199254740993`} {
		got := exchange(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if want := `{"jsonrpc":"2.0","id":` + id + `,"result":{}}`; compact(got) != want {
			t.Errorf("ping with id %s: got %s, want %s", id, got, want)
		}
	}
	var m rawMessage
	if got := exchange(`{"jsonrpc":"2.0","id":null,"method":"ping"}`); json.Unmarshal([]byte(got), &m) != nil || m.Error == nil || m.Error.Code != -32600 {
		t.Errorf("id null: got %s, want error -32600", got)
	}
	m = rawMessage{}
	if got := exchange(`this is not JSON`); json.Unmarshal([]byte(got), &m) != nil || m.Error == nil || m.Error.Code != -32700 {
		t.Errorf("a line that is not JSON: got %s, want error -32700", got)
	}
	c.notify("notifications/no_such_notification", map[string]any{})

	// Integers beyond 2^53 survive decoding and encoding exactly.
	res := c.ok("tools/call", map[string]any{"name": "add_item", "arguments": map[string]any{
		"sku": "BI-0001", "name": "big", "category": "food", "quantity": 1, "price_cents": json.Number("9007199254740993")}})
	if got := dump(res["content"]); !strings.Contains(got, `\"price_cents\":9007199254740993`) {
		t.Errorf("price_cents 9007199254740993 came back as %s", short(got))
	}
	res = c.ok("tools/call", map[string]any{"name": "add_item", "arguments": map[string]any{
		"sku": "BI-0002", "name": "big", "category": "food", "quantity": 1, "price_cents": json.Number("9223372036854775808")}})
	if res["isError"] != true || !namesPath(dump(res["content"]), []any{"price_cents"}) {
		t.Errorf("int64 overflow: got %s, want isError naming price_cents", short(dump(res)))
	}
	// JSON Schema's integer includes 2.0.
	res = c.ok("tools/call", map[string]any{"name": "count_to", "arguments": map[string]any{"to": json.Number("2.0")}})
	if res["isError"] == true || !strings.Contains(dump(res["structuredContent"]), "[1,2]") {
		t.Errorf("count_to with to=2.0: got %s, want [1,2]", short(dump(res)))
	}
}

// TestRawPagination checks tools/list pages with a small page size.
func TestRawPagination(t *testing.T) {
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		t.Run(version, func(t *testing.T) {
			c := startRaw(t, "-page-size", "5")
			if version >= "2026-07-28" {
				c.ok("server/discover", map[string]any{})
			} else {
				c.ok("initialize", map[string]any{"protocolVersion": version, "capabilities": map[string]any{},
					"clientInfo": map[string]any{"name": "raw", "version": "0"}})
				c.notify("notifications/initialized", map[string]any{})
			}
			var names []string
			params := map[string]any{}
			for page := 1; ; page++ {
				res := c.ok("tools/list", params)
				tools, _ := res["tools"].([]any)
				if len(tools) > 5 {
					t.Errorf("page %d has %d tools, page size is 5", page, len(tools))
				}
				for _, x := range tools {
					names = append(names, fmt.Sprint(at(x, "name")))
				}
				cursor, ok := res["nextCursor"].(string)
				if !ok {
					break
				}
				if page > 10 {
					t.Fatal("more than 10 pages")
				}
				params = map[string]any{"cursor": cursor}
			}
			var want []string
			for n := range wantTools {
				want = append(want, n)
			}
			if !sameSet(names, want) || len(names) != len(want) {
				t.Errorf("pages listed %v, want each of %v once", names, want)
			}
			e := c.fail("tools/list", map[string]any{"cursor": "not-a-cursor"})
			if e.Code != -32602 {
				t.Errorf("invalid cursor: code %d (%s), want -32602", e.Code, e.Message)
			}
		})
	}
}

// TestRawInterrupt checks that on SIGINT the server stops at once although a
// call is in flight, and exits cleanly. (runtime.Serve documents that it
// cancels the calls and writes nothing more; a reply already on its way may
// still be written.)
func TestRawInterrupt(t *testing.T) {
	c := startRaw(t)
	c.ok("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "0"}})
	c.notify("notifications/initialized", map[string]any{})
	c.send(map[string]any{"jsonrpc": "2.0", "id": "long", "method": "tools/call",
		"params": map[string]any{"name": "wait", "arguments": map[string]any{"millis": 600000}, "_meta": map[string]any{"progressToken": "p"}}})
	var m rawMessage
	if line := c.readLine(); json.Unmarshal(line, &m) != nil || m.Method != "notifications/progress" {
		t.Fatalf("want the wait tool's progress notification first, got %s", short(string(line)))
	}
	if err := c.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if line := c.readLine(); line != nil {
		m = rawMessage{}
		if json.Unmarshal(line, &m) != nil || fmt.Sprint(m.ID) != "long" {
			t.Errorf("after SIGINT: want nothing or the in-flight call's reply, got %s", short(string(line)))
		}
		if line := c.readLine(); line != nil {
			t.Errorf("after SIGINT: unexpected %s", short(string(line)))
		}
	}
	exited := make(chan error, 1)
	go func() { exited <- c.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("server exit after SIGINT: %v", err)
		}
	case <-time.After(guard):
		t.Fatal("server did not exit after SIGINT")
	}
	c.waited = true
}

// checkModernResult checks the fields every 2026-07-28 result carries.
func checkModernResult(t *testing.T, method string, res map[string]any, cacheable bool) {
	t.Helper()
	if res["resultType"] != "complete" {
		t.Errorf("%s: resultType = %v, want complete", method, res["resultType"])
	}
	if at(res, "_meta", "io.modelcontextprotocol/serverInfo", "name") != "testserver" {
		t.Errorf("%s: _meta serverInfo = %v, want testserver", method, at(res, "_meta"))
	}
	if cacheable {
		if ttl, ok := res["ttlMs"].(float64); !ok || ttl < 0 {
			t.Errorf("%s: ttlMs = %v, want an integer >= 0", method, res["ttlMs"])
		}
		if s := res["cacheScope"]; s != "public" && s != "private" {
			t.Errorf("%s: cacheScope = %v, want public or private", method, s)
		}
	}
}

// checkRawAnnotations checks the annotations object exactly as sent.
func checkRawAnnotations(t *testing.T, version, name string, h *hints, tool map[string]any) {
	t.Helper()
	a, present := tool["annotations"]
	if !hasAnnotations(version) {
		if present {
			t.Logf("note: %s: protocol %s has no annotations, server sent %s", name, version, dump(a))
		}
		return
	}
	if h == nil {
		if present {
			t.Errorf("%s: annotations %s, none declared", name, dump(a))
		}
		return
	}
	want := map[string]any{}
	if h.title != "" {
		want["title"] = h.title
	}
	for key, v := range map[string]*bool{"readOnlyHint": h.readOnly, "destructiveHint": h.destructive, "idempotentHint": h.idempotent, "openWorldHint": h.openW} {
		if v != nil {
			want[key] = *v
		}
	}
	jsonEqual(t, name+" annotations", a, want)
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// rawConn is a minimal JSON-RPC client over a testserver's stdin/stdout.
type rawConn struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte // stdout lines; closed at EOF
	nextID int
	modern bool // add the 2026-07-28 _meta to requests
	waited bool
}

type rawMessage struct {
	ID     any            `json:"id,omitempty"`
	Method string         `json:"method,omitempty"`
	Result map[string]any `json:"result,omitempty"`
	Error  *rawError      `json:"error,omitempty"`
	Params map[string]any `json:"params,omitempty"`
}

type rawError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func startRaw(t *testing.T, args ...string) *rawConn {
	t.Helper()
	return startRawBin(t, serverBin, args...)
}

// startRawBin is startRaw for the server binary bin.
func startRawBin(t *testing.T, bin string, args ...string) *rawConn {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stderr = stderrLog(t, filepath.Base(bin))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &rawConn{t: t, cmd: cmd, stdin: stdin, lines: make(chan []byte, 64)}
	go func() {
		defer close(c.lines)
		r := bufio.NewReaderSize(stdout, 1<<20)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				c.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		stdin.Close()
		if !c.waited {
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-done
			}
		}
	})
	return c
}

func (c *rawConn) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.stdin.Write(append(b, '\n')); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// readLine returns the next stdout line, nil at EOF.
func (c *rawConn) readLine() []byte {
	c.t.Helper()
	select {
	case line := <-c.lines:
		return line
	case <-time.After(guard):
		c.t.Fatalf("no message from the server within %v", guard)
		return nil
	}
}

func (c *rawConn) notify(method string, params any) {
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// raw sends a request as given (no _meta added) and returns its response,
// skipping notifications.
func (c *rawConn) raw(method string, params any) *rawMessage {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	msg := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	c.send(msg)
	for {
		line := c.readLine()
		if line == nil {
			c.t.Fatalf("%s: server closed stdout", method)
		}
		var m rawMessage
		if err := json.Unmarshal(line, &m); err != nil {
			c.t.Fatalf("%s: stdout line is not a JSON-RPC message: %v: %s", method, err, tail(string(line), 500))
		}
		if m.ID == nil && m.Method != "" {
			continue // a notification
		}
		if n, ok := m.ID.(float64); !ok || int(n) != id {
			c.t.Fatalf("%s: response id %v, want %d: %s", method, m.ID, id, tail(string(line), 500))
		}
		return &m
	}
}

// request sends a request, adding the modern _meta after server/discover.
func (c *rawConn) request(method string, params map[string]any) *rawMessage {
	c.t.Helper()
	if method == "server/discover" {
		c.modern = true
	}
	if c.modern {
		p := map[string]any{}
		for k, v := range params {
			p[k] = v
		}
		p["_meta"] = map[string]any{
			"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
			"io.modelcontextprotocol/clientCapabilities": map[string]any{},
			"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "raw", "version": "0"},
		}
		params = p
	}
	var ps any
	if params != nil {
		ps = params
	}
	return c.raw(method, ps)
}

func (c *rawConn) ok(method string, params map[string]any) map[string]any {
	c.t.Helper()
	m := c.request(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	if m.Result == nil {
		c.t.Fatalf("%s: no result: %s", method, dump(m))
	}
	return m.Result
}

func (c *rawConn) fail(method string, params map[string]any) *rawError {
	c.t.Helper()
	m := c.request(method, params)
	if m.Error == nil {
		c.t.Fatalf("%s: want a JSON-RPC error, got result %s", method, dump(m.Result))
	}
	return m.Error
}
