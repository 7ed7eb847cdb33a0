package runtime

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	pathpkg "path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The runtime is one public package with rooms inside: groups of files, and
// what each may name of the others (docs/architecture.md, "The runtime's
// rooms", has the same table in words).
//
// The rule: the core (the protocol, without a transport) and the catalog
// (what the server offers) name nothing of a transport (stdio, HTTP) or of
// the fleet, and do not import net/http: what they need of the fleet goes
// through the replicas interface, what a call needs of an HTTP POST through
// the carrier interface. A transport names nothing of the other, nor of the
// fleet but through replicas. The shared pieces name no room at all. Only
// the replicas room and the fleet's own files name the fleet.
//
// "Name" is any use of a package-level name (type, function, variable,
// constant) or of a method or field declared in another room's file, as
// go/types resolves it.

// rooms maps a room to its files (a name with * matches any text there).
var rooms = map[string][]string{
	"core": {"arguments.go", "call.go", "content.go", "dispatch.go", "doc.go", "identity.go",
		"inprocess.go", "input.go", "input_legacy.go", "input_modern.go", "jsonrpc.go", "logging.go",
		"meta.go", "methods.go", "middleware.go", "numbers.go", "result.go", "server.go", "session.go",
		"subscriptions_listen.go", "task.go", "version.go", "outbox.go", "stream_result.go"},
	"catalog": {"apps.go", "complete.go", "headermarks.go", "icons.go", "listchanged.go", "primitives.go",
		"prompt.go", "resource.go", "skills.go", "tools.go", "toolsets.go", "toolslist.go"},
	"shared":   {"shutdown.go", "workers.go"},
	"stdio":    {"stdio.go", "stdout*.go"},
	"http":     {"http*.go", "servercard.go"},
	"replicas": {"replicas.go"},
	"store":    {"store.go"},
	"fleet":    {"fleet.go", "fleet_session.go", "fleet_task.go"},
}

// mayName says which rooms the files of a room may name (besides their own).
var mayName = map[string][]string{
	"core":     {"catalog", "replicas", "store"},
	"catalog":  {"core", "replicas"},
	"shared":   {},
	"stdio":    {"core", "catalog", "shared"},
	"http":     {"core", "catalog", "shared", "replicas"},
	"replicas": {"core", "catalog", "http", "store", "fleet"},
	"store":    {"core"},
	"fleet":    {"core", "catalog", "http", "replicas", "store"},
}

// noImport says which packages the files of a room must not import.
var noImport = map[string][]string{
	"core":    {"net/http"},
	"catalog": {"net/http"},
	"shared":  {"net/http"},
	"stdio":   {"net/http"},
}

func roomOf(file string) string {
	for room, pats := range rooms {
		for _, p := range pats {
			if ok, _ := pathpkg.Match(p, file); ok {
				return room
			}
		}
	}
	return ""
}

// TestRuntimeWalls holds the walls between the runtime's rooms (see above).
func TestRuntimeWalls(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(".", name); err != nil || !ok {
			continue // another platform's file (stdout_bsd.go on linux)
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		room := roomOf(name)
		if room == "" {
			t.Errorf("%s is in no room: add it to rooms (and to docs/architecture.md's table)", name)
			continue
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if slices.Contains(noImport[room], path) {
				t.Errorf("%s (%s) imports %s", fset.Position(imp.Pos()), room, path)
			}
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	// The imported packages are stood in for by empty ones: what is
	// checked is the runtime's own names, which go/types resolves without
	// them (type-checking net/http and the rest from source would take
	// seconds). The errors that the empty packages cause are expected.
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	conf.Check("github.com/mcpgen/mcpgen/runtime", fset, files, info)
	if len(info.Uses) < 1000 {
		t.Fatalf("only %d names resolved: the check reads too little", len(info.Uses))
	}
	seen := map[string]bool{}
	check := func(at token.Pos, obj types.Object) {
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "github.com/mcpgen/mcpgen/runtime" || !obj.Pos().IsValid() {
			return
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && obj.Parent() != obj.Pkg().Scope() {
			return // a local variable or parameter
		}
		if _, ok := obj.(*types.Const); ok && obj.Parent() != obj.Pkg().Scope() {
			return
		}
		if _, ok := obj.(*types.TypeName); ok && obj.Parent() != obj.Pkg().Scope() {
			return
		}
		use, decl := fset.Position(at), fset.Position(obj.Pos())
		from, to := roomOf(filepath.Base(use.Filename)), roomOf(filepath.Base(decl.Filename))
		if from == to || to == "" || slices.Contains(mayName[from], to) {
			return
		}
		key := fmt.Sprintf("%s %s %s", use.Filename, obj.Name(), to)
		if !seen[key] {
			seen[key] = true
			t.Errorf("%s (%s) names %s of the %s room (%s)", use, from, obj.Name(), to, filepath.Base(decl.Filename))
		}
	}
	for id, obj := range info.Uses {
		check(id.Pos(), obj)
	}
	for sel, s := range info.Selections {
		check(sel.Sel.Pos(), s.Obj())
	}
}

// emptyImporter imports every package as an empty one.
type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	p := types.NewPackage(path, pathpkg.Base(path))
	p.MarkComplete()
	return p, nil
}

// TestRuntimeRoomsDocumented: the table of rooms in docs/architecture.md
// lists the files of each room as rooms does.
func TestRuntimeRoomsDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "## The runtime's rooms\n")
	if !ok {
		t.Fatal(`docs/architecture.md has no section "The runtime's rooms"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	documented := map[string][]string{}
	for line := range strings.Lines(section) {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(line, "| ") {
			continue
		}
		room := strings.ToLower(strings.TrimSpace(cells[1]))
		for _, m := range regexp.MustCompile("`([^`]+\\.go)`").FindAllStringSubmatch(cells[2], -1) {
			documented[room] = append(documented[room], m[1])
		}
	}
	for room, files := range rooms {
		want, got := slices.Sorted(slices.Values(files)), slices.Sorted(slices.Values(documented[room]))
		if !slices.Equal(want, got) {
			t.Errorf("room %s: docs/architecture.md lists %v, rooms has %v", room, got, want)
		}
	}
	for room := range documented {
		if _, ok := rooms[room]; !ok && room != "room" {
			t.Errorf("docs/architecture.md lists a room %q that rooms lacks", room)
		}
	}
}
