package parser

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/model"
)

var update = flag.Bool("update", false, "rewrite the want/errors.txt goldens of testdata/errors_*")

// writeModule writes files into a new module example.com/x in a temporary
// directory and returns the directory. A module that imports mcpgen's
// runtime gets it from this repository.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	gomod := "module example.com/x\n\ngo 1.26.0\n"
	for _, src := range files {
		if strings.Contains(src, `"github.com/mcpgen/mcpgen/runtime"`) {
			root, err := filepath.Abs("..")
			if err != nil {
				t.Fatal(err)
			}
			gomod += "\nrequire github.com/mcpgen/mcpgen v0.0.0\n\nreplace github.com/mcpgen/mcpgen => " + root + "\n"
			sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
			if err != nil {
				t.Fatal(err)
			}
			files["go.sum"] = string(sum)
			break
		}
	}
	files["go.mod"] = gomod
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// load runs Load in dir and returns the packages and the diagnostics as
// strings, with file names relative to dir.
func load(t *testing.T, dir string, patterns ...string) ([]*model.Package, []string) {
	t.Helper()
	pkgs, diags, err := Load(dir, nil, patterns...)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return pkgs, relDiags(t, dir, diags, false)
}

// relDiags returns the diagnostics as text, file names relative to dir,
// without the warnings about tools and parameters left undescribed unless
// all is set: the tests' sources are terse on purpose (testdata's goldens
// have them).
func relDiags(t *testing.T, dir string, diags []Diagnostic, all bool) []string {
	t.Helper()
	var out []string
	for _, d := range diags {
		if !all && undescribed(d) {
			continue
		}
		if rel, err := filepath.Rel(dir, d.Pos.Filename); err == nil && d.Pos.Filename != "" {
			d.Pos.Filename = filepath.ToSlash(rel)
		}
		out = append(out, d.String())
	}
	return out
}

func undescribed(d Diagnostic) bool {
	return d.Warning && (strings.Contains(d.Message, "has no description") || strings.Contains(d.Message, "have no description") || strings.Contains(d.Message, "has no doc comment"))
}

// summary describes a tool in one line, for comparing models.
func summary(tl *model.Tool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s=%s", tl.Name, tl.GoName)
	if r := tl.Receiver; r != nil {
		star := ""
		if r.Pointer {
			star = "*"
		}
		fmt.Fprintf(&b, " recv=%s%s", star, r.TypeName)
		if r.Named == nil || r.Named.Obj().Name() != r.TypeName {
			b.WriteString("(bad Named)")
		}
	}
	if tl.Title != "" {
		fmt.Fprintf(&b, " title=%q", tl.Title)
	}
	for _, h := range []struct {
		name string
		v    *bool
	}{{"readonly", tl.Hints.ReadOnly}, {"destructive", tl.Hints.Destructive}, {"idempotent", tl.Hints.Idempotent}, {"openworld", tl.Hints.OpenWorld}} {
		if h.v != nil {
			fmt.Fprintf(&b, " %s=%v", h.name, *h.v)
		}
	}
	if tl.Context {
		b.WriteString(" ctx")
	}
	if s := tl.Struct; s != nil {
		fmt.Fprintf(&b, " struct(%s %s ptr=%v)", s.Name, s.Type, s.Pointer)
	}
	for _, p := range tl.Params {
		fmt.Fprintf(&b, " param(%s %s", p.Name, p.Type)
		if p.Optional {
			b.WriteString(" optional")
		}
		if p.Description != "" {
			fmt.Fprintf(&b, " %q", p.Description)
		}
		b.WriteString(")")
	}
	kinds := map[model.ResultKind]string{model.ResultNone: "none", model.ResultText: "text", model.ResultStructured: "structured", model.ResultWrapped: "wrapped", model.ResultRaw: "raw"}
	fmt.Fprintf(&b, " -> %s", kinds[tl.Result])
	if tl.ResultType != nil {
		fmt.Fprintf(&b, " %s", tl.ResultType)
	}
	if tl.ReturnsError {
		b.WriteString(" error")
	}
	return b.String()
}

func TestLoadTools(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string // summaries of the tools, in order
	}{
		{
			name: "method with context and struct",
			files: map[string]string{"notes.go": `package x

import "context"

// Store holds notes.
type Store struct{}

// SearchInput is what SearchNotes takes.
type SearchInput struct {
	Query string ` + "`json:\"query\"`" + `
}

// SearchNotes finds notes.
//
//mcp:tool name=search_notes title="Search notes" readonly idempotent
func (s *Store) SearchNotes(ctx context.Context, in SearchInput) ([]string, error) { return nil, nil }

// Count counts.
//
//mcp:tool destructive=false openworld=true
func (s Store) Count(in *SearchInput) int { return 0 }

// Stats describes the store.
type Stats struct {
	Notes int ` + "`json:\"notes\"`" + `
}

// Stats returns an object, which is structured content as it is.
//
//mcp:tool
func (s *Store) Stats() (Stats, error) { return Stats{}, nil }
`},
			want: []string{
				`search_notes=SearchNotes recv=*Store title="Search notes" readonly=true idempotent=true ctx struct(in example.com/x.SearchInput ptr=false) -> wrapped []string error`,
				`count=Count recv=Store destructive=false openworld=true struct(in *example.com/x.SearchInput ptr=true) -> wrapped int`,
				`stats=Stats recv=*Store -> structured example.com/x.Stats error`,
			},
		},
		{
			name: "plain parameters and results",
			files: map[string]string{"b.go": `package x

import (
	"context"
	"time"
)

// Add adds.
//
//mcp:tool
//mcp:arg a the first number
//mcp:arg b	the second number
func Add(a, b float64) float64 { return a + b }

// Greet greets.
//
//mcp:tool
func Greet(ctx context.Context, name string, title *string) (string, error) { return "", nil }

// Ping does nothing.
//
//mcp:tool
func ping() {}

// Fail fails.
//
//mcp:tool
func GetHTTPStatus(ctx context.Context) error { return nil }

// Since takes a time, which is one argument, not a struct of arguments.
//
//mcp:tool
func Since(t time.Time) time.Duration { return 0 }
`, "a.go": `package x

// First is in the first file.
//
//mcp:tool
func First() {}
`},
			want: []string{
				`first=First -> none`,
				`add=Add param(a float64 "the first number") param(b float64 "the second number") -> wrapped float64`,
				`greet=Greet ctx param(name string) param(title *string optional) -> text string error`,
				`ping=ping -> none`,
				`get_http_status=GetHTTPStatus ctx -> none error`,
				`since=Since param(t time.Time) -> wrapped time.Duration`,
			},
		},
		{
			name: "runtime result",
			files: map[string]string{"raw.go": `package x

import (
	"context"

	"github.com/mcpgen/mcpgen/runtime"
)

// Picture returns an image.
//
//mcp:tool
func Picture(ctx context.Context, id int) (*runtime.Result, error) { return nil, nil }

// ByValue returns a Result value.
//
//mcp:tool
func ByValue() runtime.Result { return runtime.Result{} }

// Image returns one content block.
//
//mcp:tool
func Image() (*runtime.ImageContent, error) { return nil, nil }

// Blocks returns several.
//
//mcp:tool
func Blocks() []runtime.Content { return nil }

// Block returns any one.
//
//mcp:tool
func Block() runtime.Content { return nil }
`},
			want: []string{
				`picture=Picture ctx param(id int) -> raw *github.com/mcpgen/mcpgen/runtime.Result error`,
				`by_value=ByValue -> raw github.com/mcpgen/mcpgen/runtime.Result`,
				`image=Image -> raw *github.com/mcpgen/mcpgen/runtime.ImageContent error`,
				`blocks=Blocks -> raw []github.com/mcpgen/mcpgen/runtime.Content`,
				`block=Block -> raw github.com/mcpgen/mcpgen/runtime.Content`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, tt.files)
			pkgs, diags := load(t, dir, ".")
			if len(diags) > 0 {
				t.Fatalf("unexpected diagnostics:\n%s", strings.Join(diags, "\n"))
			}
			if len(pkgs) != 1 {
				t.Fatalf("got %d packages, want 1", len(pkgs))
			}
			var got []string
			for _, tl := range pkgs[0].Tools {
				got = append(got, summary(tl))
				if tl.InputSchema == "" {
					t.Errorf("%s: empty InputSchema", tl.Name)
				}
				structured := tl.Result == model.ResultStructured || tl.Result == model.ResultWrapped
				if structured != (tl.OutputSchema != "") {
					t.Errorf("%s: result %v with OutputSchema %q", tl.Name, tl.Result, tl.OutputSchema)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("tools:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestLoadPackageModel(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"tools.go":      "package x\n\n// Hello says hello.\n// It is polite.\n//\n//mcp:tool\nfunc Hello() string { return \"hi\" }\n",
		"sub/sub.go":    "// Package sub has no tools.\npackage sub\n",
		"tools_test.go": "package x\n\n//mcp:tool readOnly\nfunc TestOnly() {}\n",
	})
	pkgs, diags := load(t, dir, "./...")
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics (test files must not be loaded):\n%s", strings.Join(diags, "\n"))
	}
	if len(pkgs) != 2 {
		t.Fatalf("got %d packages, want 2 (with and without tools)", len(pkgs))
	}
	p, sub := pkgs[0], pkgs[1]
	if p.Name != "x" || p.PkgPath != "example.com/x" || p.Dir != dir || p.Types == nil || p.Types.Path() != "example.com/x" {
		t.Errorf("package = %+v", p)
	}
	if sub.PkgPath != "example.com/x/sub" || len(sub.Tools) != 0 || sub.Dir != filepath.Join(dir, "sub") {
		t.Errorf("sub package = %+v", sub)
	}
	if len(p.Tools) != 1 {
		t.Fatalf("got %d tools, want 1", len(p.Tools))
	}
	tl := p.Tools[0]
	if want := "Hello says hello. It is polite."; tl.Description != want {
		t.Errorf("Description = %q, want %q", tl.Description, want)
	}
	if want := filepath.Join(dir, "tools.go") + ":7:6"; tl.Pos.String() != want {
		t.Errorf("Pos = %s, want %s", tl.Pos, want)
	}
	if tl.Func == nil || tl.Func.Name() != "Hello" {
		t.Errorf("Func = %v", tl.Func)
	}
}

func TestLoadTags(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"a.go":     "package x\n\n//mcp:tool\nfunc A() {}\n",
		"extra.go": "//go:build extra\n\npackage x\n\n//mcp:tool\nfunc B() {}\n",
	})
	for _, tc := range []struct {
		tags []string
		want int
	}{{nil, 1}, {[]string{"extra"}, 2}, {[]string{"other", "extra"}, 2}} {
		pkgs, diags, err := Load(dir, tc.tags, ".")
		diags = slices.DeleteFunc(diags, undescribed)
		if err != nil || len(diags) > 0 {
			t.Fatalf("Load(tags=%v): %v %v", tc.tags, err, diags)
		}
		if got := len(pkgs[0].Tools); got != tc.want {
			t.Errorf("Load(tags=%v): %d tools, want %d", tc.tags, got, tc.want)
		}
	}
}

func TestLoadTypeErrors(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"a.go": `package x

import "fmt"

//mcp:tool readOnly
func F() int { return "x" }
`,
		"b.go": "package x\n\nfunc G() { undefinedThing() }\n",
	})
	pkgs, diags := load(t, dir, ".")
	want := []string{
		`a.go:3:8: "fmt" imported and not used`,
		`a.go:6:23: cannot use "x" (untyped string constant) as int value in return statement`,
		`b.go:3:12: undefined: undefinedThing`,
	}
	if pkgs != nil {
		t.Errorf("got packages %v, want none when the code does not type-check", pkgs)
	}
	if strings.Join(diags, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
}

func TestLoadSyntaxError(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"a.go": "package x\n\nfunc F( {}\n"})
	pkgs, diags := load(t, dir, ".")
	if pkgs != nil || len(diags) == 0 {
		t.Fatalf("got %v, %q; want no packages and syntax errors", pkgs, diags)
	}
	for _, d := range diags {
		if !strings.HasPrefix(d, "a.go:3:") {
			t.Errorf("diagnostic %q, want one at a.go:3", d)
		}
	}
}

func TestParseErrorPos(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"/a/b.go:12:3", "/a/b.go:12:3"},
		{"/a/b.go:12", "/a/b.go:12"},
		{"/a/b.go", "/a/b.go"},
		{`C:\src\b.go:4:5`, `C:\src\b.go:4:5`},
		{"", "-"},
		{"-", "-"},
	}
	for _, tt := range tests {
		if got := parseErrorPos(tt.in).String(); got != tt.want {
			t.Errorf("parseErrorPos(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDiagnosticString(t *testing.T) {
	d := Diagnostic{Message: "no position"}
	if got := d.String(); got != "no position" {
		t.Errorf("String() = %q", got)
	}
	d.Pos.Filename, d.Pos.Line, d.Pos.Column = "a.go", 3, 7
	if got := d.String(); got != "a.go:3:7: no position" {
		t.Errorf("String() = %q", got)
	}
}

// TestLoadStaleOutput checks that a generated file which no longer
// compiles, because a tool's signature changed, does not stop its own
// regeneration, while code that calls it still type-checks.
func TestLoadStaleOutput(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"tools.go": "package x\n\n// Add adds.\n//\n//mcp:tool\nfunc Add(a, b float64) float64 { return a + b }\n",
		// serve.go calls the generated function. (The stub keeps the
		// signatures; a small import keeps the reload, which type-checks
		// dependencies from source, fast.)
		"serve.go": "package x\n\nimport \"strings\"\n\nfunc serve(b *strings.Builder) { RegisterTools(b) }\n",
		"mcp_gen.go": `// Code generated by mcpgen. DO NOT EDIT.

package x

import (
	"strconv"
	str "strings"
)

// Compile-time guards: if a tool's signature changes, regenerate.
var _ func(int, int) int = Add

// RegisterTools registers the package-level function tools.
func RegisterTools(b *str.Builder) {
	b.WriteString(strconv.Itoa(Add(1, 2)))
}
`,
	})
	pkgs, diags := load(t, dir, ".")
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", strings.Join(diags, "\n"))
	}
	if len(pkgs) != 1 || len(pkgs[0].Tools) != 1 || pkgs[0].Tools[0].Name != "add" {
		t.Fatalf("got %v, want package x with tool add", pkgs)
	}

	// Errors outside the generated file are still reported.
	broken := filepath.Join(dir, "serve.go")
	if err := os.WriteFile(broken, []byte("package x\n\nfunc serve() { undefinedThing() }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags = load(t, dir, ".")
	if want := "serve.go:3:16: undefined: undefinedThing"; strings.Join(diags, "\n") != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), want)
	}
}

// TestLoadBeforeFirstGenerate checks that calls of registration functions
// that are not generated yet do not stop their generation, and are
// reported when no tool will produce them.
func TestLoadBeforeFirstGenerate(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"main.go": `package main

// Store is a receiver.
type Store struct{}

// Add adds.
//
//mcp:tool
func Add(a, b int) int { return a + b }

// Get gets.
//
//mcp:tool
func (s *Store) Get(id int) string { return "" }

// Other has a tool with a mistake, which will be generated once fixed.
type Other struct{}

// Do does.
//
//mcp:tool readOnly
func (o *Other) Do() {}

func main() {
	RegisterTools(nil)
	RegisterStoreTools(nil, &Store{})
	RegisterOtherTools(nil)
	RegisterMissingTools(nil)
}
`,
		"notes/notes.go":    "package notes\n\n// Ping pings.\n//\n//mcp:tool\nfunc Ping() {}\n",
		"cmd/serve/main.go": "package main\n\nimport \"example.com/x/notes\"\n\nfunc main() {\n\tnotes.RegisterTools(nil)\n\tnotes.RegisterStoreTools(nil)\n}\n",
	})
	pkgs, diags := load(t, dir, "./...")
	want := []string{
		"cmd/serve/main.go:7:8: undefined: notes.RegisterStoreTools",
		"main.go:21:12: unknown option \"readOnly\" in //mcp:tool; did you mean readonly?",
		"main.go:28:2: undefined: RegisterMissingTools",
	}
	if strings.Join(diags, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
	var tools []string
	for _, p := range pkgs {
		for _, tl := range p.Tools {
			tools = append(tools, p.PkgPath+"."+tl.Name)
		}
	}
	if got, want := strings.Join(tools, " "), "example.com/x.add example.com/x.get example.com/x/notes.ping"; got != want {
		t.Errorf("tools = %s, want %s", got, want)
	}

	// Loaded alone, cmd/serve cannot count on notes being generated.
	pkgs, diags = load(t, dir, "./cmd/serve")
	want = []string{
		"cmd/serve/main.go:6:8: undefined: notes.RegisterTools",
		"cmd/serve/main.go:7:8: undefined: notes.RegisterStoreTools",
	}
	if strings.Join(diags, "\n") != strings.Join(want, "\n") {
		t.Errorf("alone: diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
	if len(pkgs) != 1 || len(pkgs[0].Tools) != 0 {
		t.Errorf("alone: got %v, want cmd/serve without tools", pkgs)
	}
}

// TestLoadSchemaWiring checks what the parser hands the schema builder:
// //mcp:arg descriptions and optional pointer parameters reach the input
// schema, and a non-object result is wrapped.
func TestLoadSchemaWiring(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"a.go": `package x

// Greet greets.
//
//mcp:tool
//mcp:arg name who to greet
func Greet(name string, title *string) []string { return nil }
`})
	pkgs, diags := load(t, dir, ".")
	if len(diags) > 0 || len(pkgs) != 1 || len(pkgs[0].Tools) != 1 {
		t.Fatalf("got %v, %v; want one tool", pkgs, diags)
	}
	tl := pkgs[0].Tools[0]
	in := compact(tl.InputSchema)
	for _, want := range []string{`"description":"who to greet"`, `"required":["name"]`, `"title":{"type":"string"}`} {
		if !strings.Contains(in, want) {
			t.Errorf("InputSchema %s does not contain %s", in, want)
		}
	}
	if out := compact(tl.OutputSchema); tl.Result != model.ResultWrapped || !strings.Contains(out, `"required":["result"]`) {
		t.Errorf("Result = %v, OutputSchema = %s; want a wrapped result", tl.Result, out)
	}
}

// compact removes the insignificant white space of JSON text.
func compact(s string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		return s
	}
	return b.String()
}

// TestCrossPackageNames: two packages loaded in one run that both have a
// tool "info" get a warning at the later one, which says how to register
// them side by side; a package alone gets none.
func TestCrossPackageNames(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"cpu/cpu.go": `package cpu

// Info describes the CPU.
//
//mcp:tool
func Info() string { return "" }
`,
		"host/host.go": `package host

// Host is the machine.
type Host struct{}

// Info describes the host.
//
//mcp:tool
func (h *Host) Info() string { return "" }
`,
	})
	_, diags := load(t, dir, "./...")
	want := []string{`host/host.go:9:16: warning: tool name "info" is also the name of a tool of package example.com/x/cpu (Info at cpu.go:6:6): a server that registers both packages' tools fails at start-up; register one package's under a prefix, srv.PrefixTools("host_", func() { host.RegisterHostTools(srv, recv) }), or give one tool another name with name=`}
	if !slices.Equal(diags, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
	if _, diags := load(t, dir, "./host"); len(diags) != 0 {
		t.Errorf("one package: %s", strings.Join(diags, "\n"))
	}

	// A main package's tools are registered by its main alone: the prefix
	// goes on the package it imports, and two commands never share a server.
	main := `package main

// Info describes the server.
//
//mcp:tool
func Info() string { return "" }

func main() {}
`
	dir = writeModule(t, map[string]string{"cpu/cpu.go": `package cpu

// Info describes the CPU.
//
//mcp:tool
func Info() string { return "" }
`, "zcmd/main.go": main, "zcmd2/main.go": main})
	_, diags = load(t, dir, "./...")
	want = []string{`zcmd/main.go:6:6: warning: tool name "info" is also the name of a tool of package example.com/x/cpu (Info at cpu.go:6:6): a server that registers both packages' tools fails at start-up; register one package's under a prefix, srv.PrefixTools("cpu_", func() { cpu.RegisterTools(srv) }), or give one tool another name with name=`,
		`zcmd2/main.go:6:6: warning: tool name "info" is also the name of a tool of package example.com/x/cpu (Info at cpu.go:6:6): a server that registers both packages' tools fails at start-up; register one package's under a prefix, srv.PrefixTools("cpu_", func() { cpu.RegisterTools(srv) }), or give one tool another name with name=`}
	if !slices.Equal(diags, want) {
		t.Errorf("main packages:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
}

// TestNewServerTaken: with //mcp:server, the generated file declares
// NewServer; a function of the package by that name is an error at it,
// one of mcpgen's earlier output is not.
func TestNewServerTaken(t *testing.T) {
	t.Parallel()
	const server = "// Package x forecasts.\n//\n//mcp:server name=io.github.o/x version=1.0.0\npackage x\n\n// Add adds.\n//\n//mcp:tool\nfunc Add(a, b int) int { return a + b }\n"
	dir := writeModule(t, map[string]string{"x.go": server, "new.go": "package x\n\nfunc NewServer() {}\n"})
	_, diags := load(t, dir, ".")
	if want := "new.go:3:6: NewServer is declared here, but mcpgen generates a function of that name from //mcp:server, which makes the server with the identity it states; rename it"; strings.Join(diags, "\n") != want {
		t.Errorf("diagnostics:\n%s\nwant\n%s", strings.Join(diags, "\n"), want)
	}
	dir = writeModule(t, map[string]string{"x.go": server, "mcp_gen.go": "// Code generated by \"mcpgen\"; DO NOT EDIT.\n\npackage x\n\nfunc NewServer() {}\n"})
	if _, diags := load(t, dir, "."); len(diags) > 0 {
		t.Errorf("mcpgen's own NewServer: %s", strings.Join(diags, "\n"))
	}
}
