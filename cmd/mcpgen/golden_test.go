package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/parser/schema"
)

var update = flag.Bool("update", false, "rewrite the goldens testdata/*/want/{mcp_gen.go,errors.txt} from the current output")

// moduleRoot is the root of the mcpgen module, relative to this package.
const moduleRoot = "../.."

// goldenCase is one folder of testdata: a package, with in
// want/ the generated file it must produce (mcp_gen.go) or the diagnostics
// (errors.txt), or neither when it produces no file and no diagnostic, or
// both when it has warnings only.
type goldenCase struct {
	name string
	dir  string // absolute
}

func (c goldenCase) wantFile() string   { return filepath.Join(c.dir, "want", "mcp_gen.go") }
func (c goldenCase) wantErrors() string { return filepath.Join(c.dir, "want", "errors.txt") }

func goldenCases(t *testing.T) []goldenCase {
	t.Helper()
	root, err := filepath.Abs(filepath.Join(moduleRoot, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var cases []goldenCase
	for _, e := range entries {
		if e.IsDir() {
			cases = append(cases, goldenCase{name: e.Name(), dir: filepath.Join(root, e.Name())})
		}
	}
	if len(cases) == 0 {
		t.Fatal("no cases in testdata")
	}
	return cases
}

// readOptional returns the content of path, or nil if it does not exist.
func readOptional(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeGolden writes content to path, or removes path when content is nil.
func writeGolden(t *testing.T, path string, content []byte) {
	t.Helper()
	if content == nil {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGolden runs the pipeline on every testdata case, with the case's
// folder as working directory, and compares the generated file and the
// diagnostics with the case's goldens. With -update it rewrites them.
func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// want/profile, when present, names the -profile of the case.
			profile, err := schema.ParseProfile(strings.TrimSpace(string(readOptional(t, filepath.Join(c.dir, "want", "profile")))))
			if err != nil {
				t.Fatal(err)
			}
			outs, problems, warnings, err := generate(c.dir, &options{output: "mcp_gen.go", profile: profile, patterns: []string{"."}})
			if err != nil {
				t.Fatal(err)
			}
			var gotErrors, gotFile []byte
			if len(problems) > 0 || len(warnings) > 0 {
				// Warnings do not stop generation: a case may have both.
				gotErrors = []byte(strings.Join(append(problems, warnings...), "\n") + "\n")
			}
			if len(problems) == 0 {
				if len(outs) != 1 {
					t.Fatalf("got %d packages, want 1", len(outs))
				}
				if want := filepath.Join(c.dir, "mcp_gen.go"); outs[0].path != want {
					t.Errorf("output path %s, want %s", outs[0].path, want)
				}
				gotFile = outs[0].content
			}
			if *update {
				writeGolden(t, c.wantErrors(), gotErrors)
				writeGolden(t, c.wantFile(), gotFile)
				return
			}
			if want := readOptional(t, c.wantErrors()); !bytes.Equal(gotErrors, want) {
				t.Errorf("diagnostics differ from want/errors.txt (go test ./cmd/mcpgen -update rewrites it):\n--- got\n%s--- want\n%s", gotErrors, want)
			}
			if want := readOptional(t, c.wantFile()); !bytes.Equal(gotFile, want) {
				t.Errorf("generated file differs from want/mcp_gen.go (go test ./cmd/mcpgen -update rewrites it):\n%s",
					unifiedDiff("want/mcp_gen.go", "got", want, gotFile))
			}
		})
	}
}

// TestGoldensCompile builds and vets every case that has a want/mcp_gen.go
// with that file in place (through an overlay): generated code must
// compile against the real runtime.
func TestGoldensCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	overlay := map[string]string{}
	var pkgs []string
	for _, c := range goldenCases(t) {
		if _, err := os.Stat(c.wantFile()); err != nil {
			continue
		}
		overlay[filepath.Join(c.dir, "mcp_gen.go")] = c.wantFile()
		pkgs = append(pkgs, "./testdata/"+c.name)
	}
	if len(pkgs) == 0 {
		t.Skip("no case with a want/mcp_gen.go")
	}
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"build", "vet"} {
		cmd := exec.Command("go", append([]string{verb, "-overlay=" + file}, pkgs...)...)
		cmd.Dir = moduleRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s of the goldens: %v\n%s", verb, err, out)
		}
	}
}

// TestGoldenServes runs testdata/serve_<case>_test.go inside the gen_<case>
// golden, with its want/mcp_gen.go in place: the generated handlers decode
// arguments, call the tools and shape their results as intended.
func TestGoldenServes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, name := range []string{"notes", "signatures", "embedded", "real_marshalers", "primitives", "realcode", "profile_openai", "generic", "apps", "apiclient", "toolsets", "othertype", "otherpkg", "othertool", "views", "outputdefault", "stream", "viewforeign"} {
		t.Run(name, func(t *testing.T) {
			caseDir, err := filepath.Abs(filepath.Join(moduleRoot, "testdata", "gen_"+name))
			if err != nil {
				t.Fatal(err)
			}
			test, err := filepath.Abs(filepath.Join("testdata", "serve_"+name+"_test.go"))
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(map[string]any{"Replace": map[string]string{
				filepath.Join(caseDir, "mcp_gen.go"):             filepath.Join(caseDir, "want", "mcp_gen.go"),
				filepath.Join(caseDir, "serve_"+name+"_test.go"): test,
			}})
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "overlay.json")
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("go", "test", "-count=1", "-overlay="+file, "./testdata/gen_"+name)
			cmd.Dir = moduleRoot
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("go test of the gen_%s golden: %v\n%s", name, err, out)
			}
		})
	}
}
