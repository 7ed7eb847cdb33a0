package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGoSDKIconsAndMeta: the official Go SDK client, over stdio, sees the icons
// of //mcp:icon (SEP-973) on examples/handbook's prompt, resource and
// resource template and on examples/apps' tool, and the server's own
// (runtime.WithIcons) in serverInfo, when it negotiates 2025-11-25 or
// 2026-07-28; at 2025-06-18, which has no icons, it sees none. The _meta
// of //mcp:meta (handbook's tool) and of ui= (apps' tool) it sees from
// 2025-06-18 on, and none at 2025-03-26.
func TestGoSDKIconsAndMeta(t *testing.T) {
	handbook, apps := buildExample(t, "handbook"), buildExample(t, "apps")
	for _, version := range []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"} {
		t.Run(version, func(t *testing.T) {
			want := version >= "2025-11-25"
			wantMeta := version >= "2025-06-18"
			ctx, cancel := context.WithTimeout(context.Background(), guard)
			defer cancel()
			connect := func(bin string) *mcp.ClientSession {
				c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go", Version: "1.0.0"}, nil)
				cs, err := c.Connect(ctx, stdioEndpointFor(bin).goTransport(t), &mcp.ClientSessionOptions{ProtocolVersion: version})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { cs.Close() })
				if got := cs.InitializeResult().ProtocolVersion; got != version {
					t.Fatalf("negotiated %s, want %s", got, version)
				}
				return cs
			}
			check := func(what string, icons []mcp.Icon) {
				t.Helper()
				switch {
				case !want && len(icons) > 0:
					t.Errorf("%s: icons at %s, which has none: %+v", what, version, icons)
				case want && (len(icons) != 1 || !strings.HasPrefix(icons[0].Source, "data:image/svg+xml;base64,") ||
					len(icons[0].Sizes) != 1 || icons[0].Sizes[0] != "any"):
					t.Errorf("%s: icons %+v, want the one of //mcp:icon file=... sizes=any", what, icons)
				}
			}

			hb := connect(handbook)
			prompts, err := hb.ListPrompts(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range prompts.Prompts {
				if p.Name == "onboarding" {
					check("prompt onboarding", p.Icons)
				} else if len(p.Icons) > 0 {
					t.Errorf("prompt %s: icons %+v, it has no //mcp:icon", p.Name, p.Icons)
				}
			}
			resources, err := hb.ListResources(ctx, nil)
			if err != nil || len(resources.Resources) != 1 {
				t.Fatalf("resources/list: %v %+v", err, resources)
			}
			check("resource "+resources.Resources[0].URI, resources.Resources[0].Icons)
			templates, err := hb.ListResourceTemplates(ctx, nil)
			if err != nil || len(templates.ResourceTemplates) != 1 {
				t.Fatalf("resources/templates/list: %v %+v", err, templates)
			}
			check("template "+templates.ResourceTemplates[0].URITemplate, templates.ResourceTemplates[0].Icons)
			hbTools, err := hb.ListTools(ctx, nil)
			if err != nil || len(hbTools.Tools) != 1 {
				t.Fatalf("tools/list: %v %+v", err, hbTools)
			}
			if got := hbTools.Tools[0].Meta["com.example.handbook/audience"]; wantMeta != (got == "editors") || !wantMeta && hbTools.Tools[0].Meta != nil {
				t.Errorf("tool %s at %s: _meta %v", hbTools.Tools[0].Name, version, hbTools.Tools[0].Meta)
			}

			ap := connect(apps)
			tools, err := ap.ListTools(ctx, nil)
			if err != nil || len(tools.Tools) != 1 {
				t.Fatalf("tools/list: %v %+v", err, tools)
			}
			check("tool "+tools.Tools[0].Name, tools.Tools[0].Icons)
			ui, _ := tools.Tools[0].Meta["ui"].(map[string]any)
			if wantMeta != (ui["resourceUri"] == "ui://contrast/view.html") || !wantMeta && tools.Tools[0].Meta != nil {
				t.Errorf("tool %s at %s: _meta %v", tools.Tools[0].Name, version, tools.Tools[0].Meta)
			}
			info := ap.InitializeResult().ServerInfo
			check("serverInfo", info.Icons)
			if got := info.Icons; want && (len(got) != 1 || got[0].MIMEType != "image/svg+xml") {
				t.Errorf("serverInfo icons %+v, want runtime.WithIcons' image/svg+xml", got)
			}
		})
	}
}
