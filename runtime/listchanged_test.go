package runtime

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"
)

func echoTool(name string) Tool {
	return Tool{Name: name, InputSchema: `{"type":"object"}`,
		Handler: func(context.Context, json.RawMessage) (*Result, error) { return TextResult(name), nil }}
}

// expectNext reads the next message and fails unless it is the
// notification method.
func expectNext(t *testing.T, c *testClient, method string) *message {
	t.Helper()
	m := c.next()
	if m.Method != method {
		t.Fatalf("got %s, want %s", m.line, method)
	}
	return m
}

// expectPing sends a ping and fails unless its reply is the next message:
// nothing was sent in between.
func expectPing(t *testing.T, c *testClient, id string) {
	t.Helper()
	c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
	if m := c.next(); string(m.ID) != id {
		t.Fatalf("got %s, want the ping's reply", m.line)
	}
}

func listNames(t *testing.T, c *testClient, id, method, params, key, field string) []string {
	t.Helper()
	var names []string
	for _, item := range c.do(id, method, params).result(t)[key].([]any) {
		names = append(names, item.(map[string]any)[field].(string))
	}
	return names
}

func TestListChangedLegacyStdio(t *testing.T) {
	s := newTestServer(t, WithListChanged())
	addPrimitives(t, s)
	c := serve(t, s)
	res := c.initialize("2025-11-25")
	jsonEqual(t, "listChanged", res["capabilities"].(map[string]any)["tools"], `{"listChanged":true}`)
	jsonEqual(t, "prompts", res["capabilities"].(map[string]any)["prompts"], `{"listChanged":true}`)
	jsonEqual(t, "resources", res["capabilities"].(map[string]any)["resources"], `{"subscribe":true,"listChanged":true}`)

	if err := s.AddTool(echoTool("later")); err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, "params", expectNext(t, c, "notifications/tools/list_changed").Params, `{}`)
	if got := listNames(t, c, `1`, "tools/list", "", "tools", "name"); !slices.Contains(got, "later") {
		t.Errorf("tools/list after AddTool: %v", got)
	}
	jsonEqual(t, "call", c.do(`2`, "tools/call", `{"name":"later"}`).result(t)["content"], `[{"type":"text","text":"later"}]`)

	if !s.RemoveTool("later") || s.RemoveTool("later") {
		t.Fatal("RemoveTool: want true, then false")
	}
	expectNext(t, c, "notifications/tools/list_changed")
	if got := listNames(t, c, `3`, "tools/list", "", "tools", "name"); slices.Contains(got, "later") {
		t.Errorf("tools/list after RemoveTool: %v", got)
	}
	c.do(`4`, "tools/call", `{"name":"later"}`).code(t, codeInvalidParams)
	// The name is free again.
	if err := s.AddTool(echoTool("later")); err != nil {
		t.Fatal(err)
	}
	expectNext(t, c, "notifications/tools/list_changed")

	if !s.RemovePrompt("greet") {
		t.Fatal("RemovePrompt: want true")
	}
	expectNext(t, c, "notifications/prompts/list_changed")
	c.do(`5`, "prompts/get", `{"name":"greet","arguments":{"name":"A"}}`).code(t, codeInvalidParams)
	if !s.RemoveResource("docs://readme") || s.RemoveResource("docs://none") {
		t.Fatal("RemoveResource: want true, then false")
	}
	expectNext(t, c, "notifications/resources/list_changed")
	if got := listNames(t, c, `6`, "resources/list", "", "resources", "uri"); slices.Contains(got, "docs://readme") {
		t.Errorf("resources/list after RemoveResource: %v", got)
	}
	expectPing(t, c, `7`)
}

func TestListChangedOff(t *testing.T) {
	s := newTestServer(t)
	c := serve(t, s)
	res := c.initialize("2025-11-25")
	jsonEqual(t, "listChanged", res["capabilities"].(map[string]any)["tools"], `{"listChanged":false}`)
	if err := s.AddTool(echoTool("later")); err != nil {
		t.Fatal(err)
	}
	s.RemoveTool("add")
	expectPing(t, c, `1`) // the lists changed, silently
	if got := listNames(t, c, `2`, "tools/list", "", "tools", "name"); !slices.Contains(got, "later") || slices.Contains(got, "add") {
		t.Errorf("tools/list: %v", got)
	}
	// A modern listen stream asking for list changes is told none are
	// honoured, and ends at once.
	m := c.do(`"l"`, "subscriptions/listen", modernParams(`"notifications":{"toolsListChanged":true}`))
	jsonEqual(t, "end", m.result(t)["_meta"].(map[string]any)["io.modelcontextprotocol/subscriptionId"], `"l"`)
	jsonEqual(t, "ack", c.notifications("notifications/subscriptions/acknowledged")[0].Params,
		`{"notifications":{},"_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
}

func TestListChangedListen(t *testing.T) {
	s := newTestServer(t, WithListChanged())
	addPrimitives(t, s)
	c := serve(t, s)
	disc := c.do(`0`, "server/discover", modernParams("")).result(t)
	jsonEqual(t, "discover", disc["capabilities"].(map[string]any)["tools"], `{"listChanged":true}`)

	c.send(`{"jsonrpc":"2.0","id":"l","method":"subscriptions/listen","params":` +
		modernParams(`"notifications":{"toolsListChanged":true,"promptsListChanged":true}`) + `}`)
	jsonEqual(t, "ack", expectNext(t, c, "notifications/subscriptions/acknowledged").Params,
		`{"notifications":{"toolsListChanged":true,"promptsListChanged":true},"_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
	if err := s.AddTool(echoTool("later")); err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, "tools", expectNext(t, c, "notifications/tools/list_changed").Params,
		`{"_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
	// Not asked for: no resources/list_changed comes before the prompt one.
	s.RemoveResource("docs://readme")
	s.RemovePrompt("greet")
	jsonEqual(t, "prompts", expectNext(t, c, "notifications/prompts/list_changed").Params,
		`{"_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
	// A modern connection gets no unsolicited legacy notification either.
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"l"}}`)
	expectPing(t, c, `1`) // the cancellation was handled
	s.RemoveTool("later")
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":` + modernParams("") + `}`)
	if m := c.next(); string(m.ID) != "2" {
		t.Fatalf("got %s, want the reply to 2", m.line)
	}
}

// TestCacheTTL: modern lists may be cached for an hour while they are fixed,
// not at all once WithListChanged says they change (a client that does not
// listen would miss a change for that long), and WithCacheTTL says otherwise
// in either case, whatever the order of the options.
func TestCacheTTL(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []Option
		want float64
	}{
		{"fixed", nil, 3_600_000},
		{"listChanged", []Option{WithListChanged()}, 0},
		{"set", []Option{WithCacheTTL(90 * time.Second)}, 90_000},
		{"set before listChanged", []Option{WithCacheTTL(5 * time.Second), WithListChanged()}, 5000},
		{"negative", []Option{WithCacheTTL(-time.Second)}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t, tc.opts...)
			s.MustAddPrompt(Prompt{Name: "summary", Handler: func(context.Context, map[string]string) (*PromptResult, error) { return PromptText("Sum up."), nil }})
			s.MustAddResource(Resource{URI: "notes://all", Name: "all", Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
				return TextResource("all"), nil
			}})
			s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "notes://{id}", Name: "note", Handler: func(_ context.Context, r ResourceRequest) ([]ResourceContents, error) {
				return TextResource(r.Vars["id"]), nil
			}})
			c := serve(t, s)
			for i, method := range []string{"tools/list", "prompts/list", "resources/list", "resources/templates/list", "server/discover"} {
				res := c.do(strconv.Itoa(i), method, modernParams("")).result(t)
				if res["ttlMs"] != tc.want || res["cacheScope"] != "public" {
					t.Errorf("%s: ttlMs %v, cacheScope %v; want %v, public", method, res["ttlMs"], res["cacheScope"], tc.want)
				}
			}
			// Contents may change and depend on who asks, whatever the option.
			if res := c.do("99", "resources/read", modernParams(`"uri":"notes://all"`)).result(t); res["ttlMs"] != 0.0 || res["cacheScope"] != "private" {
				t.Errorf("resources/read: ttlMs %v, cacheScope %v; want 0, private", res["ttlMs"], res["cacheScope"])
			}
		})
	}
}
