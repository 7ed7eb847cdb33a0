package hardening

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpgen/mcpgen/generator"
	"github.com/mcpgen/mcpgen/parser"
)

// update is the flag with which "go test ./internal/hardening -update"
// regenerates hardserver/mcp_gen.go (docs/contributing.md, Testing, lists every package
// with goldens).
var update = flag.Bool("update", false, "regenerate hardserver/mcp_gen.go")

// TestHardserverIsFresh: hardserver/mcp_gen.go is what mcpgen generates
// today, so the tests attack the server the generator really writes.
func TestHardserverIsFresh(t *testing.T) {
	pkgs, diags, err := parser.Load(".", nil, "./hardserver")
	if err != nil || len(parser.Errors(diags)) > 0 || len(pkgs) != 1 {
		t.Fatalf("loading hardserver: %v %v (%d packages)", err, diags, len(pkgs))
	}
	want, err := generator.Generate(pkgs[0])
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("hardserver", "mcp_gen.go")
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Error("hardserver/mcp_gen.go is stale: run go generate ./internal/hardening/...")
	}
}
