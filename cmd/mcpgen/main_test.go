package main

import (
	"bytes"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// newModule writes files into a new module in a temporary directory and
// returns its directory. The module requires mcpgen, replaced by this
// checkout, so that generated files build against its runtime.
func newModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	// The module's requirements change as it is built (GOFLAGS=-mod=mod,
	// see goFlags); go.sum starts as mcpgen's, which holds every checksum
	// it can need.
	all := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n\nrequire github.com/mcpgen/mcpgen v0.0.0\n\nreplace github.com/mcpgen/mcpgen => " + root + "\n",
		"go.sum": string(sum),
	}
	for name, content := range files {
		all[name] = content
	}
	for name, content := range all {
		writeFile(t, filepath.Join(dir, name), content)
	}
	return dir
}

// goFlags is GOFLAGS for the go commands run in a module of newModule.
const goFlags = "GOFLAGS=-mod=mod -buildvcs=false"

// setGoFlags sets GOFLAGS for the loader that run uses in this process.
func setGoFlags(t *testing.T) {
	t.Helper()
	name, value, _ := strings.Cut(goFlags, "=")
	t.Setenv(name, value)
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// mcpgen runs the command in dir and returns its exit code and output.
func mcpgen(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, dir, &out, &errOut)
	return code, out.String(), errOut.String()
}

const calcSource = `package calc

// Add returns a+b.
//
//mcp:arg a the first addend
//mcp:arg b the second addend
//mcp:tool readonly
func Add(a, b float64) float64 { return a + b }
`

const plainSource = `package plain

// Double returns 2*x. It is no tool.
func Double(x int) int { return 2 * x }
`

// TestUsage: -h prints the usage to stdout (testdata/usage.golden; go test
// -update rewrites it), every line within 80 columns, with every flag,
// directive and option; a bad command line gets one line and a pointer to
// -h on stderr, and exit status 2.
func TestUsage(t *testing.T) {
	code, usage, stderr := mcpgen(t, t.TempDir(), "-h")
	if code != 0 || stderr != "" {
		t.Errorf("-h: exit %d, stderr %q", code, stderr)
	}
	golden := filepath.Join("testdata", "usage.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(usage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want, err := os.ReadFile(golden); err != nil {
		t.Fatal(err)
	} else if usage != string(want) {
		t.Errorf("-h differs from %s (go test ./cmd/mcpgen -update rewrites it):\n%s", golden, unifiedDiff("want", "got", want, []byte(usage)))
	}
	for i, line := range strings.Split(usage, "\n") {
		if w := columns(line); w > 80 {
			t.Errorf("usage line %d is %d columns wide (tabs at 8), more than 80:\n%s", i+1, w, line)
		}
	}
	for _, want := range []string{"usage: mcpgen [-o file] [-check] [-v] [-catalog] [-budget tokens]\n              [-tags list] [-profile name] [packages]", "mcpgen -version",
		"-o file", "mcp_gen.go", "-check", "-tags list", "-version", "Exit status",
		"-profile name", "openai-strict", "gemini", "anthropic-strict",
		// What main must call: the functions the generated file declares.
		"RegisterTools(s)", "Register<T>Tools(s, recv)", "RegisterPrompts(s)", "RegisterResources(s)",
		// The directive and every option the parser knows (parser/options.go).
		"//mcp:tool [options]", "//mcp:arg NAME", "name=IDENT", `title="text"`,
		"readonly", "destructive", "idempotent", "openworld", "//mcp:enum [on|off]", "//mcp:schema {...}"} {
		if !strings.Contains(usage, want) {
			t.Errorf("usage lacks %q:\n%s", want, usage)
		}
	}
	// Every option the parser knows (the keys of its toolSpec)
	// starts a line of the usage's option list.
	for _, opt := range knownOptions(t) {
		if !strings.Contains(usage, "\n\t"+opt+" ") && !strings.Contains(usage, "\n\t"+opt+"=") {
			t.Errorf("usage does not list the directive option %q:\n%s", opt, usage)
		}
	}
	// The README recommends the tool directive: it comes first.
	if tool, run := strings.Index(usage, "go tool mcpgen"), strings.Index(usage, "go run github.com/mcpgen/mcpgen/cmd/mcpgen"); tool < 0 || run < 0 || tool > run {
		t.Errorf("usage should show go tool mcpgen (at %d) before go run (at %d):\n%s", tool, run, usage)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nope"}, "mcpgen: flag provided but not defined: -nope"},
		{[]string{"-o"}, "mcpgen: flag needs an argument: -o"},
		{[]string{"-check=maybe"}, `mcpgen: invalid boolean value "maybe" for -check: parse error`},
		{[]string{"-profile", "openai"}, `mcpgen: -profile: unknown profile "openai" (known: portable, openai-strict, gemini, anthropic-strict)`},
		{[]string{"-o", "sub/x.go"}, `mcpgen: -o: "sub/x.go" is not a file name (the file goes into each package's directory)`},
		{[]string{"-o", "x.txt"}, `mcpgen: -o: "x.txt" does not end in .go`},
		{[]string{"-o", "x_test.go"}, `mcpgen: -o: "x_test.go" would be a test file`},
		{[]string{"-o", ""}, `mcpgen: -o: "" is not a file name (the file goes into each package's directory)`},
		{[]string{"-o", ".hidden.go"}, `mcpgen: -o: ".hidden.go" would be ignored by the go command`},
	} {
		code, stdout, stderr := mcpgen(t, t.TempDir(), tc.args...)
		if want := tc.want + "\n" + usageHint + "\n"; code != 2 || stdout != "" || stderr != want {
			t.Errorf("%q: exit %d, stdout %q, stderr\n%s\nwant exit 2, no stdout, stderr\n%s", tc.args, code, stdout, stderr, want)
		}
	}
}

// columns returns the width of line on a terminal, with tab stops every 8
// columns.
func columns(line string) int {
	w := 0
	for _, r := range line {
		if r == '\t' {
			w += 8 - w%8
		} else {
			w++
		}
	}
	return w
}

// knownOptions returns the option names of //mcp:tool, read from the
// parser's source (the keys of its toolSpec function), so that the usage cannot
// miss one the parser accepts.
func knownOptions(t *testing.T) []string {
	t.Helper()
	f, err := goparser.ParseFile(token.NewFileSet(), filepath.Join(moduleRoot, "parser", "options.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var opts []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "toolSpec" {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				kv, ok := n.(*ast.KeyValueExpr)
				if !ok {
					return true
				}
				id, isKey := kv.Key.(*ast.Ident)
				if lit, isLit := kv.Value.(*ast.BasicLit); isKey && id.Name == "key" && isLit && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					opts = append(opts, s)
				}
				return true
			})
		}
	}
	if len(opts) < 6 {
		t.Fatalf("found options %q in parser/options.go's toolSpec; has it moved?", opts)
	}
	return opts
}

func TestVersion(t *testing.T) {
	// The test binary's build information has mcpgen as its main module.
	code, stdout, stderr := mcpgen(t, t.TempDir(), "-version")
	if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "mcpgen ") || !strings.Contains(stdout, ", built with go") {
		t.Errorf("-version: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	dep := func(version string, replace *debug.Module) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "example.com/m", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "golang.org/x/mod", Version: "v0.1.0"}, {Path: modulePath, Version: version, Replace: replace}}}
	}
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{nil, false, "mcpgen (unknown version: the binary has no build information)"},
		{dep("v1.2.3", nil), true, "mcpgen v1.2.3, built with go1.26.1"}, // go tool mcpgen
		{dep("v0.0.0-00010101000000-000000000000", &debug.Module{Path: "/src/mcpgen", Version: "(devel)"}), true,
			"mcpgen v0.0.0-00010101000000-000000000000 => /src/mcpgen, built with go1.26.1"}, // from a clone
		{&debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: modulePath, Version: "v0.3.0"}}, true,
			"mcpgen v0.3.0, built with go1.26.1"}, // go install ...@v0.3.0
		{&debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}}}, true,
			"mcpgen (devel) abc123, built with go1.26.1"},
		{&debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "example.com/m"}}, true,
			"mcpgen (unknown version), built with go1.26.1"},
	} {
		if got := versionLine(tc.bi, tc.ok); got != tc.want {
			t.Errorf("versionLine = %q, want %q", got, tc.want)
		}
	}
}

func TestNoToolsNote(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{"plain/plain.go": plainSource, "other/other.go": "package other\n", "calc/calc.go": calcSource})
	for _, tc := range []struct {
		args []string
		want string // on stderr; exit status 0 always
	}{
		{[]string{"./plain"}, "mcpgen: no //mcp:tool in package example.com/m/plain: nothing to generate"},
		{[]string{"-check", "./plain", "./other"}, "mcpgen: no //mcp:tool in the 2 packages matched by ./plain ./other: nothing to generate"},
		{[]string{"./..."}, ""},
	} {
		code, stdout, stderr := mcpgen(t, dir, tc.args...)
		if code != 0 || stdout != "" || !strings.HasPrefix(stderr, tc.want) || tc.want == "" && stderr != "" {
			t.Errorf("mcpgen %q: exit %d, stdout %q, stderr %q; want exit 0 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	if exists(filepath.Join(dir, "plain", "mcp_gen.go")) {
		t.Error("a file was written for a package without tools")
	}
}

func TestWriteKeepRemove(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{"calc/calc.go": calcSource, "plain/plain.go": plainSource})
	gen := filepath.Join(dir, "calc", "mcp_gen.go")

	// Writes the file of the package with tools, none for the other.
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	first := readFile(t, gen)
	if !strings.HasPrefix(first, "// Code generated by \"mcpgen\"; DO NOT EDIT.\n\npackage calc\n") {
		t.Errorf("generated file starts %q", first[:min(len(first), 80)])
	}
	if exists(filepath.Join(dir, "plain", "mcp_gen.go")) {
		t.Error("wrote a file for a package without tools")
	}

	// Deterministic, and an unchanged file is not rewritten.
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(gen, old, old); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	if got := readFile(t, gen); got != first {
		t.Error("second run produced different bytes")
	}
	if fi, err := os.Stat(gen); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("unchanged file was rewritten (mtime %v, err %v)", fi.ModTime(), err)
	}

	// Fresh: -check passes silently.
	if code, stdout, stderr := mcpgen(t, dir, "-check", "./..."); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("-check on fresh files: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// Stale: -check fails with a diff and writes nothing; a run fixes it.
	stale := strings.Replace(first, "Add returns a+b.", "Add returns a-b.", 1)
	writeFile(t, gen, stale)
	code, stdout, stderr := mcpgen(t, dir, "-check", "./...")
	if code != 1 {
		t.Errorf("-check on a stale file: exit %d, want 1", code)
	}
	wantDiff := "--- a/calc/mcp_gen.go\n+++ b/calc/mcp_gen.go\n@@ "
	if !strings.HasPrefix(stdout, wantDiff) || !strings.Contains(stdout, "\n-\t\tDescription:  \"Add returns a-b.\",\n+\t\tDescription:  \"Add returns a+b.\",\n") {
		t.Errorf("-check diff:\n%s", stdout)
	}
	if !strings.Contains(stderr, "calc/mcp_gen.go is stale") {
		t.Errorf("-check stderr: %s", stderr)
	}
	if readFile(t, gen) != stale {
		t.Error("-check wrote the file")
	}
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 || readFile(t, gen) != first {
		t.Errorf("regenerating a stale file: exit %d: %s", code, stderr)
	}

	// Missing: -check shows the whole file as new.
	if err := os.Remove(gen); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = mcpgen(t, dir, "-check", "./...")
	if code != 1 || !strings.HasPrefix(stdout, "--- /dev/null\n+++ b/calc/mcp_gen.go\n@@ -0,0 +1,") {
		t.Errorf("-check on a missing file: exit %d, diff:\n%s", code, stdout)
	}
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}

	// The last tool disappears: the file is extra, then removed.
	writeFile(t, filepath.Join(dir, "calc", "calc.go"), "package calc\n\n// Add returns a+b.\nfunc Add(a, b float64) float64 { return a + b }\n")
	code, stdout, _ = mcpgen(t, dir, "-check", "./...")
	if code != 1 || !strings.HasPrefix(stdout, "--- a/calc/mcp_gen.go\n+++ /dev/null\n") {
		t.Errorf("-check on an extra file: exit %d, diff:\n%s", code, stdout)
	}
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if exists(gen) {
		t.Error("stale generated file was not removed")
	}
}

// TestHeaderRecordsCommand: the header says the flags that change the
// file (and no other: not -v, not the patterns), in a fixed order; a
// file with the header of earlier versions is mcpgen's, and rewritten.
func TestHeaderRecordsCommand(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{"calc/calc.go": calcSource})
	gen := filepath.Join(dir, "calc", "mcp_gen.go")
	writeFile(t, gen, "// Code generated by mcpgen. DO NOT EDIT.\n\npackage calc\n")
	if code, _, stderr := mcpgen(t, dir, "-v", "-profile", "openai-strict", "-tags", "b, a", "./..."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := `// Code generated by "mcpgen -tags b,a -profile openai-strict"; DO NOT EDIT.` + "\n\npackage calc\n"
	if first := readFile(t, gen); !strings.HasPrefix(first, want) {
		t.Errorf("generated file starts %q, want %q", first[:min(len(first), 90)], want)
	}
	if code, stdout, _ := mcpgen(t, dir, "-check", "./..."); code != 1 || !strings.Contains(stdout, `+// Code generated by "mcpgen"; DO NOT EDIT.`) {
		t.Errorf("-check without the flags: exit %d, want 1 and the header's change in:\n%s", code, stdout)
	}
}

func TestRefuseForeignFile(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{"calc/calc.go": calcSource, "plain/plain.go": plainSource})
	// A file of the same name that mcpgen did not write: the header must
	// be a line of its own before the package clause.
	foreign := "// Code generated by stringer. DO NOT EDIT.\n\npackage calc\n\n// Code generated by mcpgen. DO NOT EDIT.\n"
	writeFile(t, filepath.Join(dir, "calc", "mcp_gen.go"), foreign)
	writeFile(t, filepath.Join(dir, "plain", "mcp_gen.go"), "package plain\n")

	for _, args := range [][]string{{"./..."}, {"-check", "./..."}} {
		code, _, stderr := mcpgen(t, dir, args...)
		if code != 1 || !strings.Contains(stderr, "calc/mcp_gen.go: not generated by mcpgen") || !strings.Contains(stderr, "refusing to overwrite") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
	if readFile(t, filepath.Join(dir, "calc", "mcp_gen.go")) != foreign {
		t.Error("overwrote a file mcpgen did not generate")
	}
	// A package without tools keeps its own mcp_gen.go.
	if code, _, stderr := mcpgen(t, dir, "./plain"); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if readFile(t, filepath.Join(dir, "plain", "mcp_gen.go")) != "package plain\n" {
		t.Error("removed a file mcpgen did not generate")
	}
}

func TestDiagnosticsWriteNothing(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{
		"calc/calc.go": calcSource,
		"bad/bad.go":   "package bad\n\n// Sub subtracts.\n//\n//mcp:tool bogus\nfunc Sub(a, b int) int { return a - b }\n",
	})
	code, stdout, stderr := mcpgen(t, dir, "./...")
	if code != 1 || stdout != "" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
	if !strings.HasPrefix(stderr, filepath.Join("bad", "bad.go")+":5:") {
		t.Errorf("diagnostic not relative to the working directory: %q", stderr)
	}
	if exists(filepath.Join(dir, "calc", "mcp_gen.go")) {
		t.Error("wrote a file although another package has errors")
	}

	// From a subdirectory, a file below it is relative and one outside
	// keeps its absolute path.
	code, _, stderr = mcpgen(t, filepath.Join(dir, "calc"), "../bad")
	if want := filepath.Join(dir, "bad", "bad.go") + ":5:"; code != 1 || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, stderr %q; want it to start %q", code, stderr, want)
	}
}

// TestWarningsWrite: a warning is printed, and the file is written anyway.
func TestWarningsWrite(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{
		"conv/conv.go": "package conv\n\n// Decode decodes data into v.\n//\n//mcp:tool\n//mcp:arg data the text\n//mcp:arg v where to decode\nfunc Decode(data string, v any) error { return nil }\n",
	})
	code, _, stderr := mcpgen(t, dir, "./...")
	if want := filepath.Join("conv", "conv.go") + ":8:26: warning: parameter v of Decode (type any)"; code != 0 || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 0 and a warning starting %q", code, stderr, want)
	}
	if !exists(filepath.Join(dir, "conv", "mcp_gen.go")) {
		t.Error("no file written for a package with warnings only")
	}
}

func TestOutputNameAndTags(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{
		"calc/calc.go": calcSource,
		"calc/extra.go": `//go:build extra

package calc

// Mul returns a*b.
//
//mcp:arg a a factor
//mcp:arg b another factor
//mcp:tool
func Mul(a, b float64) float64 { return a * b }
`,
	})
	if code, _, stderr := mcpgen(t, filepath.Join(dir, "calc"), "-o", "tools_gen.go"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := readFile(t, filepath.Join(dir, "calc", "tools_gen.go"))
	if strings.Contains(got, "Mul") || exists(filepath.Join(dir, "calc", "mcp_gen.go")) {
		t.Error("-o: wrong file, or a tool behind a build tag was included")
	}
	if code, _, stderr := mcpgen(t, filepath.Join(dir, "calc"), "-o", "tools_gen.go", "-tags", "other,extra"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := readFile(t, filepath.Join(dir, "calc", "tools_gen.go")); !strings.Contains(got, "= Mul\n") {
		t.Errorf("-tags extra: Mul missing from\n%s", got)
	}
}

// goCommand runs the go command in dir.
func goCommand(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), goFlags)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestGoGenerate runs mcpgen the ways a user does, through go generate
// with go run and with the tool directive, in a module of its own; the
// result must build and vet, and regenerate after a signature change.
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, tc := range []struct {
		name, directive, gomod string
	}{
		{"go run", "//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen", ""},
		{"go tool", "//go:generate go tool mcpgen", "\ntool github.com/mcpgen/mcpgen/cmd/mcpgen\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := strings.Replace(calcSource, "package calc\n", "package calc\n\n"+tc.directive+"\n", 1)
			dir := newModule(t, map[string]string{
				"calc/calc.go": src,
				"main.go": `package main

import (
	"example.com/m/calc"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	srv := runtime.NewServer("calc", "1.0.0")
	calc.RegisterTools(srv)
}
`,
			})
			if tc.gomod != "" {
				f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := f.WriteString(tc.gomod); err != nil {
					t.Fatal(err)
				}
				f.Close()
				// As after go get -tool: the tool's dependencies are listed.
				goCommand(t, dir, "mod", "tidy")
			}
			gen := filepath.Join(dir, "calc", "mcp_gen.go")
			goCommand(t, dir, "generate", "./...")
			if !strings.Contains(readFile(t, gen), "= Add\n") {
				t.Fatal("go generate did not write the tool")
			}
			goCommand(t, dir, "build", "./...")
			goCommand(t, dir, "vet", "./...")

			// A changed signature breaks the build through the guard, and
			// go generate repairs it.
			writeFile(t, filepath.Join(dir, "calc", "calc.go"), strings.Replace(src, "func Add(a, b float64) float64", "func Add(a, b int) int", 1))
			cmd := exec.Command("go", "build", "./...")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), goFlags)
			if out, err := cmd.CombinedOutput(); err == nil {
				t.Error("build with a stale generated file succeeded")
			} else if !strings.Contains(string(out), "mcp_gen.go") {
				t.Errorf("stale build failed elsewhere than the generated file:\n%s", out)
			}
			goCommand(t, dir, "generate", "./...")
			if !strings.Contains(readFile(t, gen), "_ func(int, int) int = Add\n") {
				t.Errorf("regenerated file lacks the new guard:\n%s", readFile(t, gen))
			}
			goCommand(t, dir, "build", "./...")
		})
	}
}
