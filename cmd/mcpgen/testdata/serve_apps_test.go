package gen_apps

// This test is added to testdata/gen_apps, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it serves the generated app, icons and _meta and reads them as a client
// of 2025-11-25 does.

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("counter", "1.0.0")
	RegisterTools(srv)
	RegisterPrompts(srv)
	RegisterResources(srv)

	requests := []struct {
		method, params string
		want           []string // substrings of the JSON reply
	}{
		{"initialize", ``, []string{`"extensions":{"io.modelcontextprotocol/ui":{}}`}},
		{"tools/list", `{}`, []string{
			`"icons":[{"src":"https://example.com/counter.png","mimeType":"image/png","sizes":["48x48","96x96"]},{"src":"https://example.com/counter-dark.svg","mimeType":"image/svg+xml","sizes":["any"],"theme":"dark"}]`,
			`"_meta":{"ui":{"resourceUri":"ui://counter/view.html"},"ui/resourceUri":"ui://counter/view.html","com.example/owner":"counters","com.example/since":2}`,
			`"_meta":{"ui":{"resourceUri":"ui://counter/view.html","visibility":["app"]},"ui/resourceUri":"ui://counter/view.html"}`}},
		{"tools/call", `{"name":"count","arguments":{"step":3}}`, []string{`"structuredContent":{"value":3}`}},
		{"prompts/list", `{}`, []string{`"_meta":{"com.example/owner":"counters"}`, `"icons":[{"src":"https://example.com/plan.png","theme":"light"},{"src":"data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA4IDgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIGZpbGw9IiMzNmMiLz48L3N2Zz4K","sizes":["any"]}]`}},
		{"resources/list", `{}`, []string{
			`{"uri":"ui://counter/view.html","name":"view_html","title":"Counter","description":"The counter's view: the page the host shows beside count's result.","mimeType":"text/html;profile=mcp-app","icons":[{"src":"data:image/png;base64,iVBORw0KGgo=","mimeType":"image/png"}],"_meta":{"ui":{"csp":{"connectDomains":["https://api.example.com","wss://live.example.com"],"resourceDomains":["https://*.cdn.example.com"]},"permissions":{"clipboardWrite":{}},"prefersBorder":true},"com.example/revision":"r7"}}`,
			`{"uri":"docs://notes","name":"notes","description":"Release notes of the counter: a variable of a group.","mimeType":"text/markdown","_meta":{"com.example/audience":["users","ops"]}}`,
			`"_meta":{"ui":{"domain":"counter.example-host.test","prefersBorder":false},"com.example/refresh":{"seconds":30}}`}},
		{"resources/templates/list", `{}`, []string{`"uriTemplate":"counts://history/{day}"`, `"_meta":{"com.example/retention":"30d"}`}},
		{"resources/read", `{"uri":"ui://counter/view.html"}`, []string{
			`{"uri":"ui://counter/view.html","mimeType":"text/html;profile=mcp-app","text":"<!doctype html>\n<title>Counter</title>\n<p id=\"value\">0</p>\n","_meta":{"ui":{"csp":{"connectDomains":["https://api.example.com","wss://live.example.com"],"resourceDomains":["https://*.cdn.example.com"]},"permissions":{"clipboardWrite":{}},"prefersBorder":true}}}`}},
		{"resources/read", `{"uri":"ui://counter/stats.html"}`, []string{
			`"text":"<!doctype html><title>Stats</title>","_meta":{"ui":{"domain":"counter.example-host.test","prefersBorder":false}}`}},
		{"resources/read", `{"uri":"docs://notes"}`, []string{`{"uri":"docs://notes","mimeType":"text/markdown","blob":"IyBOb3RlcwoKVGhlIGNvdW50ZXIgY291bnRzLgo="}`}},
	}
	initialize := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}` + "\n"
	for i, r := range requests {
		in := initialize
		if r.method != "initialize" {
			req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i + 1, "method": r.method, "params": json.RawMessage(r.params)})
			in += `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + string(req) + "\n"
		}
		var out bytes.Buffer
		if err := srv.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		got := lines[len(lines)-1]
		for _, w := range r.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: reply lacks %s:\n%s", r.method, r.params, w, got)
			}
		}
	}
}
