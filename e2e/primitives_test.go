package e2e

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGoSDKPrimitives lists and gets the test server's prompts, lists,
// reads and subscribes to its resources and completes arguments with the
// official Go SDK client, once per transport and protocol version.
func TestGoSDKPrimitives(t *testing.T) {
	forEachTransport(t, func(t *testing.T, ep *endpoint) {
		for _, version := range protocolVersions {
			t.Run(version, func(t *testing.T) {
				t.Parallel()
				testGoSDKPrimitives(t, ep, version)
			})
		}
	})
}

func testGoSDKPrimitives(t *testing.T, ep *endpoint, version string) {
	updated := make(chan string, 16)
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go", Version: "1.0.0"}, &mcp.ClientOptions{
		ResourceUpdatedHandler: func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
			select {
			case updated <- req.Params.URI:
			default:
			}
		},
	})
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	cs, err := c.Connect(ctx, ep.goTransport(t), &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect asking for protocol %s: %v", version, err)
	}
	t.Cleanup(func() { _ = cs.Close() })

	t.Run("capabilities", func(t *testing.T) {
		caps := cs.InitializeResult().Capabilities
		if caps.Prompts == nil || caps.Resources == nil || !caps.Resources.Subscribe || caps.Completions == nil {
			t.Errorf("capabilities %+v: want prompts, resources with subscribe, completions", caps)
		}
	})
	t.Run("prompts", func(t *testing.T) {
		list, err := cs.ListPrompts(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range list.Prompts {
			names = append(names, p.Name)
			if p.Name == "restock_plan" {
				if len(p.Arguments) != 3 || !p.Arguments[0].Required || !p.Arguments[1].Required || p.Arguments[2].Required ||
					p.Arguments[1].Description != "how soon" {
					t.Errorf("restock_plan arguments: %+v", p.Arguments)
				}
			}
		}
		if !slices.Equal(names, []string{"restock_plan", "greeting"}) {
			t.Errorf("prompts %v", names)
		}
		res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "restock_plan", Arguments: map[string]string{"sku": "AB-1", "urgency": "urgent", "note": "fragile"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Messages) != 1 || res.Messages[0].Role != "user" || res.Messages[0].Content.(*mcp.TextContent).Text != "Plan a urgent restock of AB-1. Note: fragile" {
			t.Errorf("restock_plan: %+v", res.Messages)
		}
		res, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "greeting"})
		if err != nil {
			t.Fatal(err)
		}
		if img, ok := res.Messages[1].Content.(*mcp.ImageContent); len(res.Messages) != 2 || res.Messages[1].Role != "assistant" || !ok || string(img.Data) != "GIF89a" {
			t.Errorf("greeting: %+v", res.Messages)
		}
		_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "restock_plan", Arguments: map[string]string{"sku": "AB-1"}})
		wantCode(t, err, -32602)
	})
	t.Run("resources", func(t *testing.T) {
		list, err := cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Resources) != 1 || list.Resources[0].URI != "inventory://policy" || list.Resources[0].MIMEType != "text/markdown" {
			t.Errorf("resources: %+v", list.Resources)
		}
		tpls, err := cs.ListResourceTemplates(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(tpls.ResourceTemplates) != 1 || tpls.ResourceTemplates[0].URITemplate != "inventory://shelves/{shelf}/label" {
			t.Errorf("templates: %+v", tpls.ResourceTemplates)
		}
		for uri, want := range map[string]string{"inventory://policy": "# Policy\nRestock below 10.", "inventory://shelves/12/label": "Shelf 12"} {
			res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
			if err != nil {
				t.Fatalf("read %s: %v", uri, err)
			}
			if len(res.Contents) != 1 || res.Contents[0].Text != want || res.Contents[0].URI != uri {
				t.Errorf("read %s: %+v", uri, res.Contents)
			}
		}
		_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "inventory://shelves/x/label"})
		wantCode(t, err, -32602)
	})
	t.Run("complete", func(t *testing.T) {
		for _, c := range []struct {
			ref        *mcp.CompleteReference
			arg, value string
			want       []string
		}{
			{&mcp.CompleteReference{Type: "ref/prompt", Name: "restock_plan"}, "urgency", "u", []string{"urgent"}},
			{&mcp.CompleteReference{Type: "ref/resource", URI: "inventory://shelves/{shelf}/label"}, "shelf", "1", []string{"1", "10", "12"}},
		} {
			res, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: c.ref, Argument: mcp.CompleteParamsArgument{Name: c.arg, Value: c.value}})
			if err != nil {
				t.Fatalf("complete %s: %v", c.arg, err)
			}
			if !slices.Equal(res.Completion.Values, c.want) {
				t.Errorf("complete %s %q: %v, want %v", c.arg, c.value, res.Completion.Values, c.want)
			}
		}
	})
	t.Run("subscribe", func(t *testing.T) {
		// Under 2026-07-28 Subscribe opens a subscriptions/listen stream,
		// which stays open until Unsubscribe; it runs on its own goroutine
		// in case it waits for the stream.
		subscribed := make(chan error, 1)
		go func() { subscribed <- cs.Subscribe(ctx, &mcp.SubscribeParams{URI: "inventory://policy"}) }()
		// Until the subscription is in place on the server, a change may
		// go unheard: change the resource until the notification comes.
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "touch_policy"}); err != nil {
				t.Fatal(err)
			}
			select {
			case uri := <-updated:
				if uri != "inventory://policy" {
					t.Errorf("updated %q", uri)
				}
				if err := cs.Unsubscribe(ctx, &mcp.UnsubscribeParams{URI: "inventory://policy"}); err != nil {
					t.Error(err)
				}
				return
			case err := <-subscribed:
				if err != nil {
					t.Fatalf("Subscribe: %v", err)
				}
				subscribed = nil
			case <-tick.C:
			case <-ctx.Done():
				t.Fatal("no notifications/resources/updated")
			}
		}
	})
}

// TestTypeScriptPrimitives runs clients/ts-primitives.mjs: prompts,
// resources, completion and subscriptions with the TypeScript SDK v1
// (legacy) and v2 (legacy and modern), over stdio and HTTP.
func TestTypeScriptPrimitives(t *testing.T) {
	needNode(t)
	forEachTransport(t, func(t *testing.T, ep *endpoint) {
		for _, c := range []struct{ sdk, era, wantVersion string }{
			{"v1", "legacy", ""},
			{"v2", "legacy", "2025-11-25"},
			{"v2", "modern", "2026-07-28"},
		} {
			t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
				t.Parallel()
				runTSScript(t, "clients/ts-primitives.mjs", c.sdk, c.era, c.wantVersion, ep.nodeArgs, nil)
			})
		}
	})
}

// wantCode checks that err is a JSON-RPC error with the code.
func wantCode(t *testing.T, err error, code int64) {
	t.Helper()
	var werr *jsonrpc.Error
	if !errors.As(err, &werr) || werr.Code != code {
		t.Errorf("error %v, want JSON-RPC error %d", err, code)
	}
}
