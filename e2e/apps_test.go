package e2e

import (
	"image/png"
	"os"
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
	tsEras(t, buildExample(t, "apps"), "clients/ts-apps.mjs", true)
}

// TestBrowserApps runs clients/browser-apps.mjs: examples/apps' view in
// Chromium, in a host page that speaks the extension with the
// @modelcontextprotocol/ext-apps package's AppBridge through a sandbox
// proxy of another origin, its back end the TypeScript SDK v2 client of the
// server over stdio. The view must initialize, show the tool's result, and
// call the tool through the host when the user picks a color or presses
// Swap; what the user sees is checked in the DOM. Its screenshot is
// left in the test's temporary directory (logged with -v).
func TestBrowserApps(t *testing.T) {
	needNode(t)
	browser := os.Getenv("MCPGEN_E2E_CHROMIUM")
	if browser == "" {
		var err error
		if browser, err = exec.LookPath("chromium"); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("chromium is not installed (.ci/run installs the Debian package chromium)")
			}
			skipFor(t, "chromium is not installed (apt-get install chromium, or set MCPGEN_E2E_CHROMIUM to a Chromium or Chrome binary)")
		}
	}
	for _, pkg := range []string{"playwright-core", "esbuild"} {
		if _, err := os.Stat(filepath.Join("node_modules", pkg)); err != nil {
			t.Fatalf("e2e/node_modules has no %s: run npm ci in e2e (package-lock.json changed since it was installed)", pkg)
		}
	}
	bin := buildExample(t, "apps")
	shot := filepath.Join(t.TempDir(), "view.png")
	runTSScript(t, "clients/browser-apps.mjs", "v2", "modern", "2026-07-28",
		[]string{"--stdio", bin, "--chromium", browser, "--screenshot", shot}, nil)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width < 600 || cfg.Height < 200 {
		t.Fatalf("screenshot %s: %dx%d, %v", shot, cfg.Width, cfg.Height, err)
	}
	t.Logf("screenshot: %s (%dx%d)", shot, cfg.Width, cfg.Height)
}
