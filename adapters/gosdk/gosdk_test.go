package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/adapters/gosdk"
	"github.com/mcpgen/mcpgen/internal/adaptertest"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// These tests run in-process, over the SDK's in-memory transport; the
// end-to-end tests in ../../e2e (adapters_test.go) drive an adapted server
// with the Go SDK, mcp-go and TypeScript SDK clients over stdio and HTTP.

var cancelled = make(chan error, 1)

// connect returns a client session on an SDK server with the tools of
// adaptertest.Server, and that runtime server.
func connect(t *testing.T, opts *mcp.ClientOptions, version string) (*mcp.ClientSession, *runtime.Server) {
	t.Helper()
	rt := adaptertest.Server(cancelled)
	server := mcp.NewServer(&mcp.Implementation{Name: "units", Version: "1.0.0"}, nil)
	gosdk.AddTools(server, rt)

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, opts).Connect(ctx, ct,
		&mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs, rt
}

func TestToolsListed(t *testing.T) {
	cs, rt := connect(t, nil, "")
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := rt.Tools()
	if len(list.Tools) != len(want) {
		t.Fatalf("%d tools listed, want %d", len(list.Tools), len(want))
	}
	byName := map[string]*mcp.Tool{}
	for _, tool := range list.Tools {
		byName[tool.Name] = tool
	}
	for _, w := range want {
		got := byName[w.Name]
		if got == nil {
			t.Errorf("%s not listed", w.Name)
			continue
		}
		if got.Title != w.Title || got.Description != w.Description {
			t.Errorf("%s: %q %q, want %q %q", w.Name, got.Title, got.Description, w.Title, w.Description)
		}
		if !adaptertest.SameJSON(got.InputSchema, w.InputSchema) {
			t.Errorf("%s inputSchema %v, want %s", got.Name, got.InputSchema, w.InputSchema)
		}
		if w.OutputSchema == "" && got.OutputSchema != nil {
			t.Errorf("%s: outputSchema %v, want none", got.Name, got.OutputSchema)
		}
		if w.OutputSchema != "" && !adaptertest.SameJSON(got.OutputSchema, w.OutputSchema) {
			t.Errorf("%s outputSchema differs", got.Name)
		}
	}
	convert := byName["convert"]
	if a := convert.Annotations; convert.Name != "convert" || a == nil || !a.ReadOnlyHint || !a.IdempotentHint ||
		a.OpenWorldHint == nil || *a.OpenWorldHint || a.DestructiveHint != nil {
		t.Errorf("convert annotations %+v", convert.Annotations)
	}
	if byName["kinds"].Annotations != nil {
		t.Errorf("kinds annotations %+v, want none", byName["kinds"].Annotations)
	}
}

// TestResults: every call gives the client what runtime.Server.Call gives.
func TestResults(t *testing.T) {
	cs, rt := connect(t, nil, "")
	for _, c := range adaptertest.Calls {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.Name, Arguments: json.RawMessage(c.Args)})
		if err != nil {
			t.Fatalf("%s %s: %v", c.Name, c.Args, err)
		}
		if err := adaptertest.SameResult(rt, res, c.Name, c.Args); err != nil {
			t.Error(err)
		}
	}
}

func TestProgressAndLogs(t *testing.T) {
	var rec adaptertest.Recorder
	cs, _ := connect(t, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			rec.Add(fmt.Sprintf("progress %v %g/%g", r.Params.ProgressToken, r.Params.Progress, r.Params.Total))
		},
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			data, _ := json.Marshal(r.Params.Data)
			rec.Add(fmt.Sprintf("log %s %s %s", r.Params.Level, r.Params.Logger, data))
		},
	}, "2025-11-25") // logging/setLevel is gone from 2026-07-28
	ctx := context.Background()
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Fatal(err)
	}
	p := &mcp.CallToolParams{Name: "total", Arguments: json.RawMessage(`{"lengths":[{"value":1,"unit":"km"},{"value":500,"unit":"m"}],"unit":"km"}`)}
	p.SetProgressToken("tok")
	res, err := cs.CallTool(ctx, p)
	if err != nil || res.IsError {
		t.Fatalf("total: %v %v", res, err)
	}
	want := []string{"progress tok 1/2", "progress tok 2/2", `log info total {"lengths":2,"message":"total computed","unit":"km"}`}
	if got := rec.Wait(len(want)); !reflect.DeepEqual(got, want) {
		t.Errorf("notifications %q, want %q", got, want)
	}
}

func TestCancellation(t *testing.T) {
	var once sync.Once
	started := make(chan struct{})
	cs, _ := connect(t, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { once.Do(func() { close(started) }) },
	}, "")
	ctx, cancel := context.WithCancel(context.Background())
	p := &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{}}
	p.SetProgressToken(1)
	done := make(chan error, 1)
	go func() { _, err := cs.CallTool(ctx, p); done <- err }()
	<-started
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled call: %v", err)
	}
	select {
	case err := <-cancelled:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the tool's context ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancelling the call did not cancel the tool's context")
	}
}

// A tool's questions reach the client through the session, and its answers
// come back; a client without the capability is not asked.
func TestAsk(t *testing.T) {
	rt := runtime.NewServer("ask", "1.0.0")
	rt.MustAddTool(adaptertest.Curious)
	server := mcp.NewServer(&mcp.Implementation{Name: "ask", Version: "1.0.0"}, nil)
	gosdk.AddTools(server, rt)

	for _, c := range []struct {
		name string
		opts *mcp.ClientOptions
		want string
	}{
		{"capable", &mcp.ClientOptions{
			ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
			},
			CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
				return &mcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &mcp.TextContent{Text: "hello"}}, nil
			},
		}, adaptertest.CuriousText},
		{"incapable", nil, "the client did not declare the elicitation capability"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			st, ct := mcp.NewInMemoryTransports()
			ss, err := server.Connect(ctx, st, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ss.Wait()
			client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, c.opts)
			client.AddRoots(&mcp.Root{URI: "file:///home/ada"})
			cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "curious", Arguments: map[string]any{}})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestIconsAndMeta: a tool's icons and _meta (an MCP App's view) reach the
// SDK's tools/list.
func TestIconsAndMeta(t *testing.T) {
	rt := runtime.NewServer("apps", "1.0.0")
	rt.MustAddTool(runtime.Tool{Name: "board", Meta: `{"ui":{"resourceUri":"ui://notes/board.html"},"com.example/team":"notes"}`,
		Icons:   []runtime.Icon{{Src: "https://example.com/a.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}},
		Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) { return runtime.TextResult("ok"), nil }})
	server := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "1.0.0"}, nil)
	gosdk.AddTools(server, rt)
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 {
		t.Fatalf("tools/list: %v %+v", err, list)
	}
	tool := list.Tools[0]
	if !adaptertest.SameJSON(tool.Meta, `{"ui":{"resourceUri":"ui://notes/board.html"},"com.example/team":"notes"}`) {
		t.Errorf("_meta %v", tool.Meta)
	}
	if want := []mcp.Icon{{Source: "https://example.com/a.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}}; !reflect.DeepEqual(tool.Icons, want) {
		t.Errorf("icons %+v, want %+v", tool.Icons, want)
	}
}
