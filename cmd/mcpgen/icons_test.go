package main

import (
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"
)

// TestIconFileStale: an //mcp:icon file= is in the generated file as a data:
// URI, so -check fails once the image changes, and a run brings the file up
// to date.
func TestIconFileStale(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{
		"tools/tools.go": "package tools\n\n// Ping answers pong.\n//\n//mcp:icon file=ping.svg\n//mcp:tool\nfunc Ping() string { return \"pong\" }\n",
		"tools/ping.svg": "<svg/>",
	})
	gen := filepath.Join(dir, "tools", "mcp_gen.go")
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, want := readFile(t, gen), `{Src: "data:image/svg+xml;base64,`+base64.StdEncoding.EncodeToString([]byte("<svg/>"))+`"}`; !strings.Contains(got, want) {
		t.Fatalf("generated file lacks %s:\n%s", want, got)
	}
	writeFile(t, filepath.Join(dir, "tools", "ping.svg"), "<svg></svg>")
	code, stdout, stderr := mcpgen(t, dir, "-check", "./...")
	if want := "+" + `			{Src: "data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString([]byte("<svg></svg>")); code != 1 ||
		!strings.Contains(stdout, want) || !strings.Contains(stderr, "tools/mcp_gen.go is stale") {
		t.Errorf("-check after the icon changed: exit %d, stderr %q, diff:\n%s", code, stderr, stdout)
	}
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("regenerating: exit %d: %s", code, stderr)
	}
	if code, _, _ := mcpgen(t, dir, "-check", "./..."); code != 0 {
		t.Errorf("-check after regenerating: exit %d", code)
	}
}
