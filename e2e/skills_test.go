package e2e

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestTypeScriptSkills runs clients/ts-skills.mjs against the conformance
// example, which serves skills (//mcp:skills): the TypeScript SDK v2 as a
// modern host lists, gets, reads and verifies them and reads their
// directories; v1 and v2 as legacy clients see the files as resources and
// no extension. Over stdio and HTTP.
func TestTypeScriptSkills(t *testing.T) {
	needNode(t)
	bin := filepath.Join(t.TempDir(), "conformance")
	if out, err := exec.Command("go", "build", "-o", bin, "../examples/conformance").CombinedOutput(); err != nil {
		t.Fatalf("go build ../examples/conformance: %v\n%s", err, out)
	}
	for _, ep := range []*endpoint{stdioEndpointFor(bin), conformanceHTTP(t, bin)} {
		t.Run(ep.name, func(t *testing.T) {
			for _, c := range []struct{ sdk, era, wantVersion string }{
				{"v1", "legacy", ""},
				{"v2", "legacy", "2025-11-25"},
				{"v2", "modern", "2026-07-28"},
			} {
				t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
					runTSScript(t, "clients/ts-skills.mjs", c.sdk, c.era, c.wantVersion, ep.nodeArgs, nil)
				})
			}
		})
	}
}
