package main

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeRepo writes files (slash-separated names) into a new git repository
// and returns its directory.
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("git", "-C", dir, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	return dir
}

// A repository that keeps the rules: the published root and adapter, an
// unpublished example with a replace, go.work as the rules want it.
var good = map[string]string{
	"go.mod":     "module example.com/m\n\ngo 1.26.0\n",
	"m.go":       "package m\n",
	".gitignore": "secret.txt\n",
	"secret.txt": "ignored by git, so not in the zip\n",
	"a/go.mod":   "module example.com/m/a\n\ngo 1.26.0\n\nrequire example.com/m v0.1.0\n",
	"a/a.go":     "package a\n",
	"examples/e/go.mod": "module example.com/m/examples/e\n\ngo 1.26.0\n\nrequire example.com/m/a v0.1.0\n\n" +
		"replace example.com/m/a => ../../a\n\ntool example.com/m/cmd/x\n",
	"go.work": "go 1.26.0\n\nuse (\n\t.\n\t./a\n\t./examples/e\n)\n\nreplace (\n\texample.com/m v0.1.0 => ./\n\texample.com/m/a v0.1.0 => ./a\n)\n",
}

func TestCheckKeepsTheRules(t *testing.T) {
	r, err := load(writeRepo(t, good))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.check(); err != nil {
		t.Errorf("check of a repository that keeps the rules:\n%v", err)
	}
	if r.version != "v0.1.0" {
		t.Errorf("release version %q, want v0.1.0", r.version)
	}
}

func TestCheckReportsBrokenRules(t *testing.T) {
	files := map[string]string{}
	for k, v := range good {
		files[k] = v
	}
	files["go.mod"] = "module example.com/m\n\ngo 1.26.0\n\ntool honnef.co/go/tools/cmd/staticcheck\n"
	files["a/go.mod"] = "module example.com/m/a\n\ngo 1.26.0\n\nrequire example.com/m v0.0.0\n\nreplace example.com/m => ../\n"
	files["go.work"] = "go 1.26.0\n\nuse (\n\t.\n\t./a\n)\n\nreplace (\n\texample.com/m v0.1.0 => ./\n\texample.com/other v0.1.0 => ./other\n)\n"
	r, err := load(writeRepo(t, files))
	if err != nil {
		t.Fatal(err)
	}
	err = r.check()
	if err == nil {
		t.Fatal("check: no error")
	}
	want := []string{
		"go.mod declares the tool honnef.co/go/tools/cmd/staticcheck: a published module declares no tool",
		"a/go.mod requires example.com/m v0.0.0: the modules of the repository require each other at the release version v0.1.0",
		"a/go.mod replaces example.com/m: a published module has no replace",
		"go.work does not replace example.com/m/a v0.1.0 with ./a",
		"go.work does not use examples/e",
		"go.work replaces example.com/other, which is no published module of the repository",
	}
	got := strings.Split(err.Error(), "\n")
	for _, w := range want {
		if !slices.ContainsFunc(got, func(line string) bool { return strings.HasPrefix(line, w) }) {
			t.Errorf("check does not report %q; it reports:\n%v", w, err)
		}
	}
	if len(got) != len(want) {
		t.Errorf("check reports %d problems, want %d:\n%v", len(got), len(want), err)
	}
}

func TestLoadWantsOneReleaseVersion(t *testing.T) {
	files := map[string]string{}
	for k, v := range good {
		files[k] = v
	}
	files["go.work"] = strings.Replace(good["go.work"], "example.com/m/a v0.1.0", "example.com/m/a v0.2.0", 1)
	if _, err := load(writeRepo(t, files)); err == nil || !strings.Contains(err.Error(), "one release version for every module") {
		t.Errorf("load with two release versions: %v", err)
	}
}

// TestProxy: each published module is served at the release version with
// the go.mod it has and a zip of what git tracks or would track, without
// the files of nested modules and those git ignores; no unpublished module
// is served.
func TestProxy(t *testing.T) {
	root := writeRepo(t, good)
	r, err := load(root)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := r.proxy(out); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, gomod string
		files       []string
	}{
		{"example.com/m", "go.mod", []string{".gitignore", "go.mod", "go.work", "m.go"}},
		{"example.com/m/a", "a/go.mod", []string{"a.go", "go.mod"}},
	} {
		dir := filepath.Join(out, filepath.FromSlash(tc.path), "@v")
		if list, err := os.ReadFile(filepath.Join(dir, "list")); err != nil || string(list) != "v0.1.0\n" {
			t.Errorf("%s: list %q, %v", tc.path, list, err)
		}
		if mod, err := os.ReadFile(filepath.Join(dir, "v0.1.0.mod")); err != nil || string(mod) != good[tc.gomod] {
			t.Errorf("%s: v0.1.0.mod %q, %v; want %s", tc.path, mod, err, tc.gomod)
		}
		z, err := zip.OpenReader(filepath.Join(dir, "v0.1.0.zip"))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range z.File {
			names = append(names, strings.TrimPrefix(f.Name, tc.path+"@v0.1.0/"))
		}
		z.Close()
		slices.Sort(names)
		if !slices.Equal(names, tc.files) {
			t.Errorf("%s: the zip holds %q, want %q", tc.path, names, tc.files)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "example.com", "m", "examples")); err == nil {
		t.Error("the proxy serves the unpublished module examples/e")
	}
}
