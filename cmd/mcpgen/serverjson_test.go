package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// serverPlan plans mcpgen -server-json file [-server-version version] in
// the testdata case name and returns the change of file (nil if none) and
// the problems.
func serverPlan(t *testing.T, name, file, version string) (*change, []string) {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	changes, problems, _, _, err := plan(dir, &options{output: "mcp_gen.go", patterns: []string{"."}, serverJSON: file, serverVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if c.path == file {
			return &c, problems
		}
	}
	return nil, problems
}

// TestServerJSON checks the server.json that -server-json writes for
// testdata/gen_server against its golden (want/server.json; -update
// rewrites it), and that -check then finds it fresh, and stale once
// edited. The e2e suite validates the golden against the registry's
// published schema (TestRegistrySchemas).
func TestServerJSON(t *testing.T) {
	file := filepath.Join(t.TempDir(), "server.json")
	c, problems := serverPlan(t, "gen_server", file, "1.2.0")
	if len(problems) > 0 || c == nil || c.old != nil {
		t.Fatalf("problems %q, change %v", problems, c)
	}
	golden := filepath.Join(moduleRoot, "testdata", "gen_server", "want", "server.json")
	if *update {
		writeGolden(t, golden, c.new)
	}
	if want := readOptional(t, golden); !bytes.Equal(c.new, want) {
		t.Errorf("server.json differs from %s (go test ./cmd/mcpgen -update rewrites it):\n%s", golden, unifiedDiff("want", "got", want, c.new))
	}
	if err := c.apply(); err != nil {
		t.Fatal(err)
	}
	if c, problems := serverPlan(t, "gen_server", file, "1.2.0"); c != nil || len(problems) > 0 {
		t.Errorf("written, then planned again: change %v, problems %q; want nothing to do", c, problems)
	}
	// Another release is another file.
	c, _ = serverPlan(t, "gen_server", file, "1.3.0")
	if c == nil || !bytes.Contains(c.new, []byte(`"version": "1.3.0"`)) || c.old == nil {
		t.Errorf("-server-version 1.3.0 over the 1.2.0 file: change %v, want the file rewritten", c)
	}
}

// TestExampleServerJSON checks that examples/calculator/server.json is
// what its go generate line writes: -check over the examples does not
// look at it, this does.
func TestExampleServerJSON(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(moduleRoot, "examples", "calculator"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "server.json")
	changes, problems, _, _, err := plan(dir, &options{output: "mcp_gen.go", patterns: []string{"."}, serverJSON: "server.json"})
	if err != nil || len(problems) > 0 {
		t.Fatalf("%v %q", err, problems)
	}
	for _, c := range changes {
		if c.path == file {
			t.Errorf("examples/calculator/server.json is stale (go generate ./examples/calculator):\n%s", unifiedDiff("server.json", "want", c.old, c.new))
		}
	}
}

// TestServerJSONProblems checks what -server-json says when it cannot
// write the file, and that it then writes nothing.
func TestServerJSONProblems(t *testing.T) {
	file := filepath.Join(t.TempDir(), "server.json")
	for _, tc := range []struct{ name, version, want string }{
		{"gen_scopes", "1.0.0", "mcpgen: -server-json: no package matched has an //mcp:server directive"},
		{"gen_server", "", "server.go:5:1: //mcp:server name=io.github.mcpgen/weather has no version, which -server-json needs: give -server-version (the release being published) or version= in //mcp:server"},
	} {
		c, problems := serverPlan(t, tc.name, file, tc.version)
		if c != nil || len(problems) != 1 || !strings.HasPrefix(problems[0], tc.want) {
			t.Errorf("%s: change %v, problems %q; want %q", tc.name, c, problems, tc.want)
		}
	}
	// Two packages with one each: which is meant is the user's to say.
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	_, problems, _, _, err := plan(root, &options{output: "mcp_gen.go", patterns: []string{"./examples/calculator", "./testdata/gen_server"},
		serverJSON: file, serverVersion: "1.0.0"})
	want := "mcpgen: -server-json: 2 packages have an //mcp:server directive (github.com/mcpgen/mcpgen/examples/calculator at " +
		filepath.Join("examples", "calculator", "main.go")
	if err != nil || len(problems) != 1 || !strings.HasPrefix(problems[0], want) || !strings.Contains(problems[0], filepath.Join("testdata", "gen_server", "server.go")+":5:1): name the one to describe") {
		t.Errorf("two packages: %v, problems %q; want %q...", err, problems, want)
	}
	// A bad version, or one without -server-json, is bad usage.
	for _, args := range [][]string{{"-server-json", file, "-server-version", "latest"}, {"-server-version", "1.0.0"}} {
		if code, _, stderr := mcpgen(t, t.TempDir(), args...); code != 2 || !strings.Contains(stderr, "-server-version") {
			t.Errorf("mcpgen %q: exit %d, stderr %q; want 2 and what is wrong", args, code, stderr)
		}
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("a file was written: %v", err)
	}
}

// TestServerRepository checks the repository that server.json names,
// from the import path and the module's go.mod.
func TestServerRepository(t *testing.T) {
	root := t.TempDir()
	mod := func(dir, path string) string {
		d := filepath.Join(root, dir)
		if err := os.MkdirAll(filepath.Join(d, "cmd", "srv"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "go.mod"), []byte("module "+path+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(d, "cmd", "srv")
	}
	for _, tc := range []struct {
		pkgPath, dir string
		want         string
	}{
		{"github.com/o/r/cmd/srv", mod("a", "github.com/o/r"), "https://github.com/o/r github cmd/srv"},
		{"github.com/o/r", filepath.Join(root, "a"), "https://github.com/o/r github "},
		{"github.com/o/r/v2/cmd/srv", mod("b", "github.com/o/r/v2"), "https://github.com/o/r github cmd/srv"},       // major version at the root
		{"github.com/o/r/v2/cmd/srv", mod("c/v2", "github.com/o/r/v2"), "https://github.com/o/r github v2/cmd/srv"}, // in its v2 directory
		{"gitlab.com/g/p/tools/cmd/srv", mod("d", "gitlab.com/g/p/tools"), "https://gitlab.com/g/p gitlab tools/cmd/srv"},
		{"example.com/x/cmd/srv", mod("e", "example.com/x"), ""},
	} {
		got := ""
		if r := repository(tc.pkgPath, tc.dir); r != nil {
			got = r.URL + " " + r.Source + " " + r.Subfolder
		}
		if got != tc.want {
			t.Errorf("repository(%s): %q, want %q", tc.pkgPath, got, tc.want)
		}
	}
}
