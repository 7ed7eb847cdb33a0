package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAPIClientsDocIsTheTrial checks that the first example of
// docs/apiclients.md, a package of the user's with the lines that name
// go-github's types and the command that serves them, is word for word
// the two files e2e/apiclients/run.sh builds, serves and calls.
func TestAPIClientsDocIsTheTrial(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(moduleRoot, "docs", "apiclients.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for rest := string(doc); ; {
		_, after, ok := strings.Cut(rest, "```go\n")
		if !ok {
			break
		}
		block, tail, _ := strings.Cut(after, "```\n")
		blocks, rest = append(blocks, block), tail
	}
	for i, file := range []string{"e2e/apiclients/testdata/mcp/ghmcp.go", "e2e/apiclients/testdata/ghserver/main.go"} {
		want, err := os.ReadFile(filepath.Join(moduleRoot, file))
		if err != nil {
			t.Fatal(err)
		}
		// The first block is a signature; the example follows it.
		if i+1 >= len(blocks) || blocks[i+1] != string(want) {
			t.Errorf("go block %d of docs/apiclients.md is not %s as it is", i+2, file)
		}
	}
}
