package e2e

import (
	"os/exec"
	"testing"
)

// TestGeneratedFileFresh checks that testserver/mcp_gen.go is what the
// current generator writes, so the suite never tests a stale file.
func TestGeneratedFileFresh(t *testing.T) {
	cmd := exec.Command("go", "run", "github.com/mcpgen/mcpgen/cmd/mcpgen", "-check", "./testserver")
	cmd.Dir = e2eDir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("testserver/mcp_gen.go is stale or the generator fails (%v); run `go generate ./testserver` in e2e/:\n%s", err, tail(string(out), 4000))
	}
}
