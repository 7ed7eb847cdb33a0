package e2e

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestTypeScriptApps runs clients/ts-apps.mjs against examples/apps, an MCP
// App, over stdio and HTTP: the TypeScript SDK v1 (legacy) and v2 (legacy
// and modern) list the tool with its view and read the view's HTML, and
// what the server sends is checked with the @modelcontextprotocol/ext-apps
// package's own helpers and schemas; with v2 the package's view (App) and
// host bridge (AppBridge) call the tool and read the page through the
// client.
func TestTypeScriptApps(t *testing.T) {
	needNode(t)
	bin := filepath.Join(t.TempDir(), "apps")
	if out, err := exec.Command("go", "build", "-o", bin, "../examples/apps").CombinedOutput(); err != nil {
		t.Fatalf("go build ../examples/apps: %v\n%s", err, out)
	}
	// conformanceHTTP starts any example that logs its url= on stderr.
	for _, ep := range []*endpoint{stdioEndpointFor(bin), conformanceHTTP(t, bin)} {
		t.Run(ep.name, func(t *testing.T) {
			for _, c := range []struct{ sdk, era, wantVersion string }{
				{"v1", "legacy", ""},
				{"v2", "legacy", "2025-11-25"},
				{"v2", "modern", "2026-07-28"},
			} {
				t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
					t.Parallel()
					runTSScript(t, "clients/ts-apps.mjs", c.sdk, c.era, c.wantVersion, ep.nodeArgs, nil)
				})
			}
		})
	}
}
