package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	goparser "go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/parser"
)

// A docBlock is a fenced code block of a page of docs/.
type docBlock struct {
	page   string // docs/name.md
	line   int    // of the opening fence, from 1
	lang   string // the fence's info string: go, json, sh, text, ...
	text   string // the block's lines, less the fence's indentation
	marker string // the HTML comment that ends on the line above the fence, without <!-- -->
	mline  int    // the line where that comment begins
}

func (b docBlock) String() string { return fmt.Sprintf("%s:%d", b.page, b.line) }

// docBlocks returns the fenced code blocks of every page of docs/.
func docBlocks(t *testing.T) []docBlock {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(moduleRoot, "docs", "*.md"))
	if err != nil || len(pages) < 4 {
		t.Fatalf("docs/*.md: %d pages, %v", len(pages), err)
	}
	fence := regexp.MustCompile("^( *)```(.*)$")
	var blocks []docBlock
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		page := "docs/" + filepath.Base(p)
		lines := strings.Split(string(b), "\n")
		for i := 0; i < len(lines); i++ {
			m := fence.FindStringSubmatch(lines[i])
			if m == nil {
				continue
			}
			blk := docBlock{page: page, line: i + 1, lang: strings.TrimSpace(m[2])}
			indent := m[1]
			j := i + 1
			for ; j < len(lines) && strings.TrimSpace(lines[j]) != "```"; j++ {
				blk.text += strings.TrimPrefix(lines[j], indent) + "\n"
			}
			if j == len(lines) {
				t.Fatalf("%s: a fence that is never closed", blk)
			}
			if i > 0 && strings.HasSuffix(strings.TrimSpace(lines[i-1]), "-->") {
				k := i - 1
				for k > 0 && !strings.Contains(lines[k], "<!--") {
					k--
				}
				c := strings.TrimSpace(strings.Join(lines[k:i], "\n"))
				c = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(c, "<!--"), "-->"))
				blk.marker, blk.mline = c, k+1
			}
			blocks = append(blocks, blk)
			i = j
		}
	}
	return blocks
}

// TestDocsBlocks: every fenced code block of docs/ is checked, or marked as
// what it is, in an HTML comment on the line above its fence:
//
//   - go: a whole file, or declarations (functions, types, variables), or
//     statements: parsed, gofmt'd, and type-checked against the repository's
//     modules, each block a package of its own in a workspace of them, with
//     the imports of the names it uses of the standard library and the
//     runtime added. A function declared without a body shows a signature
//     (a function you do not own) and gets one. What the block takes as
//     given is declared in its marker, <!-- go: DECLARATIONS -->, a file
//     beside it that readers do not see. A block with //mcp: directives is
//     also read by mcpgen's parser, which must find no error in it.
//   - json: a JSON value.
//   - text, or any other language: not checked; <!-- run: cd DIR && mcpgen
//     -check ARGS --> runs mcpgen so in the repository, and every line of the
//     block but a "$ " command line must be a line of what it prints.
//   - sh: commands this test does not run (servers, networks, minutes of
//     benchmarks), marked <!-- not run: REASON -->; each cd must name a
//     directory of the repository and each go test -run, -bench or -fuzz a
//     function of its package.
//
// <!-- fragment --> (or <!-- fragment: why -->) marks a piece of something
// (a synopsis, statements with ... for what is left out, members of an
// object): it is read, not run.
func TestDocsBlocks(t *testing.T) {
	blocks := docBlocks(t)
	if len(blocks) < 40 {
		t.Fatalf("found only %d code blocks in docs/", len(blocks))
	}
	var goBlocks []docBlock
	count := map[string]int{}
	for _, b := range blocks {
		kind, arg, _ := strings.Cut(b.marker, ":")
		kind, arg = strings.TrimSpace(kind), strings.TrimSpace(arg)
		if b.marker != "" && !slices.Contains([]string{"fragment", "not run", "go", "run"}, kind) {
			t.Errorf("%s: unknown marker <!-- %s -->: want fragment, not run: REASON, go: DECLARATIONS or run: COMMAND", b, b.marker)
			continue
		}
		if kind == "fragment" {
			count["fragment"]++
			continue
		}
		count[b.lang]++
		if kind == "not run" && arg == "" {
			t.Errorf("%s: <!-- not run --> without a reason", b)
		}
		if kind == "go" && b.lang != "go" || kind == "run" && b.lang != "text" || kind == "not run" && b.lang != "sh" {
			t.Errorf("%s: the marker <!-- %s --> does not go with a %q block", b, kind, b.lang)
			continue
		}
		switch b.lang {
		case "go":
			goBlocks = append(goBlocks, b)
		case "json":
			if !json.Valid([]byte(b.text)) {
				var v any
				t.Errorf("%s: a JSON block that does not parse (%v); mark a piece of JSON <!-- fragment -->", b, json.Unmarshal([]byte(b.text), &v))
			}
		case "sh":
			if kind != "not run" {
				t.Errorf("%s: a shell block this test does not run: mark it <!-- not run: REASON --> (or <!-- fragment -->)", b)
			}
			checkShell(t, b)
		case "":
			t.Errorf("%s: a code block without a language: say go, json, sh, text, ...", b)
		default:
			if kind == "run" {
				count["run"]++
				checkTranscript(t, b, arg)
			}
		}
	}
	parsed := checkGoBlocks(t, goBlocks)
	t.Logf("%d blocks: %d Go blocks type-checked (%d also read by mcpgen's parser), %d JSON, %d shell (checked, not run), %d text (%d run), %d fragments",
		len(blocks), count["go"], parsed, count["json"], count["sh"], count["text"], count["run"], count["fragment"])
}

// checkShell checks what it can of the commands of a shell block without
// running them: the directories its cd names, and the test functions its go
// test commands name.
func checkShell(t *testing.T, b docBlock) {
	t.Helper()
	dir := "."
	word := regexp.MustCompile(`'[^']*'|"[^"]*"|\S+`)
	for line := range strings.SplitSeq(b.text, "\n") {
		line, _, _ = strings.Cut(line, " #")
		for cmd := range strings.SplitSeq(line, "&&") {
			f := word.FindAllString(cmd, -1)
			for i := range f {
				if u, err := strconv.Unquote(strings.ReplaceAll(f[i], "'", `"`)); err == nil {
					f[i] = u
				}
			}
			switch {
			case len(f) == 2 && f[0] == "cd":
				dir = filepath.Join(dir, f[1])
				if st, err := os.Stat(filepath.Join(moduleRoot, dir)); err != nil || !st.IsDir() {
					t.Errorf("%s: cd %s: no directory %s in the repository", b, f[1], dir)
				}
			case len(f) > 2 && f[0] == "go" && (f[1] == "test" || f[1] == "run"):
				checkGoCommand(t, b, dir, f[1:])
			}
		}
	}
}

// checkGoCommand checks a go test or go run command of a shell block, run in
// dir: its package directories exist, and the patterns of go test's -run,
// -bench and -fuzz each match a function of its package.
func checkGoCommand(t *testing.T, b docBlock, dir string, args []string) {
	t.Helper()
	patterns := map[string]string{}
	var pkgs []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		name, value, ok := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case strings.HasPrefix(a, "-") && slices.Contains([]string{"run", "bench", "fuzz"}, name):
			if !ok && i+1 < len(args) {
				i++
				value = args[i]
			}
			patterns[name] = value
		case strings.HasPrefix(a, "-"):
			if !ok && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.HasPrefix(args[i+1], ".") && slices.Contains([]string{"benchtime", "count", "fuzztime", "fuzzminimizetime", "only", "rounds", "many", "scenarios", "http", "redis", "name", "issuer", "resource"}, name) {
				i++
			}
		case strings.HasPrefix(a, "."):
			pkgs = append(pkgs, a)
		}
		if args[0] == "run" && len(pkgs) > 0 {
			break // the rest are the program's arguments
		}
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	for _, p := range pkgs {
		pkgDir := filepath.Join(moduleRoot, dir, p)
		files, _ := filepath.Glob(filepath.Join(pkgDir, "*.go"))
		if len(files) == 0 {
			t.Errorf("%s: go %s %s: no Go package in %s", b, args[0], p, filepath.Join(dir, p))
			continue
		}
		var src strings.Builder
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				c, _ := os.ReadFile(f)
				src.Write(c)
			}
		}
		prefix := map[string]string{"run": "(Test|Example)", "bench": "Benchmark", "fuzz": "Fuzz"}
		for flag, pat := range patterns {
			if pat == "^$" {
				continue
			}
			pat, _, _ = strings.Cut(pat, "/") // a subtest's parent
			re, err := regexp.Compile(pat)
			if err != nil {
				t.Errorf("%s: go test -%s %q: %v", b, flag, pat, err)
				continue
			}
			found := false
			for _, m := range regexp.MustCompile(`(?m)^func (`+prefix[flag]+`\w*)\(`).FindAllStringSubmatch(src.String(), -1) {
				found = found || re.MatchString(m[1])
			}
			if !found {
				t.Errorf("%s: go test -%s %s: no function of %s matches", b, flag, pat, filepath.Join(dir, p))
			}
		}
	}
}

// checkTranscript runs the mcpgen command of a <!-- run: cd DIR && mcpgen
// -check ARGS --> marker and checks that every line of the block but a "$ "
// line is a line of what it prints.
func checkTranscript(t *testing.T, b docBlock, command string) {
	t.Helper()
	cdPart, mcpgenPart, ok := strings.Cut(command, "&&")
	cdArgs, args := strings.Fields(cdPart), strings.Fields(mcpgenPart)
	if !ok || len(cdArgs) != 2 || cdArgs[0] != "cd" || len(args) < 2 || args[0] != "mcpgen" || !slices.Contains(args, "-check") {
		t.Errorf("%s: <!-- run: %s -->: want cd DIR && mcpgen -check ARGS (-check, so that nothing is written)", b, command)
		return
	}
	dir, err := filepath.Abs(filepath.Join(moduleRoot, cdArgs[1]))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	run(args[1:], dir, &out, &out)
	got := strings.Split(out.String(), "\n")
	for line := range strings.SplitSeq(strings.TrimSuffix(b.text, "\n"), "\n") {
		if strings.HasPrefix(line, "$ ") {
			continue
		}
		if !slices.Contains(got, line) {
			t.Errorf("%s: %s prints no line\n\t%s\nit prints:\n%s", b, command, line, out.String())
		}
	}
}

// stdImports are the packages a Go block of the docs may use without
// importing them; the test adds their imports.
var stdImports = map[string]string{
	"cmp": "cmp", "context": "context", "errors": "errors", "fmt": "fmt", "http": "net/http",
	"io": "io", "json": "encoding/json", "log": "log", "os": "os", "slog": "log/slog",
	"strings": "strings", "time": "time", "runtime": "github.com/mcpgen/mcpgen/runtime",
}

// A goUnit is a Go block made a package of the workspace.
type goUnit struct {
	block      docBlock
	dir        string // under the workspace's module docblocks
	statements bool   // the block is statements, wrapped in a function
	directives bool   // the block has //mcp: directives
}

// checkGoBlocks writes each Go block into a package of its own in a new
// module of a workspace of the repository's modules, type-checks them all at
// once, and has mcpgen's parser read those with directives.
func checkGoBlocks(t *testing.T, blocks []docBlock) (parsed int) {
	t.Helper()
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	work, err := os.ReadFile(filepath.Join(root, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	// The workspace's paths, made absolute, and the module of the blocks.
	w := regexp.MustCompile(`(?m)(^\s+|=> )\.(/\S*)?$`).ReplaceAllStringFunc(string(work), func(m string) string {
		i := strings.Index(m, ".")
		return m[:i] + filepath.Join(root, m[i:])
	})
	w = strings.Replace(w, "use (", "use (\n\t./docblocks", 1)
	writeFile(t, filepath.Join(ws, "go.work"), w)
	if sum, err := os.ReadFile(filepath.Join(root, "go.work.sum")); err == nil {
		writeFile(t, filepath.Join(ws, "go.work.sum"), string(sum))
	}
	mod := filepath.Join(ws, "docblocks")
	writeFile(t, filepath.Join(mod, "go.mod"), "module docblocks\n\ngo 1.26.0\n")

	var units []goUnit
	for i, b := range blocks {
		u := goUnit{block: b, dir: fmt.Sprintf("b%d", i), directives: strings.Contains(b.text, "//mcp:")}
		files, ok := goFiles(t, b, &u)
		if !ok {
			continue
		}
		for name, src := range files {
			writeFile(t, filepath.Join(mod, u.dir, name), src)
		}
		units = append(units, u)
	}
	if len(units) == 0 {
		t.Fatal("no Go block to check")
	}

	t.Setenv("GOWORK", "")
	t.Setenv("GOFLAGS", "-mod=readonly")
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo, Dir: mod}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	byDir := map[string]*packages.Package{}
	for _, p := range pkgs {
		byDir[strings.TrimPrefix(p.PkgPath, "docblocks/")] = p
	}
	var directives []string
	for _, u := range units {
		p := byDir[u.dir]
		if p == nil {
			t.Errorf("%s: its package %s did not load", u.block, u.dir)
			continue
		}
		typeErrors := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.TypeError })
		failed := false
		for _, e := range p.Errors {
			if e.Kind == packages.ListError && strings.Contains(e.Msg, "# docblocks/") {
				// The compiler's output, which repeats the type-checker's
				// errors; without them, it has errors of its own (a
				// //go:embed in a file that does not import embed).
				if typeErrors {
					continue
				}
				var lines []string
				for l := range strings.SplitSeq(e.Msg, "\n") {
					if !strings.HasPrefix(l, "# ") && !strings.HasSuffix(l, "-: ") && l != "" && !(u.statements && strings.Contains(l, "declared and not used")) {
						lines = append(lines, strings.TrimSpace(l))
					}
				}
				if len(lines) == 0 {
					continue
				}
				e.Msg, e.Pos = strings.Join(lines, "\n"), ""
			}
			if u.statements && strings.Contains(e.Msg, "declared and not used") {
				continue // statements show a call; what is done with its result is the reader's
			}
			msg := e.Msg
			if e.Pos != "" && e.Pos != "-" {
				msg = e.Pos + ": " + msg
			}
			msg = strings.ReplaceAll(msg, filepath.Join(mod, u.dir)+string(filepath.Separator), "")
			if !strings.HasPrefix(msg, u.block.page+":") {
				msg = u.block.String() + ": " + msg
			}
			t.Error(msg)
			failed = true
		}
		if u.directives && !failed {
			directives = append(directives, "./"+u.dir)
		}
	}
	if len(directives) == 0 {
		return 0
	}
	_, diags, err := parser.Load(mod, nil, directives...)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		if !d.Warning {
			t.Errorf("mcpgen: %s", regexp.MustCompile(`^.*/docblocks/b[0-9]+/`).ReplaceAllString(d.String(), ""))
		}
	}
	return len(directives)
}

// goFiles returns the files of the package of a Go block: the block as a
// file (a whole file as it is; declarations under a package clause;
// statements in a function), with //line comments that give positions in
// the page, and the declarations of its marker in a file beside it.
func goFiles(t *testing.T, b docBlock, u *goUnit) (map[string]string, bool) {
	t.Helper()
	fset := token.NewFileSet()
	line := func(n int) string { return fmt.Sprintf("//line %s:%d\n", b.page, n) }
	text := b.text
	gofmt := func(text string) {
		if formatted, err := format.Source([]byte(text)); err == nil && string(formatted) != text {
			t.Errorf("%s: not gofmt'd; gofmt writes it\n%s", b, formatted)
		}
	}
	pkgName := "doc"
	var src string
	var whole bool
	if f, err := goparser.ParseFile(fset, "", text, goparser.PackageClauseOnly|goparser.ParseComments); err == nil {
		whole, pkgName = true, f.Name.Name
		src = line(b.line+1) + text
		gofmt(text)
	} else if _, err := goparser.ParseFile(fset, "", "package doc\n"+text, 0); err == nil {
		src = "package doc\n" + line(b.line+1) + text
		gofmt(text)
	} else {
		// Statements, after the imports that may lead them.
		imports, rest, n := leadingImports(b.page, b.line+1, text)
		src = "package doc\n" + imports + "func _() {\n" + line(b.line+1+n) + rest + "}\n"
		gofmt(rest)
		if _, err := goparser.ParseFile(fset, "", src, 0); err != nil {
			t.Errorf("%s: a Go block that is neither a file, declarations nor statements (%v); mark a piece of Go <!-- fragment -->", b, err)
			return nil, false
		}
		u.statements = true
	}
	if !whole {
		src = addImports(t, b, src)
	}
	src = giveBodies(t, src)
	files := map[string]string{"block.go": src}
	// The files its //go:embed lines name.
	for _, m := range regexp.MustCompile(`(?m)^//go:embed (\S+)$`).FindAllStringSubmatch(src, -1) {
		files[m[1]] = ""
	}
	_, given, _ := strings.Cut(b.marker, ":")
	if strings.HasPrefix(b.marker, "go:") {
		imports, body, n := leadingImports(b.page, b.mline, strings.TrimLeft(given, " "))
		files["given.go"] = addImports(t, b, "package "+pkgName+"\n"+imports+line(b.mline+n)+body+"\n")
	}
	return files, true
}

// leadingImports splits text, whose first line is line of page, into the
// import declarations that lead it, each after a //line comment, and the
// rest, which begins n lines further.
func leadingImports(page string, line int, text string) (imports, rest string, n int) {
	rest = text
	for {
		r := strings.TrimLeft(rest, "\n")
		n += strings.Count(rest[:len(rest)-len(r)], "\n")
		rest = r
		end := strings.Index(rest, "\n") + 1
		switch {
		case strings.HasPrefix(rest, "import ("):
			end = strings.Index(rest, "\n)") + 3
		case strings.HasPrefix(rest, "import "):
		default:
			return imports, rest, n
		}
		if end <= 0 || end > len(rest) {
			end = len(rest)
		}
		imports += fmt.Sprintf("//line %s:%d\n", page, line+n) + strings.TrimSuffix(rest[:end], "\n") + "\n"
		n += strings.Count(rest[:end], "\n")
		rest = rest[end:]
	}
}

// addImports adds to the file src the imports of the packages of
// stdImports that it uses without importing them, and embed's for a
// //go:embed line.
func addImports(t *testing.T, b docBlock, src string) string {
	t.Helper()
	f, err := goparser.ParseFile(token.NewFileSet(), "", src, goparser.ParseComments)
	if err != nil {
		t.Errorf("%s: %v", b, err)
		return src
	}
	have := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		have[name] = true
	}
	declared := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						declared[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		}
		return true
	})
	var add []string
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && stdImports[id.Name] != "" && !have[id.Name] && !declared[id.Name] {
				have[id.Name] = true
				add = append(add, fmt.Sprintf("import %s %q\n", id.Name, stdImports[id.Name]))
			}
		}
		return true
	})
	if strings.Contains(src, "\n//go:embed ") && !have["_"] {
		add = append(add, "import _ \"embed\"\n")
	}
	if len(add) == 0 {
		return src
	}
	clause, rest, _ := strings.Cut(src, "\n")
	if !strings.HasPrefix(clause, "package ") { // a //line comment first
		var pkg string
		pkg, rest, _ = strings.Cut(rest, "\n")
		clause += "\n" + pkg
	}
	return clause + "\n" + strings.Join(add, "") + rest
}

// giveBodies gives each function declared without a body (a signature the
// docs show) the body { panic("") } at the end of its line.
func giveBodies(t *testing.T, src string) string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, "", src, 0)
	if err != nil {
		return src // reported by the type-check
	}
	var ends []int
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
			ends = append(ends, fset.File(fd.Pos()).Offset(fd.End()))
		}
	}
	for i := len(ends) - 1; i >= 0; i-- {
		src = src[:ends[i]] + ` { panic("") }` + src[ends[i]:]
	}
	return src
}

// TestDocsServerJSON: the server.json that docs/command.md shows is what
// mcpgen -server-json writes for the package it shows, as the module
// github.com/owner/weather (whose import path gives the repository).
func TestDocsServerJSON(t *testing.T) {
	var pkg, want string
	for _, b := range docBlocks(t) {
		if b.page != "docs/command.md" {
			continue
		}
		if b.lang == "go" && strings.Contains(b.text, "//mcp:server ") {
			pkg = b.text
		}
		if b.lang == "json" && pkg != "" && want == "" {
			want = b.text
		}
	}
	if pkg == "" || want == "" {
		t.Fatal("docs/command.md: no Go block with //mcp:server followed by a JSON block")
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module github.com/owner/weather\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), pkg+"\nfunc main() {}\n")
	writeFile(t, filepath.Join(dir, "server.json"), want)
	t.Setenv("GOWORK", "off")
	var out bytes.Buffer
	if code := run([]string{"-check", "-server-json", "server.json", "-server-version", "1.2.0", "."}, dir, &out, &out); code != 0 {
		t.Errorf("docs/command.md's server.json is not what mcpgen -server-json writes for its package (exit %d):\n%s", code, out.String())
	}
}
