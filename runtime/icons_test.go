package runtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

var testIcon = Icon{Src: "https://example.com/icon.png", MIMEType: "image/png", Sizes: []string{"48x48", "96x96"}, Theme: "dark"}

const testIconJSON = `{"src":"https://example.com/icon.png","mimeType":"image/png","sizes":["48x48","96x96"],"theme":"dark"}`

// iconServer has a server icon and description, and one tool, prompt,
// resource and template, each with an icon and a _meta, the resource an
// MCP App's view that the tool names.
func iconServer(t *testing.T, opts ...Option) *Server {
	t.Helper()
	s := newTestServer(t, append([]Option{WithIcons(testIcon), WithWebsiteURL("https://example.com/notes"), WithDescription("Keeps notes.")}, opts...)...)
	s.MustAddTool(Tool{Name: "board", Icons: []Icon{testIcon},
		Meta:    `{"ui": {"resourceUri": "ui://notes/board.html"}, "com.example/team": "notes"}`,
		Handler: func(context.Context, json.RawMessage) (*Result, error) { return TextResult("ok"), nil }})
	s.MustAddPrompt(Prompt{Name: "summary", Icons: []Icon{testIcon}, Meta: `{"com.example/kind":"summary"}`,
		Handler: func(context.Context, map[string]string) (*PromptResult, error) { return PromptText("Sum up."), nil }})
	s.MustAddResource(Resource{URI: "ui://notes/board.html", Name: "board", MIMEType: AppMIMEType, Icons: []Icon{testIcon},
		Meta: `{"ui":{"prefersBorder":true,"csp":{"connectDomains":["https://api.example.com"]}}}`,
		Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
			return TextResource("<!doctype html><title>Board</title>"), nil
		}})
	s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "notes://{id}", Name: "note", Icons: []Icon{testIcon}, Meta: `{"com.example/x":1}`,
		Handler: func(_ context.Context, r ResourceRequest) ([]ResourceContents, error) {
			return TextResource(r.Vars["id"]), nil
		}})
	return s
}

// TestIconsAndMetaByVersion checks that the server's icons, description and
// website, and the icons and _meta of tools, prompts, resources and
// templates reach each protocol version that has the field (icons and the
// Implementation's description and websiteUrl from 2025-11-25, _meta from
// 2025-06-18), and no other.
func TestIconsAndMetaByVersion(t *testing.T) {
	for _, v := range []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"} {
		t.Run(v, func(t *testing.T) {
			p, _ := parseProtocol(v)
			c := serve(t, iconServer(t))
			params := `{}`
			var info any
			if p.modern() {
				params = modernParams("")
				d := c.do(`"d"`, "server/discover", params).result(t)
				info = d["_meta"].(map[string]any)[metaServerInfoKey]
			} else {
				info = c.initialize(v)["serverInfo"]
			}
			wantInfo := `{"name":"test-server","version":"1.2.3"}`
			switch {
			case p.hasIcons():
				wantInfo = `{"name":"test-server","version":"1.2.3","title":"Test Server","description":"Keeps notes.",
					"icons":[` + testIconJSON + `],"websiteUrl":"https://example.com/notes"}`
			case p.hasTitle():
				wantInfo = `{"name":"test-server","version":"1.2.3","title":"Test Server"}`
			}
			jsonEqual(t, "serverInfo", info, wantInfo)

			icons, meta := func(m string) string { return "" }, func(m string) string { return "" }
			if p.hasIcons() {
				icons = func(string) string { return `,"icons":[` + testIconJSON + `]` }
			}
			if p.hasMeta() {
				meta = func(m string) string { return `,"_meta":` + m }
			}
			tools := c.do(`1`, "tools/list", params).result(t)["tools"].([]any)
			jsonEqual(t, "tool", tools[len(tools)-1], `{"name":"board"`+icons("")+`,"inputSchema":{"type":"object","properties":{}}`+
				meta(`{"ui":{"resourceUri":"ui://notes/board.html"},"com.example/team":"notes"}`)+`}`)
			jsonEqual(t, "prompts", c.do(`2`, "prompts/list", params).result(t)["prompts"],
				`[{"name":"summary"`+icons("")+meta(`{"com.example/kind":"summary"}`)+`}]`)
			jsonEqual(t, "resources", c.do(`3`, "resources/list", params).result(t)["resources"],
				`[{"uri":"ui://notes/board.html","name":"board","mimeType":"text/html;profile=mcp-app"`+icons("")+
					meta(`{"ui":{"prefersBorder":true,"csp":{"connectDomains":["https://api.example.com"]}}}`)+`}]`)
			jsonEqual(t, "templates", c.do(`4`, "resources/templates/list", params).result(t)["resourceTemplates"],
				`[{"uriTemplate":"notes://{id}","name":"note"`+icons("")+meta(`{"com.example/x":1}`)+`}]`)

			// The view's contents carry its _meta.ui, where contents have _meta.
			read := `{"uri":"ui://notes/board.html"}`
			if p.modern() {
				read = modernParams(`"uri":"ui://notes/board.html"`)
			}
			jsonEqual(t, "contents", c.do(`5`, "resources/read", read).result(t)["contents"],
				`[{"uri":"ui://notes/board.html","mimeType":"text/html;profile=mcp-app","text":"<!doctype html><title>Board</title>"`+
					meta(`{"ui":{"prefersBorder":true,"csp":{"connectDomains":["https://api.example.com"]}}}`)+`}]`)
		})
	}
}

// TestExtensionsDeclared checks the capabilities' extensions: tasks in
// 2026-07-28 only, MCP Apps (when the server has a view or a tool that
// names one) from 2025-06-18 on, in the initialize result as in
// server/discover.
func TestExtensionsDeclared(t *testing.T) {
	exts := func(caps any) string {
		b, _ := json.Marshal(caps.(map[string]any)["extensions"])
		return string(b)
	}
	for _, tc := range []struct {
		version string
		want    string
	}{
		{"2025-03-26", "null"},
		{"2025-06-18", `{"io.modelcontextprotocol/ui":{}}`},
		{"2025-11-25", `{"io.modelcontextprotocol/ui":{}}`},
	} {
		c := serve(t, iconServer(t))
		if got := exts(c.initialize(tc.version)["capabilities"]); got != tc.want {
			t.Errorf("%s: extensions %s, want %s", tc.version, got, tc.want)
		}
	}
	c := serve(t, iconServer(t))
	d := c.do(`"d"`, "server/discover", modernParams("")).result(t)
	jsonEqual(t, "2026-07-28 extensions", d["capabilities"].(map[string]any)["extensions"],
		`{"io.modelcontextprotocol/tasks":{},"io.modelcontextprotocol/ui":{}}`)

	// Without a view nor a tool that names one, no MCP Apps.
	c = serve(t, newTestServer(t))
	if got := exts(c.initialize("2025-11-25")["capabilities"]); got != "null" {
		t.Errorf("a server without apps declares extensions %s", got)
	}
}

// TestBadIconsAndMeta checks that registration refuses icons and _meta the
// protocol does not allow, with the item and the rule in the error, and
// that NewServer panics on bad server icons or website.
func TestBadIconsAndMeta(t *testing.T) {
	h := func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }
	s := NewServer("x", "1")
	for _, tc := range []struct {
		tool Tool
		want string
	}{
		{Tool{Name: "a", Icons: []Icon{{Src: "ftp://example.com/a.png"}}}, `tool "a": icon 0: icon src "ftp://example.com/a.png": want an https: (or http:) URL or a data: URI`},
		{Tool{Name: "b", Icons: []Icon{{Src: "data:image/png,abc"}}}, `a data: URI must be data:MIMETYPE;base64,DATA`},
		{Tool{Name: "c", Icons: []Icon{{Src: "https://example.com/a", MIMEType: "text/html"}}}, `icon mimeType "text/html": want an image media type`},
		{Tool{Name: "d", Icons: []Icon{{Src: "https://example.com/a", Sizes: []string{"48"}}}}, `icon size "48": want WxH`},
		{Tool{Name: "e", Icons: []Icon{{Src: "https://example.com/a", Theme: "blue"}}}, `icon theme "blue": want light or dark`},
		{Tool{Name: "f", Meta: `[1]`}, `tool "f": Meta: _meta must be a JSON object`},
		{Tool{Name: "g", Meta: `{"-x":1}`}, `_meta key "-x": its name must begin and end with a letter or digit`},
		{Tool{Name: "h", Meta: `{"1com/x":1}`}, `_meta key "1com/x": its prefix must be dot-separated labels`},
	} {
		tc.tool.Handler = h
		err := s.AddTool(tc.tool)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("AddTool(%s): %v, want an error with %q", tc.tool.Name, err, tc.want)
		}
	}
	if err := s.AddPrompt(Prompt{Name: "p", Meta: `nope`, Handler: func(context.Context, map[string]string) (*PromptResult, error) { return nil, nil }}); err == nil {
		t.Error("AddPrompt accepted a Meta that is not JSON")
	}
	if err := s.AddResource(Resource{URI: "a://b", Name: "b", Icons: []Icon{{Src: "javascript:alert(1)"}},
		Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) { return nil, nil }}); err == nil {
		t.Error("AddResource accepted a javascript: icon")
	}
	for _, opt := range []Option{WithIcons(Icon{Src: "/relative.png"}), WithWebsiteURL("example.com"), WithWebsiteURL("https://example.com/a b")} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("NewServer did not panic on a bad icon or website")
				}
			}()
			NewServer("x", "1", opt)
		}()
	}
	// A data: URI and a scalable icon are fine.
	if err := s.AddTool(Tool{Name: "ok", Handler: h, Icons: []Icon{{Src: "data:image/svg+xml;base64,PHN2Zy8+", Sizes: []string{"any"}, Theme: "light"}}}); err != nil {
		t.Error(err)
	}
}

// TestMissingViewWarned checks that a tool naming an MCP App view that no
// resource serves is logged once, when the lists are first built, and that
// a server with the view logs nothing of the kind.
func TestMissingViewWarned(t *testing.T) {
	var logs strings.Builder
	s := NewServer("x", "1", WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	s.MustAddTool(Tool{Name: "board", Meta: `{"ui":{"resourceUri":"ui://notes/board.html"}}`,
		Handler: func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }})
	c := serve(t, s)
	c.initialize("2025-11-25")
	c.do(`1`, "tools/list", `{}`)
	if n := strings.Count(logs.String(), "no resource serves"); n != 1 || !strings.Contains(logs.String(), "view=ui://notes/board.html") {
		t.Errorf("logged %d warnings:\n%s", n, logs.String())
	}
	logs.Reset()
	c = serve(t, iconServer(t, WithLogger(slog.New(slog.NewTextHandler(&logs, nil)))))
	c.initialize("2025-11-25")
	c.do(`1`, "tools/list", `{}`)
	if strings.Contains(logs.String(), "no resource serves") || c.do(`2`, "resources/list", `{}`).Error != nil {
		t.Errorf("warned with the view registered:\n%s", logs.String())
	}
}

// TestTextResourceJSON checks that resources/read writes a text resource
// as encoding/json does without its HTML escapes (an HTML page stays
// readable and short), text that needs escapes and _meta included.
func TestTextResourceJSON(t *testing.T) {
	text := "<!doctype html>\n<p class=\"a\">Tom & Jerry\t\u2028é</p>\x01"
	s := newTestServer(t)
	s.MustAddResource(Resource{URI: "ui://x/page.html", Name: "page", MIMEType: AppMIMEType, Meta: `{"ui":{"prefersBorder":true}}`,
		Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) { return TextResource(text), nil }})
	s.MustAddResource(Resource{URI: "docs://x", Name: "x",
		Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
			return []ResourceContents{{Text: "<b>", Meta: map[string]any{"com.example/k": "<v>"}}}, nil
		}})
	c := serve(t, s)
	c.initialize("2025-11-25")
	for _, tc := range []struct {
		uri  string
		want wireTextResource
	}{
		{"ui://x/page.html", wireTextResource{"ui://x/page.html", AppMIMEType, text, map[string]any{"ui": json.RawMessage(`{"prefersBorder":true}`)}}},
		{"docs://x", wireTextResource{"docs://x", "", "<b>", map[string]any{"com.example/k": "<v>"}}},
	} {
		var b strings.Builder
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		if err := e.Encode(tc.want); err != nil {
			t.Fatal(err)
		}
		m := c.do(`1`, "resources/read", `{"uri":"`+tc.uri+`"}`)
		want := `{"contents":[` + strings.TrimSuffix(b.String(), "\n") + `]}`
		if string(m.Result) != want {
			t.Errorf("%s:\n got %s\nwant %s", tc.uri, m.Result, want)
		}
	}
}
