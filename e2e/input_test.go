package e2e

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// This file drives inputserver, whose tools ask the client for input
// (elicitation, sampling, roots), with the Go SDK client in both eras; the
// TypeScript clients run clients/ts-input.mjs (TestTypeScriptInput).

// inputBin is the inputserver binary, built by TestMain.
var inputBin string

// inputEndpoints are inputserver over stdio and over HTTP.
func inputEndpoints(t *testing.T) []*endpoint {
	return []*endpoint{stdioEndpointFor(inputBin), httpEndpointFor(t, inputBin)}
}

const wantTrip = `Paris by plane for 3 nights; "Go west"; roots file:///maps,file:///trips` // the Go SDK lists roots sorted

// goInputClient connects a Go SDK client that answers every question,
// unless answer is false: then it declares no capability at all.
func goInputClient(t *testing.T, ep *endpoint, version string, answer bool, action string) *mcp.ClientSession {
	t.Helper()
	opts := &mcp.ClientOptions{}
	if answer {
		opts.ElicitationHandler = func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			if req.Params.RequestedSchema == nil {
				return nil, errors.New("no requested schema")
			}
			if action != "accept" {
				return &mcp.ElicitResult{Action: action}, nil
			}
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"by": "plane", "nights": 3}}, nil
		}
		opts.CreateMessageHandler = func(ctx context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return &mcp.CreateMessageResult{Role: "assistant", Model: "test", Content: &mcp.TextContent{Text: "Go west"}}, nil
		}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-input", Version: "1.0.0"}, opts)
	if answer {
		c.AddRoots(&mcp.Root{URI: "file:///trips"}, &mcp.Root{URI: "file:///maps"})
	}
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	cs, err := c.Connect(ctx, ep.goTransport(t), &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect at %s: %v", version, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func TestGoSDKInput(t *testing.T) {
	for _, ep := range inputEndpoints(t) {
		for _, version := range []string{"2025-11-25", "2026-07-28"} {
			t.Run(ep.name+"/"+version, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), guard)
				defer cancel()
				call := func(cs *mcp.ClientSession, name string, args map[string]any) (string, error) {
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
					if err != nil {
						return "", err
					}
					var b strings.Builder
					for _, c := range res.Content {
						if tc, ok := c.(*mcp.TextContent); ok {
							b.WriteString(tc.Text)
						}
					}
					if res.IsError {
						return "error: " + b.String(), nil
					}
					return b.String(), nil
				}

				cs := goInputClient(t, ep, version, true, "accept")
				if got, err := call(cs, "plan_trip", map[string]any{"city": "Paris"}); err != nil || got != wantTrip {
					t.Errorf("plan_trip = %q, %v; want %q", got, err, wantTrip)
				}
				if got, err := call(cs, "ask_all", nil); err != nil || got != "plane/Go west/2" {
					t.Errorf("ask_all = %q, %v", got, err)
				}

				declined := goInputClient(t, ep, version, true, "decline")
				if got, err := call(declined, "plan_trip", map[string]any{"city": "Paris"}); err != nil || got != "trip decline" {
					t.Errorf("declined plan_trip = %q, %v", got, err)
				}

				// A client without the capabilities: an isError result in
				// the legacy era, the error -32021 in the modern one.
				bare := goInputClient(t, ep, version, false, "")
				got, err := call(bare, "plan_trip", map[string]any{"city": "Paris"})
				var rpcErr *jsonrpc.Error
				switch {
				case version < "2026-07-28":
					if err != nil || got != "error: the client did not declare the elicitation capability" {
						t.Errorf("plan_trip without capabilities = %q, %v", got, err)
					}
				case !errors.As(err, &rpcErr) || rpcErr.Code != -32021:
					t.Errorf("plan_trip without capabilities = %q, %v; want error -32021", got, err)
				}
			})
		}
	}
}

// TestTypeScriptInput runs clients/ts-input.mjs against inputserver with the
// TypeScript SDK v1 (legacy) and v2 (legacy and modern), over stdio and HTTP.
func TestTypeScriptInput(t *testing.T) {
	needNode(t)
	for _, ep := range inputEndpoints(t) {
		t.Run(ep.name, func(t *testing.T) {
			for _, c := range []struct{ sdk, era string }{{"v1", "legacy"}, {"v2", "legacy"}, {"v2", "modern"}} {
				t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
					t.Parallel()
					runTSScript(t, "clients/ts-input.mjs", c.sdk, c.era, "", ep.nodeArgs, nil)
				})
			}
		})
	}
}
