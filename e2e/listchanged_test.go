package e2e

import (
	"bufio"
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGoSDKListChanged: the official Go SDK client, over stdio and over a
// legacy HTTP session (whose GET stream carries the notification), hears
// notifications/tools/list_changed and prompts/list_changed when the
// conformance example (runtime.WithListChanged) changes its lists, and
// then lists what changed.
func TestGoSDKListChanged(t *testing.T) {
	bin := buildExample(t, "conformance")
	for _, ep := range []*endpoint{stdioEndpointFor(bin), conformanceHTTP(t, bin)} {
		t.Run(ep.name, func(t *testing.T) {
			tools, prompts := make(chan struct{}, 16), make(chan struct{}, 16)
			c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go", Version: "1.0.0"}, &mcp.ClientOptions{
				ToolListChangedHandler:   func(context.Context, *mcp.ToolListChangedRequest) { tools <- struct{}{} },
				PromptListChangedHandler: func(context.Context, *mcp.PromptListChangedRequest) { prompts <- struct{}{} },
			})
			ctx, cancel := context.WithTimeout(context.Background(), guard)
			defer cancel()
			cs, err := c.Connect(ctx, ep.goTransport(t), &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			caps := cs.InitializeResult().Capabilities
			if !caps.Tools.ListChanged || caps.Prompts == nil || !caps.Prompts.ListChanged {
				t.Fatalf("capabilities %+v: want tools and prompts listChanged", caps)
			}
			for _, k := range []struct {
				trigger, list string
				heard         chan struct{}
				names         func() []string
			}{
				{"test_trigger_tool_change", "test_dynamic_tool", tools, func() (names []string) {
					res, err := cs.ListTools(ctx, nil)
					if err != nil {
						t.Fatal(err)
					}
					for _, x := range res.Tools {
						names = append(names, x.Name)
					}
					return names
				}},
				{"test_trigger_prompt_change", "test_dynamic_prompt", prompts, func() (names []string) {
					res, err := cs.ListPrompts(ctx, nil)
					if err != nil {
						t.Fatal(err)
					}
					for _, x := range res.Prompts {
						names = append(names, x.Name)
					}
					return names
				}},
			} {
				// Over HTTP the client opens its GET stream after
				// connecting, in the background: a change made before it
				// is attached is not heard, so the trigger is called
				// until a notification comes (each call changes the list).
				for heard := false; !heard; {
					callOK(t, cs, k.trigger, map[string]any{})
					retry := time.After(time.Second)
					if ep.name == "stdio" {
						retry = nil // stdio always hears it
					}
					select {
					case <-k.heard:
						heard = true
					case <-retry:
					case <-ctx.Done():
						t.Fatalf("no list_changed after %s", k.trigger)
					}
				}
				has := slices.Contains(k.names(), k.list)
				// Another call takes it away (or adds it back) and is heard.
				callOK(t, cs, k.trigger, map[string]any{})
				select {
				case <-k.heard:
				case <-ctx.Done():
					t.Fatalf("no second list_changed after %s", k.trigger)
				}
				if slices.Contains(k.names(), k.list) == has {
					t.Errorf("%s: %s listed %v both before and after the second change", k.trigger, k.list, has)
				}
			}
		})
	}
}

// TestTypeScriptListChanged runs clients/ts-listchanged.mjs against the
// conformance example: the TypeScript SDK v1 (legacy) and v2 (legacy, and
// modern with subscriptions/listen: a stream that asks for one list hears
// its changes and none of the other's), over stdio and HTTP.
func TestTypeScriptListChanged(t *testing.T) {
	needNode(t)
	tsEras(t, buildExample(t, "conformance"), "clients/ts-listchanged.mjs", false)
}

// conformanceHTTP starts the conformance example on a loopback port for
// the test; it logs its endpoint as url=URL.
func conformanceHTTP(t *testing.T, bin string) *endpoint {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, rest, ok := strings.Cut(sc.Text(), " url="); ok {
				select {
				case urls <- strings.Fields(rest)[0]:
				default:
				}
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(guard):
		t.Fatal("conformance -http did not log its url")
	}
	return &endpoint{name: "http", nodeArgs: []string{"--url", url}, goTransport: func(t *testing.T) mcp.Transport {
		return &mcp.StreamableClientTransport{Endpoint: url}
	}}
}
