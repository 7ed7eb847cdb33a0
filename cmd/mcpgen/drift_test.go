package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckDrift upgrades the module whose type's methods are tools (a
// method gains a parameter): -check fails, naming the module's versions
// and the tool whose code changes, not the one that stays; a run brings
// the header up to date.
func TestCheckDrift(t *testing.T) {
	setGoFlags(t)
	const lib = "module example.com/lib\n\ngo 1.26\n"
	dir := newModule(t, map[string]string{
		"lib1/go.mod": lib,
		"lib1/lib.go": `package lib

// Client is a client.
type Client struct{}

// Get returns the item id.
func (*Client) Get(id int) (string, error) { return "", nil }

// Name returns the client's name.
func (*Client) Name() string { return "c" }
`,
		"lib2/go.mod": lib,
		"lib2/lib.go": `package lib

// Client is a client.
type Client struct{}

// Get returns the item id, in full if asked.
func (*Client) Get(id int, full bool) (string, error) { return "", nil }

// Name returns the client's name.
func (*Client) Name() string { return "c" }
`,
		"srv/mcp.go": "package srv\n\n//mcp:tools example.com/lib.Client prefix=lib_\n//mcp:param id the item's id\n//mcp:param full whether to return it in full\n",
	})
	gomod := filepath.Join(dir, "go.mod")
	base := readFile(t, gomod)
	writeFile(t, gomod, base+"\nrequire example.com/lib v1.0.0\n\nreplace example.com/lib v1.0.0 => ./lib1\n")
	if code, _, stderr := mcpgen(t, dir, "./srv"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	gen := filepath.Join(dir, "srv", "mcp_gen.go")
	if got := readFile(t, gen); !strings.Contains(got, "\n//\texample.com/lib v1.0.0 => ./lib1\n\npackage srv\n") {
		t.Errorf("the header does not record the module:\n%s", got[:min(len(got), 300)])
	}
	if code, _, stderr := mcpgen(t, dir, "-check", "./srv"); code != 0 {
		t.Fatalf("-check on a fresh file: exit %d: %s", code, stderr)
	}

	writeFile(t, gomod, base+"\nrequire example.com/lib v1.1.0\n\nreplace example.com/lib v1.1.0 => ./lib2\n")
	code, _, stderr := mcpgen(t, dir, "-check", "./srv")
	want := "srv/mcp_gen.go is stale: module example.com/lib v1.0.0 => ./lib1 is now v1.1.0 => ./lib2; tools whose code changes: lib_get\n"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("-check after the upgrade: exit %d, stderr:\n%s\nwant exit 1 and %q", code, stderr, want)
	}
	if code, _, stderr := mcpgen(t, dir, "./srv"); code != 0 || !strings.Contains(readFile(t, gen), "\n//\texample.com/lib v1.1.0 => ./lib2\n") {
		t.Errorf("regenerating: exit %d: %s", code, stderr)
	}
	if code, _, stderr := mcpgen(t, dir, "-check", "./srv"); code != 0 {
		t.Errorf("-check after regenerating: exit %d: %s", code, stderr)
	}
}

// TestForeignLeftOutVerbose: with -v, each method of another package's
// type that //mcp:tools leaves out is a warning at the directive, with its
// reason and where the method is declared (the golden runs without -v).
func TestForeignLeftOutVerbose(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "testdata", "gen_othertype"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := mcpgen(t, dir, "-check", "-o", "mcp_gen.go", "-v")
	for _, want := range []string{
		"mcp.go:9:1: warning: //mcp:tools github.com/mcpgen/mcpgen/testdata/gen_othertype/ext.Shelf: method Watch left out: parameter ch: type chan<- ext.Book cannot be decoded from JSON: ",
		"(declared at ext/ext.go:",
		"mcp.go:11:1: warning: //mcp:tools strings.Replacer: method WriteString left out: parameter w: type io.Writer cannot be decoded from JSON: ",
		"(declared at $GOROOT/src/strings/replace.go:",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("mcpgen -v lacks %q (exit %d):\n%s", want, code, stderr)
		}
	}
}
