package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// guard bounds every wait so that a broken server fails the test instead of
// hanging it. No assertion depends on timing.
const guard = 30 * time.Second

// TestGoSDK drives the testserver with the official Go SDK client, once per
// transport and per protocol version. The version is forced with
// ClientSessionOptions.ProtocolVersion: 2026-07-28 makes the client send
// server/discover (it falls back to initialize with 2025-11-25 when discover
// fails, which the "negotiated" check catches); older versions are sent in
// initialize as asked.
func TestGoSDK(t *testing.T) {
	forEachTransport(t, func(t *testing.T, ep *endpoint) {
		for _, version := range protocolVersions {
			t.Run(version, func(t *testing.T) {
				t.Parallel()
				testGoSDKVersion(t, ep, version)
			})
		}
	})
}

func testGoSDKVersion(t *testing.T, ep *endpoint, version string) {
	cs, rec := connectGo(t, ep, version)
	modern := version >= "2026-07-28"

	t.Run("negotiated", func(t *testing.T) {
		res := cs.InitializeResult()
		if res.ProtocolVersion != version {
			t.Fatalf("negotiated protocol version %q, asked for %q", res.ProtocolVersion, version)
		}
		if res.ServerInfo == nil || res.ServerInfo.Name != "testserver" || res.ServerInfo.Version != "1.0.0" {
			t.Errorf("serverInfo = %+v, want testserver 1.0.0", res.ServerInfo)
		}
		if res.Capabilities == nil || res.Capabilities.Tools == nil {
			t.Errorf("capabilities %+v do not declare tools", res.Capabilities)
		}
	})

	t.Run("tools/list", func(t *testing.T) { checkGoToolList(t, cs, version) })
	if ep.name == "stdio" {
		t.Run("tools/list in pages", func(t *testing.T) {
			paged, _ := connectGo(t, &endpoint{goTransport: func(t *testing.T) mcp.Transport {
				cmd := exec.Command(serverBin, "-page-size", "3")
				cmd.Stderr = stderrLog(t, "testserver -page-size 3")
				return &mcp.CommandTransport{Command: cmd}
			}}, version)
			checkGoToolList(t, paged, version)
		})
	}

	t.Run("calls", func(t *testing.T) {
		sku := newSKU()
		res := callOK(t, cs, "add_item", addItemArgs(sku))
		checkStructured(t, version, res, addItemWant(sku))

		res = callOK(t, cs, "get_item", map[string]any{"sku": sku})
		checkStructured(t, version, res, addItemWant(sku))

		res = callOK(t, cs, "move_item", map[string]any{"sku": sku, "shelf": 255, "bin": []any{4, 5}, "note": "top"})
		if got, want := textOf(res), sku+" moved to shelf 255, bin 4/5"; got != want {
			t.Errorf("move_item text = %q, want %q", got, want)
		}
		if res.StructuredContent != nil {
			t.Errorf("move_item (returns string) has structuredContent %v", res.StructuredContent)
		}
		moved := addItemWant(sku)
		moved["shelf"], moved["bin"] = 255, []any{4, 5}
		moved["attributes"] = map[string]any{"color": "red", "note": "top"}
		res = callOK(t, cs, "get_item", map[string]any{"sku": sku})
		checkStructured(t, version, res, moved)

		// A slice result is wrapped as {"result": [...]}.
		res = callOK(t, cs, "list_items", map[string]any{"category": "tools", "limit": 100})
		items := unwrap(t, version, res)
		list, ok := items.([]any)
		if !ok {
			t.Fatalf("list_items result is %T, want an array", items)
		}
		found := false
		for _, it := range list {
			if m, ok := it.(map[string]any); ok && m["sku"] == sku {
				found = true
				jsonEqual(t, "listed item", m, moved)
			}
		}
		if !found {
			t.Errorf("list_items does not list %s: %v", sku, list)
		}
		if ep.freshState {
			jsonEqual(t, "list_items", list, []any{moved})
			res = callOK(t, cs, "inventory_stats", nil)
			checkStructured(t, version, res, map[string]any{"items": 1, "total_quantity": 12, "by_category": map[string]any{"tools": 12}})
		}

		res = callOK(t, cs, "remove_item", map[string]any{"sku": sku})
		if text := textOf(res); text != "done" || res.StructuredContent != nil {
			t.Errorf("remove_item (returns only error) = %s, want the text done", dump(res))
		}
		res = call(t, cs, "get_item", map[string]any{"sku": sku})
		wantToolError(t, res, fmt.Sprintf("no item with SKU %q", sku))

		// Package-level functions and plain parameters.
		res = callOK(t, cs, "add", map[string]any{"a": 1.25, "b": 2})
		if got := unwrap(t, version, res); got != 3.25 {
			t.Errorf("add(1.25, 2) = %v, want 3.25", got)
		}
		res = callOK(t, cs, "echo", map[string]any{"text": "héllo\nworld"})
		if got := textOf(res); got != "héllo\nworld" {
			t.Errorf("echo = %q", got)
		}
		res = callOK(t, cs, "summarize_tree", map[string]any{"root": map[string]any{
			"name": "hall", "capacity": 1,
			"children": []any{
				map[string]any{"name": "shelf 1", "capacity": 10},
				map[string]any{"name": "shelf 2", "children": []any{map[string]any{"name": "box", "capacity": 5}}},
			}}})
		checkStructured(t, version, res, map[string]any{"nodes": 4, "depth": 3, "total_capacity": 16, "leaves": []any{"shelf 1", "box"}})

		// Pointer-to-struct parameter, time.Time, enum from a tag, nested
		// struct, map; a pointer to a struct is sent as the struct.
		res = callOK(t, cs, "schedule_restock", restockArgs())
		checkStructured(t, version, res, map[string]any{
			"order_id": "RS-0001-20261201", "sku": "RS-0001", "quantity": 40, "priority": "urgent",
			"at": "2026-12-01T14:30:00Z", "supplier": "ACME"})

		// *runtime.Result with text and image content.
		res = callOK(t, cs, "badge", map[string]any{"label": "ok"})
		if len(res.Content) != 2 {
			t.Fatalf("badge content = %s, want text + image", dump(res))
		}
		if tc, ok := res.Content[0].(*mcp.TextContent); !ok || tc.Text != "badge: OK" {
			t.Errorf("badge content[0] = %s, want text %q", dump(res.Content[0]), "badge: OK")
		}
		img, ok := res.Content[1].(*mcp.ImageContent)
		if !ok {
			t.Fatalf("badge content[1] = %s, want image", dump(res.Content[1]))
		}
		png, _ := base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
		if img.MIMEType != "image/png" || string(img.Data) != string(png) {
			t.Errorf("badge image = %s %d bytes, want image/png %d bytes", img.MIMEType, len(img.Data), len(png))
		}
	})

	if hasOutputSchema(version) {
		t.Run("structured results conform to outputSchema", func(t *testing.T) {
			checkOutputConformance(t, cs)
		})
	}

	t.Run("inputSchema agrees with the server", func(t *testing.T) {
		checkInputSchemas(t, cs)
	})

	t.Run("tool error", func(t *testing.T) {
		res := call(t, cs, "fail", map[string]any{"reason": "out of stock"})
		wantToolError(t, res, "refused: out of stock")
	})

	t.Run("panic", func(t *testing.T) {
		res := call(t, cs, "explode", map[string]any{"message": "boom"})
		if !res.IsError {
			t.Fatalf("explode: want isError, got %s", dump(res))
		}
		t.Logf("panic answered with: %q", textOf(res))
		// The server survives.
		res = callOK(t, cs, "add", map[string]any{"a": 1, "b": 1})
		if got := unwrap(t, version, res); got != 2.0 {
			t.Errorf("add after panic = %v", got)
		}
	})

	t.Run("unknown tool", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), guard)
		defer cancel()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{}})
		var werr *jsonrpc.Error
		if !errors.As(err, &werr) {
			t.Fatalf("calling an unknown tool: got result %s, error %v; want JSON-RPC error -32602", dump(res), err)
		}
		if werr.Code != -32602 {
			t.Errorf("unknown tool: JSON-RPC error code %d (%s), want -32602", werr.Code, werr.Message)
		}
	})

	t.Run("invalid arguments", func(t *testing.T) {
		for _, bc := range badCalls() {
			t.Run(bc.name, func(t *testing.T) {
				res := call(t, cs, bc.tool, bc.args)
				if !res.IsError {
					t.Fatalf("%s %v: want isError naming %s, got %s", bc.tool, bc.args, pathString(bc.path), dump(res))
				}
				text := textOf(res)
				t.Logf("%s", short(text))
				if !namesPath(text, bc.path) {
					t.Errorf("%s: error text %q does not name the field %s", bc.tool, short(text), pathString(bc.path))
				}
			})
		}
	})

	t.Run("1 MiB argument", func(t *testing.T) {
		big := bigText()
		res := callOK(t, cs, "echo", map[string]any{"text": big})
		if got := textOf(res); got != big {
			t.Errorf("echo of %d bytes returned %d bytes (equal prefix %d)", len(big), len(got), commonPrefix(got, big))
		}
	})

	t.Run("200 concurrent calls", func(t *testing.T) {
		sku := newSKU()
		callOK(t, cs, "add_item", addItemArgs(sku))
		var wg sync.WaitGroup
		errs := make(chan error, 200)
		for i := range 200 {
			wg.Go(func() {
				errs <- concurrentCall(cs, version, i, sku)
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
	})

	t.Run("progress", func(t *testing.T) {
		token := "count-" + version
		callOKParams(t, cs, &mcp.CallToolParams{Name: "count_to", Arguments: map[string]any{"to": 5}, Meta: mcp.Meta{"progressToken": token}})
		rec.waitFor(t, "5 progress notifications", func(r *recorder) bool { return len(r.progress[token]) >= 5 })
		rec.mu.Lock()
		got := slices.Clone(rec.progress[token])
		rec.mu.Unlock()
		if len(got) != 5 {
			t.Fatalf("got %d progress notifications, want 5: %v", len(got), got)
		}
		for i, p := range got {
			if p.Progress != float64(i+1) || p.Total != 5 || p.Message != fmt.Sprintf("counted %d", i+1) {
				t.Errorf("progress[%d] = %+v, want progress %d of 5, message %q", i, p, i+1, fmt.Sprintf("counted %d", i+1))
			}
		}
		// A call without a progress token gets no progress notifications.
		callOK(t, cs, "count_to", map[string]any{"to": 2})
	})

	t.Run("logging", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), guard)
		defer cancel()
		params := &mcp.CallToolParams{Name: "count_to", Arguments: map[string]any{"to": 3}}
		rec.mu.Lock()
		if modern && len(rec.logs) > 0 {
			// No earlier request carried a log level.
			t.Errorf("2026-07-28: server sent log messages for requests without io.modelcontextprotocol/logLevel: %s", dump(rec.logs))
		}
		rec.logs = nil // a legacy server may log before logging/setLevel
		rec.mu.Unlock()
		if modern {
			// 2026-07-28 has no logging/setLevel: the level travels in each request.
			params.Meta = mcp.Meta{"io.modelcontextprotocol/logLevel": "debug"}
		} else if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
			t.Fatalf("logging/setLevel: %v", err)
		}
		callOKParams(t, cs, params)
		rec.waitFor(t, "the log message \"count finished\"", func(r *recorder) bool {
			return slices.ContainsFunc(r.logs, func(l *mcp.LoggingMessageParams) bool { return strings.Contains(dump(l.Data), "count finished") })
		})
		rec.mu.Lock()
		defer rec.mu.Unlock()
		steps := 0
		for _, l := range rec.logs {
			d := dump(l.Data)
			switch {
			case strings.Contains(d, "count step"):
				steps++
				if l.Level != "info" {
					t.Errorf("log %s has level %q, want info", d, l.Level)
				}
			case strings.Contains(d, "count finished"):
				if l.Level != "warning" {
					t.Errorf("log %s has level %q, want warning", d, l.Level)
				}
			}
		}
		if steps != 3 {
			t.Errorf("got %d \"count step\" log messages, want 3: %s", steps, dump(rec.logs))
		}
	})

	t.Run("cancellation", func(t *testing.T) {
		tag := newSKU() // unique in this test binary
		token := "wait-" + version
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan error, 1)
		go func() {
			_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"millis": 600000, "tag": tag}, Meta: mcp.Meta{"progressToken": token}})
			done <- err
		}()
		// The tool reports progress once it runs: cancel only then.
		rec.waitFor(t, "wait to start", func(r *recorder) bool { return len(r.progress[token]) > 0 })
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled call returned %v, want context.Canceled", err)
			}
		case <-time.After(guard):
			t.Fatal("cancelled call did not return")
		}
		// The server saw the cancellation: its tool's context was cancelled.
		deadline := time.Now().Add(guard)
		for {
			n := unwrap(t, version, callOK(t, cs, "cancelled_waits", map[string]any{"tag": tag})).(float64)
			if n == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the wait tool's context was not cancelled (cancelled_waits stays %v)", n)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})

	t.Run("cancel 20 concurrent calls", func(t *testing.T) {
		tag := newSKU()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for i := range 20 {
			token := fmt.Sprintf("many-%s-%d", version, i)
			wg.Go(func() {
				_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"millis": 600000, "tag": tag}, Meta: mcp.Meta{"progressToken": token}})
				errs <- err
			})
		}
		rec.waitFor(t, "20 wait calls to start", func(r *recorder) bool {
			n := 0
			for i := range 20 {
				if len(r.progress[fmt.Sprintf("many-%s-%d", version, i)]) > 0 {
					n++
				}
			}
			return n == 20
		})
		cancel()
		wg.Wait()
		close(errs)
		for err := range errs {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled call returned %v, want context.Canceled", err)
			}
		}
		deadline := time.Now().Add(guard)
		for {
			n := unwrap(t, version, callOK(t, cs, "cancelled_waits", map[string]any{"tag": tag})).(float64)
			if n == 20 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("cancelled_waits = %v, want 20", n)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})

	t.Run("still serving", func(t *testing.T) {
		res := callOK(t, cs, "add", map[string]any{"a": 40, "b": 2})
		if got := unwrap(t, version, res); got != 42.0 {
			t.Errorf("add = %v", got)
		}
	})
}

// concurrentCall makes the i-th of many concurrent calls and checks its answer.
func concurrentCall(cs *mcp.ClientSession, version string, i int, sku string) error {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	var p mcp.CallToolParams
	switch i % 4 {
	case 0:
		p = mcp.CallToolParams{Name: "add", Arguments: map[string]any{"a": i, "b": 0.5}}
	case 1:
		p = mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": fmt.Sprintf("message %d", i)}}
	case 2:
		p = mcp.CallToolParams{Name: "get_item", Arguments: map[string]any{"sku": sku}}
	case 3:
		p = mcp.CallToolParams{Name: "count_to", Arguments: map[string]any{"to": i%50 + 1}}
	}
	res, err := cs.CallTool(ctx, &p)
	if err != nil {
		return fmt.Errorf("call %d (%s): %v", i, p.Name, err)
	}
	if res.IsError {
		return fmt.Errorf("call %d (%s): tool error %q", i, p.Name, textOf(res))
	}
	got := textOf(res)
	var want string
	switch i % 4 {
	case 0:
		want = fmt.Sprintf(`{"result":%v}`, float64(i)+0.5)
	case 1:
		want = fmt.Sprintf("message %d", i)
	case 2:
		if !strings.Contains(got, `"sku":"`+sku+`"`) {
			return fmt.Errorf("call %d (get_item): %s does not hold %s", i, got, sku)
		}
		return nil
	case 3:
		nums := make([]string, i%50+1)
		for k := range nums {
			nums[k] = fmt.Sprint(k + 1)
		}
		want = `{"result":[` + strings.Join(nums, ",") + `]}`
	}
	if compact(got) != want {
		return fmt.Errorf("call %d (%s %v): got %q, want %q", i, p.Name, p.Arguments, got, want)
	}
	return nil
}

// connectGo starts a Go SDK session at the given protocol version.
func connectGo(t *testing.T, ep *endpoint, version string) (*mcp.ClientSession, *recorder) {
	t.Helper()
	rec := newRecorder()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go", Version: "1.0.0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: rec.onProgress,
		LoggingMessageHandler:       rec.onLog,
	})
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	cs, err := c.Connect(ctx, ep.goTransport(t), &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect asking for protocol %s: %v", version, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs, rec
}

// recorder keeps the notifications a session receives.
type recorder struct {
	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every notification
	progress map[string][]*mcp.ProgressNotificationParams
	logs     []*mcp.LoggingMessageParams
}

func newRecorder() *recorder {
	return &recorder{changed: make(chan struct{}), progress: map[string][]*mcp.ProgressNotificationParams{}}
}

func (r *recorder) onProgress(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
	r.mu.Lock()
	defer r.mu.Unlock()
	tok := fmt.Sprint(req.Params.ProgressToken)
	r.progress[tok] = append(r.progress[tok], req.Params)
	close(r.changed)
	r.changed = make(chan struct{})
}

func (r *recorder) onLog(_ context.Context, req *mcp.LoggingMessageRequest) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, req.Params)
	close(r.changed)
	r.changed = make(chan struct{})
}

// waitFor waits until cond (called with r.mu held) holds.
func (r *recorder) waitFor(t *testing.T, what string, cond func(*recorder) bool) {
	t.Helper()
	deadline := time.After(guard)
	for {
		r.mu.Lock()
		ok, ch := cond(r), r.changed
		r.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("no %s within %v", what, guard)
		}
	}
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	if args == nil {
		args = map[string]any{}
	}
	return callParams(t, cs, &mcp.CallToolParams{Name: name, Arguments: args})
}

func callParams(t *testing.T, cs *mcp.ClientSession, p *mcp.CallToolParams) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	res, err := cs.CallTool(ctx, p)
	if err != nil {
		t.Fatalf("tools/call %s: %v", p.Name, err)
	}
	return res
}

func callOK(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	if args == nil {
		args = map[string]any{}
	}
	return callOKParams(t, cs, &mcp.CallToolParams{Name: name, Arguments: args})
}

func callOKParams(t *testing.T, cs *mcp.ClientSession, p *mcp.CallToolParams) *mcp.CallToolResult {
	t.Helper()
	res := callParams(t, cs, p)
	if res.IsError {
		t.Fatalf("tools/call %s: unexpected tool error: %s", p.Name, short(textOf(res)))
	}
	return res
}

// wantToolError checks that res is an isError result with the given text.
func wantToolError(t *testing.T, res *mcp.CallToolResult, text string) {
	t.Helper()
	if !res.IsError {
		t.Errorf("want isError result %q, got %s", text, dump(res))
		return
	}
	if got := textOf(res); !strings.Contains(got, text) {
		t.Errorf("tool error text %q does not contain %q", short(got), text)
	}
}

// textOf concatenates the text blocks of res.
func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// checkStructured checks a structured result: structuredContent (in versions
// that have it) and the text block carrying the same JSON (in all versions).
func checkStructured(t *testing.T, version string, res *mcp.CallToolResult, want any) {
	t.Helper()
	if hasOutputSchema(version) {
		jsonEqual(t, "structuredContent", res.StructuredContent, want)
	} else if res.StructuredContent != nil {
		t.Logf("note: protocol %s has no structuredContent, server sent it anyway", version)
	}
	var fromText any
	if err := jsonUnmarshal(textOf(res), &fromText); err != nil {
		t.Errorf("text block is not the result's JSON: %v: %q", err, tail(textOf(res), 300))
		return
	}
	jsonEqual(t, "text block JSON", fromText, want)
}

// unwrap returns the value of a wrapped {"result": v} structured result.
func unwrap(t *testing.T, version string, res *mcp.CallToolResult) any {
	t.Helper()
	var fromText map[string]any
	if err := jsonUnmarshal(textOf(res), &fromText); err != nil {
		t.Fatalf("text block of a wrapped result is not JSON: %v: %q", err, tail(textOf(res), 300))
	}
	v, ok := fromText["result"]
	if !ok || len(fromText) != 1 {
		t.Fatalf("text block %q is not {\"result\": ...}", tail(textOf(res), 300))
	}
	if hasOutputSchema(version) {
		jsonEqual(t, "structuredContent", res.StructuredContent, fromText)
	}
	return v
}

// checkOutputConformance calls every tool that has an outputSchema and
// validates its structuredContent against that schema (JSON Schema 2020-12,
// with github.com/google/jsonschema-go, the Go SDK's validator).
func checkOutputConformance(t *testing.T, cs *mcp.ClientSession) {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	schemas := map[string]*jsonschema.Resolved{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		if tool.OutputSchema == nil {
			continue
		}
		b, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Errorf("%s: outputSchema does not parse: %v", tool.Name, err)
			continue
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Errorf("%s: outputSchema does not resolve: %v", tool.Name, err)
			continue
		}
		schemas[tool.Name] = rs
	}
	sku := newSKU()
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"add_item", addItemArgs(sku)},
		{"add_item", map[string]any{"sku": newSKU(), "name": "minimal", "category": "parts", "quantity": 0, "price_cents": 0}},
		{"get_item", map[string]any{"sku": sku}},
		{"list_items", map[string]any{}},
		{"list_items", map[string]any{"category": "food", "limit": 1}},
		{"inventory_stats", nil},
		{"add", map[string]any{"a": -1, "b": 0.5}},
		{"summarize_tree", map[string]any{"root": map[string]any{"name": "leaf"}}},
		{"schedule_restock", restockArgs()},
		{"count_to", map[string]any{"to": 1}},
		{"cancelled_waits", map[string]any{"tag": "none"}},
	}
	for _, c := range calls {
		rs := schemas[c.tool]
		if rs == nil {
			t.Errorf("%s has no outputSchema", c.tool)
			continue
		}
		res := callOK(t, cs, c.tool, c.args)
		if res.StructuredContent == nil {
			t.Errorf("%s %v: no structuredContent", c.tool, c.args)
			continue
		}
		if err := rs.Validate(normJSON(t, res.StructuredContent)); err != nil {
			t.Errorf("%s %v: structuredContent %s does not conform to the outputSchema: %v", c.tool, c.args, short(dump(res.StructuredContent)), err)
		}
	}
}

// checkInputSchemas checks that every inputSchema is valid JSON Schema
// 2020-12, that the valid arguments the tests send conform to it, and that
// every argument set the server rejects (badCalls) breaks it too: the
// published schema and the server's validation agree. Only "format" is left
// out, which 2020-12 treats as an annotation.
func checkInputSchemas(t *testing.T, cs *mcp.ClientSession) {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	schemas := map[string]*jsonschema.Resolved{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		b, _ := json.Marshal(tool.InputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Errorf("%s: inputSchema does not parse: %v", tool.Name, err)
			continue
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Errorf("%s: inputSchema does not resolve: %v", tool.Name, err)
			continue
		}
		schemas[tool.Name] = rs
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"add_item", addItemArgs("OK-0001")},
		{"schedule_restock", restockArgs()},
		{"move_item", map[string]any{"sku": "OK-0001", "shelf": 0, "bin": []any{0, 0}, "note": "n"}},
		{"summarize_tree", map[string]any{"root": map[string]any{"name": "a", "children": []any{map[string]any{"name": "b", "capacity": 1}}}}},
	} {
		if rs := schemas[c.tool]; rs != nil {
			if err := rs.Validate(normJSON(t, c.args)); err != nil {
				t.Errorf("%s: valid arguments break the inputSchema: %v", c.tool, err)
			}
		}
	}
	for _, bc := range badCalls() {
		if bc.name == "bad date-time" {
			continue // format is an annotation in JSON Schema 2020-12
		}
		if rs := schemas[bc.tool]; rs != nil {
			if err := rs.Validate(normJSON(t, bc.args)); err == nil {
				t.Errorf("%s (%s): the server rejects %v, but the inputSchema accepts it", bc.tool, bc.name, bc.args)
			}
		}
	}
}
