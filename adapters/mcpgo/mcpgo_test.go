package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcpgen/mcpgen/adapters/mcpgo"
	"github.com/mcpgen/mcpgen/internal/adaptertest"
	"github.com/mcpgen/mcpgen/runtime"
)

// These tests run in-process, with mcp-go's in-process client; the
// end-to-end tests in ../../e2e (adapters_test.go) drive an adapted server
// with the Go SDK, mcp-go and TypeScript SDK clients over stdio and HTTP.

var cancelled = make(chan error, 1)

// connect returns an initialized in-process client of an mcp-go server with
// the tools of adaptertest.Server, and that runtime server.
func connect(t *testing.T) (*client.Client, *runtime.Server) {
	t.Helper()
	rt := adaptertest.Server(cancelled)
	s := server.NewMCPServer("units", "1.0.0", server.WithLogging())
	mcpgo.AddTools(s, rt)
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-11-25"
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return c, rt
}

func call(ctx context.Context, c *client.Client, name, args string, meta *mcp.Meta) (*mcp.CallToolResult, error) {
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = json.RawMessage(args)
	req.Params.Meta = meta
	return c.CallTool(ctx, req)
}

func TestToolsListed(t *testing.T) {
	rt := adaptertest.Server(cancelled)
	s := server.NewMCPServer("units", "1.0.0")
	mcpgo.AddTools(s, rt)
	// What the server sends (mcp-go's client decodes a schema into a struct
	// of its own, which keeps only some keywords).
	reply := s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`))
	b, err := json.Marshal(reply)
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Result struct {
			Tools []struct {
				Name, Title, Description  string
				InputSchema, OutputSchema json.RawMessage
				Annotations               json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	byName := map[string]int{}
	for i, tool := range list.Result.Tools {
		byName[tool.Name] = i
	}
	want := rt.Tools()
	if len(list.Result.Tools) != len(want) {
		t.Fatalf("%d tools listed, want %d: %s", len(list.Result.Tools), len(want), b)
	}
	for _, w := range want {
		i, ok := byName[w.Name]
		if !ok {
			t.Errorf("%s not listed", w.Name)
			continue
		}
		got := list.Result.Tools[i]
		if got.Title != w.Title || got.Description != w.Description {
			t.Errorf("%s: %q %q, want %q %q", w.Name, got.Title, got.Description, w.Title, w.Description)
		}
		if !adaptertest.SameJSON(got.InputSchema, w.InputSchema) {
			t.Errorf("%s inputSchema %s, want %s", w.Name, got.InputSchema, w.InputSchema)
		}
		if out := w.OutputSchema; (out == "") != (got.OutputSchema == nil) || out != "" && !adaptertest.SameJSON(got.OutputSchema, out) {
			t.Errorf("%s outputSchema %s, want %s", w.Name, got.OutputSchema, out)
		}
		if !adaptertest.SameJSON(got.Annotations, annotationsJSON(w.Annotations)) {
			t.Errorf("%s annotations %s, want %+v", w.Name, got.Annotations, w.Annotations)
		}
	}
}

func annotationsJSON(a *runtime.ToolAnnotations) string {
	if a == nil {
		return "{}" // mcp-go always sends an annotations object
	}
	b, _ := json.Marshal(a)
	return string(b)
}

// TestResults: every call gives the client what runtime.Server.Call gives.
func TestResults(t *testing.T) {
	c, rt := connect(t)
	for _, tc := range adaptertest.Calls {
		res, err := call(context.Background(), c, tc.Name, tc.Args, nil)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.Name, tc.Args, err)
		}
		if err := adaptertest.SameResult(rt, res, tc.Name, tc.Args); err != nil {
			t.Error(err)
		}
	}
}

func TestProgressAndLogs(t *testing.T) {
	c, _ := connect(t)
	var rec adaptertest.Recorder
	c.OnNotification(func(n mcp.JSONRPCNotification) {
		b, _ := json.Marshal(n.Params)
		rec.Add(n.Method + " " + string(b))
	})
	ctx := context.Background()
	if err := c.SetLevel(ctx, mcp.SetLevelRequest{Params: mcp.SetLevelParams{Level: "info"}}); err != nil {
		t.Fatal(err)
	}
	res, err := call(ctx, c, "total", `{"lengths":[{"value":1,"unit":"km"},{"value":500,"unit":"m"}],"unit":"km"}`,
		&mcp.Meta{ProgressToken: "tok"})
	if err != nil || res.IsError {
		t.Fatalf("total: %v %v", res, err)
	}
	want := []string{
		`notifications/progress {"progress":1,"progressToken":"tok","total":2}`,
		`notifications/progress {"progress":2,"progressToken":"tok","total":2}`,
		`notifications/message {"data":{"lengths":2,"message":"total computed","unit":"km"},"level":"info","logger":"total"}`,
	}
	if got := rec.Wait(len(want)); !reflect.DeepEqual(got, want) {
		t.Errorf("notifications:\n got  %q\n want %q", got, want)
	}
}

func TestCancellation(t *testing.T) {
	c, _ := connect(t)
	started := make(chan struct{})
	var once sync.Once
	c.OnNotification(func(n mcp.JSONRPCNotification) {
		if n.Method == "notifications/progress" {
			once.Do(func() { close(started) })
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := call(ctx, c, "wait", `{}`, &mcp.Meta{ProgressToken: 1})
		done <- err
	}()
	<-started
	cancel()
	<-done // in-process, mcp-go returns the tool's result (isError, "context canceled")
	select {
	case err := <-cancelled:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the tool's context ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancelling the call did not cancel the tool's context")
	}
}

type answers struct{}

func (answers) Elicit(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{
		Action: mcp.ElicitationResponseActionAccept, Content: map[string]any{"name": "Ada"}}}, nil
}

func (answers) ListRoots(context.Context, mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	return &mcp.ListRootsResult{Roots: []mcp.Root{{URI: "file:///home/ada"}}}, nil
}

func (answers) CreateMessage(context.Context, mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	return &mcp.CreateMessageResult{Model: "m", SamplingMessage: mcp.SamplingMessage{
		Role: mcp.RoleAssistant, Content: mcp.TextContent{Type: "text", Text: "hello"}}}, nil
}

// A tool's questions reach the client through the server's requests, and
// its answers come back; a client without the capability is not asked.
func TestAsk(t *testing.T) {
	rt := runtime.NewServer("ask", "1.0.0")
	rt.MustAddTool(adaptertest.Curious)
	s := server.NewMCPServer("ask", "1.0.0", server.WithElicitation(), server.WithRoots())
	s.EnableSampling()
	mcpgo.AddTools(s, rt)

	for _, c := range []struct {
		name string
		opts []client.ClientOption
		want string
	}{
		{"capable", []client.ClientOption{client.WithElicitationHandler(answers{}), client.WithRootsHandler(answers{}),
			client.WithSamplingHandler(answers{})}, adaptertest.CuriousText},
		{"incapable", nil, "the client did not declare the elicitation capability"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cl, err := client.NewInProcessClientWithOptions(s, c.opts...)
			if err != nil {
				t.Fatal(err)
			}
			defer cl.Close()
			ctx := context.Background()
			if err := cl.Start(ctx); err != nil {
				t.Fatal(err)
			}
			init := mcp.InitializeRequest{}
			init.Params.ProtocolVersion = "2025-11-25"
			init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1.0.0"}
			if _, err := cl.Initialize(ctx, init); err != nil {
				t.Fatal(err)
			}
			res, err := call(ctx, cl, "curious", `{}`, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Content[0].(mcp.TextContent).Text; !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestIconsAndMeta: a tool's icons and _meta (an MCP App's view) reach
// mcp-go's tools/list.
func TestIconsAndMeta(t *testing.T) {
	rt := runtime.NewServer("apps", "1.0.0")
	rt.MustAddTool(runtime.Tool{Name: "board", Meta: `{"ui":{"resourceUri":"ui://notes/board.html"},"com.example/team":"notes"}`,
		Icons:   []runtime.Icon{{Src: "https://example.com/a.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}},
		Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) { return runtime.TextResult("ok"), nil }})
	s := server.NewMCPServer("apps", "1.0.0")
	mcpgo.AddTools(s, rt)
	reply := s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`))
	b, err := json.Marshal(reply)
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Result struct {
			Tools []struct {
				Icons json.RawMessage
				Meta  json.RawMessage `json:"_meta"`
			}
		}
	}
	if err := json.Unmarshal(b, &list); err != nil || len(list.Result.Tools) != 1 {
		t.Fatalf("tools/list: %v %s", err, b)
	}
	tool := list.Result.Tools[0]
	if !adaptertest.SameJSON(tool.Meta, `{"ui":{"resourceUri":"ui://notes/board.html"},"com.example/team":"notes"}`) {
		t.Errorf("_meta %s", tool.Meta)
	}
	if !adaptertest.SameJSON(tool.Icons, `[{"src":"https://example.com/a.png","mimeType":"image/png","sizes":["48x48"],"theme":"dark"}]`) {
		t.Errorf("icons %s", tool.Icons)
	}
}
