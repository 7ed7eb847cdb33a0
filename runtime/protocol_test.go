package runtime

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestInitializeNegotiation(t *testing.T) {
	tests := []struct {
		requested, want string
		serverInfo      string
	}{
		{"2024-11-05", "2024-11-05", `{"name":"test-server","version":"1.2.3"}`},
		{"2025-03-26", "2025-03-26", `{"name":"test-server","version":"1.2.3"}`},
		{"2025-06-18", "2025-06-18", `{"name":"test-server","version":"1.2.3","title":"Test Server"}`},
		{"2025-11-25", "2025-11-25", `{"name":"test-server","version":"1.2.3","title":"Test Server"}`},
		// Not negotiable by initialize: the latest legacy version is offered.
		{"2026-07-28", "2025-11-25", `{"name":"test-server","version":"1.2.3","title":"Test Server"}`},
		{"1900-01-01", "2025-11-25", `{"name":"test-server","version":"1.2.3","title":"Test Server"}`},
	}
	for _, tt := range tests {
		t.Run(tt.requested, func(t *testing.T) {
			c := serve(t, newTestServer(t))
			res := c.initialize(tt.requested)
			jsonEqual(t, "initialize result", res, `{"protocolVersion":"`+tt.want+`",
				"capabilities":{"tools":{"listChanged":false},"logging":{}},
				"serverInfo":`+tt.serverInfo+`,"instructions":"Use add."}`)
			jsonEqual(t, "ping", c.do(`1`, "ping", "").result(t), `{}`)
		})
	}
}

func TestInitializeErrors(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.do(`1`, "initialize", `{"capabilities":{}}`).code(t, codeInvalidParams)
	c.do(`2`, "initialize", `{"protocolVersion":7}`).code(t, codeInvalidParams)
	c.do(`3`, "initialize", `[1]`).code(t, codeInvalidParams)
}

func TestDiscover(t *testing.T) {
	c := serve(t, newTestServer(t))
	res := c.do(`"d"`, "server/discover", modernParams("")).result(t)
	jsonEqual(t, "discover", res, `{"resultType":"complete",
		"supportedVersions":["2026-07-28","2025-11-25","2025-06-18","2025-03-26","2024-11-05"],
		"capabilities":{"tools":{"listChanged":false},"logging":{},"extensions":{"io.modelcontextprotocol/tasks":{}}},"instructions":"Use add.",
		"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test-server","version":"1.2.3","title":"Test Server"}},
		"ttlMs":3600000,"cacheScope":"public"}`)

	// A modern client's later requests must carry the _meta too.
	c.do(`"l"`, "tools/list", `{}`).code(t, codeInvalidParams)
	if got := c.do(`"l2"`, "tools/list", modernParams("")).result(t)["resultType"]; got != "complete" {
		t.Errorf("tools/list resultType = %v", got)
	}
}

func TestDiscoverWithoutMeta(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.do(`1`, "server/discover", `{}`).code(t, codeInvalidParams)
	c.do(`2`, "server/discover", "").code(t, codeInvalidParams)
	c.do(`3`, "subscriptions/listen", `{"notifications":{}}`).code(t, codeInvalidParams)
	// The connection is still lenient legacy.
	c.do(`4`, "tools/list", "").result(t)
}

func TestModernMetaErrors(t *testing.T) {
	tests := []struct {
		name   string
		params string
		code   int
	}{
		{"missing version", `{"_meta":{"io.modelcontextprotocol/clientCapabilities":{}}}`, codeInvalidParams},
		{"missing capabilities", `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}`, codeInvalidParams},
		{"capabilities not an object", `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":true}}`, codeInvalidParams},
		{"version not a string", `{"_meta":{"io.modelcontextprotocol/protocolVersion":20260728,"io.modelcontextprotocol/clientCapabilities":{}}}`, codeInvalidParams},
		{"bad log level", `{` + modernMeta + `,"io.modelcontextprotocol/logLevel":"loud"}}`, codeInvalidParams},
		{"unsupported version", `{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}`, codeUnsupportedProtocol},
	}
	for _, method := range []string{"tools/list", "tools/call", "server/discover"} {
		for _, tt := range tests {
			t.Run(method+"/"+tt.name, func(t *testing.T) {
				c := serve(t, newTestServer(t))
				params := tt.params
				if method == "tools/call" {
					params = strings.TrimSuffix(params, "}") + `,"name":"echo"}`
				}
				m := c.do(`1`, method, params)
				m.code(t, tt.code)
				if tt.code == codeUnsupportedProtocol {
					if m.Error.Message != "Unsupported protocol version" {
						t.Errorf("message %q", m.Error.Message)
					}
					jsonEqual(t, "data", m.Error.Data, `{"supported":["2026-07-28","2025-11-25","2025-06-18","2025-03-26","2024-11-05"],"requested":"1900-01-01"}`)
				}
			})
		}
	}
}

func TestLegacyVersionInMetaIsLegacy(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-06-18")
	res := c.do(`1`, "tools/list", `{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-06-18","io.modelcontextprotocol/clientCapabilities":{}}}`).result(t)
	if _, ok := res["resultType"]; ok {
		t.Errorf("legacy request got a modern result: %v", res)
	}
}

// wantTool returns the tools/list entry of "add" or "echo" under version.
var wantTools = map[string][2]string{
	// version: add, echo
	"2024-11-05": {`{"name":"add","description":"Add returns a+b.","inputSchema":%s}`,
		`{"name":"echo","description":"Echo returns its text.","inputSchema":%s}`},
	"2025-03-26": {`{"name":"add","description":"Add returns a+b.","inputSchema":%s,
		"annotations":{"title":"Add numbers","readOnlyHint":true,"idempotentHint":true}}`,
		`{"name":"echo","description":"Echo returns its text.","inputSchema":%s}`},
	"2025-06-18": {`{"name":"add","title":"Add numbers","description":"Add returns a+b.","inputSchema":%s,"outputSchema":%s,
		"annotations":{"readOnlyHint":true,"idempotentHint":true}}`,
		`{"name":"echo","description":"Echo returns its text.","inputSchema":%s}`},
}

func init() {
	wantTools["2025-11-25"] = wantTools["2025-06-18"]
	wantTools["2026-07-28"] = wantTools["2025-06-18"]
}

func TestToolsListPerVersion(t *testing.T) {
	tools := testTools()
	in, out, echoIn := tools[0].InputSchema, tools[0].OutputSchema, tools[1].InputSchema
	for _, version := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			c := serve(t, newTestServer(t))
			var res map[string]any
			if version == "2026-07-28" {
				res = c.do(`"x"`, "tools/list", modernParams("")).result(t)
				if res["resultType"] != "complete" || res["ttlMs"] != 3600000.0 || res["cacheScope"] != "public" {
					t.Errorf("modern tools/list lacks resultType/ttlMs/cacheScope: %v", res)
				}
				jsonEqual(t, "_meta", res["_meta"], `{"io.modelcontextprotocol/serverInfo":{"name":"test-server","version":"1.2.3","title":"Test Server"}}`)
			} else {
				c.initialize(version)
				res = c.do(`"x"`, "tools/list", `{}`).result(t)
				if len(res) != 1 {
					t.Errorf("legacy tools/list has members besides tools: %v", res)
				}
			}
			list := res["tools"].([]any)
			if got, want := len(list), len(tools); got != want {
				t.Fatalf("%d tools, want %d", got, want)
			}
			for i, tool := range tools {
				if name := list[i].(map[string]any)["name"]; name != tool.Name {
					t.Errorf("tool %d is %v, want %s (registration order)", i, name, tool.Name)
				}
			}
			w := wantTools[version]
			if strings.Count(w[0], "%s") == 2 {
				jsonEqual(t, "add", list[0], fmt.Sprintf(w[0], in, out))
			} else {
				jsonEqual(t, "add", list[0], fmt.Sprintf(w[0], in))
			}
			jsonEqual(t, "echo", list[1], fmt.Sprintf(w[1], echoIn))
		})
	}
}

func TestToolsListUninitializedIsLenient(t *testing.T) {
	c := serve(t, newTestServer(t))
	res := c.do(`1`, "tools/list", "").result(t)
	add := res["tools"].([]any)[0].(map[string]any)
	// Served as 2025-03-26: annotations (with the title), no title or outputSchema.
	if _, ok := add["outputSchema"]; ok {
		t.Errorf("outputSchema sent to an uninitialized client: %v", add)
	}
	if add["annotations"] == nil {
		t.Errorf("annotations missing: %v", add)
	}
	res = c.do(`2`, "tools/call", `{"name":"echo","arguments":{"text":"hi"}}`).result(t)
	jsonEqual(t, "call", res, `{"content":[{"type":"text","text":"hi"}]}`)
}

func TestToolsListPagination(t *testing.T) {
	s := newTestServer(t, WithPageSize(4))
	all := toolNames(testTools())
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			c := serve(t, s)
			params := func(cursor string) string {
				if version == "2026-07-28" {
					if cursor == "" {
						return modernParams("")
					}
					return modernParams(`"cursor":"` + cursor + `"`)
				}
				if cursor == "" {
					return `{}`
				}
				return `{"cursor":"` + cursor + `"}`
			}
			if version != "2026-07-28" {
				c.initialize(version)
			}
			var names []string
			cursor, pages := "", 0
			for {
				res := c.do(fmt.Sprint(pages), "tools/list", params(cursor)).result(t)
				pages++
				for _, x := range res["tools"].([]any) {
					names = append(names, x.(map[string]any)["name"].(string))
				}
				next, ok := res["nextCursor"].(string)
				if !ok {
					break
				}
				if next == "" {
					t.Fatal("empty nextCursor")
				}
				cursor = next
			}
			if want := (len(all) + 3) / 4; pages != want {
				t.Errorf("%d pages, want %d", pages, want)
			}
			if strings.Join(names, ",") != strings.Join(all, ",") {
				t.Errorf("paged names %v, want %v", names, all)
			}
			for _, bad := range []string{"not base64!", "AAAA", cursor + "A", "AAAAAAAAAAAE"} {
				c.do(`"bad"`, "tools/list", params(bad)).code(t, codeInvalidParams)
			}
			c.do(`"num"`, "tools/list", `{"cursor":5}`).code(t, codeInvalidParams)
		})
	}
}

func TestCursorFromAnotherToolSet(t *testing.T) {
	s1 := newTestServer(t, WithPageSize(2))
	s2 := newTestServer(t, WithPageSize(2))
	s2.MustAddTool(Tool{Name: "extra", Handler: testTools()[0].Handler})
	c1, c2 := serve(t, s1), serve(t, s2)
	next := c1.do(`1`, "tools/list", "").result(t)["nextCursor"].(string)
	c2.do(`1`, "tools/list", `{"cursor":"`+next+`"}`).code(t, codeInvalidParams)
	c1.do(`2`, "tools/list", `{"cursor":"`+next+`"}`).result(t)
}

func TestToolsCall(t *testing.T) {
	tests := []struct {
		name, params string
		want         string // result JSON under 2025-11-25
	}{
		{"text", `{"name":"echo","arguments":{"text":"héllo \"x\"\n"}}`,
			`{"content":[{"type":"text","text":"héllo \"x\"\n"}]}`},
		{"wrapped", `{"name":"add","arguments":{"a":1,"b":2.5}}`,
			`{"content":[{"type":"text","text":"{\"result\":3.5}"}],"structuredContent":{"result":3.5}}`},
		{"structured", `{"name":"info"}`,
			`{"content":[{"type":"text","text":"{\"n\":7,\"tags\":[\"x\",\"<y>\"]}"}],"structuredContent":{"n":7,"tags":["x","<y>"]}}`},
		{"arguments null", `{"name":"info","arguments":null}`,
			`{"content":[{"type":"text","text":"{\"n\":7,\"tags\":[\"x\",\"<y>\"]}"}],"structuredContent":{"n":7,"tags":["x","<y>"]}}`},
		{"handler error", `{"name":"fail","arguments":{}}`,
			`{"content":[{"type":"text","text":"the disk is full"}],"isError":true}`},
		{"panic", `{"name":"explode","arguments":{}}`,
			`{"content":[{"type":"text","text":"internal error in tool explode"}],"isError":true}`},
		{"nil result", `{"name":"nothing","arguments":{}}`, `{"content":[]}`},
		{"raw content", `{"name":"raw","arguments":{}}`, `{"content":[
			{"type":"text","text":"line1\nline2","annotations":{"audience":["user"],"priority":0.5}},
			{"type":"image","data":"AQID","mimeType":"image/png"},
			{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"},
			{"type":"resource_link","uri":"file:///a.txt","name":"a.txt","mimeType":"text/plain","size":42},
			{"type":"resource","resource":{"uri":"mem://t","mimeType":"text/plain","text":"hello"}},
			{"type":"resource","resource":{"uri":"mem://b","blob":"/w=="}}],
			"_meta":{"k":"v"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := serve(t, newTestServer(t))
			c.initialize("2025-11-25")
			jsonEqual(t, "result", c.do(`7`, "tools/call", tt.params).result(t), tt.want)
		})
	}
}

func TestToolsCallInvalidArguments(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	for i, args := range []string{`{"a":"one","b":2}`, `{"a":1}`, `{"a":1,"b":2,"c":3}`} {
		res := c.do(fmt.Sprint(i), "tools/call", `{"name":"add","arguments":`+args+`}`).result(t)
		if res["isError"] != true {
			t.Errorf("arguments %s: want an isError result, got %v", args, res)
		}
	}
}

func TestToolsCallProtocolErrors(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	m := c.do(`1`, "tools/call", `{"name":"nope","arguments":{}}`)
	m.code(t, codeInvalidParams)
	if m.Error.Message != "Unknown tool: nope" {
		t.Errorf("message %q", m.Error.Message)
	}
	c.do(`2`, "tools/call", `{"arguments":{}}`).code(t, codeInvalidParams)
	c.do(`3`, "tools/call", `{"name":5}`).code(t, codeInvalidParams)
	c.do(`4`, "tools/call", `{"name":"add","arguments":[1,2]}`).code(t, codeInvalidParams)
	c.do(`5`, "tools/call", `{"name":"add","arguments":"x"}`).code(t, codeInvalidParams)
	c.do(`6`, "tools/call", "").code(t, codeInvalidParams)
	c.do(`7`, "tools/call", `"echo"`).code(t, codeInvalidParams)
	// The session goes on.
	c.do(`8`, "tools/call", `{"name":"echo","arguments":{"text":"ok"}}`).result(t)
}

func TestToolsCallModern(t *testing.T) {
	c := serve(t, newTestServer(t))
	res := c.do(`1`, "tools/call", modernParams(`"name":"add","arguments":{"a":2,"b":2}`)).result(t)
	jsonEqual(t, "modern call", res, `{"content":[{"type":"text","text":"{\"result\":4}"}],
		"structuredContent":{"result":4},"resultType":"complete",
		"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test-server","version":"1.2.3","title":"Test Server"}}}`)
	res = c.do(`2`, "tools/call", modernParams(`"name":"raw"`)).result(t)
	jsonEqual(t, "merged _meta", res["_meta"], `{"k":"v","io.modelcontextprotocol/serverInfo":{"name":"test-server","version":"1.2.3","title":"Test Server"}}`)
	res = c.do(`3`, "tools/call", modernParams(`"name":"fail"`)).result(t)
	if res["isError"] != true || res["resultType"] != "complete" {
		t.Errorf("modern error result: %v", res)
	}
}

func TestStructuredContentOmittedBefore20250618(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-03-26")
	res := c.do(`1`, "tools/call", `{"name":"add","arguments":{"a":1,"b":2}}`).result(t)
	jsonEqual(t, "result", res, `{"content":[{"type":"text","text":"{\"result\":3}"}]}`)
}

func TestSubscriptionsListen(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.do(`"bad"`, "subscriptions/listen", modernParams("")).code(t, codeInvalidParams)
	res := c.do(`"sub"`, "subscriptions/listen", modernParams(`"notifications":{"toolsListChanged":true}`)).result(t)
	jsonEqual(t, "listen result", res, `{"resultType":"complete","_meta":{"io.modelcontextprotocol/subscriptionId":"sub",
		"io.modelcontextprotocol/serverInfo":{"name":"test-server","version":"1.2.3","title":"Test Server"}}}`)
	acks := c.notifications("notifications/subscriptions/acknowledged")
	if len(acks) != 1 {
		t.Fatalf("%d acknowledgements, want 1", len(acks))
	}
	jsonEqual(t, "ack", acks[0].Params, `{"notifications":{},"_meta":{"io.modelcontextprotocol/subscriptionId":"sub"}}`)
}

func TestJSONRPCErrors(t *testing.T) {
	tests := []struct {
		name, msg string
		code      int
		id        string // "" when the reply must have no id
	}{
		{"malformed", `{"jsonrpc":"2.0","id":1,"method":`, codeParseError, ""},
		{"garbage", `hello`, codeParseError, ""},
		{"not an object", `42`, codeInvalidRequest, ""},
		{"string", `"ping"`, codeInvalidRequest, ""},
		{"no method", `{"jsonrpc":"2.0","id":1}`, codeInvalidRequest, "1"},
		{"method not a string", `{"jsonrpc":"2.0","id":2,"method":5}`, codeInvalidRequest, "2"},
		{"wrong version", `{"jsonrpc":"1.0","id":3,"method":"ping"}`, codeInvalidRequest, "3"},
		{"no jsonrpc", `{"id":4,"method":"ping"}`, codeInvalidRequest, "4"},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, codeInvalidRequest, ""},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, codeInvalidRequest, ""},
		{"bool id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, codeInvalidRequest, ""},
		{"unknown method", `{"jsonrpc":"2.0","id":"u","method":"resources/list"}`, codeMethodNotFound, `"u"`},
		{"params array", `{"jsonrpc":"2.0","id":5,"method":"tools/list","params":[]}`, codeInvalidParams, "5"},
		{"batch without 2025-03-26", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, codeInvalidRequest, ""},
	}
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.send(tt.msg)
			m := c.next()
			m.code(t, tt.code)
			if string(m.ID) != tt.id {
				t.Errorf("id %s, want %q: %s", m.ID, tt.id, m.line)
			}
			if strings.Contains(string(m.line), `"id":null`) {
				t.Errorf("reply has a null id: %s", m.line)
			}
		})
	}
	// Notifications (also unknown ones) and responses get no reply; the
	// session continues.
	c.send(`{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"nobody"}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":"junk"}`)
	c.send(`{"jsonrpc":"2.0","id":99,"result":{}}`)
	c.send(`{"jsonrpc":"2.0","id":98,"error":{"code":1,"message":"x"}}`)
	c.send(``)
	c.send(" \t ")
	if m := c.do(`"after"`, "ping", ""); len(c.other) != 0 {
		t.Errorf("unexpected messages before %s: %d", m.line, len(c.other))
	}
}

func TestSetLevel(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	c.do(`1`, "logging/setLevel", `{"level":"loud"}`).code(t, codeInvalidParams)
	c.do(`2`, "logging/setLevel", `{}`).code(t, codeInvalidParams)
	jsonEqual(t, "setLevel", c.do(`3`, "logging/setLevel", `{"level":"info"}`).result(t), `{}`)
	// Modern clients have no setLevel.
	c.do(`4`, "logging/setLevel", modernParams(`"level":"info"`)).code(t, codeMethodNotFound)
}

func TestBatch(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-03-26")
	c.send(`[{"jsonrpc":"2.0","id":"b1","method":"ping"},` +
		`{"jsonrpc":"2.0","method":"notifications/initialized"},` +
		`{"jsonrpc":"2.0","id":"b2","method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}},` +
		`{"jsonrpc":"2.0","id":"b3","method":"initialize","params":{"protocolVersion":"2025-03-26"}},` +
		`{"jsonrpc":"2.0","id":"b4","method":"nope"},` +
		`7]`)
	var batch []message
	m := c.next()
	if err := json.Unmarshal(m.line, &batch); err != nil {
		t.Fatalf("batch reply is not an array: %s", m.line)
	}
	got := map[string]string{}
	for _, r := range batch {
		switch {
		case r.Error != nil:
			got[string(r.ID)] = fmt.Sprint(r.Error.Code)
		default:
			got[string(r.ID)] = string(r.Result)
		}
	}
	want := map[string]string{`"b1"`: `{}`, `"b2"`: `{"content":[{"type":"text","text":"x"}]}`,
		`"b3"`: "-32600", `"b4"`: "-32601", ``: "-32600"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("batch replies %v, want %v", got, want)
	}
	// A batch of notifications gets no reply; an empty batch is invalid.
	c.send(`[{"jsonrpc":"2.0","method":"notifications/initialized"}]`)
	c.send(`[]`)
	c.next().code(t, codeInvalidRequest)
}
